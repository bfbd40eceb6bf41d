import { describe, expect, it } from 'vitest';
import { commentPageHref, commentReplyPageHref, publishCommentHref } from './commentLinks.ts';

describe('comment links', () => {
  it.each([
    [undefined, '/shancheng/PublishComment?classId=101&newsId=5&from=News'],
    [{ plId: 7, pId: 9 }, '/shancheng/PublishComment?classId=101&newsId=5&plId=7&pId=9&from=News'],
  ])('publishCommentHref(%o) is %s', (reply, href) => {
    expect(publishCommentHref({ classId: 101, newsId: 5 }, reply)).toBe(href);
  });

  it('builds the comment and reply pages', () => {
    expect(commentPageHref({ classId: -3, newsId: 5 })).toBe('/shancheng/CommentPage?classId=-3&newsId=5');
    expect(commentReplyPageHref({ classId: 1, newsId: 5 }, 8)).toBe('/shancheng/CommentReplyPage?classId=1&newsId=5&plId=8');
  });
});
