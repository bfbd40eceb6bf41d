import { describe, expect, it } from 'vitest';
import { actionsFor, ageLabel, decidedElsewhere, deskQuery, readDeskQuery, splitMarks } from './moderation.ts';

describe('splitMarks', () => {
  it.each([
    ['no marks: one plain part', '没有敏感词', [], [{ text: '没有敏感词', marked: false }]],
    [
      'a word in the middle',
      '请加微信聊',
      [{ start: 1, end: 4 }],
      [
        { text: '请', marked: false },
        { text: '加微信', marked: true },
        { text: '聊', marked: false },
      ],
    ],
    [
      'at both ends, out of order',
      '刷单和刷单',
      [
        { start: 3, end: 5 },
        { start: 0, end: 2 },
      ],
      [
        { text: '刷单', marked: true },
        { text: '和', marked: false },
        { text: '刷单', marked: true },
      ],
    ],
    [
      'overlapping spans are marked once',
      'abcdef',
      [
        { start: 1, end: 4 },
        { start: 2, end: 5 },
      ],
      [
        { text: 'a', marked: false },
        { text: 'bcd', marked: true },
        { text: 'e', marked: true },
        { text: 'f', marked: false },
      ],
    ],
    ['a span past the text is ignored', '短', [{ start: 0, end: 9 }], [{ text: '短', marked: false }]],
  ])('%s', (_name, text, marks, parts) => {
    expect(splitMarks(text, marks)).toEqual(parts);
  });
});

describe('actionsFor', () => {
  it.each([
    ['a held item', { state: 'pending', kind: 'comment' }, 'pending', ['approve', 'reject']],
    ['a reported comment', { state: 'approved', kind: 'comment' }, 'reported', ['approve', 'remove']],
    ['a published comment on patrol', { state: 'approved', kind: 'comment' }, 'patrol', ['remove']],
    ['a reported article: kept, never taken down here', { state: 'approved', kind: 'article' }, 'reported', ['approve']],
    ['a rejected item', { state: 'rejected', kind: 'comment' }, 'decided', []],
    ['a removed item', { state: 'removed', kind: 'comment' }, 'decided', []],
  ] as const)('%s', (_name, item, tab, actions) => {
    expect(actionsFor(item, tab)).toEqual(actions);
  });
});

describe('ageLabel', () => {
  it.each([
    [0, '不到 1 分钟'],
    [12, '12 分钟'],
    [60, '1 小时'],
    [1439, '23 小时'],
    [2880, '2 天'],
  ])('%i minutes read %s', (minutes, label) => {
    expect(ageLabel(minutes)).toBe(label);
  });
});

describe('decidedElsewhere', () => {
  const change = (itemId: number, state: string) => ({ kind: 'comment', itemId, state, decidedBy: '陈思远' });
  it('takes a decided item out of the pending queue, and leaves items the change does not name', () => {
    const shown = [
      { kind: 'comment', itemId: 1, state: 'pending' },
      { kind: 'comment', itemId: 2, state: 'pending' },
    ];
    expect(decidedElsewhere(shown, [change(1, 'approved'), change(9, 'rejected')]).map((c) => c.itemId)).toEqual([1]);
  });
  it('keeps a reported comment whose earlier approval arrives after the 被举报 queue loaded', () => {
    const shown = [{ kind: 'comment', itemId: 2, state: 'approved' }];
    expect(decidedElsewhere(shown, [change(2, 'approved')])).toEqual([]);
    expect(decidedElsewhere(shown, [change(2, 'removed')]).map((c) => c.itemId)).toEqual([2]);
  });
  it('tells kinds apart: a post with the id of a shown comment stays', () => {
    const shown = [{ kind: 'comment', itemId: 3, state: 'pending' }];
    expect(decidedElsewhere(shown, [{ kind: 'post', itemId: 3, state: 'approved', decidedBy: '陈思远' }])).toEqual([]);
  });
});

describe('the desk address', () => {
  it('opens the tab and filters a link names, and drops what it does not know', () => {
    expect(readDeskQuery('?tab=reported&area=profile&word=%E5%8A%A0%E5%BE%AE%E4%BF%A1')).toEqual({
      tab: 'reported',
      filters: { area: 'profile', word: '加微信' },
    });
    expect(readDeskQuery('?tab=everything&from=yesterday&to=2026-11-27&area=')).toEqual({ tab: 'pending', filters: { to: '2026-11-27' } });
    expect(readDeskQuery('')).toEqual({ tab: 'pending', filters: {} });
    expect(readDeskQuery('?from=2026-02-31&to=2026-13-01')).toEqual({ tab: 'pending', filters: {} });
  });
  it('writes them back so a reload opens the same queue', () => {
    expect(deskQuery('pending', {})).toBe('');
    expect(deskQuery('words', { area: 'news', from: '2026-11-01' })).toBe('?tab=words&area=news&from=2026-11-01');
    const back = readDeskQuery(deskQuery('patrol', { area: 'composition', word: '刷单' }));
    expect(back).toEqual({ tab: 'patrol', filters: { area: 'composition', word: '刷单' } });
  });
});
