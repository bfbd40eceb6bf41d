/**
 * The comment composer's rules (spec 5; security.md C2, M104): text is trimmed, 1–500 code points;
 * the draft is kept per target until a successful 提交 clears it; one Idempotency-Key per draft text,
 * so a retry after a lost answer cannot post twice.
 */
import { COMMENT_MAX_CHARS } from '../../contract/interactionRules.ts';

export const EMPTY_TEXT = '请输入评论内容';
export const TOO_LONG = `评论内容不能超过 ${COMMENT_MAX_CHARS} 个字`;

export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** null when the text may be sent, else the message to show. */
export function checkDraft(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY_TEXT;
  if (codePoints(trimmed) > COMMENT_MAX_CHARS) return TOO_LONG;
  return null;
}

/** The storage key of a draft: one per article and reply target. */
export function draftKey(t: { classId: number; newsId: number; plId?: number | undefined; pId?: number | undefined; from?: string | undefined }): string {
  // A bangbang item and an article may share numbers: their drafts must not.
  return `commentDraft:${t.from === 'bang' || t.from === 'quan' ? `${t.from}:` : ''}${t.classId}:${t.newsId}:${t.plId ?? 0}:${t.pId ?? 0}`;
}
