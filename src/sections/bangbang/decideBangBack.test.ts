import { describe, expect, it } from 'vitest';
import { decideBangBack } from './decideBangBack.ts';

const origin = 'https://news.example';
const base = { search: '?id=3', referrer: '', origin, historyLength: 2 };

describe('decideBangBack — spec 2.7: "back goes to /BangBang/index. It goes back in history instead when a fromSearch query is present or the user came from the bangbang home. If the user came from the news home, it always goes back in history"', () => {
  it.each([
    ['fromSearch in the query: history back', { search: '?id=3&fromSearch=1', referrer: `${origin}/shancheng/SearchPage` }, { kind: 'history' }],
    ['from the news home: history back', { referrer: `${origin}/shancheng/home/1` }, { kind: 'history' }],
    ['from a channel of the news home: history back', { referrer: `${origin}/shancheng/home/13` }, { kind: 'history' }],
    ['from the bangbang home: history back', { referrer: `${origin}/shancheng/BangBang/index` }, { kind: 'history' }],
    [
      'from an article: the bangbang home',
      { referrer: `${origin}/shancheng/NewsDetail?classId=1&newsId=2` },
      { kind: 'go', href: '/shancheng/BangBang/index' },
    ],
    ['opened directly: the bangbang home', {}, { kind: 'go', href: '/shancheng/BangBang/index' }],
    ['from another site’s home: the bangbang home', { referrer: 'https://other.example/shancheng/home/1' }, { kind: 'go', href: '/shancheng/BangBang/index' }],
    ['fromSearch with no history: the bangbang home', { search: '?fromSearch=1', historyLength: 1 }, { kind: 'go', href: '/shancheng/BangBang/index' }],
    [
      'from the news home with no history: the bangbang home',
      { referrer: `${origin}/shancheng/home/1`, historyLength: 1 },
      { kind: 'go', href: '/shancheng/BangBang/index' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(decideBangBack({ ...base, ...input })).toEqual(expected);
  });
});

describe('decideBangBack on politicsCommit and Ask — spec 2.7: they go to /BangBang/index only with no "from"', () => {
  const form = { ...base, search: '', fromGoesBack: true };
  it.each([
    [
      'Ask with from=news, opened from an article: history back',
      { search: '?from=news', referrer: `${origin}/shancheng/NewsDetail?classId=1&newsId=2` },
      { kind: 'history' },
    ],
    ['politicsCommit with an empty from: history back', { search: '?from=' }, { kind: 'history' }],
    [
      'Ask with no from, opened from an article: the bangbang home',
      { referrer: `${origin}/shancheng/NewsDetail?classId=1&newsId=2` },
      { kind: 'go', href: '/shancheng/BangBang/index' },
    ],
    ['Ask with from but no history: the bangbang home', { search: '?from=news', historyLength: 1 }, { kind: 'go', href: '/shancheng/BangBang/index' }],
    ['Ask with no from, from the bangbang home: history back', { referrer: `${origin}/shancheng/BangBang/index` }, { kind: 'history' }],
  ])('%s', (_name, input, expected) => {
    expect(decideBangBack({ ...form, ...input })).toEqual(expected);
  });

  it('a detail page ignores from (only fromSearch counts there)', () => {
    expect(decideBangBack({ ...base, search: '?id=3&from=news' })).toEqual({ kind: 'go', href: '/shancheng/BangBang/index' });
  });
});
