/** News data access: the only place that maps news rows to the spec's field names. */
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountInfo,
  AccountStripItem,
  AreaNode,
  Banner,
  Channel,
  ChannelGroup,
  ColumnInfo,
  DistrictWeather,
  ListItem,
  NewspaperEdition,
  NewspaperSummary,
  Special,
  Topic,
  Weather,
} from '../../contract/news.ts';
import { alias } from 'drizzle-orm/pg-core';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import { decideChannelPath } from '../../routing/channelPath.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { banners, channels, columns, districts, news } from '../db/schema/core.ts';
import { hotPicks } from '../db/schema/placement.ts';
import { NOT_ON_HOT_LIST_SHOW_TYPES } from '../../contract/placementDesk.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { readReference } from '../referenceCache.ts';
import {
  districtLocations,
  hotWords,
  newspapers,
  publisherAccountNews,
  publisherAccounts,
  specialCategories,
  specialCategoryNews,
  specialTopics,
  topicNews,
  topics,
} from '../db/schema/news.ts';

export const LIST_PAGE_SIZE = 20;

type NewsRow = typeof news.$inferSelect;

/**
 * The columns a list item is made of. A list never reads an article's body (`content`, up to tens of KB
 * a row) or its editors: the body was read and parsed for every row of every list (ADR 001; * the embedded database's row parsing was the largest cost of a list render).
 */
export const listColumns = {
  id: news.id,
  classId: news.classId,
  dataType: news.dataType,
  targetUrl: news.targetUrl,
  channelId: news.channelId,
  showType: news.showType,
  category: news.category,
  title: news.title,
  imageUrls: news.imageUrls,
  label: news.label,
  isTop: news.isTop,
  topTitle: news.topTitle,
  smallText: news.smallText,
  intro: news.intro,
  customImage: news.customImage,
  isVideo: news.isVideo,
  videoUrl: news.videoUrl,
  videoTime: news.videoTime,
  pv: news.pv,
  interactNum: news.interactNum,
  publishTime: news.publishTime,
  source: news.source,
  liveType: news.liveType,
  liveStartTime: news.liveStartTime,
};

/** What toListItem reads of a row: a full row or one selected with listColumns. */
export type ListRow = Pick<NewsRow, keyof typeof listColumns>;

export function toListItem(row: ListRow): ListItem {
  return {
    id: row.id,
    classId: row.classId,
    dataType: row.dataType,
    targetUrl: row.targetUrl,
    channelId: row.channelId,
    showType: row.showType,
    category: row.category,
    title: row.title,
    imageUrl: row.imageUrls,
    imageNum: row.imageUrls.length,
    label: row.label,
    isTop: row.isTop ? 1 : 0,
    topTitle: row.topTitle,
    smallText: row.smallText,
    intro: row.intro,
    customImage: row.customImage,
    isVideo: row.isVideo ? 1 : 0,
    videoUrl: row.videoUrl,
    videoTime: row.videoTime,
    pv: row.pv,
    interactNum: row.interactNum,
    time: formatBeijingTime(row.publishTime),
    publishTime: row.publishTime.toISOString(),
    source: row.source,
    liveType: row.liveType,
    startTime: row.liveStartTime ? formatBeijingTime(row.liveStartTime) : '',
  };
}

/**
 * Channel and column metadata (the channel bar, a column's names, the channel groups) is reference data:
 * read through the reference cache (referenceCache.ts), written only through writeReferenceData.
 */
export function listChannelsRepo(db: Db): Promise<Channel[]> {
  return readReference(db, 'channels:home', ['channels', 'columns'], () => readChannels(db));
}

async function readChannels(db: Db): Promise<Channel[]> {
  const [channelRows, columnRows] = await Promise.all([
    db.select().from(channels).where(eq(channels.onHome, true)).orderBy(asc(channels.sort), asc(channels.id)),
    db.select().from(columns).orderBy(asc(columns.sort), asc(columns.id)),
  ]);
  return channelRows.map((ch) => {
    const own = columnRows.filter((col) => col.channelId === ch.id);
    return {
      channelid: ch.id,
      channelname: ch.name,
      channelName: ch.name,
      channelimg: ch.img,
      channelpath: ch.path || decideChannelPath(ch.kind, ch.id),
      kind: ch.kind,
      linenum: ch.lineNum,
      showline: ch.showLine,
      sub: own
        .filter((col) => col.isSub)
        .map((col) => ({
          columnid: col.id,
          columnname: col.name,
          columnimg: col.img,
          columnpath: col.path,
          showtype: col.showType,
          apiurl: col.apiUrl,
          classname: col.className || col.name,
        })),
      channelClass: own.filter((col) => !col.isSub).map((col) => ({ columnId: col.id, columnName: col.name })),
    };
  });
}

export function channelExistsRepo(db: Db, channelId: number): Promise<boolean> {
  return readReference(db, `channelExists:${channelId}`, ['channels'], async () => {
    const rows = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId)).limit(1);
    return rows.length > 0;
  });
}

/**
 * A channel's banners readers see today, in the desk's order (ADR 034): shown, not removed, within their Beijing
 * days, and a story banner only while its story is published (a story missing from `news`, as some seeded topic
 * banners are, stays).
 */
// The reads a list page renders with are built once (src/server/db/prepared.ts) and run with their values.
const placeholder = sql.placeholder;

const channelBannersQuery = prepared('news_channel_banners', (db, name) =>
  db
    .select({ b: banners })
    .from(banners)
    .leftJoin(news, and(eq(news.id, banners.newsId), ne(banners.dataType, 7)))
    .where(
      and(
        eq(banners.channelId, placeholder('channelId')),
        eq(banners.enabled, true),
        isNull(banners.deletedAt),
        or(eq(banners.startDay, ''), lte(banners.startDay, placeholder('today'))),
        or(eq(banners.endDay, ''), gte(banners.endDay, placeholder('today'))),
        or(isNull(news.id), lte(news.publishTime, sql`now()`)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id))
    .prepare(name),
);

export async function channelBannersRepo(db: Db, channelId: number): Promise<Banner[]> {
  const rows = (await channelBannersQuery(db).execute({ channelId, today: beijingDay(new Date()) })).map((r) => r.b);
  return rows.map((b) => ({
    id: b.newsId,
    dataType: b.dataType,
    classId: b.classId,
    targetUrl: b.targetUrl,
    showType: b.showType,
    title: b.title,
    imageUrl: [b.imageUrl],
  }));
}

/** One page of a channel's list: pinned first, then newest; pages from 1. */
/**
 * Items published at or before a list's snapshot anchor (ms; security.md M101), or no restriction.
 * Compared against the next millisecond: publish times may carry microseconds the anchor (taken from
 * an ISO string) has lost, and the newest item of page 1 must stay inside the snapshot.
 */
function publishedBy(before: number | undefined): SQL | undefined {
  return before === undefined ? undefined : lt(news.publishTime, new Date(before + 1));
}

export async function channelNewsPageRepo(db: Db, channelId: number, page: number, before?: number, after?: number): Promise<ListItem[]> {
  return channelListRepo(db, channelId, { page, pageSize: LIST_PAGE_SIZE, before, after });
}

export async function newsByIdsRepo(db: Db, ids: number[]): Promise<ListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(news)
    .where(and(inArray(news.id, ids)));
  return rows.map(toListItem);
}

/** One page, pages from 1 (spec 4: a list finishes when a page comes back empty). */
export interface PageArgs {
  /** Snapshot anchor (ms): only items published at or before it. */
  before?: number | undefined;
  /** Keyset cursor: the id of the previous page's last item (src/contract/news.ts ListCursor). */
  after?: number | undefined;
  page: number;
  pageSize: number;
}

const offsetOf = (p: PageArgs): number => (p.page - 1) * p.pageSize;

/**
 * The cursor item's id when it is an item of this list (channel or column); otherwise undefined and
 * the page is counted by offset (a deleted or foreign cursor still pages).
 */
async function cursorIn(db: Db, after: number | undefined, inList: SQL): Promise<number | undefined> {
  if (after === undefined) return undefined;
  const rows = await db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.id, after), inList))
    .limit(1);
  return rows[0]?.id;
}

/**
 * Rows after the cursor item in the list's order. Its sort key is read in SQL, not carried through
 * JavaScript: publish times keep microseconds a Date would lose (and then skip items).
 */
function afterCursor(from: number, pinnedFirst: boolean): SQL {
  return pinnedFirst
    ? sql`(${news.isTop}, ${news.publishTime}, ${news.id}) < (select c.is_top, c.publish_time, c.id from news c where c.id = ${from})`
    : sql`(${news.publishTime}, ${news.id}) < (select c.publish_time, c.id from news c where c.id = ${from})`;
}

/**
 * A channel's list, pinned first then newest. With a keyset cursor the page starts after that item
 * along news_channel_order_idx (a row comparison in the index's order: no offset, so page 500 costs
 * what page 1 costs); without one it is counted by offset.
 */
const CHANNEL_ORDER = [desc(news.isTop), desc(news.publishTime), desc(news.id)];
const COLUMN_ORDER = [desc(news.publishTime), desc(news.id)];

/** The two lists a page render walks: the column that picks a list's items, its order, and whether pinned come first. */
const LISTS = {
  channel: { of: news.channelId, order: CHANNEL_ORDER, pinnedFirst: true },
  column: { of: news.classId, order: COLUMN_ORDER, pinnedFirst: false },
} as const;
type ListKind = keyof typeof LISTS;

/**
 * A page of a list without a snapshot anchor or cursor, by offset — what a page render asks for (its first page),
 * built once per list kind; an anchored or keyset page is built per call (`listPageRepo`).
 */
const firstPageQuery = (kind: ListKind) =>
  prepared(`news_${kind}_page`, (db, name) =>
    db
      .select(listColumns)
      .from(news)
      .where(eq(LISTS[kind].of, placeholder('id')))
      .orderBy(...LISTS[kind].order)
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(name),
  );
const FIRST_PAGE = { channel: firstPageQuery('channel'), column: firstPageQuery('column') };

async function listPageRepo(db: Db, kind: ListKind, id: number, p: PageArgs): Promise<ListItem[]> {
  if (p.after === undefined && p.before === undefined)
    return (await FIRST_PAGE[kind](db).execute({ id, limit: p.pageSize, offset: offsetOf(p) })).map(toListItem);
  const list = LISTS[kind];
  const inList = eq(list.of, id);
  const from = await cursorIn(db, p.after, inList);
  const rows = await db
    .select(listColumns)
    .from(news)
    .where(and(inList, publishedBy(p.before), from === undefined ? undefined : afterCursor(from, list.pinnedFirst)))
    .orderBy(...list.order)
    .limit(p.pageSize)
    .offset(from === undefined ? offsetOf(p) : 0);
  return rows.map(toListItem);
}

export function channelListRepo(db: Db, channelId: number, p: PageArgs): Promise<ListItem[]> {
  return listPageRepo(db, 'channel', channelId, p);
}

/** A column's (class id's) news, newest first; keyset along news_class_order_idx as above. */
export function columnNewsRepo(db: Db, classId: number, p: PageArgs): Promise<ListItem[]> {
  return listPageRepo(db, 'column', classId, p);
}

export function columnInfoRepo(db: Db, columnId: number): Promise<ColumnInfo | null> {
  return readReference(db, `columnInfo:${columnId}`, ['columns', 'channels'], () => readColumnInfo(db, columnId));
}

async function readColumnInfo(db: Db, columnId: number): Promise<ColumnInfo | null> {
  const rows = await db
    .select({ col: columns, channelName: channels.name })
    .from(columns)
    .innerJoin(channels, eq(channels.id, columns.channelId))
    .where(eq(columns.id, columnId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { columnId: row.col.id, columnName: row.col.name, channelId: row.col.channelId, channelName: row.channelName, columnimg: row.col.img };
}

export function channelGroupsRepo(db: Db): Promise<ChannelGroup[]> {
  return readReference(db, 'channelGroups', ['channels', 'columns'], () => readChannelGroups(db));
}

async function readChannelGroups(db: Db): Promise<ChannelGroup[]> {
  const [channelRows, columnRows] = await Promise.all([
    db.select().from(channels).orderBy(asc(channels.sort), asc(channels.id)),
    db.select().from(columns).where(eq(columns.isSub, false)).orderBy(asc(columns.sort), asc(columns.id)),
  ]);
  return channelRows
    .map((ch) => ({
      channelId: ch.id,
      channelName: ch.name,
      channelClass: columnRows.filter((c) => c.channelId === ch.id).map((c) => ({ columnId: c.id, columnName: c.name })),
    }))
    .filter((g) => g.channelClass.length > 0);
}

export async function liveListRepo(db: Db, p: PageArgs): Promise<ListItem[]> {
  // Live now first, then upcoming, then replays; newest within each.
  const rows = await db
    .select(listColumns)
    .from(news)
    .where(eq(news.dataType, 1))
    .orderBy(sql`case ${news.liveType} when 1 then 0 when 0 then 1 else 2 end`, desc(news.publishTime), desc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map(toListItem);
}

export async function vrListRepo(db: Db, p: PageArgs): Promise<ListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(news)
    .where(eq(news.category, 'vr'))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map(toListItem);
}

/**
 * The hot list: the editors' picks in force at their positions (热榜置顶, ADR 034), the rest the measured order (most
 * read first) with the picked stories left out of it. External links and district/account cards are not articles and
 * stand on it neither way.
 */
export async function hotListRepo(db: Db, p: PageArgs): Promise<ListItem[]> {
  const picks = await db
    .select({ item: listColumns, position: hotPicks.position })
    .from(hotPicks)
    .innerJoin(news, eq(news.id, hotPicks.newsId))
    .where(
      and(
        isNull(hotPicks.deletedAt),
        gt(hotPicks.endsAt, sql`now()`),
        lte(news.publishTime, sql`now()`),
        notInArray(news.showType, [...NOT_ON_HOT_LIST_SHOW_TYPES]),
      ),
    )
    .orderBy(asc(hotPicks.position), asc(hotPicks.id));
  const at = new Map<number, (typeof picks)[number]['item']>();
  for (const pick of picks) if (!at.has(pick.position)) at.set(pick.position, pick.item);
  const start = offsetOf(p);
  // The measured rows before this page: the page's start less the picks placed before it.
  const picksBefore = [...at.keys()].filter((pos) => pos <= start).length;
  const here = [...at.keys()].filter((pos) => pos > start && pos <= start + p.pageSize).length;
  const pickedIds = picks.map((x) => x.item.id);
  const measured = await db
    .select(listColumns)
    .from(news)
    .where(
      and(ne(news.dataType, 7), notInArray(news.showType, [...NOT_ON_HOT_LIST_SHOW_TYPES]), pickedIds.length > 0 ? notInArray(news.id, pickedIds) : undefined),
    )
    .orderBy(desc(news.pv), desc(news.id))
    .limit(p.pageSize - here)
    .offset(start - picksBefore);
  const rows: (typeof measured)[number][] = [];
  for (let position = start + 1; position <= start + p.pageSize; position++) {
    const picked = at.get(position);
    const next = picked ?? measured.shift();
    if (next) rows.push(next);
  }
  return rows.map(toListItem);
}

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern (security.md). */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function searchNewsRepo(db: Db, word: string, p: PageArgs): Promise<ListItem[]> {
  const pattern = likePattern(word);
  const rows = await db
    .select(listColumns)
    .from(news)
    .where(and(or(ilike(news.title, pattern), ilike(news.smallText, pattern)), ne(news.showType, 8), ne(news.showType, 9)))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map(toListItem);
}

type TopicRow = typeof topics.$inferSelect;
function toTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    title: row.title,
    logo: row.logo,
    pictures: row.pictures,
    intro: row.intro,
    contentCount: row.contentCount,
    commentCount: row.commentCount,
    isTimeline: row.isTimeline ? 1 : 0,
  };
}

export async function topicRepo(db: Db, topicId: number): Promise<Topic | null> {
  const rows = await db.select().from(topics).where(eq(topics.id, topicId)).limit(1);
  return rows[0] ? toTopic(rows[0]) : null;
}

const topicsOfColumnQuery = prepared('news_topics_of_column', (db, name) =>
  db
    .select()
    .from(topics)
    .where(eq(topics.columnId, placeholder('columnId')))
    .orderBy(asc(topics.sort), asc(topics.id))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .prepare(name),
);

export async function topicsOfColumnRepo(db: Db, columnId: number, p: PageArgs): Promise<Topic[]> {
  const rows = await topicsOfColumnQuery(db).execute({ columnId, limit: p.pageSize, offset: offsetOf(p) });
  return rows.map(toTopic);
}

/**
 * A topic's news: a time-line topic reads oldest first, like a time line; a 话题 in the editors' order (the topic
 * desk's sort; a story the writing desk links has 0 and leads), newest first among equals (ADR 035).
 */
export async function topicNewsRepo(db: Db, topic: Topic, p: PageArgs): Promise<ListItem[]> {
  const rows = await db
    .select({ n: listColumns })
    .from(topicNews)
    .innerJoin(news, eq(news.id, topicNews.newsId))
    .where(eq(topicNews.topicId, topic.id))
    .orderBy(...(topic.isTimeline ? [asc(news.publishTime), asc(news.id)] : [asc(topicNews.sort), desc(news.publishTime), asc(news.id)]))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map((r) => toListItem(r.n));
}

export async function specialRepo(db: Db, classId: number): Promise<Special | null> {
  const rows = await db.select().from(specialTopics).where(eq(specialTopics.classId, classId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const cats = await db
    .select({ id: specialCategories.id, name: specialCategories.name })
    .from(specialCategories)
    .where(eq(specialCategories.classId, classId))
    .orderBy(asc(specialCategories.sort), asc(specialCategories.id));
  return { classId: row.classId, topicTitle: row.title, topicImg: row.img, intro: row.intro, category: cats };
}

/** A special topic's news, of one category or of all, in the editors' order. */
export async function specialNewsRepo(db: Db, classId: number, categoryId: number | undefined, p: PageArgs): Promise<ListItem[]> {
  const rows = await db
    .select({ n: listColumns })
    .from(specialCategoryNews)
    .innerJoin(specialCategories, eq(specialCategories.id, specialCategoryNews.categoryId))
    .innerJoin(news, eq(news.id, specialCategoryNews.newsId))
    .where(and(eq(specialCategories.classId, classId), categoryId === undefined ? undefined : eq(specialCategories.id, categoryId)))
    .orderBy(asc(specialCategories.sort), asc(specialCategoryNews.sort), asc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map((r) => toListItem(r.n));
}

export async function specialCategoryExistsRepo(db: Db, classId: number, categoryId: number): Promise<boolean> {
  const rows = await db
    .select({ id: specialCategories.id })
    .from(specialCategories)
    .where(and(eq(specialCategories.id, categoryId), eq(specialCategories.classId, classId)))
    .limit(1);
  return rows.length > 0;
}

export async function hotWordsRepo(db: Db): Promise<{ id: number; word: string }[]> {
  return db.select({ id: hotWords.id, word: hotWords.word }).from(hotWords).orderBy(asc(hotWords.sort), asc(hotWords.id));
}

export async function districtExistsRepo(db: Db, classId: number): Promise<boolean> {
  const rows = await db
    .select({ id: districts.id })
    .from(districts)
    .where(and(eq(districts.id, classId), isNotNull(districts.father)))
    .limit(1);
  return rows.length > 0;
}

/** A district's news (channel 2), newest first. */
export async function districtNewsRepo(db: Db, classId: number, p: PageArgs): Promise<ListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(news)
    .where(and(eq(news.channelId, 2), eq(news.classId, classId)))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map(toListItem);
}

export async function areaTreeRepo(db: Db): Promise<AreaNode[]> {
  const rows = await db.select().from(districts).orderBy(asc(districts.sort), asc(districts.id));
  const node = (d: (typeof rows)[number]): AreaNode => ({
    columnid: d.id,
    columnname: d.name,
    father: d.father ?? 0,
    areacode: d.areaCode,
    expertpic: d.expertPic,
    classimg: d.classImg,
    areasub: [],
  });
  const parents = rows.filter((d) => d.father === null).map(node);
  for (const parent of parents) parent.areasub = rows.filter((d) => d.father === parent.columnid).map(node);
  return parents;
}

export async function weatherRepo(db: Db, classId: number): Promise<Weather | null> {
  const rows = await db
    .select({ id: districts.id, name: districts.name, temperature: districts.temperature, weather: districts.weather })
    .from(districts)
    .where(and(eq(districts.id, classId), isNotNull(districts.father)))
    .limit(1);
  const row = rows[0];
  return row ? { classId: row.id, columnname: row.name, temperature: row.temperature, weather: row.weather } : null;
}

export async function districtCentresRepo(db: Db): Promise<{ classId: number; name: string; lat: number; lng: number }[]> {
  return db
    .select({ classId: districtLocations.classId, name: districts.name, lat: districtLocations.lat, lng: districtLocations.lng })
    .from(districtLocations)
    .innerJoin(districts, eq(districts.id, districtLocations.classId));
}

type AccountRow = typeof publisherAccounts.$inferSelect;

export async function accountRepo(db: Db, classId: number): Promise<AccountInfo | null> {
  const rows: AccountRow[] = await db.select().from(publisherAccounts).where(eq(publisherAccounts.classId, classId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(publisherAccountNews)
    .where(eq(publisherAccountNews.classId, classId));
  return { classId: row.classId, name: row.name, img: row.img, intro: row.intro, isJump: row.isJump ? 1 : 0, fans: row.fans, newsCount: count?.n ?? 0 };
}

export async function accountNewsRepo(db: Db, classId: number, p: PageArgs): Promise<ListItem[]> {
  const rows = await db
    .select({ n: listColumns })
    .from(publisherAccountNews)
    .innerJoin(news, eq(news.id, publisherAccountNews.newsId))
    .where(eq(publisherAccountNews.classId, classId))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map((r) => toListItem(r.n));
}

export async function accountStripRepo(db: Db): Promise<AccountStripItem[]> {
  const rows = await db.select().from(publisherAccounts).orderBy(asc(publisherAccounts.sort), asc(publisherAccounts.classId));
  return rows.map((r) => ({ img: r.img, name: r.name, classId: r.classId, isJump: r.isJump ? 1 : 0 }));
}

/** The publisher-account feed: the newest articles of every account. */
export async function accountsFeedRepo(db: Db, p: PageArgs): Promise<ListItem[]> {
  const rows = await db
    .selectDistinctOn([news.publishTime, news.id], { n: listColumns })
    .from(publisherAccountNews)
    .innerJoin(news, eq(news.id, publisherAccountNews.newsId))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows.map((r) => toListItem(r.n));
}

type PaperRow = typeof newspapers.$inferSelect;
const summary = (r: PaperRow): NewspaperSummary => ({ id: r.id, name: r.name, editionDate: r.editionDate, cover: r.cover, pageCount: r.pages.length });

export async function newspapersRepo(db: Db, p: PageArgs): Promise<NewspaperSummary[]> {
  const rows = await db.select().from(newspapers).orderBy(asc(newspapers.sort), asc(newspapers.id)).limit(p.pageSize).offset(offsetOf(p));
  return rows.map(summary);
}

export async function newspaperEditionRepo(db: Db, id: number): Promise<NewspaperEdition | null> {
  const rows = await db.select().from(newspapers).where(eq(newspapers.id, id)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const items = await newsByIdsRepo(
    db,
    row.pages.flatMap((pg) => pg.newsIds),
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  return {
    ...summary(row),
    pages: row.pages.map((pg) => ({
      name: pg.name,
      image: pg.image,
      news: pg.newsIds.map((id) => byId.get(id)).filter((i): i is ListItem => i !== undefined),
    })),
  };
}

/** The 山城号 square: accounts by sort order with their article counts, paged. */
export async function accountSquareRepo(db: Db, p: PageArgs): Promise<AccountInfo[]> {
  const rows: AccountRow[] = await db
    .select()
    .from(publisherAccounts)
    .orderBy(asc(publisherAccounts.sort), asc(publisherAccounts.classId))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ classId: publisherAccountNews.classId, n: sql<number>`count(*)::int` })
    .from(publisherAccountNews)
    .where(
      inArray(
        publisherAccountNews.classId,
        rows.map((r) => r.classId),
      ),
    )
    .groupBy(publisherAccountNews.classId);
  const byId = new Map(counts.map((c) => [c.classId, c.n]));
  return rows.map((row) => ({
    classId: row.classId,
    name: row.name,
    img: row.img,
    intro: row.intro,
    isJump: row.isJump ? 1 : 0,
    fans: row.fans,
    newsCount: byId.get(row.classId) ?? 0,
  }));
}

/** Every district's weather with its group's name, in the area tree's order (groups, then districts). */
export async function weatherListRepo(db: Db): Promise<DistrictWeather[]> {
  const groups = alias(districts, 'area_group');
  const rows = await db
    .select({ id: districts.id, name: districts.name, temperature: districts.temperature, weather: districts.weather, areaName: groups.name })
    .from(districts)
    .innerJoin(groups, eq(groups.id, districts.father))
    .orderBy(asc(groups.sort), asc(groups.id), asc(districts.sort), asc(districts.id));
  return rows.map((r) => ({ classId: r.id, columnname: r.name, temperature: r.temperature, weather: r.weather, areaName: r.areaName }));
}
