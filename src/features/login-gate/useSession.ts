/**
 * The reader's session in an island, hydration-safe (docs/adr/011-islands-and-the-design-card.md: the first
 * client render equals the server HTML; the reader's session arrives after). The server renders every island
 * anonymous, since `$session` lives only in the browser; `useSession()` alone would hydrate with the
 * stored token at once and break React's hydration (error #418) on every page whose island shows who is
 * reading. With `ssr: 'initial'` React hydrates with the store's initial (empty) session and re-renders with
 * the reader's right after.
 */
import { useStore } from '@nanostores/react';
import { $session, type SessionState } from '../../stores/session.ts';

export function useSession(): SessionState {
  return useStore($session, { ssr: 'initial' });
}
