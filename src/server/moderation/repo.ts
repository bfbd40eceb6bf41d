/**
 * The moderation desk's data access (docs/adr/018-one-review-model.md): the kinds' own tables (how an item is read in
 * its context and how a decision sets its state), moderation_items (the queues' one index), mutes, settings, words
 * and reasons. The rules are in gate.ts and desk.ts.
 */
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_REFUSED_NOTE } from '../../contract/complaintDesk.ts';
import { StatusCode } from '../../contract/envelope.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { news } from '../db/schema/core.ts';
import { moderationItems, moderationSettings, readerMutes, rejectReasons, sensitiveWords } from '../db/schema/moderation.ts';
import { fail } from '../http/envelope.ts';
import type { Area } from './areas.ts';
import type { ItemState, ReviewKind } from './kinds.ts';

type Q = Db | Tx;

// ── the kinds' own tables ──────────────────────────────────────────────────────────────────────

export type Row = Record<string, unknown>;

async function rowsOf(db: Db | Tx, query: SQL): Promise<Row[]> {
  // PGlite answers { rows }; postgres-js answers the rows themselves (an array).
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const pics = (v: unknown): string[] => (Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : typeof v === 'string' && v !== '' ? [v] : []);

/** The comment scopes of the comments table and the area and context each names. */
const COMMENT_CONTEXT: Record<string, { area: Area; titleSql: SQL; href: (classId: number, newsId: number) => string }> = {
  news: {
    area: 'news',
    titleSql: sql`(select title from news where news.id = c.news_id)`,
    href: (classId, newsId) => `/NewsDetail?classId=${classId}&newsId=${newsId}`,
  },
  bang1: {
    area: 'wenzheng',
    titleSql: sql`(select title from bang_politics where bang_politics.id = c.news_id)`,
    href: (_c, id) => `/BangBang/politics/detail?id=${id}`,
  },
  bang2: {
    area: 'bangbang',
    titleSql: sql`(select title from bang_questions where bang_questions.id = c.news_id)`,
    href: (_c, id) => `/BangBang/QA/detail?id=${id}`,
  },
  bang4: {
    area: 'baoliao',
    titleSql: sql`(select left(content, 40) from bang_tips where bang_tips.id = c.news_id)`,
    href: (_c, id) => `/BangBang/exposure/index?id=${id}`,
  },
  quan: {
    area: 'discover',
    titleSql: sql`(select left(content, 40) from discover_posts where discover_posts.id = c.news_id)`,
    href: (classId, id) => `/DetailDiscover?classId=${classId}&newsId=${id}`,
  },
};

/** Spec 2.11 data types whose comments are the 直播与视频 area (live, news video, cool video), not news comments. */
export const LIVE_DATA_TYPES: ReadonlySet<number> = new Set([1, 8, 21]);

/** The area of a comment by its scope (and, for an article's comments, the article's data type). */
export function commentArea(scope: string, dataType = 0): Area {
  if (scope === 'news' && LIVE_DATA_TYPES.has(dataType)) return 'live';
  return COMMENT_CONTEXT[scope]?.area ?? 'news';
}

/** The counter of the item a comment of `scope` belongs to (comment_count), moved by `delta`. */
async function bumpCommentTarget(tx: Tx, scope: string, newsId: number, delta: number): Promise<void> {
  const table =
    scope === 'news'
      ? sql`news`
      : scope === 'bang1'
        ? sql`bang_politics`
        : scope === 'bang2'
          ? sql`bang_questions`
          : scope === 'bang4'
            ? sql`bang_tips`
            : scope === 'quan'
              ? sql`discover_posts`
              : null;
  if (!table) return;
  await tx.execute(sql`update ${table} set comment_count = greatest(comment_count + ${delta}, 0) where id = ${newsId}`);
}

/**
 * News, live and video comments and replies (scope 'news'), bangbang comments (问政 'bang1', 问答 'bang2') and
 * discover comments ('quan'): one table, one kind. Counts (the item's comment_count, the thread's reply_num) hold
 * public comments only, so they move when a comment becomes public or stops being public.
 */
export const commentKind: ReviewKind = {
  kind: 'comment',
  label: '评论',
  areas: ['news', 'live', 'wenzheng', 'bangbang', 'baoliao', 'discover'],
  async fetch(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await rowsOf(
      db,
      sql`select c.id, c.user_id, c.text, c.pictures, c.scope, c.class_id, c.news_id,
        case c.scope ${sql.join(
          Object.entries(COMMENT_CONTEXT).map(([scope, ctx]) => sql`when ${scope} then ${ctx.titleSql}`),
          sql` `,
        )} else '' end as context_title,
        (select p.text from comments p where p.id = c.parent_id and c.parent_id <> c.root_id) as parent_text,
        (select p.text from comments p where p.id = c.root_id) as root_text
      from comments c where c.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(
      rows.map((r) => {
        const scope = str(r.scope);
        const ctx = COMMENT_CONTEXT[scope];
        return [
          Number(r.id),
          {
            id: Number(r.id),
            userId: Number(r.user_id),
            text: str(r.text),
            pictures: pics(r.pictures),
            contextTitle: str(r.context_title),
            contextHref: ctx ? ctx.href(Number(r.class_id), Number(r.news_id)) : '',
            parentText: str(r.parent_text) || str(r.root_text),
          },
        ];
      }),
    );
  },
  async setState(tx, itemId, change) {
    const rows = await rowsOf(
      tx,
      sql`update comments set review_state = ${change.state}, review_reason = ${change.reason} where id = ${itemId} returning scope, news_id, root_id, deleted_at`,
    );
    const row = rows[0];
    if (!row) return null;
    const scope = str(row.scope);
    const newsId = Number(row.news_id);
    const delta = change.nowPublic === change.wasPublic || row.deleted_at !== null ? 0 : change.nowPublic ? 1 : -1;
    if (delta !== 0) {
      await bumpCommentTarget(tx, scope, newsId, delta);
      if (row.root_id !== null) await tx.execute(sql`update comments set reply_num = greatest(reply_num + ${delta}, 0) where id = ${Number(row.root_id)}`);
    }
    if (scope === 'news') return newsId;
    if (scope === 'bang1' || scope === 'bang2') return { board: scope === 'bang1' ? 'politics' : 'qa', id: newsId, counts: true };
    return 'all';
  },
};

/** A kind kept in a table of its own: the columns the desk reads, where its reason goes, and its context. */
export interface TableKindSpec {
  kind: string;
  label: string;
  area: Area;
  table: string;
  text: string;
  pictures?: string;
  reasonColumn?: 'review_reason' | 'reject_reason';
  context?: { title: string; href: (row: Row) => string };
  /**
   * The public counts that hold this kind's approved items only (a question's answer_count, a group's post_count…):
   * each is moved by `delta` (+1 when the item becomes public, -1 when it stops being public), given the item's row.
   */
  counters?: ReadonlyArray<(row: Row, delta: number) => SQL>;
  /** What else the decision changes, in its transaction, given the item's row (null: nothing). */
  alsoChanges?: (row: Row, change: { state: ItemState; wasPublic: boolean; nowPublic: boolean }) => SQL | null;
}

export function tableKind(spec: TableKindSpec): ReviewKind {
  const table = sql.identifier(spec.table);
  return {
    kind: spec.kind,
    label: spec.label,
    areas: [spec.area],
    async fetch(db, ids) {
      if (ids.length === 0) return new Map();
      const rows = await rowsOf(
        db,
        sql`select t.*, ${sql.raw(spec.text)} as desk_text, ${sql.raw(spec.pictures ?? `'[]'::jsonb`)} as desk_pictures, ${sql.raw(spec.context?.title ?? `''`)} as desk_context
          from ${table} t where t.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      );
      return new Map(
        rows.map((r) => [
          Number(r.id),
          {
            id: Number(r.id),
            userId: Number(r.user_id),
            text: str(r.desk_text),
            pictures: pics(r.desk_pictures),
            contextTitle: str(r.desk_context),
            contextHref: spec.context ? spec.context.href(r) : '',
            parentText: '',
          },
        ]),
      );
    },
    async setState(tx, itemId, change) {
      const reason = spec.reasonColumn ? sql`, ${sql.identifier(spec.reasonColumn)} = ${change.reason}` : sql``;
      const [row] = await rowsOf(tx, sql`update ${table} set review_state = ${change.state}${reason} where id = ${itemId} returning *`);
      // A deleted item is out of every count already; the counts move once, when readers start or stop seeing it.
      const delta = !row || (row.deleted_at !== undefined && row.deleted_at !== null) || change.nowPublic === change.wasPublic ? 0 : change.nowPublic ? 1 : -1;
      if (row && delta !== 0) for (const counter of spec.counters ?? []) await tx.execute(counter(row, delta));
      const also = row ? spec.alsoChanges?.(row, change) : null;
      if (also) await tx.execute(also);
      // Lists, counts and pages of these areas are not cached per item: drop them all.
      return 'all';
    },
  };
}

/**
 * A follow-up refused (or taken down after reports) leaves nothing for the seller to answer: a complaint still 处理中
 * for it goes back to 已回复 (the seller's reply stands; the 7-day close counts from it) with a line on its timeline.
 * A second reply given meanwhile, a confirmation or a close is left as it is. A refusal is never taken back (the
 * desk decides an item once), so nothing reopens it.
 */
export function complaintBackToReplied(r: Row): SQL {
  return sql`with back as (
      update complaints set status = 'replied', updated_at = now()
      where id = ${Number(r.complaint_id)} and status = 'processing' and seller_reply_at is not null returning id)
    insert into complaint_events (complaint_id, status, note, created_at) select id, 'replied', ${FOLLOW_UP_REFUSED_NOTE}, now() from back`;
}

/** ARTICLE_REMOVE_REFUSED: a reported article is kept (通过 settles its reports); taking it down is the publishing desk's. */
export const ARTICLE_REMOVE_REFUSED = '新闻稿件不能在审核台删除，请交编辑处理';

/** A news article readers reported (spec 7.5): the newsroom wrote it, so the desk only settles its reports. */
export const articleKind: ReviewKind = {
  kind: 'article',
  label: '新闻稿件',
  areas: ['news'],
  async fetch(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await rowsOf(
      db,
      sql`select id, class_id, title, content from news where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          userId: 0,
          text: str(r.title),
          pictures: [],
          contextTitle: str(r.title),
          contextHref: `/NewsDetail?classId=${str(r.class_id)}&newsId=${str(r.id)}`,
          parentText: '',
        },
      ]),
    );
  },
  async setState(_tx, _itemId, change) {
    if (!change.nowPublic) throw fail(StatusCode.fail, ARTICLE_REMOVE_REFUSED);
    return null;
  },
};

/**
 * A reader's change of nickname or avatar (profile_changes): readers see it in `users` only once approved. The desk
 * shows the new values as the item and the old ones as `before`, side by side; approval copies the new values into
 * `users`, and taking an approved change down puts the old ones back where the reader still has the new ones.
 */
export const profileChangeKind: ReviewKind = {
  kind: 'profile_change',
  label: '昵称与头像',
  areas: ['profile'],
  async fetch(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await rowsOf(
      db,
      sql`select id, user_id, nickname, user_pic, old_nickname, old_user_pic from profile_changes where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          userId: Number(r.user_id),
          text: str(r.nickname) || str(r.old_nickname),
          pictures: pics(r.user_pic),
          contextTitle: '',
          contextHref: '',
          parentText: '',
          before: { text: str(r.old_nickname), pictures: str(r.user_pic) === '' ? [] : pics(r.old_user_pic) },
        },
      ]),
    );
  },
  async setState(tx, itemId, change) {
    const [row] = await rowsOf(
      tx,
      sql`update profile_changes set review_state = ${change.state}, review_reason = ${change.reason} where id = ${itemId} returning user_id, nickname, user_pic, old_nickname, old_user_pic`,
    );
    if (!row || change.nowPublic === change.wasPublic) return row ? 'all' : null;
    const userId = Number(row.user_id);
    const [nickname, userPic, oldNickname, oldUserPic] = [str(row.nickname), str(row.user_pic), str(row.old_nickname), str(row.old_user_pic)];
    if (change.nowPublic) {
      if (nickname !== '') await tx.execute(sql`update users set nickname = ${nickname} where id = ${userId}`);
      if (userPic !== '') await tx.execute(sql`update users set user_pic = ${userPic} where id = ${userId}`);
    } else {
      if (nickname !== '') await tx.execute(sql`update users set nickname = ${oldNickname} where id = ${userId} and nickname = ${nickname}`);
      if (userPic !== '') await tx.execute(sql`update users set user_pic = ${oldUserPic} where id = ${userId} and user_pic = ${userPic}`);
    }
    // A nickname and picture are shown beside everything the reader wrote, on any page.
    return 'all';
  },
};

export { activeMuteRepo, enqueueRepo, noteReportRepo, settingsRowsRepo, wordsRepo, type NewDeskRow } from '../review/repo.ts';

/** `update <table> set <column> = greatest(<column> + delta, 0) where id = <the item's row[via]>`: one counter of a tableKind. */
export function countOn(table: string, column: string, via: string): (row: Row, delta: number) => SQL {
  return (row, delta) =>
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = greatest(${sql.identifier(column)} + ${delta}, 0) where id = ${Number(row[via])}`;
}

/** A discover post counts on each of its topics (content_count). */
export function countOnTopics(row: Row, delta: number): SQL {
  return sql`update discover_topics set content_count = greatest(content_count + ${delta}, 0) where id in (select topic_id from discover_post_topics where post_id = ${Number(row.id)})`;
}

// ── moderation_items ───────────────────────────────────────────────────────────────────────────

export type ModerationRow = typeof moderationItems.$inferSelect;
export type Tab = 'pending' | 'reported' | 'words' | 'patrol' | 'decided';

/** The column a tab sorts by, its direction, and its own condition (each matches one partial index of 0017_moderation.sql). */
function tabPlan(tab: Tab) {
  switch (tab) {
    case 'pending':
      return { at: moderationItems.createdAt, dir: 'asc' as const, where: sql`${moderationItems.state} = 'pending'` };
    case 'words':
      return { at: moderationItems.createdAt, dir: 'asc' as const, where: sql`${moderationItems.state} = 'pending' and ${moderationItems.heldWord} <> ''` };
    case 'reported':
      return { at: moderationItems.reportedAt, dir: 'asc' as const, where: sql`${moderationItems.reportsOpen}` };
    case 'patrol':
      return { at: moderationItems.createdAt, dir: 'desc' as const, where: sql`${moderationItems.state} = 'approved'` };
    case 'decided':
      return { at: moderationItems.decidedAt, dir: 'desc' as const, where: sql`${moderationItems.decidedAt} is not null` };
  }
}

export interface QueueRowsQuery {
  tab: Tab;
  /** The areas asked for (null: all). */
  areas: readonly Area[] | null;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Text the item contains, or the hold word (folded) that held it. */
  word?: { text: string; folded: string } | undefined;
  /** The previous page's last row: its sort time as the database wrote it (microseconds, `cursorAt`) and its id. */
  after?: { at: string; id: number } | undefined;
  limit: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of one queue, keyset-paged on (sort time, id). */
export async function queueRowsRepo(db: Q, q: QueueRowsQuery): Promise<(ModerationRow & { cursorAt: string })[]> {
  const plan = tabPlan(q.tab);
  // The cursor keeps the database's microseconds (a JavaScript Date would round them away and repeat rows).
  const at = q.after ? sql`${q.after.at}::timestamptz` : null;
  const after =
    q.after && at
      ? plan.dir === 'asc'
        ? or(gt(plan.at, at), and(eq(plan.at, at), gt(moderationItems.id, q.after.id)))
        : or(lt(plan.at, at), and(eq(plan.at, at), lt(moderationItems.id, q.after.id)))
      : undefined;
  const rows = await db
    .select({ row: moderationItems, cursorAt: sql<string>`to_char(${plan.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(moderationItems)
    .where(
      and(
        plan.where,
        q.areas ? (q.areas.length === 1 ? eq(moderationItems.area, q.areas[0]!) : inArray(moderationItems.area, [...q.areas])) : undefined,
        q.from ? gte(moderationItems.createdAt, q.from) : undefined,
        q.to ? lt(moderationItems.createdAt, q.to) : undefined,
        q.word ? or(ilike(moderationItems.excerpt, `%${escapeLike(q.word.text)}%`), eq(moderationItems.heldWord, q.word.folded)) : undefined,
        after,
      ),
    )
    .orderBy(...(plan.dir === 'asc' ? [asc(plan.at), asc(moderationItems.id)] : [desc(plan.at), desc(moderationItems.id)]))
    .limit(q.limit);
  return rows.map((r) => ({ ...r.row, cursorAt: r.cursorAt }));
}

/** Authors' profiles, how many of their items were approved, rejected (or removed) and reported, and their mutes in force. */
export async function authorsRepo(db: Q, userIds: number[]) {
  const [profiles, counts, mutes] = await Promise.all([
    db.select({ id: users.id, nickname: users.nickname, phone: users.phone, createdAt: users.createdAt }).from(users).where(inArray(users.id, userIds)),
    db
      .select({
        userId: moderationItems.userId,
        approved: sql<number>`count(*) filter (where ${moderationItems.state} = 'approved')`.mapWith(Number),
        rejected: sql<number>`count(*) filter (where ${moderationItems.state} in ('rejected', 'removed'))`.mapWith(Number),
        reported: sql<number>`count(*) filter (where ${moderationItems.reportCount} > 0)`.mapWith(Number),
      })
      .from(moderationItems)
      .where(inArray(moderationItems.userId, userIds))
      .groupBy(moderationItems.userId),
    db
      .select({ userId: readerMutes.userId, until: readerMutes.until })
      .from(readerMutes)
      .where(and(inArray(readerMutes.userId, userIds), or(isNull(readerMutes.until), gt(readerMutes.until, sql`now()`)))),
  ]);
  return { profiles, counts, mutes };
}

const ISO_MICROS = (col: SQL | typeof moderationItems.decidedAt) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** How far back each look at the decisions reaches before the previous one's time: a decision that committed late or on a
 * server whose clock runs a little behind the database's is still seen (the console drops an item once however often it hears). */
const DECIDED_OVERLAP = sql`interval '10 seconds'`;

/**
 * Rows decided after `since` (the database time the previous answer gave; none: from now on), newest first, on the
 * 已处理 index; `now` is the database's clock, the next call's `since`.
 */
export async function decidedSinceRepo(db: Q, areas: readonly Area[] | null, since: string | undefined, limit: number) {
  const [clock] = await rowsOf(db, sql`select ${ISO_MICROS(sql`now()`)} as now`);
  const now = str(clock?.now);
  if (since === undefined) return { rows: [], now };
  const rows = await db
    .select({ kind: moderationItems.kind, itemId: moderationItems.itemId, state: moderationItems.state, decidedByName: moderationItems.decidedByName })
    .from(moderationItems)
    .where(
      and(
        sql`${moderationItems.decidedAt} is not null`,
        gt(moderationItems.decidedAt, sql`${since}::timestamptz - ${DECIDED_OVERLAP}`),
        areas ? inArray(moderationItems.area, [...areas]) : undefined,
      ),
    )
    .orderBy(desc(moderationItems.decidedAt), desc(moderationItems.id))
    .limit(limit);
  return { rows, now };
}

export async function findDeskRowRepo(db: Q, kind: string, itemId: number): Promise<ModerationRow | null> {
  const [row] = await db
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, kind), eq(moderationItems.itemId, itemId)))
    .limit(1);
  return row ?? null;
}

export async function deskRowByIdRepo(db: Q, id: number): Promise<ModerationRow | null> {
  const [row] = await db.select().from(moderationItems).where(eq(moderationItems.id, id)).limit(1);
  return row ?? null;
}

/**
 * Records a decision only if the row is still as the moderator read it (state and open reports): of two moderators
 * deciding one item, one update finds it and the other finds nothing. Returns whether this one won.
 */
export async function claimDecisionRepo(
  tx: Tx,
  read: Pick<ModerationRow, 'id' | 'state' | 'reportsOpen'>,
  decision: { state: string; decision: string; reason: string; staffId: number; staffName: string },
): Promise<boolean> {
  const won = await tx
    .update(moderationItems)
    .set({
      state: decision.state,
      decision: decision.decision,
      reason: decision.reason,
      decidedBy: decision.staffId,
      decidedByName: decision.staffName,
      decidedAt: new Date(),
      reportsOpen: false,
    })
    .where(and(eq(moderationItems.id, read.id), eq(moderationItems.state, read.state), eq(moderationItems.reportsOpen, read.reportsOpen)))
    .returning({ id: moderationItems.id });
  return won.length > 0;
}

// ── mutes ──────────────────────────────────────────────────────────────────────────────────────

export async function userExistsRepo(db: Q, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return user !== undefined;
}

/** Whether the reader wrote anything on the desk in one of `areas`. */
export async function wroteInAreasRepo(db: Q, userId: number, areas: readonly Area[]): Promise<boolean> {
  const [row] = await db
    .select({ id: moderationItems.id })
    .from(moderationItems)
    .where(and(eq(moderationItems.userId, userId), inArray(moderationItems.area, [...areas])))
    .limit(1);
  return row !== undefined;
}

export async function findMuteRepo(db: Q, userId: number) {
  const [row] = await db.select().from(readerMutes).where(eq(readerMutes.userId, userId)).limit(1);
  return row ?? null;
}

export async function putMuteRepo(tx: Tx, m: { userId: number; until: Date | null; reason: string; staffId: number }): Promise<void> {
  await tx
    .insert(readerMutes)
    .values(m)
    .onConflictDoUpdate({ target: readerMutes.userId, set: { until: m.until, reason: m.reason, staffId: m.staffId, createdAt: new Date() } });
}

// ── settings, words, reasons ───────────────────────────────────────────────────────────────────

export async function putSettingRepo(
  tx: Tx,
  s: { area: string; reviewBeforePublish: boolean; closed: boolean; closedMessage: string; updatedBy: number },
): Promise<void> {
  await tx
    .insert(moderationSettings)
    .values(s)
    .onConflictDoUpdate({
      target: moderationSettings.area,
      set: { reviewBeforePublish: s.reviewBeforePublish, closed: s.closed, closedMessage: s.closedMessage, updatedBy: s.updatedBy, updatedAt: new Date() },
    });
}

export async function putWordRepo(tx: Tx, w: { word: string; normalized: string; action: string }): Promise<void> {
  await tx
    .insert(sensitiveWords)
    .values(w)
    .onConflictDoUpdate({ target: sensitiveWords.normalized, set: { word: w.word, action: w.action } });
}

export async function deleteWordRepo(tx: Tx, id: number) {
  const [gone] = await tx.delete(sensitiveWords).where(eq(sensitiveWords.id, id)).returning();
  return gone ?? null;
}

export async function rejectReasonsRepo(db: Q): Promise<string[]> {
  const rows = await db.select({ text: rejectReasons.text }).from(rejectReasons).orderBy(asc(rejectReasons.sort), asc(rejectReasons.id));
  return rows.map((r) => r.text);
}

export async function replaceRejectReasonsRepo(tx: Tx, list: string[]): Promise<void> {
  await tx.delete(rejectReasons);
  if (list.length > 0) await tx.insert(rejectReasons).values(list.map((text, i) => ({ text, sort: i + 1 })));
}

/** Opens or closes comments on one article; answers whether they were open before (null: no such article). */
export async function setArticleCommentsRepo(tx: Tx, newsId: number, open: boolean): Promise<boolean | null> {
  const [before] = await tx.select({ allowPl: news.allowPl }).from(news).where(eq(news.id, newsId)).limit(1);
  if (!before) return null;
  await tx.update(news).set({ allowPl: open }).where(eq(news.id, newsId));
  return before.allowPl;
}
