import { describe, expect, it } from 'vitest';
import { articleHref, commentPageHref, commentReplyPageHref, publishCommentHref } from './commentLinks.ts';

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

  it.each([
    [{ classId: 2, newsId: 4, from: 'bang' as const }, '/shancheng/PublishBangBang?from=bang&classid=2&id=4', '/shancheng/BangBang/QA/detail?id=4'],
    [{ classId: 1, newsId: 6, from: 'bang' as const }, '/shancheng/PublishBangBang?from=bang&classid=1&id=6', '/shancheng/BangBang/politics/detail?id=6'],
  ])('a bangbang item %o is written on /PublishBangBang and lives on its detail page', (ref, publish, detail) => {
    expect(publishCommentHref(ref)).toBe(publish);
    expect(publishCommentHref(ref, { plId: 3, pId: 3 })).toBe(`${publish}&plId=3&pId=3`);
    expect(articleHref(ref)).toBe(detail);
    expect(commentPageHref(ref)).toBe(`${detail}#comments`);
    expect(commentReplyPageHref(ref, 8)).toBe(`/shancheng/CommentReplyPage?from=bang&classid=${ref.classId}&id=${ref.newsId}&plId=8`);
  });
});
