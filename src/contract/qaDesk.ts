/**
 * 问答指派 (docs/security.md "Answering desks"): the desk gives an open 问答 question to an approved answerer or
 * reporter, who sees it first in their 我的提问, marked 指派给我, and answers it as their own
 * account. The console's inputs and the reader's list are here, so both sides parse with the same schemas.
 */
import { endpointsOf } from './endpoint.ts';
import { Id, Page } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('answer');

/** The mark an assigned question carries in its answerer's list. */
export const ASSIGNED_MARK = '指派给我';

/** An answerer or reporter the desk may give a question to (an approved 答人 that is not a 问政 department's account). */
export const ConsoleAnswerer = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** 记者, 律师, 医生, 入驻答人 … */
  typeName: z.string(),
});
export type ConsoleAnswerer = z.infer<typeof ConsoleAnswerer>;

/** A 问答 question as the desk sees it, with whom it is given to (null: nobody). */
export const ConsoleQuestion = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  asker: z.string(),
  time: z.string(),
  answerCount: z.number().int(),
  assignee: ConsoleAnswerer.extend({ assignedAt: z.string(), answered: z.boolean() }).nullable(),
});
export type ConsoleQuestion = z.infer<typeof ConsoleQuestion>;

/** open: waiting for a first answer (given or not); assigned: every question given to someone, latest first. */
export const QaQueue = z.enum(['open', 'assigned']);
export const QaListQuery = z.object({ queue: QaQueue.optional().default('open'), page: Page });
export const QaAssignBody = z.object({ questionId: Id, userId: Id });
export const QaUnassignBody = z.object({ questionId: Id });

/** A question in its answerer's own list. */
export const AssignedQuestion = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  asker: z.string(),
  time: z.string(),
  /** 指派给我 */
  mark: z.string(),
  /** The answerer has answered it (their answer may still be in review). */
  answered: z.boolean(),
  /** The question's page (its answers) and its answer form. */
  href: z.string(),
  replyHref: z.string(),
});
export type AssignedQuestion = z.infer<typeof AssignedQuestion>;

export const wendaAssigned = api.get('/v1/bangbang/wenda/assigned', '指派给我的问答问题（未回答的在前），只返回本人的', {
  query: z.object({ page: Page }),
  data: z.array(AssignedQuestion),
  auth: 'required',
});
