import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { StatusCode } from '../../contract/envelope.ts';
import { ApiFailure } from './envelope.ts';
import { callKey, IDEMPOTENCY_MESSAGES, idempotentInsert, type KeyedInsert } from './idempotentInsert.ts';

interface Row {
  id: number;
  text: string;
}

/** A table of rows by key; `sibling` is what a racing send with the same key writes while this one runs. */
function table(sibling?: Row) {
  const rows = new Map<string, Row>();
  let inserts = 0;
  const send = (text: string, over: Partial<KeyedInsert<Row>> = {}): Promise<Row> =>
    idempotentInsert<Row>({
      key: 'retry-key-0001',
      byKey: async (k) => rows.get(k) ?? null,
      same: (r) => r.text === text,
      check: async () => {
        if (sibling) rows.set('retry-key-0001', sibling);
        if ([...rows.values()].some((r) => r.text === text)) throw new ApiFailure(StatusCode.fail, '请勿重复提交相同的内容');
      },
      insert: async () => {
        if (rows.has('retry-key-0001')) return null;
        inserts += 1;
        const row = { id: 100 + inserts, text };
        rows.set('retry-key-0001', row);
        return row;
      },
      lost: '提交失败，请重试',
      ...over,
    });
  return { rows, send, inserts: () => inserts };
}

describe('idempotentInsert', () => {
  it('writes once, and a retry with the key answers that row without running the checks again', async () => {
    const t = table();
    const first = await t.send('江边捡垃圾');
    expect(await t.send('江边捡垃圾')).toEqual(first);
    expect(t.inserts()).toBe(1);
  });

  it('refuses the key with other content (422)', async () => {
    const t = table();
    await t.send('江边捡垃圾');
    await expect(t.send('换了内容')).rejects.toMatchObject({ statusCode: StatusCode.unprocessable, message: IDEMPOTENCY_MESSAGES.keyReused });
  });

  it("answers the racing sibling's row when the race made this send's checks fail", async () => {
    const t = table({ id: 7, text: '江边捡垃圾' });
    expect(await t.send('江边捡垃圾')).toEqual({ id: 7, text: '江边捡垃圾' });
    expect(t.inserts()).toBe(0);
  });

  it('keeps a refused check when no row holds the key, and refuses a sibling row with other content', async () => {
    const t = table();
    t.rows.set('other-key-0001', { id: 3, text: '江边捡垃圾' });
    await expect(t.send('江边捡垃圾')).rejects.toMatchObject({ message: '请勿重复提交相同的内容' });
    const other = table({ id: 8, text: '别的内容' });
    await expect(other.send('江边捡垃圾')).rejects.toMatchObject({ statusCode: StatusCode.unprocessable });
  });

  it('answers the winner when the unique index refused the insert, and says so when there is none', async () => {
    const t = table();
    const raced = t.send('江边捡垃圾', { insert: async () => (t.rows.set('retry-key-0001', { id: 9, text: '江边捡垃圾' }), null) });
    expect(await raced).toEqual({ id: 9, text: '江边捡垃圾' });
    const lost = table().send('江边捡垃圾', { insert: async () => null });
    await expect(lost).rejects.toMatchObject({ statusCode: StatusCode.serverError, message: '提交失败，请重试' });
  });

  it('refuses with the status the caller names when another unique index than the key refused the insert', async () => {
    const waiting = table().send('南滨路小周', { key: null, insert: async () => null, lost: '你的资料修改正在审核中', lostStatus: StatusCode.fail });
    await expect(waiting).rejects.toMatchObject({ statusCode: StatusCode.fail, message: '你的资料修改正在审核中' });
  });

  it('without a key, a refused check stands', async () => {
    const t = table({ id: 7, text: '江边捡垃圾' });
    await expect(t.send('江边捡垃圾', { key: null })).rejects.toBeInstanceOf(ApiFailure);
  });
});

describe("callKey: the one reader of a call's Idempotency-Key (security.md C4)", () => {
  /** What callKey answers for a request with these headers: the key, null, or the refusal's code and message. */
  async function read(headers: Record<string, string>, missing?: string): Promise<unknown> {
    const app = new Hono();
    app.get('/', (c) => {
      try {
        return c.json({ key: missing === undefined ? callKey(c) : callKey(c, missing) });
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        return c.json({ statusCode: err.statusCode, message: err.message });
      }
    });
    return (await app.request('/', { headers })).json();
  }

  it('answers the key, and null when the header is absent or empty', async () => {
    expect(await read({ 'idempotency-key': 'abcd-1234_EF' })).toEqual({ key: 'abcd-1234_EF' });
    expect(await read({})).toEqual({ key: null });
    expect(await read({ 'idempotency-key': '' })).toEqual({ key: null });
  });

  it('refuses a malformed key with the Chinese message, whether or not the write needs one', async () => {
    const bad = { statusCode: StatusCode.badParams, message: IDEMPOTENCY_MESSAGES.badKey };
    expect(await read({ 'idempotency-key': 'short' })).toEqual(bad);
    expect(await read({ 'idempotency-key': 'bad key!' })).toEqual(bad);
    expect(await read({ 'idempotency-key': 'k'.repeat(65) })).toEqual(bad);
    expect(await read({ 'idempotency-key': 'bad key!' }, '缺少键')).toEqual(bad);
  });

  it("refuses a missing key with the write's own message when the write needs one", async () => {
    expect(await read({}, '兑换请求缺少键')).toEqual({ statusCode: StatusCode.badParams, message: '兑换请求缺少键' });
    expect(await read({ 'idempotency-key': '' }, '兑换请求缺少键')).toEqual({ statusCode: StatusCode.badParams, message: '兑换请求缺少键' });
    expect(await read({ 'idempotency-key': 'abcd-1234_EF' }, '兑换请求缺少键')).toEqual({ key: 'abcd-1234_EF' });
  });
});
