/**
 * What an expert reads of their own answer (the one review model: a held or refused answer is theirs alone): 审核中,
 * 未通过 with the moderator's reason, or 你已回答 once it is public. The words are reviewStateText's, as every other
 * kind shows a refusal to its author.
 */
import type { Answer } from '../../contract/rural.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';

export function ownAnswerState(answer: Pick<Answer, 'reviewState' | 'rejectReason'> | undefined): string {
  if (answer === undefined || answer.reviewState === 'approved') return '你已回答';
  return `你的回答${reviewStateText(answer.reviewState, answer.rejectReason)}`;
}
