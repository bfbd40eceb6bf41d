/**
 * What the composition's reader-only islands (UserCenter, TeacherReview) share: their data is read with
 * the reader's token only, again when the token changes or the reader taps 点击重试; before that they show
 * a login prompt (no token), 加载中… or the failure with a retry.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { messageForFailure } from '../../client/apiClient.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { $session } from '../../stores/session.ts';
import styles from './ReaderGate.module.css';

export type GateState = { kind: 'anonymous' } | { kind: 'loading' } | { kind: 'error'; message: string };

/**
 * Runs `load` (a module-level function: it must not change between renders) whenever the token or a retry
 * asks for it; its answer becomes the state unless a newer load started. A thrown failure is 'error' with
 * spec 8's words for it (加载失败 when there was no answer).
 */
export function useReaderLoad<S>(load: () => Promise<S | GateState>) {
  const session = useStore($session);
  const [state, setState] = useState<S | GateState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!session.token) {
      setState({ kind: 'anonymous' });
      return;
    }
    let stale = false;
    setState({ kind: 'loading' });
    load()
      .then((next) => !stale && setState(next))
      .catch((error: unknown) => !stale && setState({ kind: 'error', message: messageForFailure(error, '加载失败') ?? '加载失败' }));
    return () => {
      stale = true;
    };
  }, [session.token, attempt, load]);

  return { state, setState, retry: () => setAttempt((n) => n + 1) };
}

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
