/**
 * Discover (spec 2.6, 3, 7.2): topics, posts and the official reply. Field names as the spec spells them
 * (post: id, classId, userId, nickname, content, like, commentCount, pv, isDoLike, imageUrl, video; tag:
 * id, title; official reply: username, content, newsStruct.url). Reader text is plain text; the official
 * reply's `content` is sanitised HTML (render it with RichText).
 */
import { KEYWORD_MAX_CHARS, POST_MAX_CHARS, POST_MAX_PICTURES, POST_MAX_TOPICS, POST_VIDEO_URL } from './discoverRules.ts';
import { endpointsOf } from './endpoint.ts';
import { Author, Id, IdListOf, OwnReview, PagedBy10, Text } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('discover');

export { POST_MAX_CHARS, POST_MAX_PICTURES, POST_MAX_TOPICS } from './discoverRules.ts';

export const TopicTag = z.object({ id: z.number().int(), title: z.string() });
export type TopicTag = z.infer<typeof TopicTag>;

/** Spec 3 topic: id, title, pictures, contentCount, commentCount (+ intro for the theme page). */
export const Topic = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  pictures: z.array(z.string()),
  contentCount: z.number().int(),
  commentCount: z.number().int(),
  pv: z.number().int(),
});
export type Topic = z.infer<typeof Topic>;

export const OfficialReply = z.object({
  username: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** The related report; url '' when the reply links none. */
  newsStruct: z.object({ url: z.string(), title: z.string() }),
});
export type OfficialReply = z.infer<typeof OfficialReply>;

export const PostComment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  /** Plain text. */
  sayText: z.string(),
});
export type PostComment = z.infer<typeof PostComment>;

export const Post = z.object({
  id: z.number().int(),
  /** The post's first topic: the classId its comment and like calls send (with from=quan). */
  classId: z.number().int(),
  ...Author,
  /** Plain text. */
  content: z.string(),
  like: z.number().int(),
  commentCount: z.number().int(),
  pv: z.number().int(),
  /** 1 when the caller liked the post (0 for anonymous callers). */
  isDoLike: z.number().int(),
  imageUrl: z.array(z.string()),
  /** '' or the post's video (a reader's upload under /media/videos/, or a demo video under /media/). */
  video: z.string(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
  tags: z.array(TopicTag),
  official: OfficialReply.nullable(),
  /** The first comments (newest first), at most POST_COMMENTS_SHOWN. */
  comments: z.array(PostComment),
  ...OwnReview,
});
export type Post = z.infer<typeof Post>;

export const getHotTopicList = api.content('/v1/quan/getHotTopicList', '热门话题（热度高的在前），按页返回，空数组表示到底', {
  query: z.object(PagedBy10),
  data: z.array(Topic),
});

export const getQuanInfo = api.get('/v1/quan/getQuanInfo', '发现动态（最新在前；登录时含本人待审核的动态），按页返回，空数组表示到底', {
  query: z.object(PagedBy10),
  data: z.array(Post),
  auth: 'optional',
});

export const getQuanDetail = api.get('/v1/quan/getDetail', '一条动态（classId 为其话题，newsId 为动态编号）；待审核或未通过的动态只有作者可见', {
  query: z.object({ classId: Id.optional(), newsId: Id }),
  data: Post,
  auth: 'optional',
});

export const getThemeInfo = api.get('/api/topic/getThemeInfo', '话题信息（标题、简介、封面、动态数与评论数）', {
  query: z.object({ themeId: Id }),
  data: Topic,
});

export const themeRecentList = api.get('/api/topic/themeRecentList', '话题下的最新动态，按页返回，空数组表示到底', {
  query: z.object({ themeId: Id, ...PagedBy10 }),
  data: z.array(Post),
  auth: 'optional',
});

export const getHotWord = api.content('/api/topic/getHotWord', '发现搜索热词', { data: z.array(z.object({ id: z.number().int(), word: z.string() })) });

const Keyword = Text({ min: 1, max: KEYWORD_MAX_CHARS, label: '搜索词' });

export const getListByKeyWord = api.get('/api/topic/getListByKeyWord', '按关键词搜索动态（正文或话题包含关键词），按页返回，空数组表示到底', {
  query: z.object({ keyword: Keyword, ...PagedBy10 }),
  data: z.array(Post),
  auth: 'optional',
});

export const getTopicListByKeyboard = api.get('/api/topic/getTopicListByKeyboard', '按推荐标签搜索话题（标题或推荐标签包含该词），按页返回，空数组表示到底', {
  query: z.object({ keyboard: Keyword, ...PagedBy10 }),
  data: z.array(Topic),
});

/** Picture URLs: a JSON array, or one comma-separated string from a form. */
const Pictures = z
  .union([z.array(z.string().max(500)), z.string().max(5000)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(z.string()).max(POST_MAX_PICTURES, `图片最多 ${POST_MAX_PICTURES} 张`));

/** Topic ids: HotTagsId (one id), or topicIds as an array or a comma-separated string (the shared id schema). */
const TopicIds = IdListOf({ max: POST_MAX_TOPICS, message: '话题不正确', tooMany: `话题最多 ${POST_MAX_TOPICS} 个` });

export const PublishBody = z
  .object({
    content: Text({ min: 1, max: POST_MAX_CHARS, label: '正文' }),
    imageUrl: Pictures,
    /**
     * One video: '' for none, else a `/media/videos/<userId>/<uuid>.<mp4|webm>` answer of
     * /api/upload/video (the service also requires it to be the caller's own, stored file).
     */
    video: z
      .string({ error: '视频无效，请重新上传' })
      .trim()
      .max(200, '视频无效，请重新上传')
      .refine((v) => v === '' || POST_VIDEO_URL.test(v), '视频无效，请重新上传')
      .optional()
      .transform((v) => v ?? ''),
    HotTagsId: TopicIds,
    topicIds: TopicIds,
  })
  .transform((v, ctx) => {
    const topicIds = [...new Set([...v.HotTagsId, ...v.topicIds])];
    if (topicIds.length === 0) ctx.addIssue({ code: 'custom', message: '请选择话题', path: ['HotTagsId'], input: v.HotTagsId });
    if (topicIds.length > POST_MAX_TOPICS) ctx.addIssue({ code: 'custom', message: `话题最多 ${POST_MAX_TOPICS} 个`, path: ['topicIds'], input: v.topicIds });
    return { content: v.content, imageUrl: v.imageUrl, video: v.video, topicIds };
  });

export const publishPost = api.write(
  '/v1/quan/publish',
  '发布动态（纯文本 1–1000 字，图片至多 9 张且须为本人上传，视频至多 1 个且须为本人上传，话题 1–3 个；支持 Idempotency-Key；需审核时为待审核）',
  {
    body: PublishBody,
    data: Post,
  },
);
