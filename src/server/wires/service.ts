/**
 * The wires desk (docs/security.md "The wires"): admins allow hosts and add feeds; the `wires.ingest` job
 * (src/server/jobs/productJobs.ts) fetches each due feed once across processes (the job runner's slot,
 * then a claim on the feed's row); items are de-duplicated by guid or link and cleaned; an editor makes a
 * draft of one with one click (the writing desk's story, keeping the source's name and link). A feed that
 * fails is noted on its row in Chinese and never stops the others. Every staff action writes an audit row.
 */
import { randomUUID } from 'node:crypto';
import { sanitizeHtml } from '../../features/richtext/sanitizeHtml.server.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { ArticleFields } from '../../contract/publish.ts';
import type { FeedInput, FetchReport, WireFeedView, WireHostView, WireItemView, WireTray } from '../../contract/wires.ts';
import type { z } from '../../contract/zod.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { Logger } from '../log.ts';
import { createArticleRepo, placementExistsRepo, updateArticleRepo } from '../publish/repo.ts';
import type { Actor } from '../publish/service.ts';
import { checkFeedUrl, fetchFeedText, loopbackAllowed, WireFetchError, type FetchLimits } from './fetchFeed.ts';
import { parseFeedItems, WireParseError } from './parseFeed.ts';
import {
  addHostRepo,
  allowedHostSetRepo,
  claimFeedRepo,
  createFeedRepo,
  dueFeedsRepo,
  listFeedsRepo,
  listHostsRepo,
  lockItemRepo,
  markItemDraftedRepo,
  recordFetchRepo,
  removeHostRepo,
  setFeedEnabledRepo,
  trayRepo,
  insertItemsRepo,
  type WireFeedRow,
} from './repo.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';

export const WIRES_MESSAGES = {
  feedNotFound: '订阅源不存在',
  itemNotFound: '条目不存在',
  hostNotFound: '该主机不在名单中',
  duplicateFeed: '这个订阅源地址已经添加过了',
  columnMismatch: '建议栏目不属于所选频道',
  unexpected: '抓取订阅源时出错，请稍后重试',
} as const;

/**
 * Fetch limits besides the admin's host list (tests pass a short timeout or a small cap). Internal
 * addresses are never an option here: only the test-only setting opens them (fetchFeed.ts).
 */
export type IngestOptions = Omit<FetchLimits, 'allowedHosts' | 'allowLoopback'>;

const refuse = (message: string): ApiFailure => new ApiFailure(StatusCode.unprocessable, message);

function feedView(r: WireFeedRow): WireFeedView {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    everyMinutes: r.everyMinutes,
    channelId: r.channelId,
    classId: r.classId,
    enabled: r.enabled,
    lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null,
    lastError: r.lastError,
    lastNewItems: r.lastNewItems,
    nextFetchAt: r.nextFetchAt.toISOString(),
  };
}

export async function listHosts(database: Database): Promise<WireHostView[]> {
  return (await listHostsRepo(database.db)).map((h) => ({ host: h.host, addedAt: h.addedAt.toISOString() }));
}

export async function addHost(database: Database, actor: Actor, host: string): Promise<WireHostView[]> {
  await database.write(async (tx) => {
    if (await addHostRepo(tx, host, actor.staff.id)) await actor.audit(tx, { action: 'wires.host.add', itemKind: 'wire-host', itemId: host });
  });
  return listHosts(database);
}

export async function removeHost(database: Database, actor: Actor, host: string): Promise<WireHostView[]> {
  await database.write(async (tx) => {
    if (!(await removeHostRepo(tx, host))) throw refuse(WIRES_MESSAGES.hostNotFound);
    await actor.audit(tx, { action: 'wires.host.remove', itemKind: 'wire-host', itemId: host });
  });
  return listHosts(database);
}

export async function listFeeds(database: Database): Promise<WireFeedView[]> {
  return (await listFeedsRepo(database.db)).map(feedView);
}

/** Adds a feed (its host must be allowed already); the first fetch is due at once. */
export async function addFeed(database: Database, actor: Actor, input: z.output<typeof FeedInput>): Promise<WireFeedView> {
  const hosts = await allowedHostSetRepo(database.db);
  let url: URL;
  try {
    url = checkFeedUrl(input.url, { allowedHosts: hosts, allowLoopback: loopbackAllowed() });
  } catch (err) {
    if (err instanceof WireFetchError) throw refuse(err.message);
    throw err;
  }
  if (input.classId !== 0 || input.channelId !== 0) {
    const found = await placementExistsRepo(database.db, { channelId: input.channelId, classId: input.classId, publisherClassId: 0, topicId: 0 });
    if (input.classId !== 0 && !found.column) throw refuse(WIRES_MESSAGES.columnMismatch);
  }
  return database.write(async (tx) => {
    const { row, created } = await createFeedRepo(tx, { ...input, url: url.href, createdBy: actor.staff.id });
    if (!created) {
      // The same form sent again answers the feed it made; another name for a known address is refused.
      if (row.name === input.name && row.createdBy === actor.staff.id) return feedView(row);
      throw refuse(WIRES_MESSAGES.duplicateFeed);
    }
    await actor.audit(tx, {
      action: 'wires.feed.add',
      itemKind: 'wire-feed',
      itemId: row.id,
      after: { name: row.name, url: row.url, everyMinutes: row.everyMinutes },
    });
    return feedView(row);
  });
}

export async function setFeedEnabled(database: Database, actor: Actor, id: number, enabled: boolean): Promise<WireFeedView> {
  return database.write(async (tx) => {
    const row = await setFeedEnabledRepo(tx, id, enabled);
    if (!row) throw new ApiFailure(StatusCode.notFound, WIRES_MESSAGES.feedNotFound);
    await actor.audit(tx, { action: enabled ? 'wires.feed.enable' : 'wires.feed.disable', itemKind: 'wire-feed', itemId: id });
    return feedView(row);
  });
}

/** Fetches one feed it already claimed: items in, the outcome on the feed's row. Never throws for a bad feed. */
async function fetchClaimed(
  database: Database,
  log: Logger,
  feed: WireFeedRow,
  hosts: ReadonlySet<string>,
  now: Date,
  options: IngestOptions,
): Promise<FetchReport> {
  let error = '';
  let newItems = 0;
  try {
    const text = await fetchFeedText(feed.url, { ...options, allowLoopback: loopbackAllowed(), allowedHosts: hosts });
    const { items } = parseFeedItems(text);
    newItems = await database.write((tx) => insertItemsRepo(tx, feed.id, items, now));
  } catch (err) {
    if (err instanceof WireFetchError || err instanceof WireParseError) error = err.message;
    else {
      error = WIRES_MESSAGES.unexpected;
      log.error({ feed: feed.id, err: err instanceof Error ? err.message : String(err) }, 'feed fetch failed');
    }
  }
  await database.write((tx) => recordFetchRepo(tx, feed.id, { at: now, error, newItems }));
  return { feedId: feed.id, newItems, error };
}

/**
 * Fetches every feed that is due (the `wires.ingest` job): each is claimed first, so two processes never
 * fetch one feed in the same period; one bad feed is reported on its row and the rest go on.
 */
export async function ingestDue(database: Database, log: Logger, now: Date, options: IngestOptions = {}): Promise<FetchReport[]> {
  const hosts = await allowedHostSetRepo(database.db);
  const reports: FetchReport[] = [];
  for (const id of await dueFeedsRepo(database.db, now)) {
    const feed = await database.write((tx) => claimFeedRepo(tx, id, now, false));
    if (!feed) continue;
    reports.push(await fetchClaimed(database, log, feed, hosts, now, options));
  }
  return reports;
}

/** 立即抓取: an admin fetches one feed now (audited); its next scheduled fetch moves a period on. */
export async function fetchNow(database: Database, log: Logger, actor: Actor, id: number, options: IngestOptions = {}): Promise<FetchReport> {
  const now = new Date();
  const feed = await database.write(async (tx) => {
    const row = await claimFeedRepo(tx, id, now, true);
    if (!row) throw new ApiFailure(StatusCode.notFound, WIRES_MESSAGES.feedNotFound);
    await actor.audit(tx, { action: 'wires.feed.fetch', itemKind: 'wire-feed', itemId: id });
    return row;
  });
  const hosts = await allowedHostSetRepo(database.db);
  return fetchClaimed(database, log, feed, hosts, now, options);
}

function itemView(r: Awaited<ReturnType<typeof trayRepo>>[number]): WireItemView {
  const i = r.item;
  return {
    id: i.id,
    feedId: i.feedId,
    feedName: r.feedName,
    title: i.title,
    summary: i.summary,
    content: i.content,
    link: i.link,
    author: i.author,
    publishedAt: i.publishedAt?.toISOString() ?? null,
    fetchedAt: i.fetchedAt.toISOString(),
    articleId: i.articleId,
    draftedBy: i.draftedBy,
  };
}

export async function tray(database: Database, q: { feedId: number; show: 'open' | 'all' }): Promise<WireTray> {
  const [feeds, rows] = await Promise.all([listFeeds(database), trayRepo(database.db, q)]);
  return { feeds, items: rows.map(itemView) };
}

const clip = (s: string, max: number): string => [...s].slice(0, max).join('');

/** The source line under a wire story's body: the feed's name, and a link to the original. */
function sourceNote(feedName: string, link: string): string {
  return link === '' ? `<p>来源：${escapeHtml(feedName)}</p>` : `<p>来源：<a href="${escapeHtml(link)}">${escapeHtml(feedName)}</a></p>`;
}

/**
 * 生成草稿: a draft of the writing desk (ADR 025) from a tray item, in one transaction with the item's mark
 * and the audit row; the source's name (befrom) and link stay. A second click, by anyone, answers the
 * draft the first one made.
 */
export async function makeDraft(database: Database, actor: Actor, itemId: number): Promise<{ articleId: number; created: boolean }> {
  const { staff } = actor;
  return database.write(async (tx) => {
    const found = await lockItemRepo(tx, itemId);
    if (!found) throw new ApiFailure(StatusCode.notFound, WIRES_MESSAGES.itemNotFound);
    const { item, feed } = found;
    if (item.articleId !== null) return { articleId: item.articleId, created: false };
    const fields = ArticleFields.parse({
      title: clip(item.title, 60),
      smallText: clip(item.summary, 200),
      befrom: clip(feed.name, 30),
      writer: clip(item.author, 30),
      channelId: feed.channelId,
      classId: feed.classId,
    });
    // Cleaned at ingest already; the whole body goes through the sanitiser again as every save does (G53).
    const content = sanitizeHtml(`${item.content}${sourceNote(feed.name, item.link)}`);
    const { row } = await createArticleRepo(tx, { authorId: staff.id, authorName: staff.name, key: `wire-${item.id}-${randomUUID()}`, fields });
    await updateArticleRepo(tx, row.id, { content });
    await markItemDraftedRepo(tx, item.id, row.id, staff.name);
    await actor.audit(tx, {
      action: 'wires.draft',
      itemKind: 'article',
      itemId: row.id,
      after: { wireItem: item.id, feed: feed.name, link: item.link, title: fields.title },
    });
    return { articleId: row.id, created: true };
  });
}
