/**
 * The placement desk's console endpoints (ADR 034, docs/security.md "Placement desk"). One permission,
 * `placement.edit` (editors, the chief, admins): each channel's banners and the hot list's picks. Every write drops
 * the reader caches, so the channel page and the hot list show the change at once.
 */
import { BannerEnableBody } from '../../contract/bannerDesk.ts';
import { ChannelBannerForm, ChannelBannerOrderBody, ChannelQuery, HotPickForm, PlacementRowBody, StoryQuery } from '../../contract/placementDesk.ts';
import { PictureInput, PICTURE_UPLOAD_MAX_BYTES } from '../../contract/publish.ts';
import { z } from '../../contract/zod.ts';
import { mediaOf } from '../media/storage.ts';
import { storeNewsPicture } from '../publish/pictures.ts';
import { consoleEndpoint, type ConsoleRegistry } from '../staff/console.ts';
import * as desk from './service.ts';

export function registerPlacementDeskConsole(registry: ConsoleRegistry): void {
  const { database } = registry.deps;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/placement/channels',
    summary: '可放轮播图的频道',
    permission: 'placement.edit',
    input: z.object({}),
    handler: () => desk.listChannels(database),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/placement/stories',
    summary: '按标题搜索已发布的稿件（轮播图与热榜置顶选稿）',
    permission: 'placement.edit',
    input: StoryQuery,
    handler: ({ input }) => desk.searchStories(database, input.keyword || undefined),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/placement/banners',
    summary: '一个频道的轮播图（按显示顺序，含今天是否对读者显示）',
    permission: 'placement.edit',
    input: ChannelQuery,
    handler: ({ input }) => desk.listChannelBanners(database, input.channelId),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/banners/picture',
    summary: '上传频道轮播图图片（同一张只存一次；按需出缩略图）',
    permission: 'placement.edit',
    input: PictureInput,
    maxBodyBytes: Math.ceil((PICTURE_UPLOAD_MAX_BYTES * 4) / 3) + 4096,
    handler: async ({ staff, input, audit }) => {
      // Decoding is the costly part: the writing desk's limit, shared (docs/security.md P6).
      await registry.limiter.take([{ key: `console:picture:${staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      const stored = await storeNewsPicture(mediaOf(registry.deps), new Uint8Array(Buffer.from(input.data, 'base64')));
      await database.write((tx) => audit(tx, { action: 'placement.banner.picture', itemKind: 'picture', itemId: stored.url }));
      return stored;
    },
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/banners/save',
    summary: '新增或修改频道轮播图：标题、图片、打开的已发布稿件或 https 链接、起止日期、是否显示',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: ChannelBannerForm,
    handler: ({ input, audit }) => desk.saveChannelBanner(database, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/banners/enable',
    summary: '显示或隐藏一张频道轮播图',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: BannerEnableBody,
    handler: ({ input, audit }) => desk.setChannelBannerEnabled(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/banners/order',
    summary: '调整一个频道轮播图的顺序（整张列表，重复提交不再变动）',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: ChannelBannerOrderBody,
    handler: ({ input, audit }) => desk.orderChannelBanners(database, input.channelId, input.ids, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/banners/remove',
    summary: '删除一张频道轮播图（可撤销）',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: PlacementRowBody,
    handler: ({ input, audit }) => desk.removeChannelBanner(database, input, false, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/banners/restore',
    summary: '撤销删除频道轮播图（回到原来的位置）',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: PlacementRowBody,
    handler: ({ input, audit }) => desk.removeChannelBanner(database, input, true, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/placement/hot',
    summary: '热榜置顶（生效中的，按位置）',
    permission: 'placement.edit',
    input: z.object({}),
    handler: () => desk.listHotPicks(database),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/hot/pin',
    summary: '把一篇已发布的稿件置顶在热榜的某一位，直到结束时间',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: HotPickForm,
    handler: ({ input, audit }) => desk.pinHotPick(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/placement/hot/unpin',
    summary: '取消热榜置顶（其余按阅读量排）',
    permission: 'placement.edit',
    invalidates: 'readers',
    input: PlacementRowBody,
    handler: ({ input, audit }) => desk.unpinHotPick(database, input, audit),
  });
}
