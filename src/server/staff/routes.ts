/**
 * The console's own endpoints (ADR 017): sign-in, enrolment, the signed-in person's sessions, and the
 * admin's staff page. Signed-out endpoints are declared here only.
 */
import { z } from '../../contract/zod.ts';
import { rateLimitIp } from '../http/rateLimit.ts';
import { consoleEndpoint, refuse, signedOutEndpoint, type ConsoleRegistry } from './console.ts';
import { AREA_LABELS, PERMISSION_LABELS, ROLE_LABELS, ROLE_PERMISSIONS, ROLES, type StaffMember } from './permissions.ts';
import { listSessionsRepo, listStaffRepo, revokeSessionRepo } from './repo.ts';
import * as staffService from './service.ts';
import { clearSessionCookie, findSession } from './session.ts';
import { unusedTotp } from './totp.ts';
import { findStaffByAccountRepo } from './repo.ts';
import { getOrCreateSecretRepo } from '../tokens/repo.ts';
import { newSecret } from '../tokens/secrets.ts';
import { DEMO_STAFF, DEMO_STAFF_SECRET, demoPassword } from './demoStaff.ts';

const Account = z
  .string({ error: '请输入账号' })
  .trim()
  .min(2, '账号至少 2 个字符')
  .max(32, '账号最多 32 个字符')
  .regex(/^[A-Za-z0-9._-]+$/, '账号只能包含字母、数字、点、横线和下划线');
const Password = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码最多 128 位');
const Code = z.string({ error: '请输入动态验证码' }).regex(/^\d{6}$/, '动态验证码是 6 位数字');
const LinkToken = z.string({ error: '链接无效或已过期，请联系管理员重新发送' }).max(64, '链接无效或已过期，请联系管理员重新发送');
const Name = z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名最多 20 个字');
const RoleField = z.enum(ROLES, { error: '请选择角色' });
const Scopes = z.array(z.string().max(20), { error: '审核范围不正确' }).max(20, '审核范围不正确').default([]);
const Reason = z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 个字');
const StaffId = z.coerce.number({ error: '人员不存在' }).int('人员不存在').positive('人员不存在');

function actorOf(staff: StaffMember, ip: string): staffService.Actor {
  return { staffId: staff.id, name: staff.name, ip };
}

/**
 * The kind of answering unit a person answers for ('department' 问政, 'seller' 商家; null: none). The answering
 * desks know the units; the composition root (src/server/app/consoleApp.ts) hands it in, so this area does not
 * import them.
 */
export type UnitKindOf = (staffId: number) => Promise<string | null>;

/** What the console needs to draw itself for the signed-in person. */
function me(staff: StaffMember, csrfToken: string, sessionId: number, unitKind: string | null) {
  return {
    signedIn: true as const,
    id: staff.id,
    name: staff.name,
    role: staff.role,
    roleLabel: ROLE_LABELS[staff.role],
    scopes: [...staff.scopes],
    permissions: [...ROLE_PERMISSIONS[staff.role]],
    csrfToken,
    sessionId,
    /** The console's navigation hides the other kind's desk (a seller's person never sees 部门办理); the server still refuses. */
    unitKind,
  };
}

export function registerStaffConsole(registry: ConsoleRegistry, unitKindOf: UnitKindOf = async () => null): void {
  const { deps, limiter } = registry;

  signedOutEndpoint(registry, {
    method: 'GET',
    path: '/session',
    summary: '当前登录状态',
    input: z.object({}),
    handler: async ({ c }) => {
      const session = await findSession(deps, c);
      return session ? me(session.staff, session.csrfToken, session.sessionId, await unitKindOf(session.staff.id)) : { signedIn: false as const };
    },
  });

  signedOutEndpoint(registry, {
    method: 'POST',
    path: '/signin/password',
    summary: '登录第一步：账号和密码',
    input: z.object({ account: Account, password: Password }),
    handler: async ({ input, c, ip }) =>
      staffService.signInPassword(deps, limiter, {
        account: input.account,
        password: input.password,
        ip,
        limitAddress: rateLimitIp(c, deps.config.production) === ip,
      }),
  });

  signedOutEndpoint(registry, {
    method: 'POST',
    path: '/signin/code',
    summary: '登录第二步：动态验证码',
    input: z.object({ challenge: z.string({ error: '登录已超时，请重新输入账号和密码' }).max(64), code: Code }),
    handler: async ({ input, c, ip }) => {
      const signedIn = await staffService.signInCode(deps, limiter, c, { challenge: input.challenge, code: input.code, ip });
      return me(signedIn.staff, signedIn.csrfToken, signedIn.sessionId, await unitKindOf(signedIn.staff.id));
    },
  });

  signedOutEndpoint(registry, {
    method: 'POST',
    path: '/enrol/start',
    summary: '打开开通链接：显示一次二维码',
    input: z.object({ token: LinkToken }),
    handler: async ({ input }) => staffService.startEnrolment(deps, input.token),
  });

  signedOutEndpoint(registry, {
    method: 'POST',
    path: '/enrol/finish',
    summary: '开通账号：设置密码并绑定动态验证码',
    input: z.object({ token: LinkToken, password: Password, code: Code }),
    handler: async ({ input, ip }) => staffService.finishEnrolment(deps, { ...input, ip }),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/signout',
    summary: '退出登录',
    permission: 'self.account',
    input: z.object({}),
    handler: async ({ staff, sessionId, c, audit }) => {
      await deps.database.write(async (tx) => {
        await revokeSessionRepo(tx, staff.id, sessionId, new Date());
        await audit(tx, { action: 'staff.signOut', itemKind: 'staffSession', itemId: sessionId });
      });
      clearSessionCookie(c, deps);
      return { signedOut: true };
    },
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/sessions',
    summary: '我的登录设备',
    permission: 'self.account',
    input: z.object({}),
    handler: async ({ staff, sessionId }) => {
      const rows = await listSessionsRepo(deps.database.db, staff.id, new Date());
      return rows.map((s) => ({
        id: s.id,
        current: s.id === sessionId,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ip: s.ip,
        device: s.device,
      }));
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/sessions/end',
    summary: '结束我的一个登录',
    permission: 'self.account',
    input: z.object({ id: z.coerce.number({ error: '登录记录不存在' }).int().positive('登录记录不存在') }),
    handler: async ({ staff, sessionId, input, c, audit }) => {
      const ended = await deps.database.write(async (tx) => {
        const done = await revokeSessionRepo(tx, staff.id, input.id, new Date());
        if (done) await audit(tx, { action: 'staff.endSession', itemKind: 'staffSession', itemId: input.id });
        return done;
      });
      if (!ended) throw refuse('登录记录不存在或已结束');
      if (input.id === sessionId) clearSessionCookie(c, deps);
      return { ended: true };
    },
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/staff',
    summary: '人员列表',
    permission: 'staff.manage',
    input: z.object({}),
    handler: async () => ({
      staff: (await listStaffRepo(deps.database.db)).map(staffService.staffView),
      roles: ROLES.map((id) => ({ id, label: ROLE_LABELS[id], permissions: ROLE_PERMISSIONS[id].map((p) => PERMISSION_LABELS[p]) })),
      areas: Object.entries(AREA_LABELS).map(([id, label]) => ({ id, label })),
    }),
  });

  const origin = (url: string): string => deps.config.publicOrigin ?? new URL(url).origin;

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/staff/invite',
    summary: '邀请人员（生成 24 小时有效的开通链接）',
    permission: 'staff.manage',
    input: z.object({ account: Account, name: Name, role: RoleField, scopes: Scopes }),
    handler: async ({ staff, input, ip, c }) => {
      const invited = await staffService.inviteStaff(deps.database, actorOf(staff, ip), input);
      return { staff: invited.staff, link: staffService.enrolmentUrl(origin(c.req.url), invited.token), expiresAt: invited.expiresAt };
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/staff/role',
    summary: '修改角色与审核范围',
    permission: 'staff.manage',
    input: z.object({ id: StaffId, role: RoleField, scopes: Scopes, reason: Reason }),
    handler: async ({ staff, input, ip }) => staffService.changeRole(deps.database, actorOf(staff, ip), input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/staff/disable',
    summary: '停用或恢复账号',
    permission: 'staff.manage',
    input: z.object({ id: StaffId, disabled: z.boolean({ error: '请选择停用或恢复' }), reason: Reason }),
    handler: async ({ staff, input, ip }) => staffService.setDisabled(deps.database, actorOf(staff, ip), input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/staff/reset-factor',
    summary: '重置动态验证码（生成新的开通链接）',
    permission: 'staff.manage',
    input: z.object({ id: StaffId, reason: Reason }),
    handler: async ({ staff, input, ip, c }) => {
      const reset = await staffService.resetSecondFactor(deps.database, actorOf(staff, ip), input);
      return { link: staffService.enrolmentUrl(origin(c.req.url), reset.token), expiresAt: reset.expiresAt };
    },
  });

  if (deps.config.production) return;
  // ── development only (absent when NODE_ENV=production): the demo staff's passwords and current TOTP
  // codes, as the SMS outbox gives readers' codes (README "Demo staff accounts").
  signedOutEndpoint(registry, {
    method: 'GET',
    path: '/dev/demo-staff',
    summary: '开发用：演示人员的密码和当前动态验证码',
    input: z.object({}),
    handler: async () => {
      const key = await getOrCreateSecretRepo(deps.database, DEMO_STAFF_SECRET, newSecret);
      const now = Date.now();
      const out = [];
      for (const demo of DEMO_STAFF) {
        const row = await findStaffByAccountRepo(deps.database.db, demo.account);
        if (!row?.totpSecret) continue;
        out.push({
          account: row.account,
          name: row.name,
          role: ROLE_LABELS[demo.role],
          password: demoPassword(key, row.account),
          // Never a spent code: a second sign-in in the same 30 s step gets the next step's.
          ...unusedTotp(row.totpSecret, row.totpLastStep, now),
        });
      }
      return out;
    },
  });
}
