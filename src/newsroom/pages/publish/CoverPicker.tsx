/**
 * Cover pictures for the card (spec 3 showType): one for the small and the big card, three for the
 * three-picture card. Each is uploaded once, then cut to the card's shape — 3:2 or 16:9 — with a live
 * preview of the cut; the server makes the cut (POST /publish/cover).
 */
import { useId, useRef, useState } from 'react';
import type { StoredPicture } from '../../../contract/publish.ts';
import { post } from '../../api.ts';
import { UPLOAD_ACCEPT } from '../../../contract/uploadRules.ts';
import { FileChooser, messageOf } from '../../ui.tsx';
import { uploadPicture } from './pictureUpload.ts';

type Shape = 'card' | 'big';
const RATIO: Record<Shape, number> = { card: 3 / 2, big: 16 / 9 };

interface Cut {
  picture: StoredPicture;
  /** Width of the cut as a fraction of the picture, and its left and top as fractions. */
  w: number;
  x: number;
  y: number;
}

/** The largest cut of `shape` that fits the picture, centred. */
function initialCut(picture: StoredPicture, shape: Shape): Cut {
  const ratio = RATIO[shape];
  const fitW = Math.min(1, (picture.height * ratio) / picture.width);
  const hFrac = (fitW * picture.width) / ratio / picture.height;
  return { picture, w: fitW, x: (1 - fitW) / 2, y: (1 - hFrac) / 2 };
}

function clampCut(raw: Cut, shape: Shape): Cut {
  const maxW = Math.min(1, (raw.picture.height * RATIO[shape]) / raw.picture.width);
  const c = { ...raw, w: Math.min(raw.w, maxW) };
  const hFrac = (c.w * c.picture.width) / RATIO[shape] / c.picture.height;
  return { ...c, x: Math.min(Math.max(0, c.x), 1 - c.w), y: Math.min(Math.max(0, c.y), Math.max(0, 1 - hFrac)) };
}

export function CoverPicker({ covers, count, shape, onChange }: { covers: string[]; count: number; shape: Shape; onChange: (covers: string[]) => void }) {
  const [cut, setCut] = useState<{ slot: number; cut: Cut } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const slotRef = useRef(0);
  const ids = useId();

  const pick = (slot: number) => {
    slotRef.current = slot;
    input.current?.click();
  };

  const onFile = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const picture = await uploadPicture(file);
      setCut({ slot: slotRef.current, cut: initialCut(picture, shape) });
    } catch (err) {
      setError(err instanceof Error ? err.message : messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!cut) return;
    setBusy(true);
    try {
      const c = cut.cut;
      const stored = await post<StoredPicture>('/publish/cover', { src: c.picture.url, shape, x: c.x, y: c.y, w: c.w });
      const next = [...covers];
      next[cut.slot] = stored.url;
      onChange(next.filter((u) => u).slice(0, count));
      setCut(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const slots = Array.from({ length: count }, (_, i) => covers[i] ?? '');
  const c = cut?.cut;
  const hFrac = c ? (c.w * c.picture.width) / RATIO[shape] / c.picture.height : 0;
  return (
    <div className="nr-covers">
      <ul className="nr-covers__slots">
        {slots.map((url, i) => (
          <li key={i} className="nr-covers__slot" data-shape={shape}>
            {url ? <img src={`${url}?w=240`} alt={`封面 ${i + 1}`} /> : <span className="nr-covers__empty">封面 {i + 1}</span>}
            <button type="button" className="nr-button" disabled={busy} onClick={() => pick(i)}>
              {url ? `更换封面 ${i + 1}` : `上传封面 ${i + 1}`}
            </button>
            {url && (
              <button type="button" className="nr-button nr-button--quiet" onClick={() => onChange(covers.filter((_, j) => j !== i))}>
                移除封面 {i + 1}
              </button>
            )}
          </li>
        ))}
      </ul>
      <FileChooser ref={input} label="选择封面图片" accept={UPLOAD_ACCEPT} onFiles={([file]) => void onFile(file!)} />
      {error && (
        <p className="nr-notice nr-notice--error" role="alert">
          {error}
        </p>
      )}
      {cut && c && (
        <div className="nr-crop" role="group" aria-label={`裁剪封面 ${cut.slot + 1}（${shape === 'big' ? '16:9' : '3:2'}）`}>
          <div className="nr-crop__frame" data-shape={shape}>
            <img src={c.picture.url} alt="裁剪预览" style={{ width: `${100 / c.w}%`, left: `${(-c.x / c.w) * 100}%`, top: `${(-c.y / hFrac) * 100}%` }} />
          </div>
          <div className="nr-crop__controls">
            {(
              [
                ['w', '缩放（裁剪宽度）', 0.2, 1],
                ['x', '左右位置', 0, 1],
                ['y', '上下位置', 0, 1],
              ] as const
            ).map(([k, label, min, max]) => (
              <label key={k} className="nr-field" htmlFor={`${ids}-${k}`}>
                <span>{label}</span>
                <input
                  id={`${ids}-${k}`}
                  type="range"
                  min={min}
                  max={max}
                  step={0.01}
                  value={c[k]}
                  onChange={(e) => setCut({ slot: cut.slot, cut: clampCut({ ...c, [k]: Number(e.target.value) }, shape) })}
                />
              </label>
            ))}
            <div className="nr-actions">
              <button type="button" className="nr-button nr-button--primary" disabled={busy} onClick={() => void confirm()}>
                确定裁剪
              </button>
              <button type="button" className="nr-button" onClick={() => setCut(null)}>
                取消
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
