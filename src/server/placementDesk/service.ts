/**
 * The placement desk (ADR 034, docs/security.md "Placement desk"): editors and the chief place what readers see
 * first — each channel's banners (频道轮播图) and the hot list's picks (热榜置顶). Each change is one transaction with
 * its audit row; a retried add (same key) adds nothing; caps are counted under an advisory lock so concurrent adds
 * cannot pass them together. Bad input is refused in Chinese and writes nothing.
 */
import { CHANNEL_BANNER_MAX, HOT_PICK_LAST_POSITION, HOT_PICK_MAX, pinnableOnHotList } from '../../contract/placementDesk.ts';
import { collectionPath, specialClassIdOf } from '../../contract/topicDesk.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { bannerList, bannerWindow, type Audit } from '../bannerDesk/bannerList.ts';
import { invalidationBus } from '../cache/invalidationBus.ts';
import type { Database } from '../db/client.ts';
import { isInternalLink } from '../http/internalAddress.ts';
import type { MediaStorage } from '../media/storage.ts';
import { refuse } from '../staff/console.ts';
import { TAG_ALL } from '../web/writeScope.ts';
import {
  channelExistsRepo,
  findChannelBannerByKeyRepo,
  findChannelBannerRepo,
  findHotPickByKeyRepo,
  hotPicksEndedRepo,
  insertChannelBannerRepo,
  insertHotPickRepo,
  listChannelBannersRepo,
  listChannelsRepo,
  liveHotPicksRepo,
  lockChannelBannerRepo,
  lockChannelBannersRepo,
  lockHotPickRepo,
  lockHotPicksRepo,
  publishedStoryRepo,
  searchStoriesRepo,
  setChannelBannerOrderRepo,
  setHotPickRemovedRepo,
  specialExistsRepo,
  updateChannelBannerRepo,
  type ChannelBannerFields,
  type ChannelBannerRow,
} from './repo.ts';

export const PLACEMENT_MESSAGES = {
  channelMissing: '频道不存在',
  bannerMissing: '轮播图不存在或已删除',
  bannerRemoved: '这张轮播图已删除，请先撤销删除',
  tooManyBanners: `每个频道的轮播图至多 ${CHANNEL_BANNER_MAX} 张，请先删除一张`,
  storyMissing: '找不到这篇已发布的稿件，请重新选择',
  specialMissing: '这个专题不存在，请在专题编排里复制专题的读者地址',
  pictureNotUploaded: '图片未上传成功，请重新上传',
  internalLink: '链接不能指向内部网络地址',
  orderStale: '轮播图刚被修改过，请刷新后再调整顺序',
  tooManyPicks: `热榜至多同时置顶 ${HOT_PICK_MAX} 条，请先取消一条`,
  positionTaken: (position: number) => `热榜第 ${position} 位已有置顶稿件，请先取消它或换一个位置`,
  alreadyPicked: '这篇稿件已在热榜置顶',
  endsPast: '置顶结束时间须晚于现在',
  endsTooLate: '置顶至多 30 天',
  pickMissing: '这条置顶不存在',
  notAnArticle: '这一条是区县或山城号的入口卡片，不是文章，不能置顶热榜，请换一篇稿件',
} as const;

/** A banner the desk made to open a 专题 (data type 5, its class id, no story; the seed's type-5 banners name a story). */
const opensSpecial = (r: Pick<ChannelBannerRow, 'dataType' | 'newsId'>) => r.dataType === 5 && r.newsId === 0;

function bannerView(r: ChannelBannerRow & { newsTitle?: string }, today: string) {
  const isLink = r.dataType === 7;
  return {
    id: r.id,
    channelId: r.channelId,
    title: r.title,
    picture: r.imageUrl,
    newsId: isLink ? 0 : r.newsId,
    newsTitle: r.newsTitle ?? '',
    link: isLink ? r.targetUrl : opensSpecial(r) ? collectionPath('special', r.classId) : '',
    startDay: r.startDay,
    endDay: r.endDay,
    enabled: r.enabled,
    ...bannerWindow(r, today),
  };
}

/** One channel's banners as the shared banner list runs them (src/server/bannerDesk/bannerList.ts). */
function channelBanners(channelId: number) {
  return bannerList<ChannelBannerRow, ChannelBannerFields>(
    {
      lockList: (tx) => lockChannelBannersRepo(tx, channelId),
      list: (q) => listChannelBannersRepo(q, channelId),
      find: findChannelBannerRepo,
      findByKey: findChannelBannerByKeyRepo,
      lockRow: lockChannelBannerRepo,
      insert: (tx, fields, key) => insertChannelBannerRepo(tx, channelId, fields, key),
      update: updateChannelBannerRepo,
      setEnabled: (tx, id, enabled) => updateChannelBannerRepo(tx, id, { enabled }),
      setRemoved: (tx, id, deletedAt) => updateChannelBannerRepo(tx, id, { deletedAt }),
      setOrder: setChannelBannerOrderRepo,
      fieldsOf: (r: ChannelBannerRow): ChannelBannerFields => ({
        title: r.title,
        imageUrl: r.imageUrl,
        dataType: r.dataType,
        classId: r.classId,
        newsId: r.newsId,
        targetUrl: r.targetUrl,
        showType: r.showType,
        startDay: r.startDay,
        endDay: r.endDay,
        enabled: r.enabled,
      }),
      pictureOf: (r) => r.imageUrl,
    },
    {
      max: CHANNEL_BANNER_MAX,
      messages: PLACEMENT_MESSAGES,
      action: 'placement.banner',
      itemKind: 'channelBanner',
      orderItem: { itemKind: 'channel', itemId: channelId },
    },
  );
}

/** The channels (for the desk's channel picker). */
export async function listChannels(database: Database) {
  return { channels: await listChannelsRepo(database.db) };
}

/** Published stories of ours a banner or a pick may open, newest first, by a word of the title. */
export async function searchStories(database: Database, keyword: string | undefined) {
  const rows = await searchStoriesRepo(database.db, keyword, 20);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      channel: r.channel ?? '',
      publishTime: r.publishTime.toISOString(),
      /** Whether the hot list may pin it (an article, not an entry card). */
      pinnable: pinnableOnHotList(r.showType),
    })),
  };
}

/** A channel's banners in the carousel's order (removed ones left out), with whether readers see each today. */
export async function listChannelBanners(database: Database, channelId: number) {
  if (!(await channelExistsRepo(database.db, channelId))) throw refuse(PLACEMENT_MESSAGES.channelMissing);
  const today = beijingDay(new Date());
  const rows = await listChannelBannersRepo(database.db, channelId);
  return { channelId, max: CHANNEL_BANNER_MAX, today, items: rows.map((r) => bannerView(r, today)) };
}

type BannerInput = {
  id?: number | undefined;
  channelId: number;
  key: string;
  title: string;
  picture: string;
  newsId: number;
  link: string;
  startDay: string;
  endDay: string;
  enabled: boolean;
};

/**
 * Adds (last in its channel; once per key: a retried add answers the banner it made) or edits a channel banner. A
 * story banner opens a published story of ours by its data type (spec 2.4); a link banner is type 7 with its https
 * address. One transaction with its audit row; the same fields sent again to an edit change nothing.
 */
/**
 * A story banner's show type. A banner of a news story (data type 3) with a show type opens the video detail (spec 2.4,
 * src/routing/jump.ts decideBannerJump), so it keeps its story's show type only when the story has a video: a
 * big-picture or multi-picture story's banner opens the article.
 */
function bannerShowType(story: { dataType: number; showType: number; videoUrl: string }): number {
  if (story.dataType !== 3) return story.showType;
  return story.videoUrl === '' ? 0 : story.showType || 1;
}

export async function saveChannelBanner(database: Database, input: BannerInput, audit: Audit, media: MediaStorage) {
  const today = beijingDay(new Date());
  if (!(await channelExistsRepo(database.db, input.channelId))) throw refuse(PLACEMENT_MESSAGES.channelMissing);
  const special = specialClassIdOf(input.link);
  if (special === null && input.link !== '' && isInternalLink(input.link)) throw refuse(PLACEMENT_MESSAGES.internalLink);
  if (special !== null && !(await specialExistsRepo(database.db, special))) throw refuse(PLACEMENT_MESSAGES.specialMissing);
  const story = input.newsId > 0 ? await publishedStoryRepo(database.db, input.newsId) : null;
  if (input.newsId > 0 && !story) throw refuse(PLACEMENT_MESSAGES.storyMissing);
  const fields: ChannelBannerFields = {
    title: input.title,
    imageUrl: input.picture,
    dataType: story ? story.dataType : special !== null ? 5 : 7,
    classId: story ? story.classId : (special ?? 0),
    newsId: story ? story.id : 0,
    targetUrl: story || special !== null ? '' : input.link,
    showType: story ? bannerShowType(story) : 0,
    startDay: input.startDay,
    endDay: input.endDay,
    enabled: input.enabled,
  };
  const newsTitle = story?.title ?? '';
  const list = channelBanners(input.channelId);
  const saved =
    input.id === undefined
      ? await list.add(database, { fields, picture: fields.imageUrl, key: input.key, auditScope: { channelId: input.channelId } }, audit, media)
      : await list.edit(database, { id: input.id, fields, picture: fields.imageUrl, belongs: (r) => r.channelId === input.channelId }, audit, media);
  return bannerView({ ...saved, newsTitle }, today);
}

/** Shows or hides a banner; the same state sent again changes nothing. */
export async function setChannelBannerEnabled(database: Database, input: { id: number; enabled: boolean }, audit: Audit) {
  // Show or hide locks the row alone, not its channel's list: no scope is needed.
  const saved = await channelBanners(0).setEnabled(database, input, audit);
  return bannerView(saved, beijingDay(new Date()));
}

/** Puts a channel's banners in the order `ids` names (the whole list; bannerList.ts). */
export async function orderChannelBanners(database: Database, channelId: number, ids: readonly number[], audit: Audit) {
  return channelBanners(channelId).order(database, ids, audit);
}

/** Removes a banner from its channel, or (`restore`) undoes the removal at its old place; retry-safe (bannerList.ts). */
export async function removeChannelBanner(database: Database, input: { id: number }, restore: boolean, audit: Audit) {
  const current = await findChannelBannerRepo(database.db, input.id);
  if (!current) throw refuse(PLACEMENT_MESSAGES.bannerMissing);
  return channelBanners(current.channelId).remove(database, input.id, restore, audit);
}

const pickView = (p: { id: number; newsId: number; position: number; endsAt: Date; title?: string }) => ({
  id: p.id,
  newsId: p.newsId,
  title: p.title ?? '',
  position: p.position,
  endsAt: p.endsAt.toISOString(),
});

/** The hot list's picks in force, by position. */
export async function listHotPicks(database: Database) {
  const rows = await liveHotPicksRepo(database.db);
  return { max: HOT_PICK_MAX, lastPosition: HOT_PICK_LAST_POSITION, items: rows.map(pickView) };
}

/**
 * Pins a published story at a position of the hot list until `endsAt` (once per key). At most HOT_PICK_MAX in force,
 * one per position and per story, counted under an advisory lock. One transaction with its audit row.
 */
export async function pinHotPick(database: Database, input: { key: string; newsId: number; position: number; endsAt: string }, audit: Audit) {
  const earlier = await findHotPickByKeyRepo(database.db, input.key);
  if (earlier) return pickView(earlier);
  const endsAt = new Date(input.endsAt);
  if (endsAt.getTime() <= Date.now()) throw refuse(PLACEMENT_MESSAGES.endsPast);
  if (endsAt.getTime() > Date.now() + 30 * 86_400_000) throw refuse(PLACEMENT_MESSAGES.endsTooLate);
  const story = await publishedStoryRepo(database.db, input.newsId);
  if (!story) throw refuse(PLACEMENT_MESSAGES.storyMissing);
  if (!pinnableOnHotList(story.showType)) throw refuse(PLACEMENT_MESSAGES.notAnArticle);
  const made = await database.write(async (tx) => {
    await lockHotPicksRepo(tx);
    const live = await liveHotPicksRepo(tx);
    if (live.length >= HOT_PICK_MAX) throw refuse(PLACEMENT_MESSAGES.tooManyPicks);
    if (live.some((p) => p.newsId === input.newsId)) throw refuse(PLACEMENT_MESSAGES.alreadyPicked);
    if (live.some((p) => p.position === input.position)) throw refuse(PLACEMENT_MESSAGES.positionTaken(input.position));
    const row = await insertHotPickRepo(tx, { newsId: input.newsId, position: input.position, endsAt }, input.key);
    if (!row) return null;
    await audit(tx, {
      action: 'placement.hot.pin',
      itemKind: 'news',
      itemId: input.newsId,
      after: { pickId: row.id, position: row.position, endsAt: row.endsAt.toISOString() },
    });
    return row;
  });
  return pickView({ ...(made ?? (await findHotPickByKeyRepo(database.db, input.key))!), title: story.title });
}

/** Takes a pick down (the hot list's measured order closes the gap). Retry-safe. */
export async function unpinHotPick(database: Database, input: { id: number }, audit: Audit) {
  return database.write(async (tx) => {
    await lockHotPicksRepo(tx);
    const before = await lockHotPickRepo(tx, input.id);
    if (!before) throw refuse(PLACEMENT_MESSAGES.pickMissing);
    if (before.deletedAt !== null) return { id: before.id, removed: true };
    await setHotPickRemovedRepo(tx, before.id, true);
    await audit(tx, {
      action: 'placement.hot.unpin',
      itemKind: 'news',
      itemId: before.newsId,
      before: { pickId: before.id, position: before.position, endsAt: before.endsAt.toISOString() },
    });
    return { id: before.id, removed: true };
  });
}

/**
 * A pick whose end time passed since `after` changes the hot list readers see, as an unpin does: drop every reader
 * cache on every process (and the CDN), as the console's `invalidates: 'readers'` does (ADR 034). Run by the periodic
 * job `placement.hot-pick-ends` (src/server/jobs/productJobs.ts); answers the picks that ended.
 */
export async function dropEndedHotPicks(database: Database, after: Date, now: Date): Promise<number[]> {
  const ended = await hotPicksEndedRepo(database.db, after, now);
  if (ended.length > 0) invalidationBus.publish([TAG_ALL]);
  return ended.map((p) => p.id);
}
