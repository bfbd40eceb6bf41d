/**
 * Composition (作文; spec 2.8, 2.11, 3, 7.5): essays, schools, teachers, students, teacher
 * reviews, the section's news, and the essay's likes, comments and report (the composition Q&A variant of
 * spec 7.5: id, isTitle, type, replayId, content). Reader text is plain text everywhere.
 */
import { COMMENT_MAX, ESSAY_MAX_PICTURES, ESSAY_TEXT_MAX, ESSAY_TITLE_MAX, REVIEW_MAX, SEARCH_MAX, STUDENT_NAME_MAX } from './compositionRules.ts';
import { endpointsOf } from './endpoint.ts';
import { Author, Id, IdOf, Page, PagedBy10, ReviewState, Text } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('composition');

/** The school an essay, a teacher or a student belongs to. */
const AtSchool = { schoolId: z.number().int(), schoolName: z.string() };
/** A student's grade, 1–12, and its label (初二 for 8). */
const InGrade = { grade: z.number().int(), gradeLabel: z.string() };

export const EssaySummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first lines of the text (plain text). */
  excerpt: z.string(),
  userId: z.number().int(),
  studentName: z.string(),
  ...InGrade,
  ...AtSchool,
  /** 0 when no teacher was chosen. */
  teacherId: z.number().int(),
  teacherName: z.string(),
  /** The first photo, '' when the essay has none. */
  cover: z.string(),
  pictureCount: z.number().int(),
  /** The teacher's score, null until reviewed. */
  score: z.number().int().nullable(),
  like: z.number().int(),
  pv: z.number().int(),
  commentCount: z.number().int(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
  isRecommend: z.number().int(),
  /** Printed in the newspaper: edition and date ('' when not). */
  newspaperEdition: z.string(),
  newspaperDate: z.string(),
  /** 'pending' and 'rejected' are seen by the author only (审核中 / the reason). */
  reviewState: ReviewState,
  rejectReason: z.string(),
});
export type EssaySummary = z.infer<typeof EssaySummary>;

export const Essay = EssaySummary.extend({
  /** Plain text; paragraphs split by newlines. */
  content: z.string(),
  pictures: z.array(z.string()),
  teacherTitle: z.string(),
  reviewText: z.string(),
  reviewTime: z.string(),
  /** 1 when the caller liked it. */
  isDoLike: z.number().int(),
  /** 1 when the caller wrote it. */
  belongMyself: z.number().int(),
  /** 1 when the caller is the verified teacher it is assigned to (TeacherReview). */
  canReview: z.number().int(),
  /** Why an editor kept the essay out of the rankings (found copied); the author's own only, else ''. */
  rankExcludedReason: z.string(),
});
export type Essay = z.infer<typeof Essay>;

export const School = z.object({
  id: z.number().int(),
  name: z.string(),
  stage: z.string(),
  district: z.string(),
  intro: z.string(),
  cover: z.string(),
  essayCount: z.number().int(),
  teacherCount: z.number().int(),
});
export type School = z.infer<typeof School>;

export const Teacher = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  intro: z.string(),
  avatar: z.string(),
  ...AtSchool,
  reviewCount: z.number().int(),
  /** Mean score of the teacher's reviews (one decimal), 0 when none. */
  avgScore: z.number(),
});
export type Teacher = z.infer<typeof Teacher>;

export const Student = z.object({
  userId: z.number().int(),
  name: z.string(),
  ...AtSchool,
  ...InGrade,
  essayCount: z.number().int(),
  likeTotal: z.number().int(),
});
export type Student = z.infer<typeof Student>;

export const InfoItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Plain text; paragraphs split by newlines. */
  body: z.string(),
  cover: z.string(),
  createTime: z.string(),
});
export type InfoItem = z.infer<typeof InfoItem>;

export const EssayComment = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  ...Author,
  content: z.string(),
  /** The comment answered (0 at the top level) and its author. */
  replayId: z.number().int(),
  replyNickname: z.string(),
  createTime: z.string(),
  reviewState: ReviewState,
  /** Why the desk refused it; only its author is ever sent a refused comment ('' otherwise). */
  rejectReason: z.string(),
  belongMyself: z.number().int(),
});
export type EssayComment = z.infer<typeof EssayComment>;

const Grade = z
  .union([z.number().int(), z.string().regex(/^\d{1,2}$/, '年级不正确')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1, '年级不正确').max(12, '年级不正确'));

export const listEssays = api.content(
  '/v1/composition/list',
  '作文列表（最新在前），可按年级、学校、老师、小作者筛选；kind=recommend 推荐，kind=newspaper 见报；空数组表示到底',
  {
    query: z.object({
      ...PagedBy10,
      grade: Grade.optional(),
      schoolId: Id.optional(),
      teacherId: Id.optional(),
      userId: Id.optional(),
      kind: z.enum(['all', 'recommend', 'newspaper'], { error: '列表类型不正确' }).default('all'),
    }),
    data: z.array(EssaySummary),
  },
);

export const rankEssays = api.content('/v1/composition/rank', '排行榜：type=rank 人气榜（阅读与点赞），type=start 高分榜（老师评分）', {
  query: z.object({ ...PagedBy10, type: z.enum(['rank', 'start'], { error: '榜单类型不正确' }).default('rank') }),
  data: z.array(EssaySummary),
});

export const essayDetail = api.get('/v1/composition/detail', '一篇作文（正文、图片、老师点评与评分）；审核中或未通过的作文只有作者可见；每次打开阅读数加一', {
  query: z.object({ id: Id }),
  data: Essay,
  auth: 'optional',
});

export const listSchools = api.content('/v1/composition/schools', '学校（投稿时选择学校）', { data: z.array(School) });

export const schoolDetail = api.get('/v1/composition/school', '一所学校', { query: z.object({ id: Id }), data: School });

export const listTeachers = api.content('/v1/composition/teachers', '名师（可按学校筛选）', {
  query: z.object({ schoolId: Id.optional() }),
  data: z.array(Teacher),
});

export const teacherDetail = api.get('/v1/composition/teacher', '一位老师', { query: z.object({ id: Id }), data: Teacher });

export const studentDetail = api.get('/v1/composition/student', '小作者（id 为用户编号）：学校、年级、作品数与获赞数', {
  query: z.object({ id: Id }),
  data: Student,
});

export const listReviews = api.get('/v1/composition/reviews', '名师点评：已点评的作文（最新点评在前），可按老师筛选；空数组表示到底', {
  query: z.object({ ...PagedBy10, teacherId: Id.optional() }),
  data: z.array(Essay),
});

export const listInfo = api.content('/v1/composition/news', '作文专区资讯（征文、获奖名单、写作课），最新在前', {
  query: z.object(PagedBy10),
  data: z.array(InfoItem),
});

export const SearchResult = z.object({
  essays: z.array(EssaySummary),
  students: z.array(Student),
  teachers: z.array(Teacher),
  schools: z.array(School),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const searchComposition = api.get('/v1/composition/search', '作文搜索：作文（标题或正文，每页 20 篇，page 从 1 起）；小作者、老师、学校只在第 1 页', {
  query: z.object({ keyword: Text({ min: 1, max: SEARCH_MAX, label: '搜索词' }), page: Page }),
  data: SearchResult,
});

export const MyComment = EssayComment.extend({ essayTitle: z.string() });
export type MyComment = z.infer<typeof MyComment>;

export const Mine = z.object({
  essays: z.array(EssaySummary),
  comments: z.array(MyComment),
});
export type Mine = z.infer<typeof Mine>;

export const myComposition = api.get('/v1/composition/mine', '我的作文（含审核中与未通过）及点评、我的评论', { data: Mine, auth: 'required' });

export const Role = z.object({
  /** 'teacher' for an operator-verified teacher account, else 'student'. */
  role: z.enum(['student', 'teacher']),
  teacher: Teacher.nullable(),
  /** The caller's teacher account: verified by the section's editors, and the reason they gave ('' when none). */
  verified: z.boolean(),
  verifyReason: z.string(),
});
export type Role = z.infer<typeof Role>;

export const compositionRole = api.get('/v1/composition/role', '当前用户在作文专区的身份（学生或认证老师）', { data: Role, auth: 'required' });

export const assignedEssays = api.get('/v1/composition/assigned', '指定给我（认证老师）点评的作文：待点评在前', {
  data: z.array(EssaySummary),
  auth: 'required',
});

/** Picture URLs: a JSON array, or one comma-separated string from a form. */
const Pictures = z
  .union([z.array(z.string().max(500)), z.string().max(5000)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(z.string()).max(ESSAY_MAX_PICTURES, `图片最多 ${ESSAY_MAX_PICTURES} 张`));

/** Spec 3: the school select sends −1 while 请选择学校 is shown. */
const SchoolChoice = IdOf('请选择学校');

/** An optional teacher: '', 0 or −1 mean none. */
const TeacherChoice = z
  .union([z.literal(''), z.literal(0), z.literal('0'), z.literal(-1), z.literal('-1'), IdOf('老师不正确')], { error: '老师不正确' })
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

export const ContributeBody = z
  .object({
    schoolId: SchoolChoice,
    grade: z.union([z.number(), z.string()], { error: '请选择年级' }).pipe(Grade),
    teacherId: TeacherChoice,
    studentName: Text({ min: 1, max: STUDENT_NAME_MAX, label: '姓名' }),
    title: Text({ min: 1, max: ESSAY_TITLE_MAX, label: '标题' }),
    content: Text({ max: ESSAY_TEXT_MAX, label: '正文' }).optional().default(''),
    pictures: Pictures,
  })
  .refine((v) => v.content !== '' || v.pictures.length > 0, { message: '请填写正文或上传作文照片', path: ['content'] });
export type ContributeBody = z.output<typeof ContributeBody>;

export const contributeEssay = api.write(
  '/v1/composition/contribute',
  '投稿作文：学校（-1 为未选）、年级、可选指导老师、姓名、标题、正文和/或至多 9 张本人上传的照片；支持 Idempotency-Key',
  {
    body: ContributeBody,
    data: Essay,
  },
);

const Score = z
  .union([z.number().int(), z.string().regex(/^\d{1,3}$/, '评分须为 0–100 的整数')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(0, '评分须为 0–100 的整数').max(100, '评分须为 0–100 的整数'));

export const reviewEssay = api.write('/v1/composition/review', '老师点评：只有被指定的认证老师可点评自己的作文（评分 0–100 与评语）；再次提交覆盖上次点评', {
  body: z.object({ id: Id, score: Score, content: Text({ min: 5, max: REVIEW_MAX, label: '评语' }) }),
  data: Essay,
});

export const LikeAnswer = z.object({ voteType: z.number().int(), likeNum: z.number().int() });
export type LikeAnswer = z.infer<typeof LikeAnswer>;

export const likeEssay = api.write('/v1/composition/like', '点赞作文（每位读者一次；再点回答“你已经点过赞了”）', {
  body: z.object({ id: Id }),
  data: LikeAnswer,
});

export const listComments = api.get('/v1/composition/comment/list', '作文的评论（最新在前；登录时含本人审核中的评论）；空数组表示到底', {
  query: z.object({ id: Id, ...PagedBy10 }),
  data: z.array(EssayComment),
  auth: 'optional',
});

export const storeComment = api.write('/v1/composition/comment/store', '评论作文（纯文本 1–300 字；replayId 回复某条评论）；支持 Idempotency-Key', {
  body: z.object({
    id: Id,
    content: Text({ min: 1, max: COMMENT_MAX, label: '评论' }),
    replayId: z.union([Id, z.literal(0), z.literal('0'), z.literal('')]).optional(),
  }),
  data: EssayComment,
});

export const reportEssay = api.write(
  '/v1/composition/report',
  '举报（spec 7.5 作文问答式）：id 作文，isTitle=1 举报作文本身，0 举报 replayId 评论；type 为数据类型 7；content 为理由（逗号分隔，须在举报选项中）',
  {
    body: z.object({
      id: Id,
      isTitle: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'isTitle 须为 0 或 1' }).transform(Number),
      type: z.union([z.literal(7), z.literal('7')], { error: '举报类型不正确' }).transform(Number),
      replayId: z.union([Id, z.literal(0), z.literal('0'), z.literal('')]).optional(),
      content: Text({ min: 1, max: 200, label: '举报内容' }),
    }),
    data: z.null(),
  },
);
