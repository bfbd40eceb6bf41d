/**
 * The newsroom's writing desk (ADR 025): the fields of an article an editor sets (spec 3's news detail and
 * list item), the workflow's states and the console endpoints' inputs. The server parses with these; the
 * console's editor page infers its types from them.
 */
import { safeUrl } from '../lib/safeUrl.ts';
import { storedVideoUrl, VIDEO_FOLDERS } from './videoFolders.ts';
import { z } from './zod.ts';

/**
 * The kinds of story (ADR 025 "Kinds"): each is published as the reader row's data type its page reads
 * (src/routing/jump.ts): 图文 3 NewsDetail, 图集 2 PictureDetail, 视频 8 NewsVideoDetail, 外链 7 (the card opens the link),
 * 直播 1 LiveDetail, VR 3 with the category `vr` (the VR viewer, /VRPage).
 */
export const STORY_KINDS = ['article', 'photos', 'video', 'link', 'live', 'vr'] as const;
export type StoryKind = (typeof STORY_KINDS)[number];
export const KIND_LABELS: Readonly<Record<StoryKind, string>> = { article: '图文', photos: '图集', video: '视频', link: '外链', live: '直播', vr: 'VR' };
export const KIND_DATA_TYPES: Readonly<Record<StoryKind, number>> = { article: 3, photos: 2, video: 8, link: 7, live: 1, vr: 3 };
/** The reader row's category of a kind (spec 3 list item): a VR story's card and link open the VR viewer. */
export const KIND_CATEGORIES: Readonly<Record<StoryKind, string>> = { article: '', photos: '', video: '', link: '', live: '', vr: 'vr' };
/** What a kind's rich-text body is called in the editor and its preview; null for a kind without one (its fields say it all). */
export const KIND_BODY_LABELS: Readonly<Record<StoryKind, string | null>> = {
  article: '正文',
  photos: null,
  video: '视频简介',
  link: null,
  live: '直播简介',
  vr: '正文',
};
/** A VR panorama is at least twice as wide as it is high (an equirectangular 2:1, or a 360° strip). */
export const VR_MIN_RATIO = 2;
/** Why a picture of this size is no panorama (Chinese, for the editor), or null when it is one. */
export function panoramaProblem(size: { width: number; height: number }): string | null {
  if (size.width >= size.height * VR_MIN_RATIO) return null;
  return `全景图的宽度至少是高度的 ${VR_MIN_RATIO} 倍（如 4096×2048），这张是 ${size.width}×${size.height}`;
}
export const PHOTOS_MAX = 50;
export const CAPTION_MAX = 200;

/** Card layouts an editor may choose (spec 3 showType): 0 one small picture (or none), 1 three pictures, 2 one big picture. */
export const SHOW_TYPES = [0, 1, 2] as const;
export const SHOW_TYPE_LABELS: Readonly<Record<(typeof SHOW_TYPES)[number], string>> = { 0: '右侧小图', 1: '三图', 2: '大图' };

/** spec 5: permission bit 8 hides the like button. */
export const PERMISSION_HIDE_LIKE = 8;

export const TITLE_MAX = 60;
export const CONTENT_MAX = 200_000;

/** A picture address as the media store gives it (`/media/<key>`) or an https one. */
const Picture = z
  .string()
  .trim()
  .max(500, '图片地址过长')
  .refine((s) => /^\/media\/[A-Za-z0-9/_.-]+$/.test(s) && !s.includes('..'), '图片须先上传到媒体库');
const OptionalPicture = z.union([z.literal(''), Picture]);

/** An http(s) address as the reader pages' safe-URL gate (src/lib/safeUrl.ts) lets it through, or null. */
export function webAddress(raw: string, schemes: readonly string[] = ['http:', 'https:']): string | null {
  if (!/^https?:\/\//i.test(raw.trim())) return null;
  const href = safeUrl(raw);
  if (href === null) return null;
  const url = new URL(href);
  if (!schemes.includes(url.protocol) || url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return href;
}
const WebLink = z
  .string()
  .trim()
  .max(1000, '外链地址最多 1000 个字符')
  .refine((s) => s === '' || webAddress(s) !== null, '外链地址须是以 http:// 或 https:// 开头的网址');
/** Pages are served over https, and their CSP lets media come from https only. */
/** A video a staff member uploaded through the desk (`/publish/video`): a file of ours, played from our own origin. */
export const STAFF_VIDEO_URL = storedVideoUrl(VIDEO_FOLDERS.staff);
/** A video address as stored: a file uploaded on the desk as it is, else an https address (webAddress), else null. */
export function videoAddress(raw: string): string | null {
  return STAFF_VIDEO_URL.test(raw) ? raw : webAddress(raw, ['https:']);
}
const VideoAddress = z
  .string()
  .trim()
  .max(1000, '视频地址最多 1000 个字符')
  .refine((s) => s === '' || videoAddress(s) !== null, '视频地址须是以 https:// 开头的网址，或在这里上传的视频文件');
/** 视频时长: 分:秒 or 时:分:秒, as the list cards show it (spec 3 videoTime). */
const VideoTime = z
  .string()
  .trim()
  .refine((s) => s === '' || /^(\d{1,2}:)?[0-5]?\d:[0-5]\d$/.test(s), '视频时长请写成 分:秒，如 03:25');
/** 直播: a source's name (as the reader's source picker shows it) and its address, https only as a video's. */
export const LIVE_SOURCES_MAX = 6;
export const LIVE_SOURCE_NAME_MAX = 10;
const LiveSource = z.object(
  {
    name: z.string().trim().max(LIVE_SOURCE_NAME_MAX, `直播源名称最多 ${LIVE_SOURCE_NAME_MAX} 字`).default(''),
    url: z
      .string()
      .trim()
      .max(1000, '直播源地址最多 1000 个字符')
      .refine((s) => s === '' || webAddress(s, ['https:']) !== null, '直播源地址须是以 https:// 开头的网址')
      .default(''),
  },
  { message: '直播源不正确' },
);
/** Live states (spec 2.4): 0 未开始, 1 直播中, 2 回放; changed only forward, by the live desk, never by a save. */
export const LIVE_TYPES = [0, 1, 2] as const;
export type LiveType = (typeof LIVE_TYPES)[number];
export const LIVE_TYPE_LABELS: Readonly<Record<LiveType, string>> = { 0: '未开始', 1: '直播中', 2: '回放' };
const Short = (label: string, max: number) => z.string().trim().max(max, `${label}最多 ${max} 字`);
const Id = (label: string) =>
  z.coerce
    .number({ message: `${label}不正确` })
    .int(`${label}不正确`)
    .min(0, `${label}不正确`);

/** Every field an editor sets on a story. Lenient enough for a draft; `checkReady` says what publishing needs. */
export const ArticleFields = z.object({
  /** Chosen when the story is made and kept for good (the server keeps the stored one on every save). */
  kind: z.enum(STORY_KINDS, { message: '稿件类型不正确' }).default('article'),
  title: Short('标题', TITLE_MAX).default(''),
  smallText: Short('摘要', 200).default(''),
  befrom: Short('来源', 30).default(''),
  befromPic: OptionalPicture.default(''),
  writer: Short('作者', 30).default(''),
  execEditor: Short('责任编辑', 30).default(''),
  finalEditor: Short('终审编辑', 30).default(''),
  channelId: Id('频道').default(0),
  classId: Id('栏目').default(0),
  showType: z.coerce
    .number({ message: '卡片样式不正确' })
    .refine((n): n is (typeof SHOW_TYPES)[number] => (SHOW_TYPES as readonly number[]).includes(n), '卡片样式不正确')
    .default(0),
  covers: z.array(Picture).max(3, '封面最多 3 张').default([]),
  label: Short('角标', 4).default(''),
  isTop: z.boolean({ message: '置顶设置不正确' }).default(false),
  topTitle: Short('置顶标题', 30).default(''),
  keyboard: z.array(Short('标签', 10).min(1, '标签不能为空')).max(5, '标签最多 5 个').default([]),
  publisherClassId: Id('山城号').default(0),
  region: Short('地区', 20).default(''),
  titleType: z.union([z.literal(0), z.literal(1)], { message: '原创设置不正确' }).default(0),
  topicId: Id('话题').default(0),
  disclaimer: Short('免责声明', 200).default(''),
  isSyn: z.boolean({ message: '转载设置不正确' }).default(false),
  hideLike: z.boolean({ message: '点赞设置不正确' }).default(false),
  allowPl: z.boolean({ message: '评论设置不正确' }).default(true),
  hideComments: z.boolean({ message: '评论设置不正确' }).default(false),
  hideRelated: z.boolean({ message: '相关新闻设置不正确' }).default(false),
  hideAds: z.boolean({ message: '广告设置不正确' }).default(false),
  /** 外链: the address the list card opens. */
  linkUrl: WebLink.default(''),
  /** 图集: the pictures in the order readers see them, each with its caption (说明). */
  pictures: z
    .array(z.object({ url: Picture, caption: Short('图片说明', CAPTION_MAX).default('') }), { message: '图集图片不正确' })
    .max(PHOTOS_MAX, `图集最多 ${PHOTOS_MAX} 张图片`)
    .default([]),
  /** 视频: the address it plays from and its length. */
  videoUrl: VideoAddress.default(''),
  videoTime: VideoTime.default(''),
  /** 直播: its sources in the order the reader's picker lists them (the first plays first). */
  liveSources: z.array(LiveSource, { message: '直播源不正确' }).max(LIVE_SOURCES_MAX, `直播源最多 ${LIVE_SOURCES_MAX} 个`).default([]),
  /** 直播: when it starts (an instant; the console enters and shows it in Beijing time). */
  liveStart: z.union([z.literal(''), z.iso.datetime({ offset: true, message: '直播开始时间不正确' })], { message: '直播开始时间不正确' }).default(''),
  /** VR: the panorama the VR viewer turns (one of our pictures, at least VR_MIN_RATIO times as wide as high). */
  vrPicture: OptionalPicture.default(''),
  /** 直播: its state; the server keeps the stored one on every save (only `/publish/live/state` moves it). */
  liveType: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: '直播状态不正确' }).default(0),
});
export type ArticleFields = z.output<typeof ArticleFields>;

export const EMPTY_FIELDS: ArticleFields = ArticleFields.parse({});

/** What a story needs before it may be submitted or published; Chinese, one line each. */
export function checkReady(f: ArticleFields, content: string): string[] {
  const problems: string[] = [];
  const text = content.replace(/<[^>]*>/g, '').trim().length;
  if (f.title.length < 5) problems.push('标题至少 5 个字');
  if (f.channelId === 0) problems.push('请选择频道');
  if (f.classId === 0) problems.push('请选择栏目');
  switch (f.kind) {
    case 'article':
      if (text < 10) problems.push('正文至少 10 个字');
      break;
    case 'link':
      if (f.linkUrl === '') problems.push('请填写外链地址');
      break;
    case 'photos':
      if (f.pictures.length < 1) problems.push('图集至少需要 1 张图片');
      f.pictures.forEach((p, i) => {
        if (p.caption === '') problems.push(`请填写第 ${i + 1} 张图片的说明`);
      });
      break;
    case 'video':
      if (f.videoUrl === '') problems.push('请填写视频地址');
      if (f.videoTime === '') problems.push('请填写视频时长');
      if (f.covers.length < 1) problems.push('视频需要 1 张封面');
      if (text < 10) problems.push('视频简介至少 10 个字');
      break;
    case 'live':
      if (f.liveSources.length < 1) problems.push('直播至少需要 1 个直播源');
      f.liveSources.forEach((s, i) => {
        if (s.name === '') problems.push(`请填写第 ${i + 1} 个直播源的名称`);
        if (s.url === '') problems.push(`请填写第 ${i + 1} 个直播源的地址`);
      });
      if (f.liveStart === '') problems.push('请填写直播开始时间');
      if (f.covers.length < 1) problems.push('直播需要 1 张封面');
      break;
    case 'vr':
      if (f.vrPicture === '') problems.push('请上传全景图');
      if (f.covers.length < 1) problems.push('VR 稿件需要 1 张封面');
      if (text < 10) problems.push('正文至少 10 个字');
      break;
  }
  // A photo set's card shows its own pictures (the reader row's imageUrls are the set).
  const cards = f.kind === 'photos' ? f.pictures.length : f.covers.length;
  if (f.showType === 1 && (f.kind === 'photos' ? cards < 3 : cards !== 3))
    problems.push(f.kind === 'photos' ? '三图样式需要至少 3 张图片' : '三图样式需要 3 张封面');
  // Video, live and VR name their missing cover themselves (above).
  if (f.showType === 2 && cards < 1 && f.kind !== 'video' && f.kind !== 'live' && f.kind !== 'vr') problems.push('大图样式需要 1 张封面');
  if (f.isTop && f.topTitle === '') problems.push('置顶稿件请填写置顶标题');
  return problems;
}

/** draft 草稿 → review 审核中 (stages 一审 二审 三审) → approved 待签发 → scheduled 定时 / published 已发布 → withdrawn 已撤稿. */
export const ARTICLE_STATES = ['draft', 'review', 'approved', 'scheduled', 'published', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const STATE_LABELS: Readonly<Record<ArticleState, string>> = {
  draft: '草稿',
  review: '审核中',
  approved: '待签发',
  scheduled: '定时发布',
  published: '已发布',
  withdrawn: '已撤稿',
};
/** 三审: three reviews by three different people, none of them the author. */
export const REVIEW_STAGES = 3;
export const STAGE_LABELS = ['一审', '二审', '三审'] as const;

export const ArticleIdInput = z.object({ id: z.coerce.number({ message: '稿件编号不正确' }).int('稿件编号不正确').positive('稿件编号不正确') });

export const CreateInput = z.object({
  /** The browser's key for this new story: a retried create answers the same story. */
  key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, '请求编号不正确'),
  kind: z.enum(STORY_KINDS, { message: '稿件类型不正确' }).default('article'),
});

export const SaveInput = ArticleIdInput.extend({
  /** A key per save: a retried save is answered without saving twice. */
  saveId: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, '请求编号不正确'),
  /** The revision the editor started from; another's save in between is refused (no silent overwrite). */
  revision: z.coerce.number({ message: '版本不正确' }).int('版本不正确').min(0, '版本不正确'),
  fields: ArticleFields,
  content: z.string().max(CONTENT_MAX, `正文最多 ${CONTENT_MAX} 字符`),
  /** An autosave updates the draft; a save by hand also keeps a version. */
  autosave: z.boolean().default(false),
});

export const ReviewInput = ArticleIdInput.extend({
  decision: z.enum(['approve', 'return'], { message: '审核决定不正确' }),
  note: z.string().trim().max(200, '审核意见最多 200 字').default(''),
});

export const PublishInput = ArticleIdInput.extend({
  /** ISO time to publish at; absent: now. */
  at: z.iso.datetime({ offset: true, message: '定时发布时间不正确' }).optional(),
});

export const WithdrawInput = ArticleIdInput.extend({
  note: z.string().trim().min(2, '请填写撤稿原因（至少 2 个字）').max(200, '撤稿原因最多 200 字'),
});

/** spec 2.11 / ADR 025: a correction (更正) of a published story, shown to readers at the story's end. */
export const CORRECTION_MAX = 300;
export const CorrectInput = ArticleIdInput.extend({
  /** The console's key for this correction: a retried send answers the same one. */
  key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, '请求编号不正确'),
  note: z.string().trim().min(4, '请填写更正说明（至少 4 个字）').max(CORRECTION_MAX, `更正说明最多 ${CORRECTION_MAX} 字`),
});

export interface CorrectionView {
  id: number;
  note: string;
  staffName: string;
  correctedAt: string;
}

/** A breaking-news push of a published story (ADR 025): the banner's words default to its title. */
export const PushInput = ArticleIdInput.extend({
  key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, '请求编号不正确'),
  text: z.string().trim().max(40, '推送文字最多 40 字').default(''),
});

export interface PushView {
  id: number;
  text: string;
  staffName: string;
  pushedAt: string;
}

/** The live desk (ADR 025 "Live events"): the state of a published live moves forward only, 0 → 1 → 2. */
export const LiveStateInput = ArticleIdInput.extend({
  /** The state asked for; the service answers the same state as a no-op and refuses any step but the next. */
  liveType: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: '直播状态不正确' }),
});

/** 图文直播: one update of a live's feed, plain text shown to readers newest first, with an optional picture. */
export const LIVE_POST_MAX = 500;
export const LivePostInput = ArticleIdInput.extend({
  /** The console's key for this update: a retried send answers the same one. */
  key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, '请求编号不正确'),
  text: z.string({ message: '请填写直播动态' }).trim().min(1, '请填写直播动态').max(LIVE_POST_MAX, `直播动态最多 ${LIVE_POST_MAX} 字`),
  picture: OptionalPicture.default(''),
});
export const LivePostIdInput = ArticleIdInput.extend({
  postId: z.coerce.number({ message: '动态编号不正确' }).int('动态编号不正确').positive('动态编号不正确'),
});

export interface LivePostView {
  id: number;
  text: string;
  picture: string;
  staffName: string;
  createdAt: string;
  /** When it was withdrawn (撤回); readers no longer see it. */
  withdrawnAt: string | null;
}

export const ListInput = z.object({
  state: z.enum(ARTICLE_STATES, { message: '稿件状态不正确' }).optional(),
  mine: z.enum(['1', '0']).optional(),
});

/** An article as the console shows it. */
export interface ArticleView {
  id: number;
  newsId: number | null;
  state: ArticleState;
  /** The review stage waiting (1–3) while in review; 0 otherwise. */
  reviewStage: number;
  reviewers: { id: number; name: string }[];
  note: string;
  authorId: number;
  authorName: string;
  fields: ArticleFields;
  content: string;
  revision: number;
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  /** What the signed-in person may do with it now. */
  can: {
    edit: boolean;
    submit: boolean;
    review: boolean;
    publish: boolean;
    breaking: boolean;
    withdraw: boolean;
    correct: boolean;
    push: boolean;
    /** A published live: move its state and post to its feed. */
    live: boolean;
  };
  /** Where readers open it once published. */
  readerUrl: string | null;
}

export interface ArticleSummary {
  id: number;
  kind: StoryKind;
  title: string;
  state: ArticleState;
  reviewStage: number;
  authorName: string;
  updatedAt: string;
  publishAt: string | null;
}

export interface ArticleVersion {
  version: number;
  savedByName: string;
  savedAt: string;
  title: string;
  content: string;
}

export interface PublishOptions {
  channels: { id: number; name: string }[];
  columns: { id: number; channelId: number; name: string }[];
  accounts: { classId: number; name: string }[];
  topics: { id: number; title: string }[];
}

/** A picture sent as base64 in JSON (the console speaks JSON only: ADR 017's CSRF rules hold for uploads too). */
export const PICTURE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const PictureInput = z.object({
  data: z
    .string({ message: '请选择要上传的图片' })
    .min(8, '请选择要上传的图片')
    .max(Math.ceil((PICTURE_UPLOAD_MAX_BYTES * 4) / 3) + 4, '图片不能超过 10 MB')
    .regex(/^[A-Za-z0-9+/]+=*$/, '图片数据不正确'),
});

export const CoverInput = z.object({
  src: z.string().max(300, '图片地址不正确'),
  shape: z.enum(['card', 'big'], { message: '封面形状不正确' }),
  /** The cut as fractions of the picture: left, top and width (its height follows from the shape). */
  x: z.number({ message: '裁剪范围不正确' }).min(0, '裁剪范围不正确').max(1, '裁剪范围不正确'),
  y: z.number({ message: '裁剪范围不正确' }).min(0, '裁剪范围不正确').max(1, '裁剪范围不正确'),
  w: z.number({ message: '裁剪范围不正确' }).gt(0, '裁剪范围不正确').max(1, '裁剪范围不正确'),
});

export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}
