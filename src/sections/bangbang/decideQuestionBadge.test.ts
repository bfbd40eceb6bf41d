import { describe, expect, it } from 'vitest';
import { decideQuestionBadge, showsReplyButton } from './decideQuestionBadge.ts';

describe('decideQuestionBadge — spec 4: "a status tag shows when status is not 答. Answered items show an 已回复 badge when replying is not allowed"', () => {
  it('a waiting question shows its status tag, open or closed', () => {
    expect(decideQuestionBadge({ status: 0, statusText: '待回答', isShowReply: 1 })).toEqual({ kind: 'status', text: '待回答' });
    expect(decideQuestionBadge({ status: 0, statusText: '待回复', isShowReply: 0 })).toEqual({ kind: 'status', text: '待回复' });
  });
  it('an answered question still open shows nothing', () => {
    expect(decideQuestionBadge({ status: 1, statusText: '答', isShowReply: 1 })).toBeNull();
  });
  it('an answered question no longer open shows 已回复', () => {
    expect(decideQuestionBadge({ status: 1, statusText: '答', isShowReply: 0 })).toEqual({ kind: 'replied', text: '已回复' });
  });
});

describe('showsReplyButton — spec 5: "Reply button visible only when isShowReply"', () => {
  it('follows isShowReply only', () => {
    expect(showsReplyButton({ isShowReply: 1 })).toBe(true);
    expect(showsReplyButton({ isShowReply: 0 })).toBe(false);
  });
});
