import { describe, expect, it } from 'vitest';
import type { CommentItem, CommentReply } from '../../contract/interaction.ts';
import { commentEntryInner } from './commentEntryHtml.ts';

const ARTICLE = { classId: 101, newsId: 1 };

function reply(id: number, over: Partial<CommentReply> = {}): CommentReply {
  return {
    ...{ id, plId: id, pId: 0, grandPid: 0, newsId: 1, classId: 101, userId: 7, nickname: '解放碑的风', userName: '', userPic: '' },
    ...{ sayTime: '2026-11-20 09:55', newsTime: '', sayText: '说得好', conpic: [], label: '', region: '', belongMyself: 0, zcNum: 0, rsNum: 0 },
    ...{ hasDoLike: 0, isDoLike: 0, isGood: 0, beCommenter: '', reviewState: 'approved', reviewReason: '' },
    ...over,
  } as CommentReply;
}
const comment = (id: number, over: Partial<CommentItem> = {}): CommentItem => ({ ...reply(id), subComments: [], hasMoreSubComments: false, ...over });
const inner = (item: CommentItem | CommentReply, withReplies = true) => commentEntryInner(item, { article: ARTICLE, platform: 0, withReplies });

describe('commentEntryInner', () => {
  it('writes what a reader typed as text, never as markup (security.md G52)', () => {
    const html = inner(comment(5, { nickname: '<b>王</b>', sayText: '<img src=x onerror=alert(1)>\n第二行', beCommenter: '"><script>', region: '<i>' }));
    expect(html).not.toMatch(/<b>|<img src=x|<script|<i>/);
    expect(html).toContain('<p class="text">&lt;img src=x onerror=alert(1)&gt;\n第二行</p>');
    expect(html).toContain('<span class="name" id="comment-author-5">&lt;b&gt;王&lt;/b&gt;</span>');
    expect(html).toContain('<span class="avatar" aria-hidden="true">&lt;</span>');
  });

  it('shows an avatar picture only from a safe address, else the first character of the name', () => {
    expect(inner(comment(5, { userPic: 'javascript:alert(1)' }))).toContain('<span class="avatar" aria-hidden="true">解</span>');
    expect(inner(comment(5, { userPic: 'https://img.cqnews.net/a/7.jpg' }))).toContain(
      '<img class="avatar" src="https://img.cqnews.net/a/7.jpg" width="36" height="36" alt="" loading="lazy">',
    );
  });

  it('has reply, a hidden delete, report with the page’s platform and the author named, and a like with its count', () => {
    const html = commentEntryInner(comment(9, { zcNum: 12345 }), { article: ARTICLE, platform: 3 });
    expect(html).toContain('<a class="reply" href="/shancheng/PublishComment?classId=101&amp;newsId=1&amp;plId=9&amp;pId=9&amp;from=News">回复</a>');
    expect(html).toContain('<button type="button" class="delete" data-delete="9" hidden>删除</button>');
    expect(html).toContain('data-report-comment="9" data-platform="3" aria-label="举报该用户的评论" aria-describedby="comment-author-9">举报</button>');
    expect(html).toContain('data-comment-like="9" data-like-num="12345" aria-pressed="false" aria-label="赞评论 12345"> <svg class="thumb"');
    expect(html).toContain('<span data-count>1.2万</span>');
    expect(inner(comment(9))).toContain('<span data-count>赞</span>');
  });

  it('marks its author’s own comment in review, and nothing once it is public', () => {
    expect(inner(comment(1, { reviewState: 'pending' }))).toContain('<span class="review" data-review>审核中</span>');
    expect(inner(comment(1, { reviewState: 'rejected', reviewReason: '广告' }))).toContain('未通过：广告');
    expect(inner(comment(1))).not.toContain('data-review');
  });

  it('nests the first replies as entries of their own, with the link to the whole thread', () => {
    const html = inner(
      comment(10, {
        rsNum: 5,
        hasMoreSubComments: true,
        subComments: [reply(11, { grandPid: 10, pId: 10, userId: 8 }), reply(12, { grandPid: 10, pId: 11, beCommenter: '江津柑橘王' })],
      }),
    );
    expect(html).toContain('<ul class="replies"> <li class="comment nested" data-comment-id="11" data-author="8">');
    expect(html).toContain('<span class="to"> 回复 <span class="name">江津柑橘王</span></span>');
    expect(html).toContain('plId=10&amp;pId=12');
    expect(html).toMatch(/<p class="more-replies"> <span>共 5 条回复<\/span> <a href="[^"]*CommentReplyPage[^"]*">查看全部回复 &gt;&gt;<\/a> <\/p>/);
    expect(inner(comment(10, { rsNum: 5, hasMoreSubComments: true, subComments: [reply(11)] }), false)).not.toMatch(/replies/);
  });

  it('shows only the pictures that are safe, in the grid their count asks for', () => {
    const html = inner(
      comment(3, {
        conpic: [
          '/media/comments/7/bd033cf3-bc03-4b60-af03-4019be033e86.webp',
          'javascript:x',
          '/media/comments/7/../../etc.webp',
          'https://img.cqnews.net/c/1.jpg',
        ],
      }),
    );
    expect(html).toContain('<div class="pics pics-2">');
    expect(html.match(/alt="评论图片"/g)).toHaveLength(2);
    expect(html).not.toContain('javascript');
  });
});
