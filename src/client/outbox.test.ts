import { describe, expect, it } from 'vitest';
import { SilentApiError } from './apiClient.ts';
import {
  afterNoAnswer,
  backoffMs,
  createOutbox,
  dueEntries,
  GIVE_UP_MS,
  MAX_ATTEMPTS,
  type OutboxEntry,
  type OutboxEvent,
  type OutboxStore,
  type SendAnswer,
} from './outbox.ts';
import { isNoAnswer } from './apiClient.ts';

/** The store as IndexedDB keeps it: entries by id, copied in and out (nothing shared by reference). */
function memoryStore(): OutboxStore & { rows: Map<string, OutboxEntry> } {
  const rows = new Map<string, OutboxEntry>();
  return {
    rows,
    all: async () => [...rows.values()].map((e) => structuredClone(e)),
    put: async (entry) => void rows.set(entry.id, structuredClone(entry)),
    remove: async (id) => void rows.delete(id),
  };
}

const OFFLINE = new SilentApiError('network', '/v1/comment/store', null, { cause: new TypeError('Failed to fetch') });

interface Harness {
  store: ReturnType<typeof memoryStore>;
  sent: { id: string; path: string; body: unknown; account: string }[];
  events: OutboxEvent[];
  clock: { now: number };
  session: { userId: string };
  answer: { next: () => Promise<SendAnswer> };
  box: ReturnType<typeof createOutbox>;
}

function harness(): Harness {
  const store = memoryStore();
  const sent: Harness['sent'] = [];
  const events: OutboxEvent[] = [];
  const clock = { now: 1_000_000 };
  const session = { userId: '7' };
  const answer = { next: (): Promise<SendAnswer> => Promise.reject(OFFLINE) };
  const box = createOutbox({
    store,
    send: (entry) => {
      sent.push({ id: entry.id, path: entry.path, body: entry.body, account: session.userId });
      return answer.next();
    },
    accountId: () => session.userId,
    now: () => clock.now,
    refusalMessage: (error) => (error instanceof SilentApiError ? error.serverMessage : ''),
  });
  box.subscribe((e) => events.push(e));
  return { store, sent, events, clock, session, answer, box };
}

const WRITE = {
  id: 'key-comment-0001',
  kind: 'comment' as const,
  scope: 'commentDraft:1:5:0:0',
  label: '评论「你好」',
  path: '/v1/comment/store',
  body: { classId: '1', newsId: '5', sayText: '你好' },
};
const OK: SendAnswer = { statusCode: 200, message: '评论成功', data: { id: 42 } };

describe('the outbox queue', () => {
  it('tells a missing answer from a refusal', () => {
    expect(isNoAnswer(OFFLINE)).toBe(true);
    expect(isNoAnswer(new SilentApiError('timeout', '/x', null))).toBe(true);
    expect(isNoAnswer(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNoAnswer(new SilentApiError('http', '/x', 400, { serverMessage: '参数错误: 内容不能为空' }))).toBe(false);
    expect(isNoAnswer(new SilentApiError('http', '/x', 500))).toBe(false);
    expect(isNoAnswer(new Error('other'))).toBe(false);
  });

  it('backs off 2, 4, 8, 16 s, then 30 s; gives up after 5 sends or 2 minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    const entry: OutboxEntry = { ...WRITE, accountId: '7', createdAt: 0, attempts: 1, nextAt: 0, state: 'pending' };
    let e = entry;
    for (let i = 1; i < MAX_ATTEMPTS - 1; i++) e = afterNoAnswer(e, 1000 * i);
    expect(e).toMatchObject({ attempts: MAX_ATTEMPTS - 1, state: 'pending' });
    expect(afterNoAnswer(e, 5000)).toMatchObject({ attempts: MAX_ATTEMPTS, state: 'failed' });
    expect(afterNoAnswer(entry, GIVE_UP_MS)).toMatchObject({ attempts: 2, state: 'failed' });
    expect(afterNoAnswer(entry, GIVE_UP_MS - 1)).toMatchObject({ attempts: 2, state: 'pending', nextAt: GIVE_UP_MS - 1 + 4000 });
  });

  it('lists only the due pending entries of the signed-in account, oldest first; none for nobody', () => {
    const base = { ...WRITE, attempts: 1, state: 'pending' as const };
    const rows: OutboxEntry[] = [
      { ...base, id: 'b', accountId: '7', createdAt: 2, nextAt: 10 },
      { ...base, id: 'a', accountId: '7', createdAt: 1, nextAt: 10 },
      { ...base, id: 'later', accountId: '7', createdAt: 0, nextAt: 11 },
      { ...base, id: 'failed', accountId: '7', createdAt: 0, nextAt: 0, state: 'failed' },
      { ...base, id: 'other', accountId: '8', createdAt: 0, nextAt: 0 },
    ];
    expect(dueEntries(rows, '7', 10).map((e) => e.id)).toEqual(['a', 'b']);
    expect(dueEntries(rows, '8', 10).map((e) => e.id)).toEqual(['other']);
    expect(dueEntries(rows, '', 10)).toEqual([]);
  });

  it('keeps a write with its key, and sends it again with the same key once the network returns: written once', async () => {
    const h = harness();
    const entry = await h.box.queue(WRITE);
    expect(entry).toMatchObject({ id: WRITE.id, accountId: '7', attempts: 1, state: 'pending' });
    expect([...h.store.rows.keys()]).toEqual([WRITE.id]);
    // Still offline: one more try, kept.
    await h.box.flush({ now: true });
    expect(h.store.rows.get(WRITE.id)).toMatchObject({ attempts: 2, state: 'pending' });
    // Not due yet: a plain flush sends nothing.
    await h.box.flush();
    expect(h.sent).toHaveLength(1);
    h.answer.next = () => Promise.resolve(OK);
    h.clock.now += backoffMs(2);
    await h.box.flush();
    expect(h.sent.map((s) => s.id)).toEqual([WRITE.id, WRITE.id]);
    expect(h.sent[1]).toMatchObject({ path: WRITE.path, body: WRITE.body });
    expect(h.store.rows.size).toBe(0);
    expect(h.events.at(-1)).toMatchObject({ type: 'sent', entry: { id: WRITE.id }, answer: OK });
    // Nothing left to send twice.
    await h.box.flush({ now: true });
    expect(h.sent).toHaveLength(2);
  });

  it('two triggers at once (online and pageshow) send an entry once', async () => {
    const h = harness();
    await h.box.queue(WRITE);
    h.answer.next = () => Promise.resolve(OK);
    await Promise.all([h.box.flush({ now: true }), h.box.flush({ now: true }), h.box.flush({ now: true })]);
    expect(h.sent).toHaveLength(1);
  });

  it('gives up after 5 sends without an answer, then a tap sends it again with the same key', async () => {
    const h = harness();
    await h.box.queue(WRITE);
    for (let i = 0; i < MAX_ATTEMPTS; i++) await h.box.flush({ now: true });
    expect(h.sent).toHaveLength(MAX_ATTEMPTS - 1);
    expect(h.store.rows.get(WRITE.id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect((await h.box.list(WRITE.scope)).map((e) => e.state)).toEqual(['failed']);
    // Given up: no trigger sends it by itself.
    await h.box.flush({ now: true });
    expect(h.sent).toHaveLength(MAX_ATTEMPTS - 1);
    h.answer.next = () => Promise.resolve(OK);
    await h.box.retry(WRITE.id);
    expect(h.sent).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(h.sent.map((s) => s.id))).toEqual(new Set([WRITE.id]));
    expect(h.store.rows.size).toBe(0);
  });

  it("放弃 forgets a given-up write, never one still being tried, and only the signed-in account's own", async () => {
    const h = harness();
    await h.box.queue(WRITE);
    // Still being tried: 放弃 does nothing (it may be on its way).
    await h.box.discard(WRITE.id);
    expect([...h.store.rows.keys()]).toEqual([WRITE.id]);
    for (let i = 0; i < MAX_ATTEMPTS; i++) await h.box.flush({ now: true });
    expect(h.store.rows.get(WRITE.id)?.state).toBe('failed');
    // Another reader signed in cannot discard it.
    h.session.userId = '8';
    await h.box.discard(WRITE.id);
    expect([...h.store.rows.keys()]).toEqual([WRITE.id]);
    h.session.userId = '7';
    await h.box.discard(WRITE.id);
    expect(h.store.rows.size).toBe(0);
    expect(h.events.at(-1)).toMatchObject({ type: 'discarded', entry: { id: WRITE.id } });
    // Gone: nothing sends it, a tap on 重试 finds nothing.
    const sends = h.sent.length;
    h.answer.next = () => Promise.resolve(OK);
    await h.box.retry(WRITE.id);
    await h.box.flush({ now: true });
    expect(h.sent).toHaveLength(sends);
    expect(await h.box.list(WRITE.scope)).toEqual([]);
  });

  it('drops a write the server refused and says why (shown as today)', async () => {
    const h = harness();
    await h.box.queue(WRITE);
    h.answer.next = () => Promise.reject(new SilentApiError('http', WRITE.path, 400, { serverMessage: '评论内容含有敏感词' }));
    await h.box.flush({ now: true });
    expect(h.store.rows.size).toBe(0);
    expect(h.events.at(-1)).toMatchObject({ type: 'refused', message: '评论内容含有敏感词' });
    expect(h.events.at(-1)).not.toHaveProperty('answer');
    await h.box.queue({ ...WRITE, id: 'key-comment-0002' });
    h.answer.next = () => Promise.resolve({ statusCode: 100, message: '积分不足', data: null });
    await h.box.flush({ now: true });
    expect(h.events.at(-1)).toMatchObject({ type: 'refused', message: '积分不足', answer: { statusCode: 100, message: '积分不足' } });
    // A login redirect has no words to show, and its envelope goes with it (the like decides from it).
    await h.box.queue({ ...WRITE, id: 'key-comment-0003' });
    h.answer.next = () => Promise.resolve({ statusCode: 301, message: '请先登录', data: null });
    await h.box.flush({ now: true });
    expect(h.events.at(-1)).toMatchObject({ type: 'refused', message: '', answer: { statusCode: 301 } });
  });

  it('never sends a queued write as another account: kept for its owner after sign-out and another sign-in', async () => {
    const h = harness();
    await h.box.queue(WRITE);
    h.answer.next = () => Promise.resolve(OK);
    // Signed out: nothing is queued for nobody, nothing is sent, the entry stays.
    h.session.userId = '';
    expect(await h.box.queue({ ...WRITE, id: 'key-anon-0001' })).toBeNull();
    await h.box.flush({ now: true });
    // Another reader signs in: the entry is neither sent nor shown to them.
    h.session.userId = '8';
    await h.box.flush({ now: true });
    await h.box.retry(WRITE.id);
    expect(await h.box.list(WRITE.scope)).toEqual([]);
    expect(await h.box.nextDue()).toBeNull();
    expect(h.sent).toEqual([]);
    expect([...h.store.rows.keys()]).toEqual([WRITE.id]);
    // Its owner again: sent under their account, once.
    h.session.userId = '7';
    await h.box.flush({ now: true });
    expect(h.sent).toEqual([{ id: WRITE.id, path: WRITE.path, body: WRITE.body, account: '7' }]);
  });

  it('checks the account right before each send (a sign-out during a flush stops the rest)', async () => {
    const h = harness();
    await h.box.queue(WRITE);
    h.clock.now += 1;
    await h.box.queue({ ...WRITE, id: 'key-comment-0002' });
    h.answer.next = () => {
      h.session.userId = '9';
      return Promise.resolve(OK);
    };
    await h.box.flush({ now: true });
    expect(h.sent.map((s) => s.id)).toEqual([WRITE.id]);
    expect([...h.store.rows.keys()]).toEqual(['key-comment-0002']);
  });
});
