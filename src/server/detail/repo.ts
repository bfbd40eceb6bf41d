/** Detail data access: the only place that maps news rows and their extras to the spec's detail fields. */
import { paragraphTexts } from '../../lib/htmlToText.ts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { prepared } from '../db/prepared.ts';
import type { Ad, NewsDetail, PictureItem } from '../../contract/detail.ts';
import type { ListItem } from '../../contract/news.ts';
import { LIVE_FEED_SHOWN } from '../../contract/liveFeed.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import { readConfigValue } from '../appConfig/repo.ts';
import type { Db, Tx } from '../db/client.ts';
import { ads, columns, districts, news } from '../db/schema/core.ts';
import { newsDetailExtras } from '../db/schema/detail.ts';
import { livePosts, newsCorrections } from '../db/schema/publish.ts';
import { publisherAccounts, specialCategories, specialCategoryNews, specialTopics } from '../db/schema/news.ts';
import { listColumns, toListItem, type ListRow } from '../news/repo.ts';
import { readReference } from '../referenceCache.ts';

type NewsRow = typeof news.$inferSelect;
type Reader = Db | Tx;

/** Site-wide detail texts stored in app_config under 'detail' (seeded; editable by operators). */
export interface DetailSiteTexts {
  selfDiscipline: { title: string; url: string };
  repot: { tel: string; type: string[] };
  disclaimers: string[];
}

const EMPTY_SITE_TEXTS: DetailSiteTexts = {
  selfDiscipline: { title: '', url: '' },
  repot: { tel: '', type: [] },
  disclaimers: [],
};

/** Items a detail page links to as news (never external links or special topic entries). */
const LINKABLE_TYPES = [1, 2, 3, 8];
const HOT_NEWS_SIZE = 5;

function picturesOf(row: NewsRow): PictureItem[] {
  if (row.dataType !== 2) return [];
  // By position: a picture without a caption (an empty <p>) shows the brief, and the next keeps its own.
  const captions = paragraphTexts(row.content, { keepEmpty: true });
  return row.imageUrls.map((url, i) => ({ url, desc: captions[i] || row.smallText }));
}

// The site texts, class names and publisher cards below are reference data, kept in the reference
// cache of the root database `root` (referenceCache.ts); a miss reads through `db`, which is the open
// transaction when a view is counted (PGlite has one connection: a read beside it would wait for it).

async function readSiteTexts(db: Reader, root: Db): Promise<DetailSiteTexts> {
  const value = (await readConfigValue(root, 'detail', db)) as Partial<DetailSiteTexts> | undefined;
  return { ...EMPTY_SITE_TEXTS, ...(value ?? {}) };
}

function classNameOf(db: Reader, root: Db, classId: number): Promise<string> {
  return readReference(
    root,
    `className:${classId}`,
    ['columns', 'districts', 'publisher_accounts'],
    async () => {
      const [column] = await db.select({ name: columns.name }).from(columns).where(eq(columns.id, classId)).limit(1);
      if (column) return column.name;
      const [district] = await db.select({ name: districts.name }).from(districts).where(eq(districts.id, classId)).limit(1);
      if (district) return district.name;
      const [account] = await db.select({ name: publisherAccounts.name }).from(publisherAccounts).where(eq(publisherAccounts.classId, classId)).limit(1);
      return account?.name ?? '';
    },
    { alone: db !== root },
  );
}

// Every detail render reads these: each is built once (src/server/db/prepared.ts) and run with its ids.
const placeholder = sql.placeholder;

function syhInfoOf(db: Reader, root: Db, classId: number): Promise<NewsDetail['syhInfo']> {
  return readReference(
    root,
    `syhInfo:${classId}`,
    ['publisher_accounts'],
    async () => {
      const [account] = await db
        .select({ name: publisherAccounts.name, classId: publisherAccounts.classId, img: publisherAccounts.img })
        .from(publisherAccounts)
        .where(eq(publisherAccounts.classId, classId))
        .limit(1);
      return account ?? null;
    },
    { alone: db !== root },
  );
}

/**
 * The most read articles (never the item itself), for the hot-news block under a detail, as one JSON array inside the
 * item's own read: each a list row under listColumns' names, most read first (the hot index's order).
 */
const hotNewsOfRow = sql<HotRow[]>`(
  select coalesce(json_agg(json_build_object(${sql.raw(
    Object.entries(listColumns)
      .map(([key, column]) => `'${key}', h.${column.name}`)
      .join(', '),
  )}) order by h.pv desc, h.id desc), '[]'::json)
  from (
    select ${sql.raw(
      Object.values(listColumns)
        .map((column) => `hot.${column.name}`)
        .join(', '),
    )}
    from ${news} as hot
    where hot.data_type = 3 and hot.id <> ${news.id}
    order by hot.pv desc, hot.id desc
    limit ${HOT_NEWS_SIZE}
  ) h)`;

/** A hot-list row as JSON gives it: its times as text. */
type HotRow = Omit<ListRow, 'publishTime' | 'liveStartTime'> & { publishTime: string; liveStartTime: string | null };

function hotItem(row: HotRow): ListItem {
  return toListItem({ ...row, publishTime: new Date(row.publishTime), liveStartTime: row.liveStartTime === null ? null : new Date(row.liveStartTime) });
}

/** The corrections a detail shows, oldest first. */
const CORRECTIONS_SHOWN = 20;

/** The article's own read (`detailRowQuery`): its row, its extras row (null: none), its 专题 box, its corrections and a live's feed. */
type OwnRead = Awaited<ReturnType<ReturnType<typeof detailRowQuery>['execute']>>[number];

/** `db` reads the article's own data (a transaction when counting a view); `root` the reference data. */
async function buildDetail(db: Reader, root: Db, own: OwnRead): Promise<NewsDetail> {
  const { row, extras: extra, topic } = own;
  const [className, syhInfo, site] = await Promise.all([classNameOf(db, root, row.classId), syhInfoOf(db, root, row.classId), readSiteTexts(db, root)]);
  return {
    newsId: row.id,
    classId: row.classId,
    className,
    dataType: row.dataType,
    showType: row.showType,
    category: row.category,
    title: row.title,
    writer: row.writer,
    newsTime: formatBeijingTime(row.publishTime),
    publishTime: row.publishTime.toISOString(),
    originNewstext: row.content,
    smallText: row.smallText,
    befrom: row.source,
    befromPic: row.sourcePic,
    syhInfo,
    onclick: row.pv,
    liveType: row.liveType,
    startTime: row.liveStartTime ? formatBeijingTime(row.liveStartTime) : '',
    videoUrls: row.videoUrls,
    videoUrl: row.videoUrl,
    videoTime: row.videoTime,
    imageUrl: row.imageUrls,
    allImage: picturesOf(row),
    vrUrl: row.vrUrl,
    topic,
    userName: row.userName,
    newUserName: row.newUserName,
    execEditor: row.execEditor,
    finalEditor: row.finalEditor,
    plNum: row.commentCount,
    commentCount: row.commentCount,
    doLikeNum: row.likeNum,
    // Likes belong to the interaction issue; until it exists nobody has liked anything as this caller.
    isDoLike: 0,
    allowPl: row.allowPl,
    permission: row.permission,
    keyboard: row.keyboard,
    selfDiscipline: site.selfDiscipline,
    repot: site.repot,
    disclaimer: extra?.disclaimer ?? '',
    disclaimers: site.disclaimers,
    corrections: own.corrections.map((c) => ({ time: formatBeijingTime(new Date(c.at)), note: c.note })),
    livePosts: own.liveFeed.map((p) => ({ id: p.id, time: formatBeijingTime(new Date(p.at)), text: p.text, picture: p.picture })),
    isSYN: extra?.isSyn ? 1 : 0,
    region: row.region,
    titleType: row.titleType,
    pl: extra?.hideComments ? 1 : 0,
    rel: extra?.hideRelated ? 1 : 0,
    ad: extra?.hideAds ? 1 : 0,
    hotNews: own.hotNews.map(hotItem),
  };
}

const matches = (classId: number, newsId: number) => and(eq(news.id, newsId), eq(news.classId, classId));

/** The 专题 box of the article (the first by the 专题's sort), as one JSON value inside the article's own read. */
const topicOfRow = sql<NewsDetail['topic']>`(
  select json_build_object('classId', ${specialTopics.classId}, 'title', ${specialTopics.title}, 'logo', ${specialTopics.img})
  from ${specialCategoryNews}
  inner join ${specialCategories} on ${specialCategories.id} = ${specialCategoryNews.categoryId}
  inner join ${specialTopics} on ${specialTopics.classId} = ${specialCategories.classId}
  where ${specialCategoryNews.newsId} = ${news.id}
  order by ${specialTopics.sort} asc
  limit 1)`;

/** The article's corrections, oldest first, as one JSON array inside the article's own read. */
const correctionsOfRow = sql<{ note: string; at: string }[]>`(
  select coalesce(json_agg(json_build_object('note', c.note, 'at', c.corrected_at) order by c.corrected_at, c.id), '[]'::json)
  from (
    select ${newsCorrections.note} as note, ${newsCorrections.correctedAt} as corrected_at, ${newsCorrections.id} as id
    from ${newsCorrections}
    where ${newsCorrections.newsId} = ${news.id}
    order by ${newsCorrections.correctedAt} asc, ${newsCorrections.id} asc
    limit ${CORRECTIONS_SHOWN}
  ) c)`;

/**
 * A live's 图文直播 feed, newest first (ADR 025 "Live events"), as one JSON array inside the item's own read; other
 * items have none (the feed is not looked for).
 */
const liveFeedOfRow = sql<{ id: number; text: string; picture: string; at: string }[]>`(
  select coalesce(json_agg(json_build_object('id', p.id, 'text', p.text, 'picture', p.picture, 'at', p.at) order by p.at desc, p.id desc), '[]'::json)
  from (
    select ${livePosts.id} as id, ${livePosts.text} as text, ${livePosts.picture} as picture, ${livePosts.createdAt} as at
    from ${livePosts}
    where ${news.dataType} = 1 and ${livePosts.newsId} = ${news.id} and ${livePosts.withdrawnAt} is null
    order by ${livePosts.createdAt} desc, ${livePosts.id} desc
    limit ${LIVE_FEED_SHOWN}
  ) p)`;

/** One item by its class and id with what a detail reads of its own: its extras, its 专题 box, its corrections and a live's feed. */
const detailRowQuery = prepared('detail_row_with_extras', (db, name) =>
  db
    .select({ row: news, extras: newsDetailExtras, topic: topicOfRow, corrections: correctionsOfRow, liveFeed: liveFeedOfRow, hotNews: hotNewsOfRow })
    .from(news)
    .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
    .where(and(eq(news.id, placeholder('newsId')), eq(news.classId, placeholder('classId'))))
    .limit(1)
    .prepare(name),
);

/** One item by its class and id, every column. */
const newsRowQuery = prepared('detail_news_row', (db, name) =>
  db
    .select()
    .from(news)
    .where(and(eq(news.id, placeholder('newsId')), eq(news.classId, placeholder('classId'))))
    .limit(1)
    .prepare(name),
);

type Writable = { readonly db: Db; write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> };

/** Raises one item's onclick/pv by one inside the caller's transaction; the new count, or null when there is no such item. */
async function countOneView(tx: Tx, classId: number, newsId: number): Promise<number | null> {
  const [row] = await tx
    .update(news)
    .set({ pv: sql`${news.pv} + 1` })
    .where(matches(classId, newsId))
    .returning({ pv: news.pv });
  return row?.pv ?? null;
}

/** The detail from the item's own read (its hot list in it too); null when there is no such item. */
async function readDetail(db: Reader, root: Db, classId: number, newsId: number): Promise<NewsDetail | null> {
  const [own] = await detailRowQuery(db).execute({ classId, newsId });
  return own ? buildDetail(db, root, own) : null;
}

/**
 * One view of a detail: raises onclick/pv by one and reads the article in the same transaction, so the
 * count returned includes this view and a failed read counts nothing.
 */
export async function viewDetailRepo(database: Writable, classId: number, newsId: number): Promise<NewsDetail | null> {
  return database.write(async (tx) => ((await countOneView(tx, classId, newsId)) === null ? null : readDetail(tx, database.db, classId, newsId)));
}

/**
 * Counts one view of a detail (the page's after-load beacon): raises onclick/pv by one in one
 * transaction and answers the new count, or null when the item does not exist (nothing counted).
 */
export async function countViewRepo(database: Writable, classId: number, newsId: number): Promise<number | null> {
  return database.write((tx) => countOneView(tx, classId, newsId));
}

/** The detail without counting a view (detail pages, share cards, previews). */
export function readDetailRepo(db: Db, classId: number, newsId: number): Promise<NewsDetail | null> {
  return readDetail(db, db, classId, newsId);
}

export async function newsExistsRepo(db: Db, classId: number, newsId: number): Promise<NewsRow | null> {
  const [row] = await newsRowQuery(db).execute({ classId, newsId });
  return row ?? null;
}

/**
 * Related news in one read: the same column first (newest first), then the rest of the same channel (newest first),
 * never the item itself, nothing when the item is not of that column. Each half is an ordered, limited read of its
 * own index; the halves are joined and cut to `size` in that order. (The rest of the channel is every other column's
 * items: the same column's are all in the first half whenever the second is needed.)
 */
const relatedQuery = prepared('detail_related', (db, name) => {
  const ofItem = sql`itself.id = ${placeholder('newsId')} and itself.class_id = ${placeholder('classId')}`;
  /** The item's column's other linkable news, in `table`. */
  const ofColumn = (table: { classId: AnyPgColumn; id: AnyPgColumn; dataType: AnyPgColumn }) =>
    and(eq(table.classId, placeholder('classId')), ne(table.id, placeholder('newsId')), inArray(table.dataType, LINKABLE_TYPES));
  const sameClass = db
    .select({ ...listColumns, part: sql<number>`0`.as('part') })
    .from(news)
    .where(and(ofColumn(news), sql`exists (select 1 from ${news} as itself where ${ofItem})`))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(placeholder('size'));
  // Read only when the column's own news do not fill the page (a one-time filter: otherwise this half is not run at
  // all, and a large channel's news are not sorted by time for nothing).
  const own = alias(news, 'own');
  const columnPage = db
    .select({ one: sql`1` })
    .from(own)
    .where(ofColumn(own))
    .limit(placeholder('size'));
  const restOfChannel = db
    .select({ ...listColumns, part: sql<number>`1`.as('part') })
    .from(news)
    .where(
      and(
        sql`(select count(*) from ${columnPage} as own_page) < ${placeholder('size')}`,
        sql`${news.channelId} = (select itself.channel_id from ${news} as itself where ${ofItem})`,
        ne(news.classId, placeholder('classId')),
        inArray(news.dataType, LINKABLE_TYPES),
      ),
    )
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(placeholder('size'));
  return sameClass
    .unionAll(restOfChannel)
    .orderBy(sql`"part"`, sql`"publish_time" desc`, sql`"id" desc`)
    .limit(placeholder('size'))
    .prepare(name);
});

/** The channel of the item `classId`/`newsId` (whether it exists, when it has nothing related). */
const channelOfItemQuery = prepared('detail_related_channel', (db, name) =>
  db
    .select({ channelId: news.channelId })
    .from(news)
    .where(and(eq(news.id, placeholder('newsId')), eq(news.classId, placeholder('classId'))))
    .limit(1)
    .prepare(name),
);

/** Related news of the item `classId`/`newsId`, or null when there is no such item. */
export async function relationNewsRepo(db: Db, classId: number, newsId: number, size: number): Promise<ListItem[] | null> {
  const rows = await relatedQuery(db).execute({ classId, newsId, size });
  if (rows.length > 0) return rows.map(toListItem);
  // Nothing related: an item alone in its channel, or no such item.
  const [item] = await channelOfItemQuery(db).execute({ classId, newsId });
  return item ? [] : null;
}

/** The ads (all, or of one type), in the reference cache: operators change them through writeReferenceData. */
export function listAdsRepo(db: Db, type: number | undefined): Promise<Ad[]> {
  return readReference(db, `ads:${type ?? 'all'}`, ['ads'], () => readAds(db, type));
}

async function readAds(db: Db, type: number | undefined): Promise<Ad[]> {
  const rows = await db
    .select()
    .from(ads)
    .where(type === undefined ? undefined : eq(ads.type, type))
    .orderBy(asc(ads.type), asc(ads.sort), asc(ads.id));
  return rows.map((a) => ({
    id: a.id,
    type: a.type,
    imgSrc: a.imgSrc,
    url: a.url,
    newsClassId: a.newsClassId,
    newsId: a.newsId,
    isAll: a.isAll ? 1 : 0,
    showClassIds: a.showClassIds,
    notShowClassIds: a.notShowClassIds,
    permission: a.permission,
  }));
}
