/**
 * Staff accounts and sign-in (ADR 017): password (argon2id) then a TOTP code; lockout after
 * failures that never says whether an account exists; one-time enrolment links (24 hours); admins invite,
 * change roles, disable and reset a second factor; every action appends an audit row.
 */
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import { newOpaqueToken, OPAQUE_TOKEN_RE, sha256Hex } from '../tokens/secrets.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.ts';
import { appendAudit } from '../audit/repo.ts';
import type { Database, Tx } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { RateLimiter } from '../http/rateLimit.ts';
import type { AppDeps } from '../http/types.ts';
import { isArea, isRole, ROLE_LABELS, type Role, type StaffMember } from './permissions.ts';
import {
  advanceTotpStepRepo,
  claimChallengeRepo,
  countActiveAdminsRepo,
  findLiveChallengeRepo,
  findLiveEnrolmentRepo,
  findStaffByAccountRepo,
  findStaffRepo,
  insertChallengeRepo,
  insertEnrolmentRepo,
  insertStaffRepo,
  lockStaffRepo,
  offerEnrolmentSecretRepo,
  revokeAllSessionsRepo,
  updateStaffRepo,
  useEnrolmentRepo,
  type StaffRow,
} from './repo.ts';
import { memberOf, openSession } from './session.ts';
import { enrolmentQr, matchTotp, newTotpSecret } from './totp.ts';

export const ENROLMENT_VALID_MS = 24 * 3600_000;
const CHALLENGE_VALID_MS = 5 * 60_000;
/** Failed sign-ins (password or code) per account name before it is locked for LOCK_MS. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/** Sign-in attempts per address (a spray over many account names). */
const PER_ADDRESS = [{ max: 60, windowMs: LOCK_MS }];
export const PASSWORD_MIN = 12;

export const STAFF_MESSAGES = {
  wrongCredentials: '账号或密码错误',
  locked: '登录失败次数过多，账号已暂时锁定，请 15 分钟后再试',
  wrongCode: '动态验证码错误或已使用，请等下一个验证码',
  challengeExpired: '登录已超时，请重新输入账号和密码',
  linkInvalid: '链接无效或已过期，请联系管理员重新发送',
  qrShown: '二维码只显示一次，已显示过；请联系管理员重新发送链接',
  accountTaken: '该账号已存在',
  notFound: '人员不存在',
  selfChange: '不能修改自己的角色或停用自己',
  lastAdmin: '至少需要保留一名管理员',
  passwordShort: `密码至少 ${PASSWORD_MIN} 位`,
} as const;

const refuse = (message: string, statusCode: number = StatusCode.unprocessable): ApiFailure => new ApiFailure(statusCode, message);

export function normaliseAccount(account: string): string {
  return account.trim().toLowerCase();
}

const failureKey = (account: string): string => `staff-signin:fail:${sha256Hex(normaliseAccount(account))}`;

async function assertNotLocked(limiter: RateLimiter, account: string): Promise<void> {
  const failures = await limiter.store.count(failureKey(account), LOCK_MS, Date.now());
  if (failures >= MAX_FAILURES) throw refuse(STAFF_MESSAGES.locked, StatusCode.tooFrequent);
}

async function recordFailure(limiter: RateLimiter, account: string): Promise<void> {
  await limiter.store.record(failureKey(account), Date.now());
}

/**
 * Step 1: account and password. Unknown, disabled and not-yet-enrolled accounts take the same work and
 * answer the same message as a wrong password, and count towards the same lock (ADR 017).
 */
export async function signInPassword(
  deps: AppDeps,
  limiter: RateLimiter,
  input: { account: string; password: string; ip: string; limitAddress: boolean },
): Promise<{ challenge: string }> {
  const account = normaliseAccount(input.account);
  if (input.limitAddress) await limiter.take([{ key: `staff-signin:ip:${input.ip}`, rules: PER_ADDRESS }]);
  await assertNotLocked(limiter, account);
  const row = await findStaffByAccountRepo(deps.database.db, account);
  const usable = row !== null && row.disabledAt === null && row.passwordHash !== null && row.totpSecret !== null;
  const passwordOk = usable ? await verifyPassword(input.password, row.passwordHash!) : (await burnPasswordCheck(input.password), false);
  if (!passwordOk) {
    await recordFailure(limiter, account);
    deps.log.warn({ ip: input.ip }, 'staff sign-in refused');
    throw refuse(STAFF_MESSAGES.wrongCredentials);
  }
  const challenge = newOpaqueToken();
  const now = new Date();
  await deps.database.write((tx) =>
    insertChallengeRepo(tx, { staffId: row!.id, tokenHash: sha256Hex(challenge), expiresAt: new Date(now.getTime() + CHALLENGE_VALID_MS) }),
  );
  return { challenge };
}

/** Step 2: the TOTP code. A used step is refused (replay); success opens a brand-new session. */
export async function signInCode(
  deps: AppDeps,
  limiter: RateLimiter,
  c: Context,
  input: { challenge: string; code: string; ip: string },
): Promise<{ staff: StaffMember; csrfToken: string; sessionId: number }> {
  const now = new Date();
  if (!OPAQUE_TOKEN_RE.test(input.challenge)) throw refuse(STAFF_MESSAGES.challengeExpired);
  const challengeHash = sha256Hex(input.challenge);
  const staffId = await findLiveChallengeRepo(deps.database.db, challengeHash, now);
  const row = staffId === null ? null : await findStaffRepo(deps.database.db, staffId);
  if (row === null || row.disabledAt !== null || row.totpSecret === null) throw refuse(STAFF_MESSAGES.challengeExpired);
  await assertNotLocked(limiter, row.account);
  const step = matchTotp(row.totpSecret, input.code, now.getTime());
  const result = await deps.database.write(async (tx) => {
    if (step === null || !(await advanceTotpStepRepo(tx, row.id, step))) return null;
    if ((await claimChallengeRepo(tx, challengeHash, now)) === null) return null;
    const session = await openSession(tx, c, deps, row.id, input.ip, now);
    await appendAudit(tx, { staffId: row.id, staffName: row.name, action: 'staff.signIn', itemKind: 'staffSession', itemId: session.id, ip: input.ip });
    return session;
  });
  if (result === null) {
    await recordFailure(limiter, row.account);
    throw refuse(STAFF_MESSAGES.wrongCode);
  }
  return { staff: memberOf(row), csrfToken: result.csrfToken, sessionId: result.id };
}

// ---- enrolment ----

async function liveEnrolment(db: Database['db'] | Tx, token: string, lock = false) {
  if (!OPAQUE_TOKEN_RE.test(token)) throw refuse(STAFF_MESSAGES.linkInvalid);
  const link = await findLiveEnrolmentRepo(db, sha256Hex(token), new Date(), lock);
  if (!link) throw refuse(STAFF_MESSAGES.linkInvalid);
  return link;
}

/** Opening the link: the new secret and its QR code, once. */
export async function startEnrolment(deps: AppDeps, token: string): Promise<{ account: string; name: string; role: string; secret: string; qr: string }> {
  const secret = newTotpSecret();
  const person = await deps.database.write(async (tx) => {
    const link = await liveEnrolment(tx, token, true);
    if (!(await offerEnrolmentSecretRepo(tx, link.id, secret))) throw refuse(STAFF_MESSAGES.qrShown);
    return (await findStaffRepo(tx, link.staffId))!;
  });
  const { qr } = await enrolmentQr(secret, person.account);
  return { account: person.account, name: person.name, role: ROLE_LABELS[person.role as Role] ?? person.role, secret, qr };
}

/** Finishing: a password and the first code from the scanned secret; the link is spent. */
export async function finishEnrolment(deps: AppDeps, input: { token: string; password: string; code: string; ip: string }): Promise<{ account: string }> {
  // The code is checked against the time the request arrived, not after the slow hash.
  const now = new Date();
  if (input.password.length < PASSWORD_MIN) throw refuse(STAFF_MESSAGES.passwordShort);
  const problem = passwordProblem(input.password, null);
  if (problem) throw refuse(problem);
  const hash = await hashPassword(input.password);
  return deps.database.write(async (tx) => {
    const link = await liveEnrolment(tx, input.token, true);
    if (link.offeredSecret === null) throw refuse(STAFF_MESSAGES.linkInvalid);
    const step = matchTotp(link.offeredSecret, input.code, now.getTime());
    if (step === null) throw refuse(STAFF_MESSAGES.wrongCode);
    const person = (await lockStaffRepo(tx, link.staffId))!;
    if (person.account.length > 0 && input.password.toLowerCase().includes(person.account)) throw refuse('密码不能包含账号');
    await useEnrolmentRepo(tx, link.id, now);
    await updateStaffRepo(tx, person.id, { passwordHash: hash, totpSecret: link.offeredSecret, totpLastStep: step });
    await revokeAllSessionsRepo(tx, person.id, now);
    await appendAudit(tx, { staffId: person.id, staffName: person.name, action: 'staff.enrol', itemKind: 'staff', itemId: person.id, ip: input.ip });
    return { account: person.account };
  });
}

// ---- administration ----

export interface StaffView {
  id: number;
  account: string;
  name: string;
  role: Role;
  scopes: string[];
  enrolled: boolean;
  disabled: boolean;
  createdAt: string;
}

export function staffView(row: StaffRow): StaffView {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    role: row.role as Role,
    scopes: row.scopes,
    enrolled: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who acts: a signed-in admin, or the command line (staffId null). */
export interface Actor {
  staffId: number | null;
  name: string;
  ip: string;
}

function checkScopes(role: Role, scopes: readonly string[]): string[] {
  if (scopes.some((s) => !isArea(s))) throw refuse('审核范围不正确');
  // Only moderators are scoped; every other role works in every area its permissions reach.
  return role === 'moderator' ? [...new Set(scopes)] : [];
}

async function issueLink(tx: Tx, staffId: number, actor: Actor, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + ENROLMENT_VALID_MS);
  await insertEnrolmentRepo(tx, { staffId, tokenHash: sha256Hex(token), expiresAt, createdBy: actor.staffId });
  return { token, expiresAt };
}

/** Invites a person: the account and a one-time enrolment link (the only way in; no default password). */
export async function inviteStaff(
  database: Database,
  actor: Actor,
  input: { account: string; name: string; role: string; scopes: readonly string[] },
): Promise<{ staff: StaffView; token: string; expiresAt: string }> {
  if (!isRole(input.role)) throw refuse('角色不正确');
  const role = input.role;
  const scopes = checkScopes(role, input.scopes);
  const account = normaliseAccount(input.account);
  const now = new Date();
  return database.write(async (tx) => {
    const row = await insertStaffRepo(tx, { account, name: input.name.trim(), role, scopes, createdBy: actor.staffId });
    if (!row) throw refuse(STAFF_MESSAGES.accountTaken);
    const link = await issueLink(tx, row.id, actor, now);
    await appendAudit(tx, {
      staffId: actor.staffId,
      staffName: actor.name,
      action: 'staff.invite',
      itemKind: 'staff',
      itemId: row.id,
      after: { account, name: row.name, role, scopes },
      ip: actor.ip,
    });
    return { staff: staffView(row), token: link.token, expiresAt: link.expiresAt.toISOString() };
  });
}

/** Changes a person's role and scopes; their sessions end (the new rights apply from the next sign-in). */
export async function changeRole(
  database: Database,
  actor: Actor,
  input: { id: number; role: string; scopes: readonly string[]; reason: string },
): Promise<StaffView> {
  if (!isRole(input.role)) throw refuse('角色不正确');
  const role = input.role;
  const scopes = checkScopes(role, input.scopes);
  if (actor.staffId === input.id) throw refuse(STAFF_MESSAGES.selfChange, StatusCode.forbidden);
  const now = new Date();
  return database.write(async (tx) => {
    const row = await lockStaffRepo(tx, input.id);
    if (!row) throw refuse(STAFF_MESSAGES.notFound, StatusCode.notFound);
    if (row.role === 'admin' && role !== 'admin' && row.disabledAt === null && (await countActiveAdminsRepo(tx)) <= 1) throw refuse(STAFF_MESSAGES.lastAdmin);
    await updateStaffRepo(tx, row.id, { role, scopes });
    await revokeAllSessionsRepo(tx, row.id, now);
    await appendAudit(tx, {
      staffId: actor.staffId,
      staffName: actor.name,
      action: 'staff.role',
      itemKind: 'staff',
      itemId: row.id,
      before: { role: row.role, scopes: row.scopes },
      after: { role, scopes },
      reason: input.reason,
      ip: actor.ip,
    });
    return staffView({ ...row, role, scopes });
  });
}

/** Disables (sessions end at once) or re-enables an account. */
export async function setDisabled(database: Database, actor: Actor, input: { id: number; disabled: boolean; reason: string }): Promise<StaffView> {
  if (actor.staffId === input.id) throw refuse(STAFF_MESSAGES.selfChange, StatusCode.forbidden);
  const now = new Date();
  return database.write(async (tx) => {
    const row = await lockStaffRepo(tx, input.id);
    if (!row) throw refuse(STAFF_MESSAGES.notFound, StatusCode.notFound);
    if (input.disabled && row.role === 'admin' && row.disabledAt === null && (await countActiveAdminsRepo(tx)) <= 1) throw refuse(STAFF_MESSAGES.lastAdmin);
    const disabledAt = input.disabled ? (row.disabledAt ?? now) : null;
    await updateStaffRepo(tx, row.id, { disabledAt });
    if (input.disabled) await revokeAllSessionsRepo(tx, row.id, now);
    await appendAudit(tx, {
      staffId: actor.staffId,
      staffName: actor.name,
      action: input.disabled ? 'staff.disable' : 'staff.enable',
      itemKind: 'staff',
      itemId: row.id,
      before: { disabled: row.disabledAt !== null },
      after: { disabled: input.disabled },
      reason: input.reason,
      ip: actor.ip,
    });
    return staffView({ ...row, disabledAt });
  });
}

/**
 * A lost second factor: the old secret and every session end, and a new one-time link lets the person set
 * a password and scan a new code.
 */
export async function resetSecondFactor(
  database: Database,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<{ token: string; expiresAt: string }> {
  const now = new Date();
  return database.write(async (tx) => {
    const row = await lockStaffRepo(tx, input.id);
    if (!row) throw refuse(STAFF_MESSAGES.notFound, StatusCode.notFound);
    await updateStaffRepo(tx, row.id, { totpSecret: null });
    await revokeAllSessionsRepo(tx, row.id, now);
    const link = await issueLink(tx, row.id, actor, now);
    await appendAudit(tx, {
      staffId: actor.staffId,
      staffName: actor.name,
      action: 'staff.resetFactor',
      itemKind: 'staff',
      itemId: row.id,
      before: { enrolled: row.totpSecret !== null },
      after: { enrolled: false },
      reason: input.reason,
      ip: actor.ip,
    });
    return { token: link.token, expiresAt: link.expiresAt.toISOString() };
  });
}

/** The console's enrolment address of a link token (the token in the fragment: never sent in a Referer or logged). */
export function enrolmentUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/newsroom/enrol#${token}`;
}
