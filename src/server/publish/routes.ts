/**
 * The writing desk's console API under /newsroom/api/publish (ADR 025): each endpoint names its permission
 * (src/server/staff/permissions.ts); the rules are service.ts's.
 */
import {
  ArticleIdInput,
  CorrectInput,
  CoverInput,
  CreateInput,
  ListInput,
  LivePostIdInput,
  LivePostInput,
  LiveStateInput,
  PictureInput,
  PICTURE_UPLOAD_MAX_BYTES,
  PublishInput,
  PushInput,
  ReviewInput,
  SaveInput,
  WithdrawInput,
} from '../../contract/publish.ts';
import { mediaOf } from '../media/storage.ts';
import { cropCover, storeNewsPicture } from './pictures.ts';
import { z } from '../../contract/zod.ts';
import { consoleEndpoint, consoleUpload, type ConsoleContext, type ConsoleRegistry } from '../staff/console.ts';
import { findKeyedVideo, staffVideos, storeVideo, VIDEO_MESSAGES } from '../upload/storeVideo.ts';
import { VIDEO_MAX_BYTES } from '../../contract/uploadRules.ts';
import { IDEMPOTENCY_KEY_RE } from '../http/idempotentInsert.ts';
import { ApiFailure } from '../http/envelope.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { publishOptionsRepo } from './repo.ts';
import {
  correctArticle,
  createArticle,
  listCorrections,
  listArticles,
  listLivePosts,
  postLive,
  setLiveState,
  withdrawLivePost,
  listVersions,
  openArticle,
  publishArticle,
  pushBreaking,
  reviewArticle,
  saveArticle,
  submitArticle,
  withdrawArticle,
  type Actor,
} from './service.ts';

const actorOf = (ctx: ConsoleContext<unknown>): Actor => ({ staff: ctx.staff, audit: ctx.audit });

export function registerPublishConsole(registry: ConsoleRegistry): void {
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/publish/articles',
    summary: '稿件列表',
    permission: 'publish.write',
    input: ListInput,
    handler: ({ deps, staff, input }) => listArticles(deps.database, staff, input),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/publish/article',
    summary: '打开稿件',
    permission: 'publish.write',
    input: ArticleIdInput,
    handler: ({ deps, staff, input }) => openArticle(deps.database, staff, input.id),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/publish/versions',
    summary: '稿件的历史版本',
    permission: 'publish.write',
    input: ArticleIdInput,
    handler: ({ deps, staff, input }) => listVersions(deps.database, staff, input.id),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/publish/options',
    summary: '频道、栏目、山城号与话题',
    permission: 'publish.write',
    input: z.object({}),
    handler: ({ deps }) => publishOptionsRepo(deps.database.db),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/create',
    summary: '新建稿件',
    permission: 'publish.write',
    input: CreateInput,
    handler: (ctx) => createArticle(ctx.deps.database, actorOf(ctx), ctx.input.key, ctx.input.kind),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/save',
    summary: '保存稿件（含自动保存）',
    permission: 'publish.write',
    input: SaveInput,
    handler: (ctx) => saveArticle(ctx.deps.database, mediaOf(ctx.deps), actorOf(ctx), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/submit',
    summary: '提交审核',
    permission: 'publish.write',
    input: ArticleIdInput,
    handler: (ctx) => submitArticle(ctx.deps.database, mediaOf(ctx.deps), actorOf(ctx), ctx.input.id),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/review',
    summary: '审稿：通过或退回',
    permission: 'publish.review',
    input: ReviewInput,
    handler: (ctx) => reviewArticle(ctx.deps.database, actorOf(ctx), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/publish',
    summary: '签发或定时发布',
    permission: 'publish.publish',
    input: PublishInput,
    handler: (ctx) => publishArticle(ctx.deps.database, mediaOf(ctx.deps), actorOf(ctx), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/withdraw',
    summary: '撤稿',
    permission: 'publish.publish',
    input: WithdrawInput,
    handler: (ctx) => withdrawArticle(ctx.deps.database, actorOf(ctx), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/publish/corrections',
    summary: '稿件的更正',
    permission: 'publish.write',
    input: ArticleIdInput,
    handler: ({ deps, staff, input }) => listCorrections(deps.database, staff, input.id),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/correct',
    summary: '更正已发布的稿件',
    permission: 'publish.publish',
    input: CorrectInput,
    handler: async (ctx) => {
      // 20 corrections a person in 10 minutes (docs/security.md P11).
      await registry.limiter.take([{ key: `console:correct:${ctx.staff.id}`, rules: [{ max: 20, windowMs: 10 * 60_000 }] }]);
      return correctArticle(ctx.deps.database, actorOf(ctx), ctx.input);
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/push',
    summary: '突发推送：通知全站读者',
    permission: 'publish.breaking',
    input: PushInput,
    handler: (ctx) => pushBreaking(ctx.deps.database, actorOf(ctx), ctx.deps.realtime, ctx.input),
  });

  // The live desk (ADR 025 "Live events"): whoever may edit a published story moves a live's state and
  // writes its 图文直播 feed.
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/live/state',
    summary: '切换直播状态：未开始 → 直播中 → 回放',
    permission: 'publish.publish',
    input: LiveStateInput,
    handler: (ctx) => setLiveState(ctx.deps.database, actorOf(ctx), ctx.deps.realtime, ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/publish/live/posts',
    summary: '图文直播的动态',
    permission: 'publish.write',
    input: ArticleIdInput,
    handler: ({ deps, staff, input }) => listLivePosts(deps.database, staff, input.id),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/live/post',
    summary: '发布图文直播动态',
    permission: 'publish.publish',
    input: LivePostInput,
    handler: async (ctx) => {
      // 60 updates a person in 10 minutes (docs/security.md P15).
      await registry.limiter.take([{ key: `console:livepost:${ctx.staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      return postLive(ctx.deps.database, actorOf(ctx), ctx.deps.realtime, ctx.input);
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/live/withdraw',
    summary: '撤回图文直播动态',
    permission: 'publish.publish',
    input: LivePostIdInput,
    handler: (ctx) => withdrawLivePost(ctx.deps.database, actorOf(ctx), ctx.deps.realtime, ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/picture',
    summary: '上传图片（同一张只存一次）',
    permission: 'publish.write',
    input: PictureInput,
    maxBodyBytes: Math.ceil((PICTURE_UPLOAD_MAX_BYTES * 4) / 3) + 4096,
    handler: async (ctx) => {
      // Decoding is the costly part: 60 pictures a person in 10 minutes (docs/security.md P6).
      await registry.limiter.take([{ key: `console:picture:${ctx.staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      const stored = await storeNewsPicture(mediaOf(ctx.deps), new Uint8Array(Buffer.from(ctx.input.data, 'base64')));
      await ctx.deps.database.write((tx) => ctx.audit(tx, { action: 'publish.picture', itemKind: 'picture', itemId: stored.url }));
      return stored;
    },
  });

  // A 视频 story's own file (ADR 025 "Kinds"): the body is the file, streamed to storage and checked as readers'
  // videos are (src/server/upload/storeVideo.ts: sniffed MP4 or WebM, whole, at most 50 MB), under the person's own
  // folder. A retry with the same key answers the stored file without reading the body again (docs/security.md P23).
  consoleUpload(registry, {
    path: '/publish/video',
    summary: '上传视频文件',
    permission: 'publish.write',
    types: ['video/mp4', 'video/quicktime', 'video/webm', 'application/octet-stream'],
    badType: VIDEO_MESSAGES.badType,
    maxBodyBytes: VIDEO_MAX_BYTES + 1024 * 1024,
    handler: async (ctx) => {
      const { key, body, declaredBytes } = ctx.input;
      if (key === null || !IDEMPOTENCY_KEY_RE.test(key)) throw new ApiFailure(StatusCode.badParams, VIDEO_MESSAGES.badKey);
      const owner = staffVideos(ctx.staff.id);
      const earlier = await findKeyedVideo(mediaOf(ctx.deps), owner, key);
      if (earlier) return earlier;
      // Receiving and checking a video is the costly part: 20 a person an hour.
      await registry.limiter.take([{ key: `console:video:${ctx.staff.id}`, rules: [{ max: 20, windowMs: 60 * 60_000 }] }]);
      if (declaredBytes > VIDEO_MAX_BYTES) throw new ApiFailure(StatusCode.badParams, VIDEO_MESSAGES.tooBig, 413);
      const stored = await storeVideo(mediaOf(ctx.deps), owner, body, key);
      await ctx.deps.database.write((tx) => ctx.audit(tx, { action: 'publish.video', itemKind: 'video', itemId: stored.url, after: { size: stored.size } }));
      return stored;
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/publish/cover',
    summary: '按卡片比例裁剪封面',
    permission: 'publish.write',
    input: CoverInput,
    handler: async (ctx) => {
      await registry.limiter.take([{ key: `console:picture:${ctx.staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      const stored = await cropCover(mediaOf(ctx.deps), ctx.input.src, ctx.input.shape, ctx.input);
      await ctx.deps.database.write((tx) =>
        ctx.audit(tx, { action: 'publish.cover', itemKind: 'picture', itemId: stored.url, before: { src: ctx.input.src } }),
      );
      return stored;
    },
  });
}
