/**
 * The moderation desk's service (docs/adr/018-one-review-model.md; issue "the newsroom", section 3): the five
 * queues over moderation_items with keyset paging, decisions that only one moderator can make (a conditional
 * update: the second is told who did it), reports that land on the item and are settled by its decision, mutes,
 * per-area settings, the emergency switch and the word list. Who may call what is the console's permission table;
 * this file takes the acting moderator's areas (null: every area) and refuses an item outside them.
 */
import { maskPhone } from '../../contract/accounts.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { ApiFailure, fail } from '../http/envelope.ts';
import { invalidationBus } from '../cache/invalidationBus.ts';
import { tagsOfScope, type ItemRef, type WriteScope } from '../web/writeScope.ts';
import { AREA_LABELS, AREAS, REVIEW_BEFORE_PUBLISH_DEFAULT, SITE_WIDE, isArea, type Area } from './areas.ts';
import { forgetGateCache } from '../review/gate.ts';
import { reviewKind, type ItemView } from './registry.ts';
import { normalizeWord, WordMatcher, type WordAction } from '../review/wordMatcher.ts';
import {
  authorsRepo,
  claimDecisionRepo,
  decidedSinceRepo,
  deleteWordRepo,
  deskRowByIdRepo,
  findDeskRowRepo,
  findMuteRepo,
  putMuteRepo,
  putSettingRepo,
  putWordRepo,
  queueRowsRepo,
  rejectReasonsRepo,
  replaceRejectReasonsRepo,
  setArticleCommentsRepo,
  settingsRowsRepo,
  userExistsRepo,
  wordsRepo,
  wroteInAreasRepo,
  type ModerationRow,
  type Tab,
} from './repo.ts';

export const DESK_MESSAGES = {
  takenBy: (name: string, at: Date) => `已被他人处理（${name}，${formatBeijingTime(at)}）`,
  missing: '内容不存在或已删除',
  outOfScope: '你无权处理该栏目的内容',
  notOpen: '该内容不在待处理状态',
  reasonRequired: '请填写或选择理由',
  reasonTooLong: '理由最多 100 字',
  nothingChosen: '请先选择要处理的内容',
  tooMany: '一次最多处理 100 条',
  badWord: '敏感词不能为空，也不能只有符号',
  wordTooLong: '敏感词最多 20 字',
  unknownArea: '栏目不存在',
  badDays: '禁言天数只能是 1、7、30 天或永久',
  closedMessageRequired: '请填写告知读者的原因',
} as const;

export type { Tab };
/** The tab labels, in the desk's order (section 3). */
export const TAB_LABELS: Record<Tab, string> = { pending: '待审', reported: '被举报', words: '敏感词', patrol: '巡查', decided: '已处理' };

export type Action = 'approve' | 'reject' | 'remove';

/** An item or area outside the moderator's scope: HTTP 403, as the console's other refusals of a permission. */
const outOfScope = (): ApiFailure => new ApiFailure(StatusCode.forbidden, DESK_MESSAGES.outOfScope, 403);

/** Who acts: a staff member, the areas they may work in (null: all), and where the call came from. */
export interface Moderator {
  staffId: number;
  name: string;
  areas: readonly Area[] | null;
  ip: string;
}

/** One entry of the audit trail, as the desk hands it to the trail (src/server/audit when present). */
export interface AuditEntry {
  staffId: number;
  action: string;
  itemKind: string;
  itemId: string;
  before: unknown;
  after: unknown;
  reason: string;
  ip: string;
}
export type AuditWriter = (tx: Tx, entry: AuditEntry) => Promise<void>;

export interface DeskDeps {
  database: Database;
  /** Appends to the audit trail in the decision's own transaction. */
  audit: AuditWriter;
}

export const PAGE_SIZE = 20;

export interface QueueQuery {
  tab: Tab;
  area?: Area | undefined;
  /** Items written on or after / before these times. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Text filter: items whose text contains it. */
  word?: string | undefined;
  /** The last item of the previous page (keyset): its sort time and desk id. */
  after?: { at: string; id: number } | undefined;
  limit?: number | undefined;
}

export interface Author {
  userId: number;
  nickname: string;
  maskedPhone: string;
  /** Days since the account was made. */
  accountDays: number;
  approved: number;
  rejected: number;
  reported: number;
  /** The mute in force now: its end (Beijing time), '' for good; null when not muted. */
  mutedUntil: string | null;
}

export interface QueueItem {
  deskId: number;
  kind: string;
  kindLabel: string;
  itemId: number;
  area: Area;
  areaLabel: string;
  state: string;
  createdAt: string;
  /** Minutes since it was written (待审 shows its age). */
  ageMinutes: number;
  heldWord: string;
  /** Where the hold word stands in the item's text as written, [start, end) (the desk marks it). */
  marks: { start: number; end: number }[];
  reportCount: number;
  reportReasons: string[];
  reportedAt: string;
  decision: string;
  reason: string;
  decidedBy: string;
  decidedAt: string;
  item: ItemView | null;
  author: Author | null;
  /** Keyset cursor of this row (its sort time, ISO). */
  cursor: { at: string; id: number };
}

/** The areas a moderator asks for: their own, narrowed to one; asking for another is refused. */
function scopeOf(areas: readonly Area[] | null, area: Area | undefined): readonly Area[] | null {
  if (area === undefined) return areas;
  if (areas && !areas.includes(area)) throw outOfScope();
  return [area];
}

/** One page of a queue: only the moderator's areas, keyset-paged (stays fast with 100,000 held items: section 3). */
export async function listQueue(
  db: Db,
  who: Pick<Moderator, 'areas'>,
  q: QueueQuery,
): Promise<{ items: QueueItem[]; next: { at: string; id: number } | null }> {
  const limit = Math.min(Math.max(q.limit ?? PAGE_SIZE, 1), 100);
  const word = q.word?.trim();
  const rows = await queueRowsRepo(db, {
    tab: q.tab,
    areas: scopeOf(who.areas, q.area),
    from: q.from,
    to: q.to,
    word: word ? { text: word, folded: normalizeWord(word) } : undefined,
    after: q.after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const items = await describe(db, page);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? last.cursor : null };
}

/** The rows of a page with their items in context and their authors. */
async function describe(db: Db, rows: (ModerationRow & { cursorAt: string })[]): Promise<QueueItem[]> {
  const byKind = new Map<string, number[]>();
  for (const r of rows) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.itemId]);
  const views = new Map<string, ItemView>();
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const k = reviewKind(kind);
      if (!k) return;
      for (const [id, view] of await k.fetch(db, ids)) views.set(`${kind}:${id}`, view);
    }),
  );
  const authors = await authorsOf(db, [...new Set(rows.map((r) => r.userId))]);
  const now = Date.now();
  return rows.map((r) => {
    const area: Area = isArea(r.area) ? r.area : 'news';
    return {
      deskId: r.id,
      kind: r.kind,
      kindLabel: reviewKind(r.kind)?.label ?? r.kind,
      itemId: r.itemId,
      area,
      areaLabel: AREA_LABELS[area],
      state: r.state,
      createdAt: formatBeijingTime(r.createdAt),
      ageMinutes: Math.max(0, Math.floor((now - r.createdAt.getTime()) / 60_000)),
      heldWord: r.heldWord,
      marks: marksOf(r.heldWord, views.get(`${r.kind}:${r.itemId}`)?.text ?? r.excerpt),
      reportCount: r.reportCount,
      reportReasons: r.reportReasons === '' ? [] : r.reportReasons.split(','),
      reportedAt: r.reportedAt ? formatBeijingTime(r.reportedAt) : '',
      decision: r.decision,
      reason: r.reason,
      decidedBy: r.decidedByName,
      decidedAt: r.decidedAt ? formatBeijingTime(r.decidedAt) : '',
      item: views.get(`${r.kind}:${r.itemId}`) ?? null,
      author: authors.get(r.userId) ?? null,
      cursor: { at: r.cursorAt, id: r.id },
    };
  });
}

/** The spans of `text` the hold word matches, as the gate's matcher saw them (spaces and symbols between its characters included). */
function marksOf(heldWord: string, text: string): { start: number; end: number }[] {
  if (heldWord === '') return [];
  return new WordMatcher([{ word: heldWord, action: 'hold' }]).find(text).map((h) => ({ start: h.start, end: h.end }));
}

/** Authors with their account age and how many of their items were approved, rejected (or removed) and reported. */
export async function authorsOf(db: Db, userIds: number[]): Promise<Map<number, Author>> {
  if (userIds.length === 0) return new Map();
  const { profiles, counts, mutes } = await authorsRepo(db, userIds);
  const countOf = new Map(counts.map((c) => [c.userId, c]));
  const muteOf = new Map(mutes.map((m) => [m.userId, m.until]));
  const now = Date.now();
  return new Map(
    profiles.map((p) => {
      const c = countOf.get(p.id);
      return [
        p.id,
        {
          userId: p.id,
          nickname: p.nickname,
          maskedPhone: p.phone ? maskPhone(p.phone) : '',
          accountDays: Math.max(0, Math.floor((now - p.createdAt.getTime()) / 86_400_000)),
          approved: c?.approved ?? 0,
          rejected: c?.rejected ?? 0,
          reported: c?.reported ?? 0,
          mutedUntil: muteOf.has(p.id) ? (muteOf.get(p.id) ? formatBeijingTime(muteOf.get(p.id)!) : '') : null,
        },
      ];
    }),
  );
}

// ── what other moderators decided ──────────────────────────────────────────────────────────────

export interface DecidedChange {
  kind: string;
  itemId: number;
  state: string;
  decidedBy: string;
}

/**
 * Items decided since the moderator last asked (at most 500, newest first) in their areas, and the time to ask from
 * next: the console asks every few seconds and takes them out of its open queue (section 3: a decided item leaves
 * every open queue at once). The database is the one clock, so every server process answers alike.
 */
export async function decidedSince(db: Db, who: Pick<Moderator, 'areas'>, since: string | undefined): Promise<{ changes: DecidedChange[]; since: string }> {
  const { rows, now } = await decidedSinceRepo(db, who.areas, since, 500);
  return { changes: rows.map((r) => ({ kind: r.kind, itemId: r.itemId, state: r.state, decidedBy: r.decidedByName })), since: now };
}

// ── decisions ──────────────────────────────────────────────────────────────────────────────────

export interface DecisionInput {
  kind: string;
  itemId: number;
  action: Action;
  reason?: string | undefined;
}

export interface DecisionResult {
  kind: string;
  itemId: number;
  state: string;
}

function checkReason(action: Action, reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (action !== 'approve' && r === '') throw fail(StatusCode.badParams, DESK_MESSAGES.reasonRequired);
  if ([...r].length > 100) throw fail(StatusCode.badParams, DESK_MESSAGES.reasonTooLong);
  return r;
}

/** What an action makes of an item in `state` (null: the action does not apply to it). */
function nextState(action: Action, row: Pick<ModerationRow, 'state' | 'reportsOpen'>): 'approved' | 'rejected' | 'removed' | null {
  if (action === 'approve') return row.state === 'pending' || (row.state === 'approved' && row.reportsOpen) ? 'approved' : null;
  if (action === 'reject') return row.state === 'pending' ? 'rejected' : row.state === 'approved' && row.reportsOpen ? 'removed' : null;
  return row.state === 'approved' ? 'removed' : null;
}

/** Decides one item inside `tx`; throws a Chinese failure when it cannot (taken by another, out of scope, gone). */
async function decideIn(
  tx: Tx,
  deps: DeskDeps,
  who: Moderator,
  input: DecisionInput,
  reason: string,
): Promise<{ result: DecisionResult; invalidate: ItemRef | 'all' | null }> {
  const kind = reviewKind(input.kind);
  const row = await findDeskRowRepo(tx, input.kind, input.itemId);
  if (!kind || !row) throw fail(StatusCode.notFound, DESK_MESSAGES.missing);
  if (who.areas && !who.areas.includes(row.area as Area)) throw outOfScope();
  const to = nextState(input.action, row);
  if (to === null) {
    if (row.decidedAt && row.decidedByName) throw fail(StatusCode.fail, DESK_MESSAGES.takenBy(row.decidedByName, row.decidedAt));
    throw fail(StatusCode.fail, DESK_MESSAGES.notOpen);
  }
  // Two moderators on one item: only the update that still finds it as read wins (section 3).
  const won = await claimDecisionRepo(tx, row, { state: to, decision: input.action, reason, staffId: who.staffId, staffName: who.name });
  if (!won) {
    const now = await deskRowByIdRepo(tx, row.id);
    throw fail(StatusCode.fail, DESK_MESSAGES.takenBy(now?.decidedByName || '其他审核员', now?.decidedAt ?? new Date()));
  }
  const invalidate = await kind.setState(tx, input.itemId, {
    state: to === 'approved' ? 'approved' : 'rejected',
    reason: to === 'approved' ? '' : reason,
    wasPublic: row.state === 'approved',
    nowPublic: to === 'approved',
  });
  await deps.audit(tx, {
    staffId: who.staffId,
    action: `moderation.${input.action}`,
    itemKind: input.kind,
    itemId: String(input.itemId),
    before: { state: row.state, reportsOpen: row.reportsOpen },
    after: { state: to, reportsOpen: false },
    reason,
    ip: who.ip,
  });
  return { result: { kind: input.kind, itemId: input.itemId, state: to }, invalidate };
}

/** What a decision changed, as the write scope the caches of every process understand. */
function writeScopeOf(ref: ItemRef | 'all'): WriteScope {
  if (ref === 'all') return { kind: 'all' };
  return typeof ref === 'number' ? { kind: 'item', newsId: ref } : { kind: 'bang', item: ref };
}

/** Drops what the decisions changed from the page and API caches of every server process and the CDN (the invalidation bus). */
function dropCaches(refs: (ItemRef | 'all' | null)[]): void {
  const tags = new Set<string>();
  for (const ref of refs) if (ref !== null) for (const tag of tagsOfScope(writeScopeOf(ref))) tags.add(tag);
  if (tags.size > 0) invalidationBus.publish([...tags]);
}

/** One decision: 通过, 拒绝 (with a reason), 删除 (takes a published item down, with a reason). */
export async function decide(deps: DeskDeps, who: Moderator, input: DecisionInput): Promise<DecisionResult> {
  const reason = checkReason(input.action, input.reason);
  const { result, invalidate } = await deps.database.write((tx) => decideIn(tx, deps, who, input, reason));
  dropCaches([invalidate]);
  return result;
}

/** A batch on a selection: each item decided on its own (one taken by another moderator does not undo the rest). */
export async function decideBatch(
  deps: DeskDeps,
  who: Moderator,
  input: { items: { kind: string; itemId: number }[]; action: Action; reason?: string | undefined },
): Promise<{ done: DecisionResult[]; failed: { kind: string; itemId: number; message: string }[] }> {
  if (input.items.length === 0) throw fail(StatusCode.badParams, DESK_MESSAGES.nothingChosen);
  if (input.items.length > 100) throw fail(StatusCode.badParams, DESK_MESSAGES.tooMany);
  const reason = checkReason(input.action, input.reason);
  const done: DecisionResult[] = [];
  const failed: { kind: string; itemId: number; message: string }[] = [];
  const refs: (ItemRef | 'all' | null)[] = [];
  for (const item of input.items) {
    try {
      const { result, invalidate } = await deps.database.write((tx) => decideIn(tx, deps, who, { ...item, action: input.action }, reason));
      done.push(result);
      refs.push(invalidate);
    } catch (err) {
      const message = err instanceof Error ? err.message : DESK_MESSAGES.notOpen;
      failed.push({ ...item, message });
    }
  }
  dropCaches(refs);
  return { done, failed };
}

// ── reports ────────────────────────────────────────────────────────────────────────────────────

/** Reports land on the desk through the review layer (src/server/review/write.ts noteReport). */
export { noteReport, type ReportedItem } from '../review/write.ts';

// ── mutes ──────────────────────────────────────────────────────────────────────────────────────

export const MUTE_DAYS = [1, 7, 30] as const;

/** 封禁: the author may not write for 1, 7 or 30 days, or for good (days null). */
export async function muteReader(
  deps: DeskDeps,
  who: Moderator,
  input: { userId: number; days: number | null; reason: string },
): Promise<{ until: Date | null }> {
  if (input.days !== null && !(MUTE_DAYS as readonly number[]).includes(input.days)) throw fail(StatusCode.badParams, DESK_MESSAGES.badDays);
  const reason = checkReason('reject', input.reason);
  const until = input.days === null ? null : new Date(Date.now() + input.days * 86_400_000);
  await deps.database.write(async (tx) => {
    if (!(await userExistsRepo(tx, input.userId))) throw fail(StatusCode.notFound, '读者不存在');
    // A moderator scoped to areas mutes only authors of items in those areas.
    if (who.areas && !(await wroteInAreasRepo(tx, input.userId, who.areas))) throw outOfScope();
    const before = await findMuteRepo(tx, input.userId);
    await putMuteRepo(tx, { userId: input.userId, until, reason, staffId: who.staffId });
    await deps.audit(tx, {
      staffId: who.staffId,
      action: 'moderation.ban',
      itemKind: 'reader',
      itemId: String(input.userId),
      before: before ? { until: before.until?.toISOString() ?? null } : null,
      after: { until: until?.toISOString() ?? null },
      reason,
      ip: who.ip,
    });
  });
  return { until };
}

// ── settings, emergency, words, reasons ────────────────────────────────────────────────────────

export interface AreaSettingRow {
  area: Area | typeof SITE_WIDE;
  label: string;
  reviewBeforePublish: boolean;
  closed: boolean;
  closedMessage: string;
}

export async function listSettings(db: Db | Tx): Promise<AreaSettingRow[]> {
  const rows = new Map((await settingsRowsRepo(db)).map((r) => [r.area, r]));
  const site = rows.get(SITE_WIDE);
  return [
    { area: SITE_WIDE, label: '全站', reviewBeforePublish: false, closed: site?.closed ?? false, closedMessage: site?.closedMessage ?? '' },
    ...AREAS.map((area) => {
      const r = rows.get(area);
      return {
        area,
        label: AREA_LABELS[area],
        reviewBeforePublish: r?.reviewBeforePublish ?? REVIEW_BEFORE_PUBLISH_DEFAULT[area],
        closed: r?.closed ?? false,
        closedMessage: r?.closedMessage ?? '',
      };
    }),
  ];
}

async function writeSetting(
  deps: DeskDeps,
  who: Moderator,
  area: string,
  change: Partial<Pick<AreaSettingRow, 'reviewBeforePublish' | 'closed' | 'closedMessage'>>,
  action: string,
): Promise<void> {
  if (area !== SITE_WIDE && !isArea(area)) throw fail(StatusCode.badParams, DESK_MESSAGES.unknownArea);
  await deps.database.write(async (tx) => {
    const before = (await listSettings(tx)).find((s) => s.area === area)!;
    const after = { ...before, ...change };
    await putSettingRepo(tx, {
      area,
      reviewBeforePublish: after.reviewBeforePublish,
      closed: after.closed,
      closedMessage: after.closedMessage,
      updatedBy: who.staffId,
    });
    await deps.audit(tx, { staffId: who.staffId, action, itemKind: 'area', itemId: area, before, after, reason: after.closedMessage, ip: who.ip });
  });
  forgetGateCache(deps.database.db);
}

/** Review before publish, per area. */
export function setReviewBeforePublish(deps: DeskDeps, who: Moderator, area: Area, on: boolean): Promise<void> {
  return writeSetting(deps, who, area, { reviewBeforePublish: on }, 'moderation.settings');
}

/** 应急处置: closes (or opens) commenting and posting site-wide ('all') or in one area, telling readers why. */
export function setEmergency(deps: DeskDeps, who: Moderator, area: Area | typeof SITE_WIDE, input: { closed: boolean; message: string }): Promise<void> {
  const message = input.message.trim();
  if (input.closed && message === '') throw fail(StatusCode.badParams, DESK_MESSAGES.closedMessageRequired);
  if ([...message].length > 100) throw fail(StatusCode.badParams, DESK_MESSAGES.reasonTooLong);
  return writeSetting(deps, who, area, { closed: input.closed, closedMessage: input.closed ? message : '' }, 'moderation.emergency');
}

export async function listWords(db: Db): Promise<{ id: number; word: string; action: WordAction }[]> {
  const rows = await wordsRepo(db);
  return rows.map((r) => ({ id: r.id, word: r.word, action: r.action as WordAction }));
}

/** Adds a word (or changes the action of one that folds the same); a repeated add changes nothing. */
export async function putWord(deps: DeskDeps, who: Moderator, input: { word: string; action: WordAction }): Promise<void> {
  const word = input.word.trim();
  const normalized = normalizeWord(word);
  if (normalized === '') throw fail(StatusCode.badParams, DESK_MESSAGES.badWord);
  if ([...word].length > 20) throw fail(StatusCode.badParams, DESK_MESSAGES.wordTooLong);
  await deps.database.write(async (tx) => {
    await putWordRepo(tx, { word, normalized, action: input.action });
    await deps.audit(tx, {
      staffId: who.staffId,
      action: 'moderation.words',
      itemKind: 'word',
      itemId: normalized,
      before: null,
      after: { word, action: input.action },
      reason: '',
      ip: who.ip,
    });
  });
  forgetGateCache(deps.database.db);
}

export async function deleteWord(deps: DeskDeps, who: Moderator, id: number): Promise<void> {
  await deps.database.write(async (tx) => {
    const gone = await deleteWordRepo(tx, id);
    if (!gone) throw fail(StatusCode.notFound, '该敏感词不存在');
    await deps.audit(tx, {
      staffId: who.staffId,
      action: 'moderation.words',
      itemKind: 'word',
      itemId: gone.normalized,
      before: { word: gone.word, action: gone.action },
      after: null,
      reason: '',
      ip: who.ip,
    });
  });
  forgetGateCache(deps.database.db);
}

export function listRejectReasons(db: Db): Promise<string[]> {
  return rejectReasonsRepo(db);
}

/** Replaces the reason list admins keep (blank lines dropped, duplicates once). */
export async function setRejectReasons(deps: DeskDeps, who: Moderator, list: string[]): Promise<string[]> {
  const clean = [...new Set(list.map((s) => s.trim()).filter((s) => s !== ''))];
  if (clean.some((s) => [...s].length > 100)) throw fail(StatusCode.badParams, DESK_MESSAGES.reasonTooLong);
  await deps.database.write(async (tx) => {
    const before = await rejectReasonsRepo(tx);
    await replaceRejectReasonsRepo(tx, clean);
    await deps.audit(tx, {
      staffId: who.staffId,
      action: 'moderation.settings',
      itemKind: 'reject_reasons',
      itemId: 'list',
      before,
      after: clean,
      reason: '',
      ip: who.ip,
    });
  });
  return clean;
}

/** The desk's row of one item (tests and the console read its state). */
export function deskRow(db: Db, kind: string, itemId: number): Promise<ModerationRow | null> {
  return findDeskRowRepo(db, kind, itemId);
}

/** 关闭评论 on one article (its allow_pl): readers' comment box closes and the server refuses new comments. */
export async function setArticleComments(deps: DeskDeps, who: Moderator, input: { newsId: number; open: boolean }): Promise<void> {
  await deps.database.write(async (tx) => {
    const before = await setArticleCommentsRepo(tx, input.newsId, input.open);
    if (before === null) throw fail(StatusCode.notFound, '稿件不存在');
    await deps.audit(tx, {
      staffId: who.staffId,
      action: 'moderation.settings',
      itemKind: 'article',
      itemId: String(input.newsId),
      before: { allowComments: before },
      after: { allowComments: input.open },
      reason: '',
      ip: who.ip,
    });
  });
  dropCaches([input.newsId]);
}
