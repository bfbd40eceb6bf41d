import { describe, expect, it } from 'vitest';
import { InvalidationLog } from './invalidationLog.ts';
import { bodyFields, decideWriteScope, urlConcernsItem, type FindCommentItem } from './writeScope.ts';

/** Comment 7 belongs to article 42; comment 8 is a bangbang comment (not an article's); others do not exist. */
const findComment: FindCommentItem = (id) => Promise.resolve(id === 7 ? { newsId: 42 } : null);

describe('decideWriteScope', () => {
  it.each([
    ['/v1/comment/store', { classId: '101', newsId: '42', sayText: '好' }, { kind: 'item', newsId: 42 }],
    ['/api/bv/comment/publish', { classId: '101', newsId: '42', sayText: '好' }, { kind: 'item', newsId: 42 }],
    ['/v1/comment/deleteComment', { plId: '7' }, { kind: 'item', newsId: 42 }],
    ['/api/bv/comment/del', { plId: '7' }, { kind: 'item', newsId: 42 }],
    ['/v1/comment/deleteComment', { plId: '8' }, { kind: 'all' }],
    ['/v1/like/do', { classId: '101', newsId: '42', type: '1' }, { kind: 'item', newsId: 42 }],
    ['/api/praise/AddPraise', { classId: '101', newsId: '42', type: '1' }, { kind: 'item', newsId: 42 }],
    ['/v1/like/do', { commentId: '7', type: '2' }, { kind: 'item', newsId: 42 }],
    ['/v1/like/do', { classId: '101', newsId: '42', type: '1', from: 'bang' }, { kind: 'all' }],
    ['/v1/like/do', { bangId: '5', type: '6' }, { kind: 'all' }],
    ['/v1/comment/store', { from: 'bang', classid: '2', id: '5', sayText: '好' }, { kind: 'all' }],
    ['/v1/comment/deleteComment', { from: 'bang', id: '7' }, { kind: 'all' }],
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
    expect(await decideWriteScope(path, fields as Record<string, string> | null, findComment)).toEqual(expected);
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
