/**
 * Detail entities and endpoints (spec 3 news detail, picture detail, ad; 7.1 getDetails, detail,
 * getRelationNews, ads/list, sdkinfo). Field names exactly as the spec spells them (`repot` included).
 */
import { endpointsOf } from './endpoint.ts';
import { ClassId, Id } from './fields.ts';
import { ListItem, NewsIdQuery } from './news.ts';
import { z } from './zod.ts';

const api = endpointsOf('detail');

export const VideoSource = z.object({ name: z.string(), videoUrl: z.string() });
export type VideoSource = z.infer<typeof VideoSource>;

/** One picture of a photo set with its caption. */
export const PictureItem = z.object({ url: z.string(), desc: z.string() });
export type PictureItem = z.infer<typeof PictureItem>;

export const NewsDetail = z.object({
  newsId: z.number().int(),
  classId: z.number().int(),
  /** Name of the item's column (the title area's column link, spec 2.4). */
  className: z.string(),
  dataType: z.number().int(),
  showType: z.number().int(),
  category: z.string(),
  title: z.string(),
  writer: z.string(),
  /** Display time, Beijing, `YYYY-MM-DD HH:mm`. */
  newsTime: z.string(),
  /** ISO 8601 instant. */
  publishTime: z.string(),
  /** Sanitized article HTML. */
  originNewstext: z.string(),
  /** The brief (标签 简介). */
  smallText: z.string(),
  befrom: z.string(),
  befromPic: z.string(),
  syhInfo: z.object({ name: z.string(), classId: z.number().int(), img: z.string() }).nullable(),
  /** View or play count, including this view. */
  onclick: z.number().int(),
  /** Live: 1 直播中, 0 未开始, 2 回放 (list cards); the title area says 直播中 or 已结束. */
  liveType: z.number().int(),
  startTime: z.string(),
  videoUrls: z.array(VideoSource),
  videoUrl: z.string(),
  videoTime: z.string(),
  /** Cover pictures. */
  imageUrl: z.array(z.string()),
  /** Photo set pictures (spec 3 picture detail). */
  allImage: z.array(PictureItem),
  /** A VR item's 360° panorama (a strip whose two ends meet), turned by the VR viewer; '' for other items. */
  vrUrl: z.string(),
  topic: z.object({ classId: z.number().int(), logo: z.string(), title: z.string() }).nullable(),
  userName: z.string(),
  newUserName: z.string(),
  execEditor: z.string(),
  finalEditor: z.string(),
  plNum: z.number().int(),
  commentCount: z.number().int(),
  doLikeNum: z.number().int(),
  isDoLike: z.number().int(),
  /** false hides the comment input (spec 5). */
  allowPl: z.boolean(),
  /** Bit mask; bit value 8 hides the like button (spec 5, 9). */
  permission: z.number().int(),
  /** Recommended tags, comma separated. */
  keyboard: z.string(),
  selfDiscipline: z.object({ title: z.string(), url: z.string() }),
  repot: z.object({ tel: z.string(), type: z.array(z.string()) }),
  disclaimer: z.string(),
  disclaimers: z.array(z.string()),
  /** Corrections (更正) of the story, oldest first: `time` is Beijing time `YYYY-MM-DD HH:mm` (ADR 025). */
  corrections: z.array(z.object({ time: z.string(), note: z.string() })),
  /** A live's 图文直播 feed (ADR 025 "Live events"), newest first, plain text; [] for other items. */
  livePosts: z.array(z.object({ id: z.number().int(), time: z.string(), text: z.string(), picture: z.string() })),
  isSYN: z.number().int(),
  region: z.string(),
  /** 1 original (原创), 0 not. */
  titleType: z.number().int(),
  /** Flags (spec 5): pl comments hidden, rel related hidden, ad pre-roll ad hidden; 1 means hidden. */
  pl: z.number().int(),
  rel: z.number().int(),
  ad: z.number().int(),
  hotNews: z.array(ListItem),
});
export type NewsDetail = z.infer<typeof NewsDetail>;

export const Ad = z.object({
  id: z.number().int(),
  /** 5 above the title, 3 below the title, 2 below the article (spec 3); 1 the pre-roll before a video (spec 5). */
  type: z.number().int(),
  imgSrc: z.string(),
  url: z.string(),
  newsClassId: z.number().int(),
  newsId: z.number().int(),
  isAll: z.number().int(),
  showClassIds: z.array(z.number().int()),
  notShowClassIds: z.array(z.number().int()),
  /** Article permission bits that exclude this ad (spec 5: visibility follows the bit mask). */
  permission: z.number().int(),
});
export type Ad = z.infer<typeof Ad>;

export const newsGetDetails = api.get('/v1/news/getDetails', '新闻详情（计一次浏览：onclick 含本次）', { query: NewsIdQuery, data: NewsDetail });

export const kratosDetail = api.content('/kratos/v1/detail', '新闻详情（只读，不计浏览；详情页渲染、分享卡片与预览，浏览由 /v1/news/view 计数）', {
  query: NewsIdQuery,
  data: NewsDetail,
});

/** What a counted view answers: the item's count including this view. */
export const ViewResult = z.object({ onclick: z.number().int() });
export type ViewResult = z.infer<typeof ViewResult>;

export const newsView = api.post('/v1/news/view', '计一次详情浏览（页面加载后由信标发送；每设备每条短时内只计一次，按地址限频）', {
  invalidates: 'none',
  body: NewsIdQuery,
  data: ViewResult,
});

export const relationNews = api.content('/v1/news/getRelationNews', '相关新闻：同栏目优先，再同频道，不含本条', {
  query: z.object({
    classId: ClassId,
    newsId: Id,
    pageSize: z
      .union([z.number().int(), z.string().regex(/^\d{1,2}$/, '必须是正整数')])
      .transform((v) => Number(v))
      .pipe(z.number().int().min(1, '每页条数至少为 1').max(20, '每页条数不能超过 20'))
      .default(6),
  }),
  data: z.array(ListItem),
});

export const adsList = api.content('/v1/ads/list', '详情页广告（5 标题上方、3 标题下方、2 正文下方、1 视频片头），含投放规则，由页面按栏目与权限筛选', {
  query: z.object({
    type: z
      .enum(['1', '2', '3', '5'], { error: '广告类型只能是 1、2、3 或 5' })
      .transform((v) => Number(v))
      .optional(),
  }),
  data: z.array(Ad),
});

export const ShareInfo = z.object({ title: z.string(), desc: z.string(), imgUrl: z.string(), link: z.string() });
export type ShareInfo = z.infer<typeof ShareInfo>;

export const sdkInfo = api.content('/api/sdkinfo', '分享卡片信息（标题、摘要、图片、链接），供信使与 App 分享 SDK', { query: NewsIdQuery, data: ShareInfo });
