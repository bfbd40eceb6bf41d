/**
 * The desk's two dialogs: the reason of a 拒绝, 删除 or 封禁 (picked from the list admins keep, or typed; 封禁 also
 * asks how long), and a picture at full size. Native modal <dialog>s: the browser keeps focus inside, Escape closes,
 * and focus goes back to where it was.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MUTE_CHOICES } from '../moderation.ts';

function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  // Opened once when mounted; the latest onClose is called when the browser closes it (Escape, 取消).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const closed = () => closeRef.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      back?.focus();
    };
  }, []);
  return ref;
}

export type MuteDays = (typeof MUTE_CHOICES)[number]['value'];

export interface ReasonRequest {
  title: string;
  /** What the confirm button says (确认拒绝, 确认删除, 确认封禁). */
  confirm: string;
  /** One line on what the reader will see. */
  note: string;
  /** 封禁: ask for the length too. */
  mute?: boolean;
}

/** Asks for a reason (and, for 封禁, a length); answers through onConfirm. */
export function ReasonDialog({
  request,
  reasons,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  request: ReasonRequest;
  reasons: readonly string[];
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string, days: MuteDays) => void;
  onClose: () => void;
}) {
  const ref = useModal(onClose);
  const id = useId();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState(reasons[0] ?? '');
  const [days, setDays] = useState<MuteDays>(7);
  const [missing, setMissing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const reason = typed.trim() || picked;
    if (reason === '') {
      setMissing(true);
      return;
    }
    onConfirm(reason, days);
  };

  return (
    <dialog ref={ref} className="nr-dialog" aria-labelledby={`${id}-title`}>
      <form className="nr-form" onSubmit={submit}>
        <h2 id={`${id}-title`}>{request.title}</h2>
        <p className="nr-hint">{request.note}</p>
        {request.mute && (
          <fieldset className="nr-choices">
            <legend>封禁时长</legend>
            {MUTE_CHOICES.map((c) => (
              <label key={String(c.value)} className="nr-check">
                <input type="radio" name="days" value={String(c.value)} checked={days === c.value} onChange={() => setDays(c.value)} />
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
        {reasons.length > 0 && (
          <label className="nr-field">
            <span>选择理由</span>
            <select value={picked} onChange={(e) => setPicked(e.target.value)}>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="nr-field">
          <span>{reasons.length > 0 ? '或填写理由（填写后以此为准）' : '理由'}</span>
          <input
            value={typed}
            maxLength={100}
            onChange={(e) => {
              setTyped(e.target.value);
              setMissing(false);
            }}
            aria-invalid={missing || undefined}
          />
        </label>
        {(missing || error) && (
          <p className="nr-notice nr-notice--error" role="alert">
            {missing ? '请填写或选择理由' : error}
          </p>
        )}
        <div className="nr-actions">
          <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
            {request.confirm}
          </button>
          <button className="nr-button" type="button" onClick={() => ref.current?.close()}>
            取消
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** One picture at full size (tap a thumbnail). */
export function PictureDialog({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const ref = useModal(onClose);
  const id = useId();
  return (
    <dialog ref={ref} className="nr-dialog nr-dialog--picture" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="nr-visually-hidden">
        {label}
      </h2>
      <img src={src} alt={label} className="nr-picture-full" />
      <div className="nr-actions">
        <button className="nr-button" type="button" onClick={() => ref.current?.close()}>
          关闭
        </button>
        <a className="nr-button nr-button--link" href={src} target="_blank" rel="noopener noreferrer">
          在新窗口打开原图
        </a>
      </div>
    </dialog>
  );
}

/** A labelled group of facts on one line (wraps on a phone). */
export function Facts({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="nr-facts">
      <span className="nr-facts__label">{label}</span>
      {children}
    </p>
  );
}
