/**
 * The newsroom's 爆料 inbox (线索, docs/security.md "Answering desks"): a reader's tip is new (待处理), then
 * 已采纳 (a reporter follows it up; the tipster is rewarded once — spec 9 "线索采用有奖"), then 已报道 (linked
 * to the published story) or 未采用 with the reason the tipster reads. The console's inputs are here, so the
 * server parses with the same schemas the console's forms follow.
 */
import { Id, Page, Text } from './fields.ts';
import { z } from './zod.ts';

export const TipState = z.enum(['new', 'adopted', 'reported', 'declined']);
export type TipState = z.infer<typeof TipState>;

/** The words the tipster and the desk see for each state. */
export const TIP_STATE_TEXT: Readonly<Record<TipState, string>> = {
  new: '已收到',
  adopted: '已采纳',
  reported: '已报道',
  declined: '未采用',
};

/** A tip as the console's inbox shows it (the contact phone is for the newsroom: it is shown here). */
export const ConsoleTip = z.object({
  id: z.number().int(),
  content: z.string(),
  place: z.string(),
  pictures: z.array(z.string()),
  contactPhone: z.string(),
  tipster: z.string(),
  time: z.string(),
  state: TipState,
  stateText: z.string(),
  reporterId: z.number().int(),
  reporterName: z.string(),
  newsId: z.number().int(),
  storyTitle: z.string(),
  storyHref: z.string(),
  declineReason: z.string(),
  /** Points paid to the tipster at adoption. */
  points: z.number().int(),
});
export type ConsoleTip = z.infer<typeof ConsoleTip>;

export const TipQueue = z.enum(['new', 'adopted', 'reported', 'declined']);
export const TipListQuery = z.object({ queue: TipQueue.optional().default('new'), page: Page });

export const AdoptBody = z.object({ id: Id, reporterId: Id });
export const LinkStoryBody = z.object({ id: Id, newsId: Id });
export const TipDeclineBody = z.object({ id: Id, reason: Text({ min: 2, max: 200, label: '原因' }) });
