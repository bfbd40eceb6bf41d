/** What a section desk just did, with the way to undo it (the opposite change, ADR 017: undo where safe). */
import { Notice } from '../../ui.tsx';

export interface Done {
  message: string;
  /** The opposite change; absent when there is nothing safe to undo. */
  undo?: () => void;
}

export function UndoNotice({ error, done, busy }: { error: string | null; done: Done | null; busy: boolean }) {
  if (error || !done) return <Notice error={error} />;
  return (
    <p className="nr-notice nr-notice--ok" role="status">
      {done.message}
      {done.undo && (
        <button className="nr-button nr-undo" type="button" disabled={busy} onClick={done.undo}>
          撤销
        </button>
      )}
    </p>
  );
}
