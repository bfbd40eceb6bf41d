/**
 * The tag of a question (Q&A or politics) in lists and on its detail page (spec 4: "a status tag shows
 * when status is not 答. Answered items show an 已回复 badge when replying is not allowed"; spec 5: the
 * reply button is visible only when isShowReply).
 */
export interface QuestionStateInput {
  /** 1 answered (答 / a department's reply), 0 waiting. */
  status: number;
  statusText: string;
  isShowReply: number;
}

export type QuestionBadge = { kind: 'status'; text: string } | { kind: 'replied'; text: '已回复' } | null;

export function decideQuestionBadge(q: QuestionStateInput): QuestionBadge {
  if (q.status !== 1) return { kind: 'status', text: q.statusText };
  return q.isShowReply ? null : { kind: 'replied', text: '已回复' };
}

/** Spec 5: the reply (answer) button shows only when isShowReply. */
export function showsReplyButton(q: Pick<QuestionStateInput, 'isShowReply'>): boolean {
  return q.isShowReply === 1;
}
