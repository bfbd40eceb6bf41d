/**
 * The review of identity applications (身份认证, spec 2.7): its shapes, used by the newsroom console's
 * `/newsroom/api/identity/*` (src/server/staff/identityRoutes.ts, ADR 017; they replaced ADR 015's
 * operator-token endpoints). Not a reader API. The applicant reads the outcome on /BangBang/applyfor
 * (member/getInfo), and an approved member's answers carry the type tag.
 */
import { ApplicationForm } from './bangbangBoard.ts';
import { Id, Text } from './fields.ts';
import { z } from './zod.ts';

export const ApplicationState = z.enum(['pending', 'approved', 'rejected'], { error: '审核状态只能是审核中、已通过或未通过' });

/** An application as the operator reviews it (the proof picture included: it is never public). */
export const Application = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  ...ApplicationForm,
  proofPicture: z.string(),
  state: ApplicationState,
  reason: z.string(),
  createTime: z.string(),
});
export type Application = z.infer<typeof Application>;

/** Approve, or refuse with a reason the applicant will read (2–100 characters). */
export const ReviewBody = z
  .object({
    userId: Id,
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或不通过' }),
    reason: Text({ max: 100, label: '不通过的原因' })
      .optional()
      .transform((v) => v ?? ''),
  })
  .transform((v, ctx) => {
    if (v.decision === 'reject' && [...v.reason].length < 2)
      ctx.addIssue({ code: 'custom', message: '请填写不通过的原因（至少 2 个字）', path: ['reason'], input: v.reason });
    return v.decision === 'approve' ? { ...v, reason: '' } : v;
  });
