import { describe, expect, it } from 'vitest';
import { checkDraft, draftKey } from './decideDraft.ts';

describe('checkDraft', () => {
  it.each([
    ['', '请输入评论内容'],
    ['   \n', '请输入评论内容'],
    ['好', null],
    ['字'.repeat(500), null],
    ['😀'.repeat(500), null],
    [`  ${'字'.repeat(500)}  `, null],
    ['字'.repeat(501), '评论内容不能超过 500 个字'],
  ])('%j → %j', (text, message) => {
    expect(checkDraft(text)).toBe(message);
  });
});

describe('draftKey', () => {
  it('separates articles and reply targets', () => {
    expect(draftKey({ classId: 1, newsId: 2 })).toBe('commentDraft:1:2:0:0');
    expect(draftKey({ classId: 1, newsId: 2, plId: 3, pId: 4 })).toBe('commentDraft:1:2:3:4');
  });

  it('keeps a bangbang item apart from an article of the same numbers', () => {
    expect(draftKey({ classId: 1, newsId: 2, from: 'bang' })).toBe('commentDraft:bang:1:2:0:0');
  });
});
