/**
 * The operator's review of identity applications (身份认证, issue 16; ADR 015). Not a reader API: every
 * call carries the server's OPERATOR_TOKEN in the `X-Operator-Token` header (a reader's login token
 * grants nothing here). The operator lists applications and approves or refuses one with a reason; the
 * applicant reads the outcome on /BangBang/applyfor (member/getInfo), and an approved member's answers
 * carry the type tag.
 */
import { BoardPageSize } from './bangbang.ts';
import { ApplicationForm } from './bangbangBoard.ts';
import { endpointsOf } from './endpoint.ts';
import { Id, Page, Text } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('bangbang-operator');

/** The header the operator's token travels in (never sent by the pages; not in the CORS allowlist). */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

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

export const operatorApplications = api.get('/v1/bangbang/operator/applications', '运营：身份认证申请列表（默认审核中，最早的在前；需 X-Operator-Token）', {
  query: z.object({
    state: ApplicationState.optional().default('pending'),
    page: Page,
    pageSize: BoardPageSize,
  }),
  data: z.array(Application),
});

/** Approve, or refuse with a reason the applicant will read (2–100 characters). */
export const ReviewBody = z
  .object({
    userId: Id,
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或不通过' }),
    reason: Text({ max: 100, label: '不通过的原因' }).optional().transform((v) => v ?? ''),
  })
  .transform((v, ctx) => {
    if (v.decision === 'reject' && [...v.reason].length < 2) ctx.addIssue({ code: 'custom', message: '请填写不通过的原因（至少 2 个字）', path: ['reason'], input: v.reason });
    return v.decision === 'approve' ? { ...v, reason: '' } : v;
  });

export const operatorReview = api.post('/v1/bangbang/operator/review', '运营：审核身份认证申请（通过，或不通过并写明原因；只处理审核中的申请，同样的决定重发视为成功；需 X-Operator-Token）', {
  body: ReviewBody,
  data: Application,
});
