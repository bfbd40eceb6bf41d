import { describe, expect, it } from 'vitest';
import { decideLikeAnswer } from './decideLike.ts';

describe('discover post like (spec 4)', () => {
  it('a vote type on a post not yet liked: liked, +1', () => {
    expect(decideLikeAnswer({ liked: false, count: 7 }, { statusCode: 200, message: '点赞成功', data: { voteType: 1 } })).toEqual({
      kind: 'liked',
      view: { liked: true, count: 8 },
    });
  });
  it('already liked: only the server message, the count stays', () => {
    expect(decideLikeAnswer({ liked: true, count: 8 }, { statusCode: 200, message: '你已经点过赞了', data: { voteType: 1 } })).toEqual({
      kind: 'message',
      message: '你已经点过赞了',
    });
  });
  it('no vote type or a failure: only the server message', () => {
    expect(decideLikeAnswer({ liked: false, count: 8 }, { statusCode: 200, message: '未知', data: {} })).toEqual({ kind: 'message', message: '未知' });
    expect(decideLikeAnswer({ liked: false, count: 8 }, { statusCode: 100, message: '点赞对象不存在', data: null })).toEqual({
      kind: 'message',
      message: '点赞对象不存在',
    });
  });
});
