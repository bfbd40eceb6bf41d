/**
 * The page's one outbox (ADR 032), loaded by dynamic import after an island with writes hydrates: IndexedDB for storage, the app's API client for sending
 * (the current `$session` token, checked against the entry's account right before each send). Sends
 * again on `online`, on `pageshow`, on a change of reader, and at the backoff's next due time.
 */
import { $session } from '../stores/session.ts';
import { messageForFailure } from './apiClient.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { idbOutboxStore } from './outboxIdb.ts';
import { postByPath } from './postEndpoint.ts';

let outbox: Outbox | null = null;

/** A storage failure (IndexedDB closed, quota) is tried again at the next trigger; nothing to tell the reader. */
const quiet = (): void => undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

async function schedule(box: Outbox): Promise<void> {
  clearTimeout(timer);
  const due = await box.nextDue();
  if (due !== null)
    timer = setTimeout(
      () =>
        void box
          .flush()
          .then(() => schedule(box))
          .catch(quiet),
      Math.max(0, due - Date.now()),
    );
}

/** The outbox, started on first use. */
export function browserOutbox(): Outbox {
  if (outbox) return outbox;
  const box = createOutbox({
    store: idbOutboxStore(),
    send: (entry) => postByPath(entry.path as never, entry.body as never, { idempotencyKey: entry.id }),
    accountId: () => ($session.get().token ? $session.get().userId : ''),
    now: () => Date.now(),
    refusalMessage: (error) => messageForFailure(error, '') ?? '',
  });
  outbox = box;
  const sendNow = () =>
    void box
      .flush({ now: true })
      .then(() => schedule(box))
      .catch(quiet);
  window.addEventListener('online', sendNow);
  window.addEventListener('pageshow', sendNow);
  $session.listen(sendNow);
  box.subscribe(() => void schedule(box).catch(quiet));
  sendNow();
  return box;
}
