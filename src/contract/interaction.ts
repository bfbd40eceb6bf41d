/**
 * Likes, comments and reports (spec 3 comment item, 4, 5, 7.3–7.5, 9). Field names as the spec spells
 * them. Every write needs a token (spec 5): anonymous callers get statusCode 301.
 */
import { defineEndpoint, endpointsOf } from './endpoint.ts';
import { ClassId, Id, Page, PageSize, ReviewState, Text } from './fields.ts';
import { z } from './zod.ts';

import { COMMENT_MAX_CHARS, COMMENT_MAX_PICTURES } from './interactionRules.ts';

const api = endpointsOf('interaction');

export { COMMENT_MAX_CHARS, COMMENT_MAX_PICTURES, REPORT_MAX_REASONS } from './interactionRules.ts';

/** Spec 9 like types: 1 article/image/politics, 2 comment or Q&A, 3 bangbang comment, 6 Q&A answer by bangId; 4 a tip (爆料, from=bang, after its report platform id). */
export const LikeType = z
  .union([z.number().int(), z.string().regex(/^\d{1,2}$/, '点赞类型不正确')])
  .transform((v) => Number(v))
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(6)], { error: '点赞类型只能是 1、2、3、4 或 6' }));

/** An optional id: absent, '' and 0 mean none (clients send plId=0 or plId= for a top-level comment). */
const OptionalId = z
  .union([z.literal(''), z.literal('0'), z.literal(0), Id], { error: '必须是正整数' })
  .optional()
  .transform((v) => (v === '' || v === '0' || v === 0 || v === undefined ? undefined : v));

/** Spec 7.4 bangbang comment classid: 1 politics (问政), 2 Q&A (问答); 4 a tip (爆料, the report platform id of spec 9). */
const BangClassid = z
  .union([z.number().int(), z.string().regex(/^\d{1,2}$/, '只能是 1（问政）、2（问答）或 4（爆料）')])
  .transform((v) => Number(v))
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(4)], { error: '只能是 1（问政）、2（问答）或 4（爆料）' }));

/** The comment scope of a bangbang classid. */
function bangScope(classid: 1 | 2 | 4): 'bang1' | 'bang2' | 'bang4' {
  return classid === 2 ? 'bang2' : classid === 4 ? 'bang4' : 'bang1';
}

/** The item whose comments a call is about: a news item, or a bangbang item (scope 'bang1' politics / 'bang2' Q&A). */
export interface CommentTargetRef {
  /** 'quan': a discover post (from=quan; classId its topic, newsId the post); 'bang4' a tip. */
  scope: 'news' | 'bang1' | 'bang2' | 'bang4' | 'quan';
  classId: number;
  newsId: number;
}

/**
 * Both ways of naming the commented item: classId + newsId (news), or from=bang with classid (2 Q&A,
 * 1 politics) and id, the bangbang item (spec 7.4). Parsed into one `target`.
 */
const TargetFields = {
  classId: ClassId.optional(),
  newsId: OptionalId,
  // from=bang (帮帮) or quan (发现); the reader is told in words
  from: z.enum(['bang', 'news', 'quan', ''], { error: '来源只能是帮帮或发现' }).optional(),
  classid: BangClassid.optional(),
  id: OptionalId,
};

type TargetInput = {
  classId?: number | undefined;
  newsId?: number | undefined;
  from?: string | undefined;
  classid?: 1 | 2 | 4 | undefined;
  id?: number | undefined;
};

function decideTarget(
  v: TargetInput,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[]; input: unknown }) => void },
): CommentTargetRef | null {
  if (v.from === 'bang') {
    const { classid, id } = v;
    if (classid === undefined) {
      ctx.addIssue({ code: 'custom', message: '只能是 1（问政）、2（问答）或 4（爆料）', path: ['classid'], input: v.classid });
      return null;
    }
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: '不能为空', path: ['id'], input: v.id });
      return null;
    }
    return { scope: bangScope(classid), classId: classid, newsId: id };
  }
  if (v.classId === undefined) {
    ctx.addIssue({ code: 'custom', message: '不能为空', path: ['classId'], input: v.classId });
    return null;
  }
  if (v.newsId === undefined) {
    ctx.addIssue({ code: 'custom', message: '不能为空', path: ['newsId'], input: v.newsId });
    return null;
  }
  return { scope: v.from === 'quan' ? 'quan' : 'news', classId: v.classId, newsId: v.newsId };
}

type TargetCtx = Parameters<typeof decideTarget>[1];

/** The output of a schema with the target fields: `target` instead of them. */
function toTarget<T extends TargetInput>(v: T, ctx: TargetCtx): Omit<T, keyof TargetInput> & { target: CommentTargetRef } {
  const { classId, newsId, from, classid, id, ...rest } = v;
  const target = decideTarget({ classId, newsId, from, classid, id }, ctx);
  return { ...rest, target: target ?? { scope: 'news', classId: 0, newsId: 0 } };
}

export const LikeBody = z.object({
  classId: ClassId.optional(),
  newsId: OptionalId,
  commentId: OptionalId,
  /** Q&A answers are liked by bangId (type 6). */
  bangId: OptionalId,
  type: LikeType,
  /** 'bang': a politics (type 1) or Q&A (type 2) item of the bangbang board (spec 7.3); 'quan': a discover post (type 1) or its comment (type 2). */
  from: z.enum(['bang', 'news', 'quan', '']).optional(),
});

export const LikeResult = z.object({
  /** 1: the target is liked by the caller (new or earlier like); spec 4 discover rule. */
  voteType: z.number().int(),
  /** The target's like count after this call. */
  likeNum: z.number().int(),
});
export type LikeResult = z.infer<typeof LikeResult>;

/** Spec 7.3. Answers statusCode 200 for a new like and for a repeat (nothing changes); 100 on failure. */
export const likeDo = api.write('/v1/like/do', '点赞（每人每个对象一次；重复点赞不改变计数，答“你已经点过赞了”）', {
  invalidates: 'like',
  body: LikeBody,
  data: LikeResult,
});

export const addPraise = api.write('/api/praise/AddPraise', '点赞（同 /v1/like/do）', { invalidates: 'like', body: LikeBody, data: LikeResult });

export const LikeState = z.object({
  isDoLike: z.number().int(),
  doLikeNum: z.number().int(),
  commentCount: z.number().int(),
  /** Views (onclick), so an open page shows fresh counts under cached HTML. */
  onclick: z.number().int(),
});
export type LikeState = z.infer<typeof LikeState>;

/** The caller's like state of an article: cached pages render anonymously, the bar asks this (docs/conventions.md "Rules that shape the code"). */
export const likeState = api.get('/v1/like/state', '文章的点赞与评论计数及本人是否已赞（页面缓存为匿名，由互动栏读取）', {
  query: z.object({ classId: ClassId, newsId: Id }),
  data: LikeState,
  auth: 'optional',
});

export const CommentReply = z.object({
  id: z.number().int(),
  /** This comment's id: what deleteComment and getListByParentId take. */
  plId: z.number().int(),
  /** The comment directly answered (0 for a top-level comment). */
  pId: z.number().int(),
  /** The top-level comment of the thread (0 for a top-level comment). */
  grandPid: z.number().int(),
  newsId: z.number().int(),
  classId: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  userName: z.string(),
  userPic: z.string(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  sayTime: z.string(),
  newsTime: z.string(),
  /** Plain text: render as text, never as HTML (security.md G52). */
  sayText: z.string(),
  conpic: z.array(z.string()),
  label: z.string(),
  region: z.string(),
  /** 1 when the caller wrote it (computed on the server from the token, security.md E34). */
  belongMyself: z.number().int(),
  zcNum: z.number().int(),
  rsNum: z.number().int(),
  hasDoLike: z.number().int(),
  isDoLike: z.number().int(),
  isGood: z.number().int(),
  /** Nickname of the reader a reply-to-a-reply answers ('' otherwise). */
  beCommenter: z.string(),
  /** Only its author is ever sent a comment that is not approved (审核中, 未通过：reason): docs/adr/018-one-review-model.md. */
  reviewState: ReviewState,
  reviewReason: z.string(),
});
export type CommentReply = z.infer<typeof CommentReply>;

export const CommentItem = CommentReply.extend({
  /** Up to SUB_COMMENTS_SHOWN first replies. */
  subComments: z.array(CommentReply),
  hasMoreSubComments: z.boolean(),
});
export type CommentItem = z.infer<typeof CommentItem>;

/** Replies shown under a comment in a list; the rest behind 查看全部回复 >>. */
export const SUB_COMMENTS_SHOWN = 2;

const Paged = {
  page: Page,
  pageSize: PageSize,
  /**
   * Snapshot cursor (security.md M101): the id of the first comment of page 1. Later pages list only
   * comments up to it, so comments posted while reading do not shift pages.
   */
  maxId: OptionalId,
};

export const commentGetList = api.get(
  '/v1/comment/getList',
  '评论（最新在前，每条带前两条回复）；按页返回，空数组表示到底；maxId 固定分页快照；帮帮内容用 from=bang、classid（2 问答，1 问政）、id',
  {
    query: z.object({ ...TargetFields, ...Paged }).transform(toTarget),
    data: z.array(CommentItem),
    auth: 'optional',
  },
);

export const commentGetListByParentId = api.get('/v1/comment/getListByParentId', '一条评论的全部回复（最早在前），按页返回', {
  query: z.object({ ...TargetFields, plId: Id, ...Paged }).transform(toTarget),
  data: z.object({ comment: CommentItem, list: z.array(CommentReply) }),
  auth: 'optional',
});

/** Picture URLs: a JSON array, or one comma-separated string from a form. */
const Conpic = z
  .union([z.array(z.string().max(500)), z.string().max(5000)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(z.string()).max(COMMENT_MAX_PICTURES, `图片最多 ${COMMENT_MAX_PICTURES} 张`));

export const CommentStoreBody = z
  .object({
    ...TargetFields,
    /** The top-level comment of the thread (a reply); spec 2.6 also calls it grandPid. */
    plId: OptionalId,
    grandPid: OptionalId,
    /** The comment directly answered (a reply to a reply). */
    pId: OptionalId,
    sayText: Text({ min: 1, max: COMMENT_MAX_CHARS, label: '评论内容' }),
    conpic: Conpic,
  })
  .transform(toTarget);

export const commentStore = api.write(
  '/v1/comment/store',
  '发表评论或回复（纯文本 1–500 字；同一内容 5 分钟内不可重复，两次发表间隔 5 秒；支持 Idempotency-Key）',
  {
    invalidates: 'commentStore',
    body: CommentStoreBody,
    data: CommentReply,
  },
);

export const commentDelete = api.write('/v1/comment/deleteComment', '删除自己的评论（连同其回复）；帮帮评论用 id=plId 与 from=bang', {
  invalidates: 'commentDelete',
  body: z
    .object({
      plId: OptionalId,
      /** Spec 7.4 bangbang delete: id=plId and from=bang. */
      id: OptionalId,
      from: z.enum(['bang', 'news', ''], { error: '来源只能是帮帮' }).optional(),
    })
    .transform((v, ctx) => {
      const plId = v.plId ?? (v.from === 'bang' ? v.id : undefined);
      if (plId === undefined) ctx.addIssue({ code: 'custom', message: '不能为空', path: [v.from === 'bang' ? 'id' : 'plId'], input: v.plId });
      return { plId: plId ?? 0, bang: v.from === 'bang' };
    }),
  data: z.object({ plId: z.number().int(), commentCount: z.number().int() }),
});

export const ReportOptions = z.object({ type: z.array(z.string()), tel: z.string() });
export type ReportOptions = z.infer<typeof ReportOptions>;

export const reportContent = api.get('/v1/comment/reportContent', '举报理由列表与举报电话', { cache: 'reference', data: ReportOptions });

/** Chosen reasons joined by commas (spec 7.5); each is checked against the server's list. */
const ReportReasons = z.string().max(2000, '举报内容过长').optional().default('');

export const newsDoReport = api.write('/v1/news/doReport', '举报文章（content 为所选理由，逗号分隔，须在理由列表中；每人每篇一次；每天至多 20 次）', {
  invalidates: 'none',
  body: z.object({ classId: ClassId, newsId: Id, content: ReportReasons }),
  data: z.object({ id: z.number().int() }),
});

/** Spec 9 comment-reporting platform ids: news 0, live 1, video 0, image 2, tip 4, politics 5, QA 6. */
export const PLATFORM_IDS = [0, 1, 2, 4, 5, 6] as const;

export const commentDoReport = api.write('/api/comment/doReport', '举报评论（直播页 classId 12；platformId 见平台表；commentContent 以服务端存档为准）', {
  invalidates: 'none',
  body: z.object({
    commentId: Id,
    classId: ClassId,
    newsId: Id,
    platformId: z
      .union([z.number().int(), z.string().regex(/^\d$/, '平台编号不正确')])
      .optional()
      .transform((v) => Number(v ?? 0))
      .pipe(
        z
          .number()
          .int()
          .refine((n) => (PLATFORM_IDS as readonly number[]).includes(n), '平台编号不正确'),
      ),
    content: ReportReasons,
    /** Accepted for compatibility and ignored: the server stores its own copy of the comment. */
    commentContent: z.string().max(5000).optional(),
  }),
  data: z.object({ id: z.number().int() }),
});

/*
 * /api/bv/comment (spec 7.4: GET list, GET singlelist, POST publish, POST del; bodies not shown): the
 * same comments of an item under the second API's paths, with the same fields and rules.
 */
export const bvCommentList = defineEndpoint({ ...commentGetList, path: '/api/bv/comment/list', summary: '评论列表（同 /v1/comment/getList）' });
export const bvCommentSingleList = defineEndpoint({
  ...commentGetListByParentId,
  path: '/api/bv/comment/singlelist',
  summary: '一条评论的全部回复（同 /v1/comment/getListByParentId）',
});
export const bvCommentPublish = defineEndpoint({ ...commentStore, path: '/api/bv/comment/publish', summary: '发表评论或回复（同 /v1/comment/store）' });
export const bvCommentDel = defineEndpoint({ ...commentDelete, path: '/api/bv/comment/del', summary: '删除自己的评论（同 /v1/comment/deleteComment）' });

/** Spec 7.4: the comments of a bangbang item under the bangbang API (classid 2 Q&A, 1 politics; id the item). */
export const bangbangCommentList = api.get(
  '/api/bangbang/comment/bangbanglist',
  '帮帮内容的评论（同 /v1/comment/getList?from=bang）：classid 2 问答、1 问政，id 为内容编号',
  {
    query: z
      .object({ classid: BangClassid, id: Id, ...Paged })
      .transform(({ classid, id, ...rest }) => ({ ...rest, target: { scope: bangScope(classid), classId: classid, newsId: id } as CommentTargetRef })),
    data: z.array(CommentItem),
    auth: 'optional',
  },
);

/** Spec 7.5: report a bangbang item (body not shown in the spec: id, classid as in 7.4, content as the news report). */
export const bangDoReport = api.write(
  '/v1/bangbang/news/doreport',
  '举报帮帮内容（classid 2 问答、1 问政；id 为内容编号；content 为所选理由，逗号分隔；每人每条一次）',
  {
    invalidates: 'none',
    body: z.object({ classid: BangClassid, id: Id, content: ReportReasons }),
    data: z.object({ id: z.number().int() }),
  },
);
