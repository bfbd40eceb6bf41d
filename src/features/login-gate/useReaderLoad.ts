/**
 * Data an island reads with the reader's token only (the composition's UserCenter and TeacherReview, the
 * mall's points card): loaded again when the token changes or the reader retries; before that the state
 * says anonymous (no token), loading, or the failure.
 */
import { useEffect, useState } from 'react';
import { messageForFailure } from '../../client/apiClient.ts';
import { useSession } from './useSession.ts';

export type GateState = { kind: 'anonymous' } | { kind: 'loading' } | { kind: 'error'; message: string };

/**
 * Runs `load` (a module-level function: it must not change between renders) whenever the token or a retry
 * asks for it; its answer becomes the state unless a newer load started. A thrown failure is 'error' with
 * spec 8's words for it (加载失败 when there was no answer). The first render says 'loading', or with
 * `anonymousFirst` 'anonymous' while there is no token.
 */
export function useReaderLoad<S>(load: () => Promise<S | GateState>, anonymousFirst = false) {
  const session = useSession();
  const [state, setState] = useState<S | GateState>(anonymousFirst && !session.token ? { kind: 'anonymous' } : { kind: 'loading' });
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
