/**
 * The writing desk's data access (ADR 025): stories and their versions, and the reader rows a publish
 * writes (`news`, its detail extras, its publisher account and topic links) or a withdrawal deletes.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ArticleFields, ArticleState, PublishOptions } from '../../contract/publish.ts';
import { EMPTY_FIELDS, KIND_CATEGORIES, KIND_DATA_TYPES, PERMISSION_HIDE_LIKE } from '../../contract/publish.ts';
import { LIVE_FEED_SHOWN } from '../../contract/liveFeed.ts';
import type { Db, Tx } from '../db/client.ts';
import { channels, columns, news } from '../db/schema/core.ts';
import { newsDetailExtras } from '../db/schema/detail.ts';
import { publisherAccountNews, publisherAccounts, topicNews, topics } from '../db/schema/news.ts';
import { articles, articleVersions, breakingPushes, livePosts, newsCorrections } from '../db/schema/publish.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';

export type ArticleRow = typeof articles.$inferSelect;
type Reader = Db | Tx;

/** A row with every field: one stored before a field existed takes its default (a story without a kind is 图文). */
function filled(row: ArticleRow): ArticleRow {
  return { ...row, fields: { ...EMPTY_FIELDS, ...row.fields } };
}

/** Inserts a story for `key`, or answers the one a earlier request with the same key made. */
export async function createArticleRepo(
  tx: Tx,
  a: { authorId: number; authorName: string; key: string; fields: ArticleFields },
): Promise<{ row: ArticleRow; created: boolean }> {
  const inserted = await tx
    .insert(articles)
    .values({ authorId: a.authorId, authorName: a.authorName, createKey: a.key, fields: a.fields })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { row: filled(inserted[0]), created: true };
  const [row] = await tx
    .select()
    .from(articles)
    .where(and(eq(articles.authorId, a.authorId), eq(articles.createKey, a.key)))
    .limit(1);
  return { row: filled(row!), created: false };
}

export async function articleRepo(db: Reader, id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row ? filled(row) : null;
}

/** The story's row, locked until the transaction ends (steps on one story happen one after another). */
export async function lockArticleRepo(tx: Tx, id: number): Promise<ArticleRow | null> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).limit(1).for('update');
  return row ? filled(row) : null;
}

export async function listArticlesRepo(db: Db, q: { state?: ArticleState | undefined; authorId?: number | undefined }): Promise<ArticleRow[]> {
  const rows = await db
    .select()
    .from(articles)
    .where(and(q.state ? eq(articles.state, q.state) : undefined, q.authorId === undefined ? undefined : eq(articles.authorId, q.authorId)))
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(100);
  return rows.map(filled);
}

export async function updateArticleRepo(tx: Tx, id: number, patch: Partial<Omit<typeof articles.$inferInsert, 'id'>>): Promise<ArticleRow> {
  const [row] = await tx
    .update(articles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(articles.id, id))
    .returning();
  return filled(row!);
}

/** Marks a scheduled story published only when it still is scheduled (two runs never publish it twice). */
export async function claimScheduledRepo(tx: Tx, id: number, now: Date): Promise<ArticleRow | null> {
  const [row] = await tx
    .update(articles)
    .set({ state: 'published', publishedAt: sql`coalesce(${articles.publishAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(articles.id, id), eq(articles.state, 'scheduled'), lte(articles.publishAt, now)))
    .returning();
  return row ? filled(row) : null;
}

export async function dueScheduledRepo(db: Reader, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.state, 'scheduled'), lte(articles.publishAt, now)))
    .orderBy(asc(articles.publishAt))
    .limit(200);
  return rows.map((r) => r.id);
}

export async function addVersionRepo(
  tx: Tx,
  v: { articleId: number; fields: ArticleFields; content: string; savedBy: number; savedByName: string },
): Promise<number> {
  const [row] = await tx
    .insert(articleVersions)
    .values({
      articleId: v.articleId,
      version: sql`(select coalesce(max(${articleVersions.version}), 0) + 1 from ${articleVersions} where ${articleVersions.articleId} = ${v.articleId})`,
      fields: v.fields,
      content: v.content,
      savedBy: v.savedBy,
      savedByName: v.savedByName,
    })
    .returning({ version: articleVersions.version });
  return row!.version;
}

export async function listVersionsRepo(db: Db, articleId: number) {
  return db.select().from(articleVersions).where(eq(articleVersions.articleId, articleId)).orderBy(desc(articleVersions.version)).limit(50);
}

/** Channels whose list is a list of stories (not 区县, 热榜, 作文, 山城号, the video feeds …). */
const STORY_CHANNEL_KINDS = ['news', 'domestic'];

export async function publishOptionsRepo(db: Db): Promise<PublishOptions> {
  const [ch, col, acc, top] = await Promise.all([
    db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(inArray(channels.kind, STORY_CHANNEL_KINDS))
      .orderBy(asc(channels.sort), asc(channels.id)),
    db
      .select({ id: columns.id, channelId: columns.channelId, name: columns.name })
      .from(columns)
      .orderBy(asc(columns.channelId), asc(columns.sort), asc(columns.id)),
    db.select({ classId: publisherAccounts.classId, name: publisherAccounts.name }).from(publisherAccounts).orderBy(asc(publisherAccounts.sort)),
    db.select({ id: topics.id, title: topics.title }).from(topics).orderBy(asc(topics.sort), asc(topics.id)),
  ]);
  return { channels: ch, columns: col, accounts: acc, topics: top };
}

/** Does column `classId` belong to channel `channelId`? Does the account or topic exist? */
export async function placementExistsRepo(
  db: Reader,
  f: Pick<ArticleFields, 'channelId' | 'classId' | 'publisherClassId' | 'topicId'>,
): Promise<{ column: boolean; account: boolean; topic: boolean }> {
  const [col] = await db
    .select({ id: columns.id })
    .from(columns)
    .where(and(eq(columns.id, f.classId), eq(columns.channelId, f.channelId)))
    .limit(1);
  const account =
    f.publisherClassId === 0 ||
    (await db.select({ c: publisherAccounts.classId }).from(publisherAccounts).where(eq(publisherAccounts.classId, f.publisherClassId)).limit(1)).length === 1;
  const topic = f.topicId === 0 || (await db.select({ id: topics.id }).from(topics).where(eq(topics.id, f.topicId)).limit(1)).length === 1;
  return { column: col !== undefined, account, topic };
}

/** A new id from news' own sequence (the reader row keeps it for good, also across a withdrawal). */
export async function nextNewsIdRepo(tx: Tx): Promise<number> {
  const rows = await tx.execute<{ id: number | string }>(sql`select nextval(pg_get_serial_sequence('news', 'id')) as id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: number | string }[] }).rows) as { id: number | string }[];
  return Number(list[0]!.id);
}

/**
 * What a kind puts in the reader row's kind-specific columns, stored the way the seeded items of its data
 * type are (src/server/db/seed/buildDemoData.ts): a photo set's pictures are its imageUrls and its captions
 * one <p> each in the body, in order (src/server/detail/repo.ts picturesOf); a video plays videoUrl; an
 * external link's card opens targetUrl (src/routing/jump.ts); a live's sources are its videoUrls, in order, with its
 * state and start time (LiveView.astro); a VR story is an article of the category `vr` whose vrUrl is its panorama
 * (VrViewer on /VRPage).
 */
function kindColumns(f: ArticleFields, content: string) {
  const none = {
    targetUrl: '',
    isVideo: false,
    videoUrl: '',
    videoTime: '',
    videoUrls: [] as { name: string; videoUrl: string }[],
    liveType: 0,
    liveStartTime: null as Date | null,
    category: KIND_CATEGORIES[f.kind],
    vrUrl: '',
  };
  switch (f.kind) {
    case 'live':
      return {
        ...none,
        imageUrls: f.covers,
        content,
        videoUrls: f.liveSources.map((s) => ({ name: s.name, videoUrl: s.url })),
        liveType: f.liveType,
        liveStartTime: f.liveStart === '' ? null : new Date(f.liveStart),
      };
    case 'link':
      return { ...none, imageUrls: f.covers, content: '', targetUrl: f.linkUrl };
    case 'photos':
      return { ...none, imageUrls: f.pictures.map((p) => p.url), content: f.pictures.map((p) => `<p>${escapeHtml(p.caption)}</p>`).join('') };
    case 'video':
      return { ...none, imageUrls: f.covers, content, isVideo: true, videoUrl: f.videoUrl, videoTime: f.videoTime };
    case 'vr':
      return { ...none, imageUrls: f.covers, content, vrUrl: f.vrPicture };
    case 'article':
      return { ...none, imageUrls: f.covers, content };
  }
}

/**
 * Writes the reader row of a story (spec 3 list item and news detail): inserted at the first publish, its
 * editorial fields replaced on a later one (views, likes and comment counts stay).
 */
export async function writeNewsRowRepo(
  tx: Tx,
  a: { newsId: number; fields: ArticleFields; content: string; publishTime: Date; authorName: string },
): Promise<void> {
  const f = a.fields;
  const row = {
    classId: f.classId,
    channelId: f.channelId,
    dataType: KIND_DATA_TYPES[f.kind],
    showType: f.showType,
    title: f.title,
    ...kindColumns(f, a.content),
    label: f.label,
    isTop: f.isTop,
    topTitle: f.isTop ? f.topTitle : '',
    smallText: f.smallText,
    intro: f.smallText,
    publishTime: a.publishTime,
    source: f.befrom,
    sourcePic: f.befromPic,
    writer: f.writer,
    userName: a.authorName,
    execEditor: f.execEditor,
    finalEditor: f.finalEditor,
    permission: f.hideLike ? PERMISSION_HIDE_LIKE : 0,
    allowPl: f.allowPl,
    keyboard: f.keyboard.join(','),
    titleType: f.titleType,
    region: f.region,
  };
  await tx
    .insert(news)
    .values({ id: a.newsId, ...row })
    .onConflictDoUpdate({ target: news.id, set: row });
  const extras = { hideComments: f.hideComments, hideRelated: f.hideRelated, hideAds: f.hideAds, disclaimer: f.disclaimer, isSyn: f.isSyn };
  await tx
    .insert(newsDetailExtras)
    .values({ newsId: a.newsId, ...extras })
    .onConflictDoUpdate({ target: newsDetailExtras.newsId, set: extras });
  await tx.delete(publisherAccountNews).where(eq(publisherAccountNews.newsId, a.newsId));
  if (f.publisherClassId > 0) await tx.insert(publisherAccountNews).values({ classId: f.publisherClassId, newsId: a.newsId });
  const placedInTopics = await tx.select({ topicId: topicNews.topicId }).from(topicNews).where(eq(topicNews.newsId, a.newsId));
  const stale = placedInTopics.map((r) => r.topicId).filter((id) => id !== f.topicId);
  if (stale.length > 0) await tx.delete(topicNews).where(and(eq(topicNews.newsId, a.newsId), inArray(topicNews.topicId, stale)));
  if (f.topicId > 0) await tx.insert(topicNews).values({ topicId: f.topicId, newsId: a.newsId, sort: 0 }).onConflictDoNothing();
}

/** Takes a story out of every reader list and page: its row and its links go (the extras with the row). */
export async function deleteNewsRowRepo(tx: Tx, newsId: number): Promise<void> {
  await tx.delete(publisherAccountNews).where(eq(publisherAccountNews.newsId, newsId));
  await tx.delete(topicNews).where(eq(topicNews.newsId, newsId));
  await tx.delete(news).where(eq(news.id, newsId));
}

export type CorrectionRow = typeof newsCorrections.$inferSelect;

/** Adds a correction, or answers the one an earlier request with the same key added. */
export async function addCorrectionRepo(
  tx: Tx,
  c: { articleId: number; newsId: number; note: string; staffId: number; staffName: string; key: string },
): Promise<{ row: CorrectionRow; created: boolean }> {
  const inserted = await tx
    .insert(newsCorrections)
    .values({ articleId: c.articleId, newsId: c.newsId, note: c.note, staffId: c.staffId, staffName: c.staffName, createKey: c.key })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await tx
    .select()
    .from(newsCorrections)
    .where(and(eq(newsCorrections.articleId, c.articleId), eq(newsCorrections.createKey, c.key)))
    .limit(1);
  return { row: row!, created: false };
}

/** A story's corrections, oldest first (the reader reads them in the order they were made). */
export async function correctionsOfArticleRepo(db: Reader, articleId: number): Promise<CorrectionRow[]> {
  return db
    .select()
    .from(newsCorrections)
    .where(eq(newsCorrections.articleId, articleId))
    .orderBy(asc(newsCorrections.correctedAt), asc(newsCorrections.id))
    .limit(100);
}

export type PushRow = typeof breakingPushes.$inferSelect;

export async function pushByKeyRepo(tx: Tx, key: string): Promise<PushRow | null> {
  const [row] = await tx.select().from(breakingPushes).where(eq(breakingPushes.createKey, key)).limit(1);
  return row ?? null;
}

/**
 * The desk's last push, read under a table lock held to the end of the transaction: two chiefs pushing at
 * the same moment on two processes take turns, so the second sees the first (one push per window).
 */
export async function lastPushLockedRepo(tx: Tx): Promise<PushRow | null> {
  await tx.execute(sql`lock table ${breakingPushes} in share row exclusive mode`);
  const [row] = await tx.select().from(breakingPushes).orderBy(desc(breakingPushes.pushedAt), desc(breakingPushes.id)).limit(1);
  return row ?? null;
}

export async function addPushRepo(
  tx: Tx,
  p: { articleId: number; newsId: number; text: string; staffId: number; staffName: string; key: string; at: Date },
): Promise<PushRow> {
  const [row] = await tx
    .insert(breakingPushes)
    .values({ articleId: p.articleId, newsId: p.newsId, text: p.text, staffId: p.staffId, staffName: p.staffName, createKey: p.key, pushedAt: p.at })
    .returning();
  return row!;
}

/** A published live's state on its reader row (the list card and LiveDetail read it). */
export async function setNewsLiveTypeRepo(tx: Tx, newsId: number, liveType: number): Promise<void> {
  await tx.update(news).set({ liveType }).where(eq(news.id, newsId));
}

export type LivePostRow = typeof livePosts.$inferSelect;

/** Adds an update to a live's feed, or answers the one an earlier request with the same key added. */
export async function addLivePostRepo(
  tx: Tx,
  p: { articleId: number; newsId: number; text: string; picture: string; staffId: number; staffName: string; key: string },
): Promise<{ row: LivePostRow; created: boolean }> {
  const inserted = await tx
    .insert(livePosts)
    .values({ articleId: p.articleId, newsId: p.newsId, text: p.text, picture: p.picture, staffId: p.staffId, staffName: p.staffName, createKey: p.key })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await tx
    .select()
    .from(livePosts)
    .where(and(eq(livePosts.articleId, p.articleId), eq(livePosts.createKey, p.key)))
    .limit(1);
  return { row: row!, created: false };
}

/** A live's updates as the desk sees them (withdrawn ones too), newest first. */
export async function livePostsOfArticleRepo(db: Reader, articleId: number): Promise<LivePostRow[]> {
  return db
    .select()
    .from(livePosts)
    .where(eq(livePosts.articleId, articleId))
    .orderBy(desc(livePosts.createdAt), desc(livePosts.id))
    .limit(2 * LIVE_FEED_SHOWN);
}

/** One update of a story's feed, locked until the transaction ends. */
export async function lockLivePostRepo(tx: Tx, articleId: number, postId: number): Promise<LivePostRow | null> {
  const [row] = await tx
    .select()
    .from(livePosts)
    .where(and(eq(livePosts.id, postId), eq(livePosts.articleId, articleId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function withdrawLivePostRepo(tx: Tx, postId: number, at: Date): Promise<void> {
  await tx.update(livePosts).set({ withdrawnAt: at }).where(eq(livePosts.id, postId));
}
