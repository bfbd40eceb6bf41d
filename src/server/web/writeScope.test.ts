import { describe, expect, it } from 'vitest';
import * as accounts from '../../contract/accounts.ts';
import * as detail from '../../contract/detail.ts';
import type { Endpoint, WriteEffect } from '../../contract/endpoint.ts';
import * as interaction from '../../contract/interaction.ts';
import * as mall from '../../contract/mall.ts';
import * as upload from '../../contract/upload.ts';
import { InvalidationLog } from './invalidationLog.ts';
import { bodyFields, decideWriteScope, tagsOfItem, tagsOfUrl, urlConcernsItem, type FindCommentItem, type ItemRef } from './writeScope.ts';

/** Comment 7 belongs to article 42, comment 8 to politics item 5, comment 9 to Q&A item 5; others do not exist. */
const COMMENTS: Record<number, { scope: string; newsId: number }> = {
  7: { scope: 'news', newsId: 42 },
  8: { scope: 'bang1', newsId: 5 },
  9: { scope: 'bang2', newsId: 5 },
};
const findComment: FindCommentItem = (id) => Promise.resolve(COMMENTS[id] ?? null);
const politics = (id: number, counts: boolean) => ({ kind: 'bang', item: { board: 'politics', id, counts } });
const qa = (id: number | null, counts: boolean) => ({ kind: 'bang', item: { board: 'qa', id, counts } });

/** What each write path declares on its contract; a path no contract names may change anything. */
const declared = new Map<string, WriteEffect>();
for (const module of [accounts, detail, interaction, mall, upload] as Record<string, unknown>[]) {
  for (const value of Object.values(module)) {
    const e = value as Partial<Endpoint>;
    if (e && typeof e === 'object' && e.method === 'POST' && typeof e.path === 'string') declared.set(e.path, e.invalidates ?? 'all');
  }
}
const effectOf = (path: string): WriteEffect => declared.get(path) ?? 'all';

describe('decideWriteScope', () => {
  it.each([
    ['/v1/comment/store', { classId: '101', newsId: '42', sayText: '好' }, { kind: 'item', newsId: 42 }],
    ['/api/bv/comment/publish', { classId: '101', newsId: '42', sayText: '好' }, { kind: 'item', newsId: 42 }],
    ['/v1/comment/deleteComment', { plId: '7' }, { kind: 'item', newsId: 42 }],
    ['/api/bv/comment/del', { plId: '7' }, { kind: 'item', newsId: 42 }],
    ['/v1/comment/deleteComment', { plId: '99' }, { kind: 'all' }],
    ['/v1/like/do', { classId: '101', newsId: '42', type: '1' }, { kind: 'item', newsId: 42 }],
    ['/api/praise/AddPraise', { classId: '101', newsId: '42', type: '1' }, { kind: 'item', newsId: 42 }],
    ['/v1/like/do', { commentId: '7', type: '2' }, { kind: 'item', newsId: 42 }],
    // Bangbang writes (ADR 010): the item by board and id; its counts when the item's own like or comment count moves.
    ['/v1/like/do', { classId: '101', newsId: '42', type: '1', from: 'bang' }, politics(42, true)],
    ['/api/praise/AddPraise', { newsId: '5', type: '2', from: 'bang' }, qa(5, true)],
    ['/v1/like/do', { newsId: '5', type: '1', from: 'bang' }, politics(5, true)],
    ['/v1/like/do', { type: '1', from: 'bang' }, { kind: 'all' }],
    ['/v1/like/do', { commentId: '8', type: '3' }, politics(5, false)],
    ['/v1/like/do', { commentId: '9', type: '3', from: 'bang' }, qa(5, false)],
    ['/v1/like/do', { commentId: '99', type: '3' }, { kind: 'all' }],
    ['/v1/like/do', { type: '3' }, { kind: 'all' }],
    ['/v1/like/do', { bangId: '11', newsId: '5', type: '6' }, qa(5, false)],
    ['/v1/like/do', { bangId: '11', type: '6' }, qa(null, false)],
    ['/v1/comment/store', { from: 'bang', classid: '2', id: '5', sayText: '好' }, qa(5, true)],
    ['/api/bv/comment/publish', { from: 'bang', classid: '1', id: '5', plId: '8', sayText: '好' }, politics(5, true)],
    ['/v1/comment/store', { from: 'bang', classid: '3', id: '5', sayText: '好' }, { kind: 'all' }],
    ['/v1/comment/store', { from: 'bang', classid: '1', sayText: '好' }, { kind: 'all' }],
    ['/v1/comment/deleteComment', { from: 'bang', id: '8' }, politics(5, true)],
    ['/api/bv/comment/del', { from: 'bang', id: '9' }, qa(5, true)],
    ['/v1/comment/deleteComment', { plId: '9' }, qa(5, true)],
    ['/v1/comment/deleteComment', { from: 'bang', id: '99' }, { kind: 'all' }],
    ['/v1/comment/deleteComment', { id: '7' }, { kind: 'all' }],
    ['/v1/bangbang/news/doreport', { classid: '1', id: '5', content: '广告' }, { kind: 'none' }],
    ['/v1/like/do', { type: '1' }, { kind: 'all' }],
    ['/v1/comment/store', { newsId: 'x' }, { kind: 'all' }],
    ['/v1/user/login', { phone: '13900000000' }, { kind: 'none' }],
    ['/v1/user/changePassword', {}, { kind: 'none' }],
    ['/v1/common/webSendMsg1', {}, { kind: 'none' }],
    ['/api/captcha/verify', {}, { kind: 'none' }],
    ['/api/upload/image', null, { kind: 'none' }],
    ['/v1/news/doReport', { classId: '101', newsId: '42' }, { kind: 'none' }],
    ['/api/comment/doReport', { commentId: '7' }, { kind: 'none' }],
    ['/api/bang/ask', { title: '问' }, { kind: 'all' }],
    ['/v1/comment/store', null, { kind: 'all' }],
  ])('%s %j → %j', async (path, fields, expected) => {
    expect(await decideWriteScope(effectOf(path), fields as Record<string, string> | null, findComment)).toEqual(expected);
  });
});

describe('bodyFields', () => {
  it.each([
    ['application/json', '{"newsId":42,"sayText":"好","conpic":[]}', { newsId: '42', sayText: '好' }],
    ['application/json; charset=utf-8', '{"plId":"7"}', { plId: '7' }],
    ['application/x-www-form-urlencoded', 'classId=101&newsId=42', { classId: '101', newsId: '42' }],
    ['application/json', '[1,2]', null],
    ['application/json', 'not json', null],
    ['multipart/form-data; boundary=x', '--x', null],
  ])('%s %s → %j', (type, text, expected) => {
    const fields = bodyFields(type, text);
    expect(fields === null ? null : { ...fields }).toEqual(expected);
  });
});

describe('urlConcernsItem', () => {
  it.each([
    ['/shancheng/NewsDetail?classId=101&newsId=42', true],
    ['/shancheng/CommentPage?newsId=42&classId=101&page=2', true],
    ['http://localhost/v1/comment/getList?classId=101&newsId=42', true],
    ['/shancheng/NewsDetail?classId=101&newsId=421', false],
    ['/shancheng/NewsDetail?classId=42&newsId=1', false],
    ['/shancheng/home/42', false],
    ['/shancheng/home/1', false],
  ])('%s: %s', (url, expected) => {
    expect(urlConcernsItem(url, 42)).toBe(expected);
  });

  const politics5 = { board: 'politics', id: 5, counts: true } as const;
  const politics5Comment = { board: 'politics', id: 5, counts: false } as const;
  const qa5 = { board: 'qa', id: 5, counts: true } as const;
  const anyQa = { board: 'qa', id: null, counts: false } as const;
  it.each([
    // The item's own answers and pages, by board and id.
    ['http://localhost/v1/bangbang/wenzheng/getDetail?id=5', politics5, true],
    ['http://localhost/v1/bangbang/wenzheng/getDetail?id=5', qa5, false],
    ['http://localhost/v1/bangbang/wenzheng/getDetail?id=55', politics5, false],
    ['http://localhost/v1/bangbang/wenda/getAnswerDetail?id=5', qa5, true],
    ['http://localhost/v1/bangbang/wenda/getAnswerDetail?id=5', politics5, false],
    ['http://localhost/v1/bangbang/wenda/getAnswerListById?id=5&page=2', qa5, true],
    ['http://localhost/v1/bangbang/wenda/getAnswerListById?id=6', anyQa, true],
    ['/shancheng/BangBang/politics/detail?id=5', politics5, true],
    ['/shancheng/BangBang/QA/detail?id=5', politics5, false],
    ['/shancheng/BangBang/QA/detail?id=5', qa5, true],
    // Its comment and reply lists: classid 1 politics, 2 Q&A.
    ['http://localhost/v1/comment/getList?from=bang&classid=1&id=5', politics5Comment, true],
    ['http://localhost/v1/comment/getList?from=bang&classid=2&id=5', politics5Comment, false],
    ['http://localhost/v1/comment/getList?from=bang&classid=2&id=5', qa5, true],
    ['http://localhost/v1/comment/getListByParentId?from=bang&classid=1&id=5&plId=8', politics5, true],
    ['http://localhost/api/bangbang/comment/bangbanglist?classid=1&id=5', politics5, true],
    ['http://localhost/api/bangbang/comment/bangbanglist?classid=2&id=5', politics5, false],
    ['http://localhost/v1/comment/getList?classId=1&newsId=5', politics5, false],
    // The politics lists only when the item's counts moved; never news pages.
    ['http://localhost/v1/bangbang/wenzheng/getNewList?page=1', politics5, true],
    ['http://localhost/v1/bangbang/wenzheng/getHotList', politics5, true],
    ['/shancheng/BangBang/politics/index?tab=hot', politics5, true],
    ['/shancheng/BangBang/politics/index/', politics5, true],
    ['/shancheng/BangBang/politics/index', politics5Comment, false],
    ['http://localhost/v1/bangbang/wenzheng/getNewList', qa5, false],
    ['/shancheng/home/1', politics5, false],
    ['/shancheng/NewsDetail?classId=101&newsId=5', politics5, false],
    ['/shancheng/NewsDetail?classId=101&id=5', qa5, false],
  ])('%s %j: %s', (url, item, expected) => {
    expect(urlConcernsItem(url, item)).toBe(expected);
  });
});

describe('tagsOfUrl and tagsOfItem', () => {
  const urls = [
    '/shancheng/NewsDetail?classId=101&newsId=42',
    '/shancheng/CommentPage?newsId=42&classId=101&page=2',
    'http://localhost/v1/comment/getList?classId=101&newsId=42',
    '/shancheng/NewsDetail?classId=101&newsId=421',
    '/shancheng/NewsDetail?classId=42&newsId=1',
    '/shancheng/NewsDetail?newsId=042',
    '/shancheng/home/42',
    'http://localhost/v1/bangbang/wenzheng/getDetail?id=5',
    'http://localhost/v1/bangbang/wenzheng/getDetail?id=55',
    'http://localhost/v1/bangbang/wenda/getAnswerDetail?id=5',
    'http://localhost/v1/bangbang/wenda/getAnswerListById?id=5&page=2',
    'http://localhost/v1/bangbang/wenda/getAnswerListById?id=6',
    '/shancheng/BangBang/politics/detail?id=5',
    '/shancheng/BangBang/QA/detail?id=5',
    '/shancheng/BangBang/QA/detail?id=abc',
    'http://localhost/v1/comment/getList?from=bang&classid=1&id=5',
    'http://localhost/v1/comment/getList?from=bang&classid=2&id=5',
    'http://localhost/v1/comment/getListByParentId?from=bang&classid=1&id=5&plId=8',
    'http://localhost/api/bangbang/comment/bangbanglist?classid=1&id=5',
    'http://localhost/api/bangbang/comment/bangbanglist?classid=2&id=5',
    'http://localhost/v1/comment/getList?classId=1&newsId=5',
    'http://localhost/v1/bangbang/wenzheng/getNewList?page=1',
    'http://localhost/v1/bangbang/wenzheng/getHotList',
    '/shancheng/BangBang/politics/index?tab=hot',
    '/shancheng/BangBang/politics/index/',
    '/shancheng/NewsDetail?classId=101&id=5',
  ];
  const items: ItemRef[] = [
    42,
    5,
    1,
    { board: 'politics', id: 5, counts: true },
    { board: 'politics', id: 5, counts: false },
    { board: 'politics', id: null, counts: true },
    { board: 'qa', id: 5, counts: true },
    { board: 'qa', id: 6, counts: false },
    { board: 'qa', id: null, counts: false },
  ];
  it('an item’s tags meet a URL’s tags exactly when the URL is about the item', () => {
    for (const url of urls) {
      const own = tagsOfUrl(url);
      for (const item of items) {
        const meets = tagsOfItem(item).some((t) => own.includes(t));
        expect([url, item, meets]).toEqual([url, item, urlConcernsItem(url, item)]);
      }
    }
  });

  it('every URL carries the tag of a whole invalidation; tags have no spaces or commas (Surrogate-Key, Cache-Tag)', () => {
    for (const url of urls) {
      expect(tagsOfUrl(url)).toContain('all');
      for (const t of tagsOfUrl(url)) expect(t).toMatch(/^[a-z0-9-]+$/);
    }
  });
});

describe('InvalidationLog', () => {
  it('a start before an item invalidation is stale only for that item’s URLs', () => {
    const log = new InvalidationLog();
    const mark = log.mark();
    log.record(42);
    expect(log.staleSince(mark, '/shancheng/NewsDetail?classId=101&newsId=42')).toBe(true);
    expect(log.staleSince(mark, '/shancheng/home/1')).toBe(false);
    expect(log.staleSince(log.mark(), '/shancheng/NewsDetail?classId=101&newsId=42')).toBe(false);
  });

  it('a bangbang item invalidation is stale only for that item’s URLs, not for an article with the same id', () => {
    const log = new InvalidationLog();
    const mark = log.mark();
    log.record({ board: 'qa', id: 42, counts: true });
    expect(log.staleSince(mark, 'http://localhost/v1/bangbang/wenda/getAnswerDetail?id=42')).toBe(true);
    expect(log.staleSince(mark, 'http://localhost/v1/bangbang/wenzheng/getDetail?id=42')).toBe(false);
    expect(log.staleSince(mark, '/shancheng/NewsDetail?classId=101&newsId=42')).toBe(false);
  });

  it('a whole invalidation makes every earlier start stale', () => {
    const log = new InvalidationLog();
    const mark = log.mark();
    log.record(42);
    log.record();
    expect(log.staleSince(mark, '/shancheng/home/1')).toBe(true);
  });

  it('a start older than the log reaches counts as stale', () => {
    const log = new InvalidationLog(2);
    const mark = log.mark();
    log.record(1);
    log.record(2);
    expect(log.staleSince(mark, '/shancheng/home/1')).toBe(false);
    log.record(3);
    expect(log.staleSince(mark, '/shancheng/home/1')).toBe(true);
  });
});
