import { describe, expect, it } from 'vitest';
import { StatusCode } from '../../contract/envelope.ts';
import { ApiFailure } from './envelope.ts';
import { IDEMPOTENCY_MESSAGES, idempotentInsert, type KeyedInsert } from './idempotentInsert.ts';

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

  it('answers the racing sibling\'s row when the race made this send\'s checks fail', async () => {
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

  it('without a key, a refused check stands', async () => {
    const t = table({ id: 7, text: '江边捡垃圾' });
    await expect(t.send('江边捡垃圾', { key: null })).rejects.toBeInstanceOf(ApiFailure);
  });
});
