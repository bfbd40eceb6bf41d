import { describe, expect, it } from 'vitest';
import { decideDetailFlags, decideLiveState } from './decideDetailFlags.ts';

const base = { permission: 0, allowPl: true, pl: 0, rel: 0, ad: 0, dataType: 3, liveType: 0 };

describe('decideDetailFlags', () => {
  it.each([
    ['defaults show everything', {}, { showLike: true, showComments: true, commentInput: true, showRelated: true, showPreroll: true, liveStatus: '' }],
    ['permission bit 8 hides the like button', { permission: 8 }, { showLike: false }],
    ['other permission bits keep it', { permission: 4 | 16 }, { showLike: true }],
    ['bit 8 among others hides it', { permission: 8 | 1 }, { showLike: false }],
    ['allowPl=false hides the comment input only', { allowPl: false }, { showComments: true, commentInput: false }],
    ['pl hides comments and their input', { pl: 1 }, { showComments: false, commentInput: false }],
    ['rel hides related news', { rel: 1 }, { showRelated: false }],
    ['spec 5 "ad (pre-roll ad hidden)": ad hides the pre-roll only', { ad: 1 }, { showPreroll: false, showLike: true, showComments: true, showRelated: true }],
    ['a live item on air says 直播中', { dataType: 1, liveType: 1 }, { liveStatus: '直播中' }],
    ['a finished live item says 已结束', { dataType: 1, liveType: 2 }, { liveStatus: '已结束' }],
    ['a live item not started yet says nothing in the title', { dataType: 1, liveType: 0 }, { liveStatus: '' }],
  ])('%s', (_name, input, expected) => {
    expect(decideDetailFlags({ ...base, ...input })).toMatchObject(expected);
  });
});

describe('decideLiveState', () => {
  it.each([
    [1, '直播中'],
    [0, '未开始'],
    [2, '回放'],
  ])('liveType %i is %s', (liveType, state) => {
    expect(decideLiveState(liveType)).toBe(state);
  });
});
