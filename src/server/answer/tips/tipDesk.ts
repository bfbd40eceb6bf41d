/**
 * The newsroom's 爆料 inbox (线索; docs/security.md "Answering desks"): the desk (answer.tips) adopts a new tip
 * and gives it to a reporter (已采纳), links an adopted tip to the story it led to (已报道), or does not use
 * it, with the reason the tipster reads (未采用). Adoption pays the tipster their reward (spec 9 "线索采用有奖")
 * through the points ledger in the same transaction as the case row: the case's primary key lets one of
 * two racing adoptions land, and the ledger's unique (reader, `tip:<id>`) key pays once even so. A retry
 * of the same step answers the tip as it is; a different step on a tip that moved on is refused in Chinese.
 */
import { readDeskPage, type DeskPage } from '../deskPage.ts';
import { StatusCode } from '../../../contract/envelope.ts';
import { TIP_STATE_TEXT, type ConsoleTip, type TipState } from '../../../contract/tipDesk.ts';
import { formatBeijingTime } from '../../../lib/formatTime.ts';
import type { Db } from '../../db/client.ts';
import { ApiFailure } from '../../http/envelope.ts';
import type { AppDeps } from '../../http/types.ts';
import { awardPoints } from '../../points/service.ts';
import type { DeskActor } from '../politicsDesk.ts';
import {
  adoptRepo,
  declineRepo,
  findReporterRepo,
  findStoryRepo,
  findTipCaseRepo,
  findTipRepo,
  inboxRepo,
  recentStoriesRepo,
  reportersRepo,
  reportRepo,
  setPointsRepo,
  tipCasesOfRepo,
  type TipCaseRow,
  type TipQueue,
  type TipRow,
} from './repo.ts';

export const TIP_MESSAGES = {
  missing: '爆料不存在或已删除',
  notApproved: '该爆料尚未通过审核，不能处理',
  reporterMissing: '记者不存在或已停用',
  storyMissing: '稿件不存在或未发布',
  handled: '该爆料已被处理，请刷新后查看',
  notAdopted: '只有已采纳的爆料可以关联报道',
} as const;

const fail = (message: string, code: number = StatusCode.unprocessable) => new ApiFailure(code, message);

const ITEM_KIND = 'tip';
const PAGE_SIZE = 20;

export const storyHref = (c: Pick<TipCaseRow, 'newsId' | 'classId'>): string => (c.newsId ? `/NewsDetail?classId=${c.classId}&newsId=${c.newsId}` : '');

export function tipStateOf(c: Pick<TipCaseRow, 'state'> | null | undefined): TipState {
  return c ? (c.state as TipState) : 'new';
}

/**
 * What the tipster reads of their tip's handling in 我的爆料: 已收到; 已采纳 · 记者跟进中 (and the reward);
 * 已报道 (the story it led to opens from the item); 未采用：the reason.
 */
export function tipsterText(c: TipCaseRow | null | undefined): string {
  const state = tipStateOf(c);
  if (!c || state === 'new') return TIP_STATE_TEXT.new;
  if (state === 'adopted') return `${TIP_STATE_TEXT.adopted} · 记者跟进中${c.points > 0 ? ` · 奖励 ${c.points} 积分` : ''}`;
  if (state === 'reported') return `${TIP_STATE_TEXT.reported} · ${c.storyTitle}`;
  return `${TIP_STATE_TEXT.declined}：${c.declineReason}`;
}

function toConsoleTip(tip: TipRow, c: TipCaseRow | null, tipster: string): ConsoleTip {
  const state = tipStateOf(c);
  return {
    id: tip.id,
    content: tip.content,
    place: tip.place,
    pictures: tip.pictures,
    contactPhone: tip.contactPhone,
    tipster,
    time: formatBeijingTime(tip.createdAt),
    state,
    stateText: TIP_STATE_TEXT[state],
    reporterId: c?.reporterId ?? 0,
    reporterName: c?.reporterName ?? '',
    newsId: c?.newsId ?? 0,
    storyTitle: c?.storyTitle ?? '',
    storyHref: c ? storyHref(c) : '',
    declineReason: c?.declineReason ?? '',
    points: c?.points ?? 0,
  };
}

export async function tipInboxService(db: Db, queue: TipQueue, page: number): Promise<DeskPage<ConsoleTip>> {
  const rows = await readDeskPage(page, PAGE_SIZE, (window) => inboxRepo(db, queue, window));
  return { ...rows, items: rows.items.map((r) => toConsoleTip(r.tip, r.tipCase, r.tipster)) };
}

/** Who a tip can be given to, and the latest stories it can be linked to. */
export async function tipOptionsService(db: Db) {
  const [reporters, stories] = await Promise.all([reportersRepo(db), recentStoriesRepo(db, 30)]);
  return { reporters, stories: stories.map((s) => ({ id: s.id, title: s.title, time: formatBeijingTime(s.publishTime) })) };
}

async function approvedTip(db: Db, id: number): Promise<TipRow> {
  const tip = await findTipRepo(db, id);
  if (!tip) throw fail(TIP_MESSAGES.missing, StatusCode.notFound);
  if (tip.reviewState !== 'approved') throw fail(TIP_MESSAGES.notApproved);
  return tip;
}

async function answerAsIs(db: Db, tip: TipRow): Promise<ConsoleTip> {
  return toConsoleTip(tip, await findTipCaseRepo(db, tip.id), '');
}

/**
 * 已采纳: the tip goes to a reporter and its tipster is rewarded once. The same adoption sent again (a retry
 * or a second click racing the first) answers the tip as it is and pays nothing more.
 */
export async function adoptTipService(deps: AppDeps, actor: DeskActor, input: { id: number; reporterId: number }, now = new Date()): Promise<ConsoleTip> {
  const { db } = deps.database;
  const tip = await approvedTip(db, input.id);
  const reporter = await findReporterRepo(db, input.reporterId);
  if (!reporter) throw fail(TIP_MESSAGES.reporterMissing);
  const adopted = await deps.database.write(async (tx) => {
    const row = await adoptRepo(tx, tip.id, reporter, now);
    if (!row) return null;
    const paid = await awardPoints(tx, { userId: tip.userId, reason: 'tip', ref: String(tip.id), now });
    const points = paid.awarded ? paid.points : 0;
    if (points > 0) await setPointsRepo(tx, tip.id, points);
    await actor.audit(tx, {
      action: 'tip.adopt',
      itemKind: ITEM_KIND,
      itemId: tip.id,
      before: { state: 'new' },
      after: { state: 'adopted', reporterId: reporter.id, reporter: reporter.name, points },
    });
    return { ...row, points };
  });
  if (adopted) return toConsoleTip(tip, adopted, '');
  const current = await findTipCaseRepo(db, tip.id);
  if (current?.state === 'adopted' && current.reporterId === reporter.id) return toConsoleTip(tip, current, '');
  throw fail(TIP_MESSAGES.handled);
}

/** 已报道: an adopted tip is linked to the published story it led to. */
export async function reportTipService(deps: AppDeps, actor: DeskActor, input: { id: number; newsId: number }, now = new Date()): Promise<ConsoleTip> {
  const { db } = deps.database;
  const tip = await approvedTip(db, input.id);
  const story = await findStoryRepo(db, input.newsId);
  if (!story) throw fail(TIP_MESSAGES.storyMissing);
  const reported = await deps.database.write(async (tx) => {
    const row = await reportRepo(tx, tip.id, { newsId: story.id, classId: story.classId, title: story.title }, now);
    if (row)
      await actor.audit(tx, {
        action: 'tip.report',
        itemKind: ITEM_KIND,
        itemId: tip.id,
        before: { state: 'adopted' },
        after: { state: 'reported', newsId: story.id, title: story.title },
      });
    return row;
  });
  if (reported) return toConsoleTip(tip, reported, '');
  const current = await findTipCaseRepo(db, tip.id);
  if (current?.state === 'reported' && current.newsId === story.id) return answerAsIs(db, tip);
  throw fail(TIP_MESSAGES.notAdopted);
}

/** 未采用, with the reason the tipster reads: a new tip, or an adopted one that led to no story. */
export async function declineTipService(deps: AppDeps, actor: DeskActor, input: { id: number; reason: string }, now = new Date()): Promise<ConsoleTip> {
  const { db } = deps.database;
  const tip = await approvedTip(db, input.id);
  const before = await findTipCaseRepo(db, tip.id);
  const declined = await deps.database.write(async (tx) => {
    const row = await declineRepo(tx, tip.id, input.reason, now);
    if (row)
      await actor.audit(tx, {
        action: 'tip.decline',
        itemKind: ITEM_KIND,
        itemId: tip.id,
        before: { state: tipStateOf(before) },
        after: { state: 'declined' },
        reason: input.reason,
      });
    return row;
  });
  if (declined) return toConsoleTip(tip, declined, '');
  const current = await findTipCaseRepo(db, tip.id);
  if (current?.state === 'declined' && current.declineReason === input.reason) return toConsoleTip(tip, current, '');
  throw fail(TIP_MESSAGES.handled);
}

/** The handling of a reader's own tips the desk acted on, for 我的爆料: the words, and the story a reported tip opens. */
export async function myTipStatesService(db: Db, tipIds: number[]): Promise<Map<number, { text: string; href: string }>> {
  const cases = await tipCasesOfRepo(db, tipIds);
  return new Map([...cases].map(([id, c]) => [id, { text: tipsterText(c), href: storyHref(c) }]));
}
