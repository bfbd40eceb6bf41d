import { describe, expect, it } from 'vitest';
import { decideLikeAnswer, decideLikeTap, LIKE_FAILED, queuedLikeToast } from './decideLikeTap.ts';

const before = { isDoLike: 0, likeNum: 10, views: 100 };

describe('decideLikeTap', () => {
  it.each([
    [1, { call: false, toast: '你已经点过赞了' }],
    [0, { call: true }],
  ])('isDoLike %i → %o', (isDoLike, tap) => {
    expect(decideLikeTap(isDoLike)).toEqual(tap);
  });
});

describe('decideLikeAnswer', () => {
  it.each([
    [
      'a new like: likes and views +1, server message',
      { statusCode: 200, message: '点赞成功', data: { likeNum: 11 } },
      { isDoLike: 1, likeNum: 11, views: 101 },
      '点赞成功',
    ],
    [
      'an existing like: liked, no count change',
      { statusCode: 200, message: '你已经点过赞了', data: { likeNum: 10 } },
      { isDoLike: 1, likeNum: 10, views: 100 },
      '你已经点过赞了',
    ],
    ['statusCode 100: 点赞失败', { statusCode: 100, message: '该内容不支持点赞', data: null }, before, '点赞失败'],
    ['too frequent: the server message', { statusCode: 429, message: '操作过于频繁，请稍后再试', data: null }, before, '操作过于频繁，请稍后再试'],
    ['not logged in: handled by the client', { statusCode: 301, message: '未登录或登录过期，请重新登录', data: null }, before, null],
  ])('%s', (_name, answer, counts, toast) => {
    expect(decideLikeAnswer(before, answer)).toEqual({ counts, toast });
  });
});

describe('decideLikeAnswer without views (bangbang items)', () => {
  it('a new like: likes +1, views unchanged, active only with the answer', () => {
    expect(decideLikeAnswer(before, { statusCode: 200, message: '点赞成功', data: { likeNum: 11 } }, { countsView: false }).counts).toEqual({
      isDoLike: 1,
      likeNum: 11,
      views: 100,
    });
    expect(decideLikeAnswer(before, { statusCode: 100, message: '点赞失败', data: null }, { countsView: false }).counts.isDoLike).toBe(0);
  });
});

describe('queuedLikeToast (a like the outbox sent later)', () => {
  it('says the server’s message on success, as a like sent now (spec 4)', () => {
    expect(queuedLikeToast({ statusCode: 200, message: '点赞成功', data: { likeNum: 3 } })).toBe('点赞成功');
  });
  it('is silent when the login expired (spec 8: 301/302 show nothing)', () => {
    expect(queuedLikeToast({ statusCode: 301, message: '请先登录', data: null }, '')).toBeNull();
    expect(queuedLikeToast({ statusCode: 302, message: '', data: null }, '')).toBeNull();
  });
  it('says 点赞失败 for statusCode 100, and the server’s words for another refusal', () => {
    expect(queuedLikeToast({ statusCode: 100, message: 'x', data: null }, 'x')).toBe(LIKE_FAILED);
    expect(queuedLikeToast({ statusCode: 404, message: '新闻不存在', data: null }, '新闻不存在')).toBe('新闻不存在');
  });
  it('without an envelope: the refusal’s words, or nothing', () => {
    expect(queuedLikeToast(undefined, '操作过于频繁，请稍后再试')).toBe('操作过于频繁，请稍后再试');
    expect(queuedLikeToast(undefined, '')).toBeNull();
  });
});
