/**
 * The picture picker of the complaint form (evidence ≤ 9) and the photo form (one photo): the shared
 * picture tiles in this area's look, with a count in the add tile.
 */
import { PictureTiles, type PickedPicture, type PictureUpdate } from '../../features/interaction/PictureTiles.tsx';
import tileStyles from '../../features/interaction/PictureTiles.module.css';
import styles from './InteractForm.module.css';

export type { PickedPicture };

interface Props {
  label: string;
  max: number;
  pictures: PickedPicture[];
  onChange: (update: PictureUpdate) => void;
}

const CLASSES = {
  list: styles.thumbs,
  item: styles.thumb,
  image: 'img-cover img-square',
  uploading: `${tileStyles.uploadVeil} ${styles.uploading}`,
  remove: styles.remove,
  add: styles.add,
};

export function PicturePicker({ label, max, pictures, onChange }: Props) {
  return (
    <div className={styles.pictures}>
      <PictureTiles label={label} max={max} pictures={pictures} onChange={onChange} classes={CLASSES} inputLabel={`添加${label}`}>
        <span aria-hidden="true">＋</span>
        <span className={styles.addText}>
          {pictures.length}/{max}
        </span>
      </PictureTiles>
    </div>
  );
}
