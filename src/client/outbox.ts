/**
 * The outbox (ADR 032): writes a reader sent while the network was gone, kept on the phone and sent again
 * with the SAME Idempotency-Key when it returns, so a write that did land is answered with its first result
 * and nothing is written twice (docs/security.md C4). Storage and sending come in as dependencies: the
 * browser passes IndexedDB (outboxIdb.ts) and the API client (outboxBrowser.ts), the unit tests fakes.
 *
 * An entry belongs to the account that wrote it: it is sent only while that account is signed in, and
 * kept (not sent, not shown) while anyone else is.
 */
import { isNoAnswer } from './apiClient.ts';

export type OutboxKind = 'comment' | 'like' | 'question' | 'post' | 'exchange' | 'complaint' | 'photo';

export interface OutboxEntry {
  /** The Idempotency-Key, also the entry's id: one entry per write, however often it was queued. */
  id: string;
  kind: OutboxKind;
  /** The page's part that shows it (e.g. a comment's draft key): a reopened page lists its own entries. */
  scope: string;
  /** What the reader sent, short, shown beside its state (评论「…」). */
  label: string;
  path: string;
  body: Record<string, string | number | readonly string[]>;
  /** The signed-in account's userId when it was written. */
  accountId: string;
  createdAt: number;
  attempts: number;
  /** Not sent again before this time (the backoff). */
  nextAt: number;
  /** pending: sent again by itself; failed: given up, sent again only on a tap. */
  state: 'pending' | 'failed';
}

export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What a send brings back: an envelope (statusCode 200 is done), or a thrown error. */
export interface SendAnswer {
  statusCode: number;
  message: string;
  data: unknown;
}

/** What happened to an entry, told to the page that shows it. */
export type OutboxEvent =
  | { type: 'changed'; entry: OutboxEntry }
  | { type: 'sent'; entry: OutboxEntry; answer: SendAnswer }
  /**
   * The server answered and refused (or the login expired): the entry is gone, `message` says why ('' for none);
   * `answer` is the server's envelope when it answered with one (not for an HTTP error).
   */
  | { type: 'refused'; entry: OutboxEntry; message: string; answer?: SendAnswer }
  /** The reader gave up a given-up write (放弃): the entry is gone, the form may send its draft anew. */
  | { type: 'discarded'; entry: OutboxEntry };

/** Given up after this many sends without an answer… */
export const MAX_ATTEMPTS = 5;
/** …or this long after it was written. */
export const GIVE_UP_MS = 120_000;

/** The wait before the next send: 2 s, 4 s, 8 s, 16 s, then 30 s. */
export function backoffMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 30_000);
}

/** The entry after one more send without an answer: later again, or given up. */
export function afterNoAnswer(entry: OutboxEntry, now: number): OutboxEntry {
  const attempts = entry.attempts + 1;
  const givenUp = attempts >= MAX_ATTEMPTS || now - entry.createdAt >= GIVE_UP_MS;
  return { ...entry, attempts, nextAt: now + backoffMs(attempts), state: givenUp ? 'failed' : 'pending' };
}

/** The entries to send now for this account (none when nobody is signed in). */
export function dueEntries(entries: readonly OutboxEntry[], accountId: string, now: number): OutboxEntry[] {
  if (!accountId) return [];
  return entries.filter((e) => e.accountId === accountId && e.state === 'pending' && e.nextAt <= now).sort((a, b) => a.createdAt - b.createdAt);
}

export interface OutboxDeps {
  store: OutboxStore;
  send(entry: OutboxEntry): Promise<SendAnswer>;
  /** The signed-in account's userId now ('' for nobody): read at every send, never cached. */
  accountId(): string;
  now(): number;
  /** A refusal's words, for an error that is not a missing answer (a 4xx's Chinese message). */
  refusalMessage(error: unknown): string;
}

export interface Outbox {
  /** Keeps a write that got no answer; it is sent again later with the same key. */
  queue(write: Pick<OutboxEntry, 'id' | 'kind' | 'scope' | 'label' | 'path' | 'body'>): Promise<OutboxEntry | null>;
  /** Sends every due entry of the signed-in account, one at a time; resolves when done. */
  flush(options?: { now?: boolean }): Promise<void>;
  /** A tap on 发送失败，点击重试: the same entry, same key, sent at once. */
  retry(id: string): Promise<void>;
  /**
   * A tap on 放弃 beside a given-up write: it is forgotten on the phone (a send that did land stays on the server).
   * Only a given-up entry of the signed-in account: one still being tried may be on its way.
   */
  discard(id: string): Promise<void>;
  /** The signed-in account's entries of one scope. */
  list(scope: string): Promise<OutboxEntry[]>;
  /** When the next pending entry of the signed-in account is due (null: none). */
  nextDue(): Promise<number | null>;
  subscribe(listener: (event: OutboxEvent) => void): () => void;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const listeners = new Set<(event: OutboxEvent) => void>();
  let running: Promise<void> = Promise.resolve();

  function emit(event: OutboxEvent): void {
    for (const listener of listeners) listener(event);
  }

  /** One send of one entry, and what follows from its answer. */
  async function sendOne(entry: OutboxEntry): Promise<void> {
    // Checked right before the send: a queued write never goes out under another reader's token.
    if (entry.accountId !== deps.accountId()) return;
    let answer: SendAnswer;
    try {
      answer = await deps.send(entry);
    } catch (error) {
      if (isNoAnswer(error)) {
        const next = afterNoAnswer(entry, deps.now());
        await deps.store.put(next);
        emit({ type: 'changed', entry: next });
        return;
      }
      await deps.store.remove(entry.id);
      emit({ type: 'refused', entry, message: deps.refusalMessage(error) });
      return;
    }
    await deps.store.remove(entry.id);
    if (answer.statusCode === 200) emit({ type: 'sent', entry, answer });
    else emit({ type: 'refused', entry, message: answer.statusCode === 301 || answer.statusCode === 302 ? '' : answer.message, answer });
  }

  /** Runs one job after the previous one: two triggers at once never send the same entry twice. */
  function serial(job: () => Promise<void>): Promise<void> {
    running = running.then(job, job);
    return running;
  }

  async function mine(): Promise<OutboxEntry[]> {
    const account = deps.accountId();
    return account ? (await deps.store.all()).filter((e) => e.accountId === account) : [];
  }

  return {
    async queue(write) {
      const accountId = deps.accountId();
      if (!accountId) return null;
      const now = deps.now();
      const entry: OutboxEntry = { ...write, accountId, createdAt: now, attempts: 1, nextAt: now + backoffMs(1), state: 'pending' };
      await deps.store.put(entry);
      emit({ type: 'changed', entry });
      return entry;
    },
    flush(options = {}) {
      return serial(async () => {
        const now = options.now ? Number.POSITIVE_INFINITY : deps.now();
        for (const entry of dueEntries(await deps.store.all(), deps.accountId(), now)) await sendOne(entry);
      });
    },
    retry(id) {
      return serial(async () => {
        const entry = (await mine()).find((e) => e.id === id);
        if (!entry) return;
        // A fresh round of tries for the same write (same key), starting with this tap.
        const again: OutboxEntry = { ...entry, state: 'pending', attempts: 0, createdAt: deps.now(), nextAt: 0 };
        await deps.store.put(again);
        emit({ type: 'changed', entry: again });
        await sendOne(again);
      });
    },
    discard(id) {
      return serial(async () => {
        const entry = (await mine()).find((e) => e.id === id);
        if (entry?.state !== 'failed') return;
        await deps.store.remove(id);
        emit({ type: 'discarded', entry });
      });
    },
    async list(scope) {
      return (await mine()).filter((e) => e.scope === scope).sort((a, b) => a.createdAt - b.createdAt);
    },
    async nextDue() {
      const due = (await mine()).filter((e) => e.state === 'pending').map((e) => e.nextAt);
      return due.length ? Math.min(...due) : null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
