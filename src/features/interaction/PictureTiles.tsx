/**
 * The picked-picture tiles of the reader forms (comment composer, discover composer, bangbang forms,
 * complaint and photo forms): each picture is uploaded through the one upload path as soon as it is
 * picked, shown as a thumbnail with a remove button, and the form sends the stored URLs. The caller
 * owns the list (it may keep it with a draft) and its look: the class names come from its CSS module.
 */
import { useRef, type ReactNode } from 'react';
import { messageForFailure } from '../../client/apiClient.ts';
import { UPLOAD_ACCEPT } from '../../contract/uploadRules.ts';
import { showToast } from '../../stores/toast.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import { checkPictureFile, uploadPicture } from './uploadPicture.ts';

export interface PickedPicture {
  id: string;
  /** Local preview, then the stored copy. */
  src: string;
  /** The stored URL once uploaded, null while uploading. */
  url: string | null;
}

export type PictureUpdate = (list: PickedPicture[]) => PickedPicture[];

interface Props {
  /** What a picture is called: 已选图片, 图片 2, 删除图片 2. */
  label: string;
  max: number;
  pictures: PickedPicture[];
  onChange: (update: PictureUpdate) => void;
  /** The caller's class names: the list, a tile, its 上传中 veil and remove button, the add tile. */
  classes: Partial<Record<'list' | 'item' | 'image' | 'uploading' | 'remove' | 'addItem' | 'add', string>>;
  /** The list's name when it says more than 已选{label}. */
  listLabel?: string;
  /** The file input's own name, where the add tile shows no text that names it. */
  inputLabel?: string;
  /** A form behind the login gate asks for it before a picture is picked. */
  loginFirst?: boolean;
  /** What the add tile shows after its hidden file input. */
  children: ReactNode;
}

const TOAST_MS = 2000;
let serial = 0;

function say(message: string): void {
  showToast(message, { type: 'text', duration: TOAST_MS });
}

export function PictureTiles({ label, max, pictures, onChange, classes, listLabel, inputLabel, loginFirst = false, children }: Props) {
  const picker = useRef<HTMLInputElement>(null);

  function remove(id: string): void {
    onChange((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone?.src.startsWith('blob:')) URL.revokeObjectURL(gone.src);
      return list.filter((p) => p.id !== id);
    });
  }

  async function add(file: File): Promise<void> {
    const id = `picked-${++serial}`;
    onChange((list) => [...list, { id, src: URL.createObjectURL(file), url: null }]);
    try {
      const res = await uploadPicture(file, file.name || 'picture');
      if (res.statusCode === 200) {
        onChange((list) => list.map((p) => (p.id === id ? { ...p, url: res.data.url } : p)));
        return;
      }
      // 301/302: the client already says 请先登录 and goes to the login page.
      if (res.statusCode !== 301 && res.statusCode !== 302) say(res.message || '图片上传失败');
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused picture brings the server's own message.
      const message = messageForFailure(error, '图片上传失败，请重试');
      if (message) say(message);
    }
    remove(id);
  }

  function pick(files: FileList | null): void {
    if (!files || (loginFirst && !requireLogin())) return;
    const room = max - pictures.length;
    const chosen = [...files];
    if (chosen.length > room) say(`最多上传 ${max} 张图片`);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const problem = checkPictureFile(file);
      if (problem) say(problem);
      else void add(file);
    }
    // The same file may be picked again after it was removed.
    if (picker.current) picker.current.value = '';
  }

  return (
    <ul className={classes.list} aria-label={listLabel ?? `已选${label}`}>
      {pictures.map((p, i) => (
        <li key={p.id} className={classes.item}>
          <img className={classes.image} src={p.src} alt={`${label} ${i + 1}`} />
          {p.url === null && <span className={classes.uploading}>上传中</span>}
          <button type="button" className={classes.remove} aria-label={`删除${label} ${i + 1}`} onClick={() => remove(p.id)}>
            ×
          </button>
        </li>
      ))}
      {pictures.length < max && (
        <li className={classes.addItem}>
          <label className={classes.add}>
            <input
              ref={picker}
              type="file"
              accept={UPLOAD_ACCEPT}
              multiple={max > 1}
              className="visually-hidden"
              aria-label={inputLabel}
              onChange={(e) => pick(e.target.files)}
            />
            {children}
          </label>
        </li>
      )}
    </ul>
  );
}
