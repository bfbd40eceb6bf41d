/**
 * The 裕农 desk's console endpoints (docs/security.md "Section desks"). One permission,
 * `rural.desk` (the section's editors): 农友说 posts and their pins, the expert applications of reader accounts, the
 * credit villages with their households and deeds, and the 裕农 home's banners (ADR 031).
 */
import { BannerEnableBody } from '../../contract/bannerDesk.ts';
import {
  BannerForm,
  DeskRowBody,
  BannerOrderBody,
  DeedForm,
  HouseholdForm,
  HouseholdQuery,
  ExpertApplicationQuery,
  ExpertEditBody,
  ExpertReviewBody,
  ExpertRevokeBody,
  PinBody,
  RuralPostQuery,
  VillageEditBody,
} from '../../contract/ruralDesk.ts';
import { z } from '../../contract/zod.ts';
import { PictureInput, PICTURE_UPLOAD_MAX_BYTES } from '../../contract/publish.ts';
import { mediaOf } from '../media/storage.ts';
import { storeNewsPicture } from '../publish/pictures.ts';
import { consoleEndpoint, type ConsoleRegistry } from '../staff/console.ts';
import * as desk from './service.ts';

export function registerRuralDeskConsole(registry: ConsoleRegistry): void {
  const { database } = registry.deps;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/rural/posts',
    summary: '农友说已发布的帖子（置顶的在前）',
    permission: 'rural.desk',
    input: RuralPostQuery,
    handler: ({ input }) => desk.listPosts(database, input.keyword || undefined, input.page),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/posts/pin',
    summary: '农友说帖子置顶或取消置顶',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: PinBody,
    handler: ({ input, audit }) => desk.setPinned(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/rural/experts',
    summary: '农技专家认证申请（默认审核中，最早的在前）',
    permission: 'rural.desk',
    input: ExpertApplicationQuery,
    handler: ({ input }) => desk.listExpertApplications(database, input.state, input.page),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/experts/review',
    summary: '审核农技专家认证：通过，或不通过并写明原因（申请人可见）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: ExpertReviewBody,
    handler: ({ input, audit }) => desk.reviewExpertApplication(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/experts/revoke',
    summary: '撤销农技专家认证并写明原因（专家可见）；撤销后不再显示在乡村帮帮，也不能回答问题',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: ExpertRevokeBody,
    handler: ({ input, audit }) => desk.revokeExpert(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/experts/edit',
    summary: '修改农技专家的姓名、职称、单位与擅长领域（1–3 个）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: ExpertEditBody,
    handler: ({ input, audit }) => desk.editExpert(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/rural/villages',
    summary: '信用村（读者页的顺序）与各村已公示的农户数',
    permission: 'rural.desk',
    input: z.object({}),
    handler: () => desk.listVillages(database),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/villages/edit',
    summary: '修改信用村的村名、区县、乡镇、户数与简介（读者的信用村页显示）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: VillageEditBody,
    handler: ({ input, audit }) => desk.editVillage(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/rural/banners',
    summary: '裕农首页轮播图（按显示顺序，含今天是否对读者显示）',
    permission: 'rural.desk',
    input: z.object({}),
    handler: () => desk.listBanners(database),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/banners/picture',
    summary: '上传轮播图图片（同一张只存一次；按需出缩略图）',
    permission: 'rural.desk',
    input: PictureInput,
    maxBodyBytes: Math.ceil((PICTURE_UPLOAD_MAX_BYTES * 4) / 3) + 4096,
    handler: async ({ staff, input, audit }) => {
      // Decoding is the costly part: the writing desk's limit, shared (docs/security.md P6).
      await registry.limiter.take([{ key: `console:picture:${staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      const stored = await storeNewsPicture(mediaOf(registry.deps), new Uint8Array(Buffer.from(input.data, 'base64')));
      await database.write((tx) => audit(tx, { action: 'rural.banner.picture', itemKind: 'picture', itemId: stored.url }));
      return stored;
    },
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/banners/save',
    summary: '新建或修改轮播图：标题、图片、打开的裕农稿件或链接（https 或本站页面）、起止日期、是否显示',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: BannerForm,
    handler: ({ input, audit }) => desk.saveBanner(database, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/banners/enable',
    summary: '显示或隐藏一张轮播图',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: BannerEnableBody,
    handler: ({ input, audit }) => desk.setBannerEnabled(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/banners/order',
    summary: '调整轮播图顺序（整张列表，重复提交不再变动）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: BannerOrderBody,
    handler: ({ input, audit }) => desk.orderBanners(database, input.ids, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/banners/remove',
    summary: '删除一张轮播图（可撤销）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: DeskRowBody,
    handler: ({ input, audit }) => desk.removeBanner(database, input, false, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/banners/restore',
    summary: '撤销删除轮播图（回到原来的位置）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: DeskRowBody,
    handler: ({ input, audit }) => desk.removeBanner(database, input, true, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/rural/villages/households',
    summary: '信用村已公示的农户（打码姓名、信用积分）与各户的信用事迹',
    permission: 'rural.desk',
    input: HouseholdQuery,
    handler: ({ input }) => desk.listHouseholds(database, input.villageId),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/households/save',
    summary: '新增或修改信用村农户：打码姓名（如 王*华）与信用积分（0–100）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: HouseholdForm,
    handler: ({ input, audit }) => desk.saveHousehold(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/households/remove',
    summary: '删除信用村农户及其信用事迹（审计记录保留删除的内容）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: DeskRowBody,
    handler: ({ input, audit }) => desk.removeHousehold(database, input.id, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/deeds/save',
    summary: '新增或修改农户的信用事迹：类别、事迹、分值与日期',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: DeedForm,
    handler: ({ input, audit }) => desk.saveDeed(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/deeds/remove',
    summary: '删除一条信用事迹（审计记录保留删除的内容）',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: DeskRowBody,
    handler: ({ input, audit }) => desk.removeDeed(database, input.id, audit),
  });
}
