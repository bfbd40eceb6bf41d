/**
 * Pick and upload pictures through the one upload path (POST /api/upload/image): each picture is
 * uploaded as soon as it is picked, shown as a thumbnail with a remove button; the form sends the stored
 * URLs. Used by the complaint form (evidence ≤ 9) and the photo form (one photo).
 */
import { useRef } from 'react';
import { messageForFailure } from '../../client/apiClient.ts';
import { UPLOAD_ACCEPT } from '../../contract/uploadLimits.ts';
import { checkPictureFile, uploadPicture } from '../../features/interaction/uploadPicture.ts';
import { showToast } from '../../stores/toast.ts';
import styles from './InteractForm.module.css';

export interface PickedPicture {
  id: string;
  /** Local preview, then the stored copy. */
  src: string;
  /** The stored URL once uploaded, null while uploading. */
  url: string | null;
}

interface Props {
  label: string;
  max: number;
  pictures: PickedPicture[];
  onChange: (update: (list: PickedPicture[]) => PickedPicture[]) => void;
}

let serial = 0;

function toast(message: string): void {
  showToast(message, { type: 'text', duration: 2000 });
}

export function PicturePicker({ label, max, pictures, onChange }: Props) {
  const picker = useRef<HTMLInputElement>(null);

  function remove(id: string): void {
    onChange((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone?.src.startsWith('blob:')) URL.revokeObjectURL(gone.src);
      return list.filter((p) => p.id !== id);
    });
  }

  async function add(file: File): Promise<void> {
    const id = `p${++serial}`;
    onChange((list) => [...list, { id, src: URL.createObjectURL(file), url: null }]);
    try {
      const res = await uploadPicture(file, file.name || 'picture');
      if (res.statusCode === 200) {
        onChange((list) => list.map((p) => (p.id === id ? { ...p, url: res.data.url } : p)));
        return;
      }
      toast(res.message || '图片上传失败');
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused picture brings the server's own message (issue 21 item 4).
      const message = messageForFailure(error, '图片上传失败，请重试');
      if (message) toast(message);
    }
    remove(id);
  }

  function pick(files: FileList | null): void {
    if (!files) return;
    const room = max - pictures.length;
    const chosen = [...files];
    if (chosen.length > room) toast(`最多上传 ${max} 张图片`);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const problem = checkPictureFile(file);
      if (problem) toast(problem);
      else void add(file);
    }
    if (picker.current) picker.current.value = '';
  }

  return (
    <div className={styles.pictures}>
      <ul className={styles.thumbs} aria-label={`已选${label}`}>
        {pictures.map((p, i) => (
          <li key={p.id} className={styles.thumb}>
            <img src={p.src} alt={`${label} ${i + 1}`} />
            {p.url === null && <span className={styles.uploading}>上传中</span>}
            <button type="button" className={styles.remove} aria-label={`删除${label} ${i + 1}`} onClick={() => remove(p.id)}>
              ×
            </button>
          </li>
        ))}
        {pictures.length < max && (
          <li>
            <label className={styles.add}>
              <input ref={picker} type="file" accept={UPLOAD_ACCEPT} multiple={max > 1} className={styles.file} aria-label={`添加${label}`} onChange={(e) => pick(e.target.files)} />
              <span aria-hidden="true">＋</span>
              <span className={styles.addText}>
                {pictures.length}/{max}
              </span>
            </label>
          </li>
        )}
      </ul>
    </div>
  );
}
