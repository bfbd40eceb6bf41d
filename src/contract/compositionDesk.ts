/**
 * The 作文 section's desk in the newsroom console (`/newsroom/api/composition/*`): the
 * submitted essays with their teachers' reviews, the picks for the newspaper list (NewspapersList) and
 * 推荐 (RecommendList), keeping a copied essay out of the rankings (RankList) with a reason its author
 * reads, and verifying teachers with a reason the teacher reads. The reader's side is composition.ts.
 */
import { CalendarDayOf, Id, Page, Text } from './fields.ts';
import { z } from './zod.ts';

export const ESSAY_DESK_FILTERS = ['all', 'pending', 'recommend', 'newspaper', 'excluded'] as const;

export const EssayDeskQuery = z.object({
  filter: z.enum(ESSAY_DESK_FILTERS, { error: '筛选条件不正确' }).default('all'),
  keyword: Text({ max: 30, label: '搜索词' }).optional(),
  page: Page,
});

export const RecommendBody = z.object({ id: Id, recommend: z.boolean({ error: '请选择推荐或取消推荐' }) });

/** `edition` '' takes the essay off the newspaper list. */
export const NewspaperBody = z
  .object({
    id: Id,
    edition: Text({ max: 20, label: '刊登版面' }),
    date: z.literal('').or(CalendarDayOf('刊登日期格式不正确')),
  })
  .refine((v) => (v.edition === '') === (v.date === ''), { message: '请同时填写刊登版面与日期', path: ['date'] });

/** `reason` is required to exclude (the author reads it) and ignored when the essay is restored. */
export const RankBody = z
  .object({ id: Id, excluded: z.boolean({ error: '请选择排除或恢复' }), reason: Text({ max: 100, label: '原因' }).default('') })
  .refine((v) => !v.excluded || v.reason.length >= 2, { message: '请写明排除出排行榜的原因（作者可见）', path: ['reason'] });

/** A reason is required both ways: the teacher reads it. */
export const TeacherVerifyBody = z.object({
  id: Id,
  verified: z.boolean({ error: '请选择认证或撤销认证' }),
  reason: Text({ min: 2, max: 100, label: '原因' }),
});
