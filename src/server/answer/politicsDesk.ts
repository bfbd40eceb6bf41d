/**
 * The 问政 answering desk (docs/security.md "Answering desks"): the desk (answer.desk) accepts a 待受理
 * question and assigns it to a department, or declines it with a reason the asker reads; the department
 * (answer.reply, its own questions only) signs for it, asks once for more time, hands it back once, or
 * writes the official reply; the asker rates the reply once. Each staff action and its audit row land in
 * one transaction; a retry of the same action answers the case as it is, a different action on a case
 * that moved on is refused in Chinese. Time comes from the caller (`now`), so the overdue rule is tested
 * with a controlled clock.
 */
import { readDeskPage, type DeskPage } from './deskPage.ts';
import {
  ANSWER_WORKING_DAYS,
  CASE_STATE_TEXT,
  RATING_TEXT,
  type CaseState,
  type DepartmentPage,
  type HandlingStep,
  type OfficialReply,
  type PoliticsHandling,
  type UnitFigures,
} from '../../contract/answerDesk.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { sanitizeHtml } from '../../features/richtext/sanitizeHtml.server.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import { addWorkingDays } from '../../lib/workingDays.ts';
import type { AuditEntry } from '../audit/repo.ts';
import type { Db, Tx } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { AuthUser } from '../http/auth.ts';
import type { RateLimiter } from '../http/rateLimit.ts';
import type { AppDeps } from '../http/types.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { workCalendarFrom } from './workCalendar.ts';
import {
  acceptRepo,
  addEventRepo,
  addReturnEventRepo,
  casesOfRepo,
  declineRepo,
  eventsOfRepo,
  extendRepo,
  figureCountsRepo,
  findCaseRepo,
  findPoliticsRepo,
  findUnitByNameRepo,
  findUnitRepo,
  listUnitsRepo,
  overdueCountRepo,
  queueRepo,
  rateRepo,
  replyRepo,
  returnRepo,
  startRepo,
  unitOfStaffRepo,
  unitRecentRepliesRepo,
  unitStaffRepo,
  type CaseEventRow,
  type CaseRow,
  type FigureCounts,
  type PoliticsRow,
  type Queue,
  type UnitRow,
} from './repo.ts';
import { paragraphsHtml } from '../../lib/escapeHtml.ts';

export const DESK_MESSAGES = {
  missing: '问政不存在或已删除',
  notApproved: '该问政尚未通过审核，不能受理',
  unitMissing: '部门不存在',
  notWaiting: '该问政已受理或已处理，请刷新后查看',
  noUnit: '你的账号尚未关联部门，请联系管理员',
  notYours: '该问政不属于你的部门',
  notOpen: '该问政不在办理中，请刷新后查看',
  notAccepted: '该问政已签收或已处理',
  extendedOnce: '每个问政只能申请一次延期',
  returnedOnce: '你的部门已退回过该问政一次，不能再次退回',
  alreadyReplied: '该问政已回复，不能重复回复',
  notAsker: '只有提问人可以评价',
  notReplied: '部门回复后才能评价',
  ratedOnce: '你已评价过，不能更改',
  rated: '感谢你的评价',
} as const;

const fail = (message: string, code: number = StatusCode.unprocessable) => new ApiFailure(code, message);

/** Who acts in the console (the handler's staff) and how their audit row is written. */
export interface DeskActor {
  staffId: number;
  name: string;
  audit: (tx: Tx, entry: Omit<AuditEntry, 'staffId' | 'staffName' | 'ip'>) => Promise<void>;
}

const ITEM_KIND = 'politics';

// ── figures ──────────────────────────────────────────────────────────────────────────────────────

/** part / whole as a percentage with one decimal, '—' when whole is 0 (the desks' published rates). */
export const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`);

/** The published figures from the counts (pure: the arithmetic the figures test checks). */
export function toFigures(c: Omit<FigureCounts, 'unitId'> | undefined): UnitFigures {
  const counts = c ?? { received: 0, replied: 0, replySeconds: 0, rated: 0, satisfied: 0, overdue: 0 };
  return {
    received: counts.received,
    replied: counts.replied,
    replyRate: percent(counts.replied, counts.received),
    averageDays: counts.replied === 0 ? '—' : (Math.round((counts.replySeconds / counts.replied / 86_400) * 10) / 10).toFixed(1),
    rated: counts.rated,
    satisfied: counts.satisfied,
    satisfaction: percent(counts.satisfied, counts.rated),
    overdue: counts.overdue,
  };
}

// ── the asker's view ─────────────────────────────────────────────────────────────────────────────

/** The state a reader sees: a question with no case is 待受理 unless the old board already answered it. */
export function stateOf(row: Pick<PoliticsRow, 'status'>, c: CaseRow | null | undefined): CaseState {
  if (!c) return row.status === 1 ? 'replied' : 'submitted';
  if (c.state === 'returned') return 'submitted';
  return c.state as CaseState;
}

const at = (d: Date | null | undefined) => (d ? formatBeijingTime(d) : '');

/**
 * The timeline 已提交 → 已受理（转交某部门）→ 办理中 → 已回复 (or 已提交 → 不予受理 with the reason), each with
 * its time once reached and what the asker is told about it.
 */
export function buildSteps(
  row: Pick<PoliticsRow, 'createdAt' | 'acceptedAt' | 'repliedAt' | 'status' | 'department'>,
  c: CaseRow | null,
  unitName: string,
  events: readonly CaseEventRow[],
): HandlingStep[] {
  const state = stateOf(row, c);
  const submitted: HandlingStep = { name: '已提交', time: at(row.createdAt), done: true, note: '' };
  if (state === 'declined') return [submitted, { name: '不予受理', time: at(c?.updatedAt), done: true, note: c?.declineReason ?? '' }];
  const returned = events.filter((e) => e.kind === 'returned').at(-1);
  const replied = state === 'replied';
  const acceptedAt = c && state !== 'submitted' ? c.acceptedAt : row.status === 1 ? (row.acceptedAt ?? row.repliedAt) : null;
  const startedAt = c && state !== 'submitted' ? (c.startedAt ?? (replied ? c.repliedAt : null)) : replied ? acceptedAt : null;
  const extension = c?.extendedAt && state !== 'submitted' ? `部门申请延期办理：${c.extensionReason}` : '';
  const rating = c?.rating ? `提问人评价：${RATING_TEXT[c.rating] ?? ''}` : '';
  return [
    submitted,
    {
      name: '已受理',
      time: at(acceptedAt),
      done: acceptedAt !== null,
      note: acceptedAt !== null ? `转交${unitName || row.department}` : returned ? '部门已退回，等待重新转交' : '',
    },
    { name: '办理中', time: at(startedAt), done: startedAt !== null, note: extension },
    { name: '已回复', time: replied ? at(c?.repliedAt ?? row.repliedAt) : '', done: replied, note: rating },
  ];
}

/** Spec 3 official reply of a replied question: the department's name, the reply's HTML and the related report. */
export function officialReplyOf(
  row: Pick<PoliticsRow, 'status' | 'replyHtml' | 'repliedAt' | 'department'>,
  c: CaseRow | null,
  unit: Pick<UnitRow, 'id' | 'name'> | null,
): OfficialReply | null {
  if (row.status !== 1 || row.replyHtml === '') return null;
  return {
    username: unit?.name ?? row.department,
    content: sanitizeHtml(row.replyHtml),
    newsStruct: { url: c?.replyNewsUrl ?? '' },
    label: '官方',
    userType: 4,
    pictures: c?.replyPictures ?? [],
    time: at(c?.repliedAt ?? row.repliedAt),
    unitId: unit?.id ?? 0,
  };
}

async function unitFor(db: Db, row: PoliticsRow, c: CaseRow | null): Promise<UnitRow | null> {
  if (c?.unitId) return findUnitRepo(db, c.unitId);
  return findUnitByNameRepo(db, row.department);
}

/** What the question's page shows of its handling; a question in review is its asker's alone. */
export async function handlingService(db: Db, viewer: AuthUser | null, id: number): Promise<PoliticsHandling> {
  const row = await findPoliticsRepo(db, id);
  if (!row || (row.reviewState !== 'approved' && viewer?.userId !== row.userId)) throw fail(DESK_MESSAGES.missing, StatusCode.notFound);
  const [c, events] = await Promise.all([findCaseRepo(db, id), eventsOfRepo(db, id)]);
  const state = stateOf(row, c);
  const assigned = c && state !== 'submitted' && state !== 'declined' ? await unitFor(db, row, c) : null;
  const replyUnit = state === 'replied' ? (assigned ?? (await unitFor(db, row, c))) : null;
  const mine = viewer?.userId === row.userId;
  return {
    id: row.id,
    state,
    stateText: CASE_STATE_TEXT[state],
    steps: buildSteps(row, c, assigned?.name ?? replyUnit?.name ?? '', events),
    unit: assigned ? { id: assigned.id, name: assigned.name } : replyUnit ? { id: replyUnit.id, name: replyUnit.name } : null,
    declineReason: state === 'declined' ? (c?.declineReason ?? '') : '',
    officialReply: officialReplyOf(row, c, replyUnit),
    mine,
    canRate: mine && state === 'replied' && c !== null && c.rating === null,
    rating: c?.rating ?? 0,
  };
}

/** Ratings: ≤ 10 a minute per reader (each question takes one, once). */
const RATE_RULES = [{ max: 10, windowMs: 60_000 }];

/** The asker rates the reply once; the same rating sent again answers as it is (a retry). */
export async function rateService(
  deps: AppDeps,
  limiter: RateLimiter,
  user: AuthUser,
  input: { id: number; rating: number },
  now = new Date(),
): Promise<{ data: PoliticsHandling; message: string }> {
  const { db } = deps.database;
  const row = await findPoliticsRepo(db, input.id);
  if (!row || (row.reviewState !== 'approved' && row.userId !== user.userId)) throw fail(DESK_MESSAGES.missing, StatusCode.notFound);
  if (row.userId !== user.userId) throw fail(DESK_MESSAGES.notAsker, StatusCode.forbidden);
  await limiter.take([{ key: `politics-rate:user:${user.userId}`, rules: RATE_RULES }]);
  const done = await deps.database.write(async (tx) => {
    const rated = await rateRepo(tx, input.id, input.rating, now);
    if (rated) await addEventRepo(tx, input.id, 'rated', now, rated.unitId, RATING_TEXT[input.rating] ?? '');
    return rated;
  });
  if (!done) {
    const c = await findCaseRepo(db, input.id);
    if (!c || c.state !== 'replied') throw fail(DESK_MESSAGES.notReplied);
    if (c.rating !== input.rating) throw fail(DESK_MESSAGES.ratedOnce);
  }
  return { data: await handlingService(db, user, input.id), message: DESK_MESSAGES.rated };
}

/** The 问政 state texts of 我的提问 (by question id): 待受理, 已受理 · 某部门, 已回复 · 待评价 / 满意 … */
export async function myPoliticsStatesService(db: Db, rows: readonly Pick<PoliticsRow, 'id' | 'status' | 'department'>[]): Promise<Map<number, string>> {
  const cases = await casesOfRepo(
    db,
    rows.map((r) => r.id),
  );
  const units = new Map((await listUnitsRepo(db)).map((u) => [u.id, u.name]));
  const out = new Map<number, string>();
  for (const r of rows) {
    const c = cases.get(r.id) ?? null;
    const state = stateOf(r, c);
    const unit = c?.unitId ? (units.get(c.unitId) ?? r.department) : r.department;
    const tail =
      state === 'replied'
        ? c === null
          ? '已回复'
          : c.rating
            ? `已回复 · ${RATING_TEXT[c.rating]}`
            : '已回复 · 待评价'
        : state === 'declined'
          ? '不予受理'
          : state === 'submitted'
            ? '待受理'
            : `${CASE_STATE_TEXT[state]} · ${unit}`;
    out.set(r.id, `问政 · ${tail}`);
  }
  return out;
}

/** A department's public page: its figures, computed from its cases, and its latest replies. */
export async function departmentPageService(db: Db, id: number, now = new Date()): Promise<DepartmentPage> {
  const unit = await findUnitRepo(db, id);
  if (!unit) throw fail(DESK_MESSAGES.unitMissing, StatusCode.notFound);
  const [counts, recent] = await Promise.all([figureCountsRepo(db, now, [unit.id]), unitRecentRepliesRepo(db, unit.id, 10)]);
  return {
    id: unit.id,
    name: unit.name,
    intro: unit.intro,
    figures: toFigures(counts[0]),
    recent: recent.map((r) => ({ id: r.id, title: r.title, stateText: r.rating ? `已回复 · ${RATING_TEXT[r.rating]}` : '已回复', time: at(r.repliedAt) })),
  };
}

// ── the console ──────────────────────────────────────────────────────────────────────────────────

export interface ConsoleQuestion {
  id: number;
  title: string;
  content: string;
  asker: string;
  askedAt: string;
  /** The department the asker chose. */
  chosen: string;
  chosenUnitId: number;
  state: CaseState;
  stateText: string;
  unitId: number;
  unitName: string;
  acceptedAt: string;
  dueAt: string;
  overdue: boolean;
  extended: boolean;
  extensionReason: string;
  declineReason: string;
  /** The last hand-back's reason (a question back in 待受理). */
  returnedReason: string;
  repliedAt: string;
  rating: string;
}

async function toConsole(db: Db, rows: Awaited<ReturnType<typeof queueRepo>>, now: Date): Promise<ConsoleQuestion[]> {
  const profiles = await profilesRepo(db, [...new Set(rows.map((r) => r.politics.userId))]);
  const units = await listUnitsRepo(db);
  const byName = new Map(units.map((u) => [u.name, u.id]));
  return rows.map(({ politics: p, case: c, unitName }) => {
    const state = stateOf(p, c);
    const open = state === 'accepted' || state === 'processing';
    return {
      id: p.id,
      title: p.title,
      content: p.content,
      asker: profiles.get(p.userId)?.nickname ?? '读者',
      askedAt: at(p.createdAt),
      chosen: p.department,
      chosenUnitId: byName.get(p.department) ?? 0,
      state,
      stateText: CASE_STATE_TEXT[state],
      unitId: c?.unitId ?? 0,
      unitName: unitName ?? '',
      acceptedAt: at(c?.acceptedAt),
      dueAt: open ? at(c?.dueAt) : '',
      overdue: open && c?.dueAt != null && c.dueAt.getTime() < now.getTime(),
      extended: c?.extendedAt != null,
      extensionReason: c?.extensionReason ?? '',
      declineReason: c?.declineReason ?? '',
      returnedReason: c?.state === 'returned' ? c.returnedReason : '',
      repliedAt: at(c?.repliedAt ?? p.repliedAt),
      rating: c?.rating ? (RATING_TEXT[c.rating] ?? '') : '',
    };
  });
}

const PAGE_SIZE = 20;

export async function deskQueueService(db: Db, queue: Queue, page: number, now = new Date()): Promise<DeskPage<ConsoleQuestion> & { overdue: number }> {
  const [pageOf, overdue] = await Promise.all([readDeskPage(page, PAGE_SIZE, (window) => queueRepo(db, queue, { now, window })), overdueCountRepo(db, now)]);
  return { ...pageOf, items: await toConsole(db, pageOf.items, now), overdue };
}

/** The caller's department; a person of role 部门 linked to none (or to a seller of the complaint desk) is refused. */
export async function requireUnit(db: Db, staffId: number): Promise<UnitRow> {
  const unit = await unitOfStaffRepo(db, staffId);
  if (!unit || unit.kind !== 'department') throw fail(DESK_MESSAGES.noUnit, StatusCode.forbidden);
  return unit;
}

export async function unitQueueService(db: Db, staffId: number, queue: 'open' | 'replied', page: number, now = new Date()) {
  const unit = await requireUnit(db, staffId);
  const [pageOf, counts] = await Promise.all([
    readDeskPage(page, PAGE_SIZE, (window) => queueRepo(db, queue, { unitId: unit.id, now, window })),
    figureCountsRepo(db, now, [unit.id]),
  ]);
  return { unit: { id: unit.id, name: unit.name }, figures: toFigures(counts[0]), ...pageOf, items: await toConsole(db, pageOf.items, now) };
}

/** Every department with its figures and its people (the desk's assignment list and the units page). */
export async function unitsService(db: Db, now = new Date()) {
  const units = await listUnitsRepo(db);
  const [counts, people] = await Promise.all([
    figureCountsRepo(db, now),
    unitStaffRepo(
      db,
      units.map((u) => u.id),
    ),
  ]);
  const byUnit = new Map(counts.map((c) => [c.unitId, c]));
  return units.map((u) => ({
    id: u.id,
    name: u.name,
    figures: toFigures(byUnit.get(u.id)),
    staff: people.filter((p) => p.unitId === u.id).map((p) => ({ id: p.staffId, name: p.name, account: p.account })),
  }));
}

/** One question as the console shows it, with its timeline. A department sees only its own. */
export async function consoleDetailService(db: Db, id: number, unitId: number | null, now = new Date()) {
  const row = await findPoliticsRepo(db, id);
  if (!row) throw fail(DESK_MESSAGES.missing, StatusCode.notFound);
  const c = await findCaseRepo(db, id);
  if (unitId !== null && c?.unitId !== unitId) throw fail(DESK_MESSAGES.notYours, StatusCode.forbidden);
  const events = await eventsOfRepo(db, id);
  const unit = c?.unitId ? await findUnitRepo(db, c.unitId) : null;
  const [item] = await toConsole(db, [{ politics: row, case: c, unitName: unit?.name ?? null }], now);
  return {
    ...item!,
    pictures: row.pictures,
    steps: buildSteps(row, c, unit?.name ?? '', events),
    replyHtml: row.status === 1 ? sanitizeHtml(row.replyHtml) : '',
  };
}

async function waitingQuestion(db: Db, id: number): Promise<PoliticsRow> {
  const row = await findPoliticsRepo(db, id);
  if (!row) throw fail(DESK_MESSAGES.missing, StatusCode.notFound);
  if (row.reviewState !== 'approved') throw fail(DESK_MESSAGES.notApproved);
  return row;
}

/** 受理: assigns a waiting question to a department (the asker's choice or another). */
export async function acceptService(deps: AppDeps, actor: DeskActor, input: { id: number; unitId: number }, now = new Date()) {
  const { db } = deps.database;
  const row = await waitingQuestion(db, input.id);
  const unit = await findUnitRepo(db, input.unitId);
  if (!unit) throw fail(DESK_MESSAGES.unitMissing);
  // 5 working days on the desk's calendar: weekends, and the year's holidays and 调休 (节假日安排).
  const due = addWorkingDays(now, ANSWER_WORKING_DAYS, await workCalendarFrom(db, now));
  const done =
    row.status === 1
      ? null
      : await deps.database.write(async (tx) => {
          const accepted = await acceptRepo(tx, input.id, unit.id, now, due);
          if (!accepted) return null;
          await addEventRepo(tx, input.id, 'accepted', now, unit.id);
          await actor.audit(tx, {
            action: 'answer.accept',
            itemKind: ITEM_KIND,
            itemId: input.id,
            before: { state: 'submitted' },
            after: { state: 'accepted', unitId: unit.id, unit: unit.name, dueAt: due.toISOString() },
          });
          return accepted;
        });
  if (!done) {
    const c = await findCaseRepo(db, input.id);
    // The same assignment sent again (a retry) answers the case as it is.
    if (!(c && c.state !== 'returned' && c.state !== 'declined' && c.unitId === unit.id)) throw fail(DESK_MESSAGES.notWaiting);
  }
  return consoleDetailService(db, input.id, null, now);
}

/** 不予受理, with the reason the asker reads. */
export async function declineService(deps: AppDeps, actor: DeskActor, input: { id: number; reason: string }, now = new Date()) {
  const { db } = deps.database;
  const row = await waitingQuestion(db, input.id);
  const done =
    row.status === 1
      ? null
      : await deps.database.write(async (tx) => {
          const declined = await declineRepo(tx, input.id, input.reason, now);
          if (!declined) return null;
          await addEventRepo(tx, input.id, 'declined', now, null, input.reason);
          await actor.audit(tx, {
            action: 'answer.decline',
            itemKind: ITEM_KIND,
            itemId: input.id,
            before: { state: 'submitted' },
            after: { state: 'declined' },
            reason: input.reason,
          });
          return declined;
        });
  if (!done) {
    const c = await findCaseRepo(db, input.id);
    if (!(c && c.state === 'declined' && c.declineReason === input.reason)) throw fail(DESK_MESSAGES.notWaiting);
  }
  return consoleDetailService(db, input.id, null, now);
}

/** Refuses anything on a case that is not this unit's (the same answer whether it exists or not elsewhere). */
async function ownCase(db: Db, unit: UnitRow, id: number): Promise<CaseRow> {
  const c = await findCaseRepo(db, id);
  if (!c || c.unitId !== unit.id) throw fail(DESK_MESSAGES.notYours, StatusCode.forbidden);
  return c;
}

/** 签收: the department starts handling its accepted question. */
export async function startService(deps: AppDeps, actor: DeskActor, input: { id: number }, now = new Date()) {
  const { db } = deps.database;
  const unit = await requireUnit(db, actor.staffId);
  await ownCase(db, unit, input.id);
  const done = await deps.database.write(async (tx) => {
    const started = await startRepo(tx, input.id, unit.id, now);
    if (!started) return null;
    await addEventRepo(tx, input.id, 'started', now, unit.id);
    await actor.audit(tx, {
      action: 'answer.start',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { state: 'accepted' },
      after: { state: 'processing', unit: unit.name },
    });
    return started;
  });
  if (!done) {
    const c = await ownCase(db, unit, input.id);
    if (c.state !== 'processing' && c.state !== 'replied') throw fail(DESK_MESSAGES.notAccepted);
  }
  return consoleDetailService(db, input.id, unit.id, now);
}

/** 申请延期: once per question, with a reason; 5 more working days from the current due time. */
export async function extendService(deps: AppDeps, actor: DeskActor, input: { id: number; reason: string }, now = new Date()) {
  const { db } = deps.database;
  const unit = await requireUnit(db, actor.staffId);
  const c = await ownCase(db, unit, input.id);
  if (c.extendedAt) {
    if (c.extensionReason === input.reason) return consoleDetailService(db, input.id, unit.id, now);
    throw fail(DESK_MESSAGES.extendedOnce);
  }
  const from = c.dueAt ?? now;
  const due = addWorkingDays(from, ANSWER_WORKING_DAYS, await workCalendarFrom(db, from));
  const done = await deps.database.write(async (tx) => {
    const extended = await extendRepo(tx, input.id, unit.id, input.reason, due, now);
    if (!extended) return null;
    await addEventRepo(tx, input.id, 'extended', now, unit.id, input.reason);
    await actor.audit(tx, {
      action: 'answer.extend',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { dueAt: c.dueAt?.toISOString() ?? null },
      after: { dueAt: due.toISOString() },
      reason: input.reason,
    });
    return extended;
  });
  if (!done) {
    const now2 = await ownCase(db, unit, input.id);
    throw fail(now2.extendedAt ? DESK_MESSAGES.extendedOnce : DESK_MESSAGES.notOpen);
  }
  return consoleDetailService(db, input.id, unit.id, now);
}

/** 退回: the department hands the question back to the desk, once, with a reason. */
export async function returnService(deps: AppDeps, actor: DeskActor, input: { id: number; reason: string }, now = new Date()) {
  const { db } = deps.database;
  const unit = await requireUnit(db, actor.staffId);
  await ownCase(db, unit, input.id);
  const outcome = await deps.database.write(async (tx) => {
    if (!(await addReturnEventRepo(tx, input.id, now, unit.id, input.reason))) return 'once' as const;
    const returned = await returnRepo(tx, input.id, unit.id, input.reason, now);
    // Not open (replied meanwhile): the event must not stay; the transaction is rolled back.
    if (!returned) throw fail(DESK_MESSAGES.notOpen);
    await actor.audit(tx, {
      action: 'answer.return',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { state: 'open', unit: unit.name },
      after: { state: 'submitted' },
      reason: input.reason,
    });
    return 'done' as const;
  });
  if (outcome === 'once') throw fail(DESK_MESSAGES.returnedOnce);
  return { id: input.id, state: 'submitted' as const };
}

/** Plain text paragraphs → the reply's HTML (escaped, then through the one sanitiser). */
export function replyHtmlOf(text: string): string {
  return sanitizeHtml(paragraphsHtml(text));
}

/** 回复: the department's official reply (text, pictures, a related report); only its own open question. */
export async function replyService(
  deps: AppDeps,
  actor: DeskActor,
  input: { id: number; content: string; pictures: string[]; newsUrl: string },
  now = new Date(),
) {
  const { db } = deps.database;
  const unit = await requireUnit(db, actor.staffId);
  const c = await ownCase(db, unit, input.id);
  const html = replyHtmlOf(input.content);
  if (c.state === 'replied') {
    const row = await findPoliticsRepo(db, input.id);
    // The same reply sent again (a retry after a lost answer) answers as it is.
    if (row && row.replyHtml === html && c.replyStaffId === actor.staffId) return consoleDetailService(db, input.id, unit.id, now);
    throw fail(DESK_MESSAGES.alreadyReplied);
  }
  const done = await deps.database.write(async (tx) => {
    const replied = await replyRepo(tx, input.id, unit.id, { html, pictures: input.pictures, newsUrl: input.newsUrl, staffId: actor.staffId }, now);
    if (!replied) return null;
    await addEventRepo(tx, input.id, 'replied', now, unit.id);
    await actor.audit(tx, {
      action: 'answer.reply',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { state: c.state },
      after: { state: 'replied', unit: unit.name, pictures: input.pictures.length, newsUrl: input.newsUrl },
    });
    return replied;
  });
  if (!done) throw fail(DESK_MESSAGES.notOpen);
  return consoleDetailService(db, input.id, unit.id, now);
}
