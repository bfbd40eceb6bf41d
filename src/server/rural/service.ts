/**
 * Rural rules: who sees which question, post and comment (approved ones, and the author's own
 * pending or rejected ones), what a write stores (review state, own pictures only, idempotent, rate
 * limited, duplicate text refused), the price board's change and trend, and the credit ratings.
 */
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import type {
  Answer,
  CreditLevel,
  Deed,
  ExpertQuestion,
  FarmerComment,
  FarmerPost,
  MyExpert,
  PriceBoard,
  Question,
  RuralHome,
  RuralTab,
  Village,
} from '../../contract/rural.ts';
import { EXPERT_QUEUE_SIZE, POST_COMMENTS_SHOWN, PRICE_TREND_DAYS, type RuralGroup } from '../../contract/ruralRules.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Banner } from '../../contract/news.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { callKey, type ReaderInsert } from '../http/idempotentInsert.ts';
import { insertReviewedRow, type DeskWrite } from '../review/write.ts';
import { paced, type RateRule } from '../http/rateLimit.ts';
import type { ServiceContext } from '../http/types.ts';
import { profilesRepo, shownAs } from '../profiles/repo.ts';
import { checkPictures } from '../upload/checkPictures.ts';
import {
  answerByClientKeyRepo,
  answeredByExpertRepo,
  answersOfRepo,
  expertOfUserRepo,
  expertQueueRepo,
  insertAnswerRepo,
  lockExpertOfUserRepo,
  recentSameAnswerRepo,
  saveExpertApplicationRepo,
  type AnswerView,
  type ExpertRow,
  commentByClientKeyRepo,
  commentsOfRepo,
  configValueRepo,
  creditLevelsRepo,
  deedsRepo,
  expertsRepo,
  findVisiblePostRepo,
  findVisibleQuestionRepo,
  householdsRepo,
  liveBannersRepo,
  insertCommentRepo,
  insertPostRepo,
  insertQuestionRepo,
  likedPostIdsRepo,
  listPostsRepo,
  listQuestionsRepo,
  marketsRepo,
  postByClientKeyRepo,
  priceDatesRepo,
  pricesRepo,
  questionByClientKeyRepo,
  recentSameCommentRepo,
  recentSamePostRepo,
  recentSameQuestionRepo,
  ruralColumnsRepo,
  ruralNewsRepo,
  ruralTabsRepo,
  setLikeRepo,
  villagesRepo,
  type CommentRow,
  type PostRow,
  type QuestionRow,
} from './repo.ts';

export const RURAL_MESSAGES = {
  questionMissing: '问题不存在或已删除',
  postMissing: '动态不存在或已删除',
  columnMissing: '栏目不存在',
  villageMissing: '信用村不存在',
  marketMissing: '市场不存在',
  asked: '提问成功，专家会尽快回答',
  askedPending: '提问成功，审核通过后将公开显示',
  published: '发布成功',
  pending: '发布成功，审核通过后将公开显示',
  commented: '评论成功',
  liked: '点赞成功',
  unliked: '已取消点赞',
  commentPending: '评论成功，审核通过后将公开显示',
  duplicate: '请勿重复提交相同的内容',
  notExpert: '只有通过认证的农技专家才能回答问题，可在“专家答题”页申请认证',
  revoked: '你的农技专家认证已被裕农栏目编辑撤销，不能回答问题',
  otherField: (tag: string) => `这个问题属于“${tag}”领域，不在你认证的擅长领域内，不能回答`,
  answered: '回答成功',
  answeredPending: '回答成功，审核通过后将公开显示',
  applied: '申请已提交，裕农栏目编辑审核后会通知你',
  alreadyExpert: '你已是认证的农技专家，无需再次申请',
} as const;

/** app_config key of the section's review-before-publish setting (team rule; default off). */
export const RURAL_REVIEW_KEY = 'rural.reviewBeforePublish';

/** The pace of each kind of write: questions are rarer than posts, posts rarer than comments. */
const WRITE_RULES = { ask: paced(10_000, 10), publish: paced(10_000, 20), comment: paced(5_000, 100), answer: paced(5_000, 200) } as const;
/** Applying to be an expert: a few times a day at most (a refused applicant corrects and sends again). */
const APPLY_RULES: RateRule[] = [{ max: 5, windowMs: 24 * 3600_000 }];
const LIKE_RULES: RateRule[] = [{ max: 60, windowMs: 60_000 }];
const DUPLICATE_WINDOW_MS = 5 * 60_000;

export type RuralContext = ServiceContext;

async function reviewState(db: Db): Promise<'pending' | 'approved'> {
  return (await configValueRepo(db, RURAL_REVIEW_KEY)) === true ? 'pending' : 'approved';
}

interface RuralInsert<R> extends Pick<ReaderInsert<R>, 'byKey' | 'same' | 'insert' | 'lost'> {
  /** What the desk files it as (the one gate: mute, emergency switch, words, review before publish). */
  desk: DeskWrite;
  /** The write's own rules (the post exists, own pictures), run first. */
  check?: () => Promise<void>;
  /** Whether the author sent the same text since then. */
  sameRecent: (since: Date) => Promise<boolean>;
}

/** A reader's write in the section: after its own rules, the same text twice in 5 minutes is refused and the kind's pace taken; stored under the review setting. */
function insertRuralRow<R extends { id: number }>(
  ctx: RuralContext,
  c: Context,
  user: AuthUser,
  kind: keyof typeof WRITE_RULES,
  w: RuralInsert<R>,
): Promise<R> {
  return insertReviewedRow(ctx, callKey(c), user, {
    ...w,
    check: async () => {
      await w.check?.();
      if (await w.sameRecent(new Date(Date.now() - DUPLICATE_WINDOW_MS))) throw fail(StatusCode.fail, RURAL_MESSAGES.duplicate);
      await ctx.limiter.take([{ key: `rural-${kind}:user:${user.userId}`, rules: WRITE_RULES[kind] }]);
    },
    reviewState: () => reviewState(ctx.deps.database.db),
  });
}

// ——— News and tabs ———

export async function columnsService(db: Db) {
  return ruralColumnsRepo(db);
}

export async function newsService(db: Db, q: { classId?: number | undefined; group?: RuralGroup | undefined; page: number; pageSize: number }) {
  const all = await ruralColumnsRepo(db);
  let ids: number[];
  if (q.classId !== undefined) {
    if (!all.some((c) => c.id === q.classId)) throw fail(StatusCode.notFound, RURAL_MESSAGES.columnMissing);
    ids = [q.classId];
  } else {
    ids = all.filter((c) => q.group === undefined || c.group === q.group).map((c) => c.id);
  }
  return ruralNewsRepo(db, ids, q.page, q.pageSize);
}

export async function tabsService(db: Db, page: 'general' | 'sub'): Promise<RuralTab[]> {
  const rows = await ruralTabsRepo(db, page);
  return rows
    .filter((r) => r.parentId === null)
    .map((r) => ({
      id: r.id,
      name: r.name,
      columnId: r.columnId,
      children: rows.filter((c) => c.parentId === r.id).map((c) => ({ id: c.id, name: c.name, columnId: c.columnId })),
    }));
}

// ——— 乡村帮帮 ———

export async function expertsService(db: Db) {
  return (await expertsRepo(db)).map((e) => ({
    id: e.id,
    name: e.name,
    title: e.title,
    org: e.org,
    avatar: e.avatar,
    tags: tagsOf(e.tags),
    answerCount: e.answerCount,
  }));
}

const tagsOf = (tags: string): string[] => tags.split(',').filter((t) => t !== '');

function toAnswer(a: AnswerView): Answer {
  return {
    id: a.id,
    expert: { id: a.expertId, name: a.name, title: a.title, org: a.org, avatar: a.avatar },
    content: a.content,
    likeNum: a.likeNum,
    createTime: formatBeijingTime(a.createdAt),
    reviewState: a.reviewState as Answer['reviewState'],
    rejectReason: a.reviewState === 'rejected' ? a.rejectReason : '',
  };
}

async function hydrateQuestions(db: Db, viewer: AuthUser | null, rows: QuestionRow[]): Promise<Question[]> {
  if (rows.length === 0) return [];
  const [answers, profiles] = await Promise.all([
    answersOfRepo(
      db,
      rows.map((r) => r.id),
      viewer?.userId ?? null,
    ),
    profilesRepo(db, [...new Set(rows.map((r) => r.userId))]),
  ]);
  return rows.map((r) => {
    return {
      id: r.id,
      ...shownAs(profiles.get(r.userId), '农友'),
      content: r.content,
      tag: r.tag,
      district: r.district,
      pictures: r.pictures,
      answerCount: r.answerCount,
      pv: r.pv,
      createTime: formatBeijingTime(r.createdAt),
      answers: answers.filter((a) => a.questionId === r.id).map(toAnswer),
      reviewState: r.reviewState as Question['reviewState'],
      rejectReason: r.rejectReason,
      belongMyself: viewer?.userId === r.userId ? 1 : 0,
    };
  });
}

export async function questionsService(
  db: Db,
  viewer: AuthUser | null,
  q: { keyword?: string | undefined; tag?: string | undefined; page: number; pageSize: number },
) {
  return hydrateQuestions(db, viewer, await listQuestionsRepo(db, { ...q, viewerId: viewer?.userId ?? null }));
}

export async function questionService(db: Db, viewer: AuthUser | null, id: number): Promise<Question> {
  const row = await findVisibleQuestionRepo(db, id, viewer?.userId ?? null);
  if (!row) throw fail(StatusCode.notFound, RURAL_MESSAGES.questionMissing);
  return (await hydrateQuestions(db, viewer, [row]))[0]!;
}

export interface AskInput {
  content: string;
  tag: string;
  district: string;
}

export async function askService(ctx: RuralContext, c: Context, user: AuthUser, input: AskInput): Promise<{ question: Question; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertRuralRow(ctx, c, user, 'ask', {
    byKey: questionByClientKeyRepo,
    desk: { kind: 'rural_question', area: 'rural', text: input.content },
    same: (r) => r.content === input.content && r.tag === input.tag && r.district === input.district,
    sameRecent: (since) => recentSameQuestionRepo(db, user.userId, input.content, since),
    insert: (tx, stamp) => insertQuestionRepo(tx, { ...stamp, content: input.content, tag: input.tag, district: input.district }),
    lost: RURAL_MESSAGES.questionMissing,
  });
  return {
    question: (await hydrateQuestions(db, user, [row]))[0]!,
    message: row.reviewState === 'pending' ? RURAL_MESSAGES.askedPending : RURAL_MESSAGES.asked,
  };
}

// ——— 专家：申请、本领域问题、回答 ———

function myExpertOf(row: ExpertRow | null): MyExpert {
  if (!row) return { state: 'none', rejectReason: '', expert: null };
  return {
    state: row.state as MyExpert['state'],
    rejectReason: row.state === 'rejected' || row.state === 'revoked' ? row.rejectReason : '',
    expert: { id: row.id, name: row.name, title: row.title, org: row.org, avatar: row.avatar, tags: tagsOf(row.tags) },
  };
}

export async function myExpertService(db: Db, user: AuthUser): Promise<MyExpert> {
  return myExpertOf(await expertOfUserRepo(db, user.userId));
}

export interface ExpertApplyInput {
  name: string;
  title: string;
  org: string;
  tags: string[];
}

/**
 * A reader applies to answer on 乡村帮帮 (the 裕农 desk approves or refuses with a reason): a new application or a
 * refused one sent again goes to 'pending'; one in review is replaced by what is sent now; an expert already
 * approved is refused. Safe to retry: the same application sent twice is one row, unchanged.
 */
export async function applyExpertService(ctx: RuralContext, user: AuthUser, input: ExpertApplyInput): Promise<{ mine: MyExpert; message: string }> {
  const { database } = ctx.deps;
  const tags = input.tags.join(',');
  const same = (r: ExpertRow) => r.state === 'pending' && r.name === input.name && r.title === input.title && r.org === input.org && r.tags === tags;
  const before = await expertOfUserRepo(database.db, user.userId);
  if (before?.state === 'approved') throw fail(StatusCode.fail, RURAL_MESSAGES.alreadyExpert);
  if (before && same(before)) return { mine: myExpertOf(before), message: RURAL_MESSAGES.applied };
  await ctx.limiter.take([{ key: `rural-apply:user:${user.userId}`, rules: APPLY_RULES }]);
  const avatar = (await profilesRepo(database.db, [user.userId])).get(user.userId)?.userPic ?? '';
  const row = await database.write(async (tx) => {
    const locked = await lockExpertOfUserRepo(tx, user.userId);
    if (locked?.state === 'approved') throw fail(StatusCode.fail, RURAL_MESSAGES.alreadyExpert);
    if (locked && same(locked)) return locked;
    return saveExpertApplicationRepo(tx, user.userId, locked?.id ?? null, { name: input.name, title: input.title, org: input.org, tags, avatar });
  });
  return { mine: myExpertOf(row), message: RURAL_MESSAGES.applied };
}

/** The caller as an approved expert, or the refusal a non-expert reads. */
async function approvedExpert(db: Db, user: AuthUser): Promise<ExpertRow> {
  const expert = await expertOfUserRepo(db, user.userId);
  if (expert?.state === 'revoked') throw fail(StatusCode.forbidden, RURAL_MESSAGES.revoked);
  if (!expert || expert.state !== 'approved') throw fail(StatusCode.forbidden, RURAL_MESSAGES.notExpert);
  return expert;
}

/** The expert's own list: the unanswered questions of their fields first (the longest waiting first), then the rest. */
export async function expertQuestionsService(db: Db, user: AuthUser): Promise<ExpertQuestion[]> {
  const expert = await approvedExpert(db, user);
  const tags = tagsOf(expert.tags);
  const rows = await expertQueueRepo(db, tags, EXPERT_QUEUE_SIZE);
  const [questions, answered] = await Promise.all([
    hydrateQuestions(db, user, rows),
    answeredByExpertRepo(
      db,
      expert.id,
      rows.map((r) => r.id),
    ),
  ]);
  return questions.map((q) => ({ ...q, mine: tags.includes(q.tag), answeredByMe: answered.has(q.id) }));
}

/**
 * An approved expert answers a question of one of their fields as their own account. The answer is reader-written
 * content (docs/where-code-lives.md "Reader-written content carries a review state"): it passes the one gate and
 * lands on the moderation desk; an approved answer moves the question's answer count in its own transaction.
 */
export async function answerService(
  ctx: RuralContext,
  c: Context,
  user: AuthUser,
  input: { questionId: number; content: string },
): Promise<{ answer: Answer; message: string }> {
  const db = ctx.deps.database.db;
  let expert: ExpertRow | null = null;
  const row = await insertRuralRow(ctx, c, user, 'answer', {
    byKey: answerByClientKeyRepo,
    desk: { kind: 'rural_answer', area: 'rural', text: input.content },
    same: (r) => r.questionId === input.questionId && r.content === input.content,
    check: async () => {
      expert = await approvedExpert(db, user);
      const question = await findVisibleQuestionRepo(db, input.questionId, null);
      if (!question) throw fail(StatusCode.notFound, RURAL_MESSAGES.questionMissing);
      if (!tagsOf(expert.tags).includes(question.tag)) throw fail(StatusCode.forbidden, RURAL_MESSAGES.otherField(question.tag));
    },
    sameRecent: (since) => recentSameAnswerRepo(db, user.userId, input.questionId, input.content, since),
    insert: (tx, stamp) => insertAnswerRepo(tx, { ...stamp, questionId: input.questionId, expertId: expert!.id, content: input.content }),
    lost: RURAL_MESSAGES.questionMissing,
  });
  // A retry answered by the earlier row skipped the checks: the expert is read for the answer's byline.
  const by = expert ?? (await expertOfUserRepo(db, user.userId))!;
  const answer = toAnswer({ ...row, reviewState: row.reviewState, expertId: by.id, name: by.name, title: by.title, org: by.org, avatar: by.avatar });
  return { answer, message: row.reviewState === 'pending' ? RURAL_MESSAGES.answeredPending : RURAL_MESSAGES.answered };
}

// ——— 农友说 ———

function toComment(r: CommentRow, nickname: string): FarmerComment {
  return { id: r.id, nickname, text: r.text, createTime: formatBeijingTime(r.createdAt), reviewState: r.reviewState as FarmerComment['reviewState'] };
}

async function hydratePosts(db: Db, viewer: AuthUser | null, rows: PostRow[]): Promise<FarmerPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const viewerId = viewer?.userId ?? null;
  const [comments, liked] = await Promise.all([
    commentsOfRepo(db, ids, viewerId, POST_COMMENTS_SHOWN),
    viewer ? likedPostIdsRepo(db, viewer.userId, ids) : Promise.resolve(new Set<number>()),
  ]);
  const userIds = new Set(rows.map((r) => r.userId));
  for (const list of comments.values()) for (const cm of list) userIds.add(cm.userId);
  const profiles = await profilesRepo(db, [...userIds]);
  return rows.map((r) => ({
    id: r.id,
    ...shownAs(profiles.get(r.userId), '农友'),
    content: r.content,
    pictures: r.pictures,
    video: r.video,
    district: r.district,
    likeNum: r.likeNum,
    commentCount: r.commentCount,
    isDoLike: liked.has(r.id) ? 1 : 0,
    createTime: formatBeijingTime(r.createdAt),
    comments: (comments.get(r.id) ?? []).map((cm) => toComment(cm, profiles.get(cm.userId)?.nickname ?? '农友')),
    pinned: r.pinnedAt ? 1 : 0,
    reviewState: r.reviewState as FarmerPost['reviewState'],
    rejectReason: r.rejectReason,
    belongMyself: viewerId === r.userId ? 1 : 0,
  }));
}

export async function postsService(db: Db, viewer: AuthUser | null, page: number, pageSize: number) {
  return hydratePosts(db, viewer, await listPostsRepo(db, viewer?.userId ?? null, page, pageSize));
}

export interface PublishInput {
  content: string;
  imageUrl: string[];
  district: string;
}

export async function publishService(ctx: RuralContext, c: Context, user: AuthUser, input: PublishInput): Promise<{ post: FarmerPost; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertRuralRow(ctx, c, user, 'publish', {
    byKey: postByClientKeyRepo,
    desk: { kind: 'rural_post', area: 'rural', text: input.content },
    same: (r) => r.content === input.content && JSON.stringify(r.pictures) === JSON.stringify(input.imageUrl),
    check: () => checkPictures(ctx.deps, user.userId, input.imageUrl),
    sameRecent: (since) => recentSamePostRepo(db, user.userId, input.content, since),
    insert: (tx, stamp) => insertPostRepo(tx, { ...stamp, content: input.content, pictures: input.imageUrl, district: input.district }),
    lost: RURAL_MESSAGES.postMissing,
  });
  return { post: (await hydratePosts(db, user, [row]))[0]!, message: row.reviewState === 'pending' ? RURAL_MESSAGES.pending : RURAL_MESSAGES.published };
}

export async function likeService(ctx: RuralContext, user: AuthUser, postId: number, like: boolean): Promise<{ liked: boolean; likeNum: number }> {
  const db = ctx.deps.database.db;
  const post = await findVisiblePostRepo(db, postId, user.userId);
  // Only approved posts take likes (a pending one is its author's alone).
  if (!post || post.reviewState !== 'approved') throw fail(StatusCode.notFound, RURAL_MESSAGES.postMissing);
  await ctx.limiter.take([{ key: `rural-like:user:${user.userId}`, rules: LIKE_RULES }]);
  const likeNum = await ctx.deps.database.write((tx) => setLikeRepo(tx, postId, user.userId, like));
  return { liked: like, likeNum };
}

export async function commentService(
  ctx: RuralContext,
  c: Context,
  user: AuthUser,
  input: { postId: number; text: string },
): Promise<{ comment: FarmerComment; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertRuralRow(ctx, c, user, 'comment', {
    byKey: commentByClientKeyRepo,
    desk: { kind: 'rural_post_comment', area: 'rural', text: input.text },
    same: (r) => r.postId === input.postId && r.text === input.text,
    check: async () => {
      const post = await findVisiblePostRepo(db, input.postId, user.userId);
      if (!post || post.reviewState !== 'approved') throw fail(StatusCode.notFound, RURAL_MESSAGES.postMissing);
    },
    sameRecent: (since) => recentSameCommentRepo(db, user.userId, input.postId, input.text, since),
    insert: (tx, stamp) => insertCommentRepo(tx, { ...stamp, postId: input.postId, text: input.text }),
    lost: RURAL_MESSAGES.postMissing,
  });
  // The shown name is read once the row is written: a refused key or a missing post costs no profile read.
  const nickname = (await profilesRepo(db, [user.userId])).get(user.userId)?.nickname ?? '农友';
  return { comment: toComment(row, nickname), message: row.reviewState === 'pending' ? RURAL_MESSAGES.commentPending : RURAL_MESSAGES.commented };
}

// ——— 行情 ———

/** `YYYY-MM-DD` minus `days` days. */
function dayMinus(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const yuan = (fen: number) => Math.round(fen) / 100;

export async function pricesService(db: Db, q: { marketId?: number | undefined; date?: string | undefined }): Promise<PriceBoard> {
  const markets = await marketsRepo(db);
  const marketId = q.marketId ?? markets[0]?.id;
  if (marketId === undefined) return { markets, marketId: 0, date: '', dates: [], rows: [] };
  if (!markets.some((m) => m.id === marketId)) throw fail(StatusCode.notFound, RURAL_MESSAGES.marketMissing);
  const dates = await priceDatesRepo(db, marketId);
  // A date without prices shows the latest day before it (a market is closed some days).
  const date = q.date === undefined ? dates[0] : dates.find((d) => d <= q.date!);
  if (date === undefined) return { markets, marketId, date: '', dates, rows: [] };
  const raw = await pricesRepo(db, marketId, dayMinus(date, PRICE_TREND_DAYS + 7), date);
  const byProduct = new Map<number, typeof raw>();
  for (const r of raw) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
  const rows = [...byProduct.values()]
    .filter((list) => list[list.length - 1]!.day === date)
    .map((list) => {
      const today = list[list.length - 1]!;
      const before = list[list.length - 2];
      const change = before ? today.priceFen - before.priceFen : 0;
      return {
        productId: today.productId,
        name: today.name,
        category: today.category,
        unit: today.unit,
        price: yuan(today.priceFen),
        change: yuan(change),
        changePercent: before ? Math.round((change / before.priceFen) * 1000) / 10 : 0,
        trend: list.slice(-PRICE_TREND_DAYS).map((r) => yuan(r.priceFen)),
      };
    });
  return { markets, marketId, date, dates, rows };
}

// ——— 信用村 ———

export function ratingOf(points: number, levels: readonly CreditLevel[]): string {
  return [...levels].sort((a, b) => b.minPoints - a.minPoints).find((l) => points >= l.minPoints)?.rating ?? '';
}

async function villageList(db: Db): Promise<Village[]> {
  const rows = await villagesRepo(db);
  const ranked = [...rows].sort((a, b) => b.avgPoints - a.avgPoints || a.id - b.id);
  return ranked.map((r, i) => ({
    id: r.id,
    name: r.name,
    district: r.district,
    town: r.town,
    households: r.households,
    intro: r.intro,
    rank: i + 1,
    avgPoints: r.avgPoints,
    ratedPercent: r.recorded === 0 ? 0 : Math.round((r.rated / r.recorded) * 100),
  }));
}

export async function creditService(db: Db): Promise<{ villages: Village[]; levels: CreditLevel[]; deeds: Deed[] }> {
  const [villages, levels, deeds] = await Promise.all([villageList(db), creditLevelsRepo(db), deedsRepo(db, { page: 1, pageSize: 8 })]);
  return { villages, levels: levels.map((l) => ({ rating: l.rating, minPoints: l.minPoints, title: l.title, benefits: l.benefits })), deeds };
}

export async function villageService(db: Db, id: number) {
  const village = (await villageList(db)).find((v) => v.id === id);
  if (!village) throw fail(StatusCode.notFound, RURAL_MESSAGES.villageMissing);
  const [levels, households, deeds] = await Promise.all([
    creditLevelsRepo(db),
    householdsRepo(db, id),
    deedsRepo(db, { villageId: id, page: 1, pageSize: 10 }),
  ]);
  return { village, households: households.map((h) => ({ ...h, rating: ratingOf(h.points, levels) })), deeds };
}

export async function deedsService(db: Db, q: { villageId?: number | undefined; page: number; pageSize: number }) {
  if (q.villageId !== undefined && !(await villageList(db)).some((v) => v.id === q.villageId)) throw fail(StatusCode.notFound, RURAL_MESSAGES.villageMissing);
  return deedsRepo(db, q);
}

// ——— 首页 ———

export async function homeService(db: Db): Promise<RuralHome> {
  const [columns, latest, prices, questions, posts, managed] = await Promise.all([
    ruralColumnsRepo(db),
    newsService(db, { page: 1, pageSize: 13 }),
    pricesService(db, {}),
    questionsService(db, null, { page: 1, pageSize: 3 }),
    postsService(db, null, 1, 2),
    liveBannersRepo(db, beijingDay(new Date())),
  ]);
  // The desk's banners (裕农 desk 轮播图) in their order; a story one opens its article or video, a link its page.
  // With none live, the banners are the newest three with a picture; 最新资讯 lists the rest, so a newer item
  // without a picture is neither skipped nor a banner shown twice.
  const fallback = managed.length === 0 ? latest.filter((n) => n.cover !== '').slice(0, 3) : [];
  const banners: Banner[] =
    managed.length > 0
      ? managed.map((b) =>
          b.newsId > 0
            ? { id: b.newsId, classId: b.classId ?? 0, dataType: b.dataType ?? 3, targetUrl: '', showType: 0, title: b.title, imageUrl: [b.picture] }
            : { id: b.id, classId: 0, dataType: 7, targetUrl: b.link, showType: 0, title: b.title, imageUrl: [b.picture] },
        )
      : fallback.map((n) => ({ id: n.id, classId: n.classId, dataType: n.dataType, targetUrl: '', showType: 0, title: n.title, imageUrl: [n.cover] }));
  const opened = new Set(managed.map((b) => b.newsId));
  return {
    banners,
    columns,
    latest: latest.filter((n) => !fallback.includes(n) && !opened.has(n.id)).slice(0, 10),
    prices: { ...prices, rows: prices.rows.slice(0, 6) },
    questions,
    posts,
  };
}
