/**
 * What the composition's reader-only islands (UserCenter, TeacherReview) show before their data
 * (useReaderLoad) is in: a login prompt (no token), 加载中… or the failure with 点击重试.
 */
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import type { GateState } from '../../features/login-gate/useReaderLoad.ts';
import styles from './ReaderGate.module.css';

/** True while the island has nothing of its own to show (then render `<ReaderGate>`). */
export function isGate(state: object): state is GateState {
  const kind = (state as { kind?: unknown }).kind;
  return kind === 'anonymous' || kind === 'loading' || kind === 'error';
}

/** The login prompt, 加载中… or the failure with 点击重试. */
export function ReaderGate({ state, loginHint, onRetry }: { state: GateState; loginHint: string; onRetry: () => void }) {
  if (state.kind === 'anonymous') {
    return (
      <div className={styles.empty}>
        <p>{loginHint}</p>
        <button type="button" className={styles.primary} onClick={() => requireLogin()}>
          登录
        </button>
      </div>
    );
  }
  if (state.kind === 'loading') {
    return (
      <p className={styles.empty} role="status">
        加载中…
      </p>
    );
  }
  return (
    <div className={styles.empty}>
      <p role="alert">{state.message}</p>
      <button type="button" onClick={onRetry}>
        点击重试
      </button>
    </div>
  );
}

/** A centred note in the gate's style (an empty list, a reader who may not use the page). */
export const gateNoteClass = styles.empty;
