/**
 * Account flows (ADR 008): codes, logins, registration, password reset and change, messenger login.
 * Limits and messages follow security.md A–D and C1. Every multi-step write is one transaction, so a
 * refused step leaves nothing half-written (a code is used up only when its whole step succeeds).
 */
import { randomBytes } from 'node:crypto';
import { maskPhone, PHONE_INVALID, type CodePurpose, type LoginData, type SlideResult, type UserInfo } from '../../contract/accounts.ts';
import { StatusCode } from '../../contract/envelope.ts';
import type { Database, Tx } from '../db/client.ts';
import { issueToken } from '../http/auth.ts';
import { ApiFailure, messages } from '../http/envelope.ts';
import { LOCAL_DEV_PEER, perAddress, tooFrequent, type RateLimiter, type RateRule } from '../http/rateLimit.ts';
import type { Logger } from '../log.ts';
import type { MessengerOAuth } from './messengerOAuth.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import {
  checkCodeRepo,
  clearPasswordFailuresRepo,
  consumeTicketRepo,
  createUserRepo,
  findTicketRepo,
  findUserByIdRepo,
  findUserByPhoneRepo,
  findUserByUnionIdRepo,
  insertTicketRepo,
  issueCodeRepo,
  recordPasswordFailureRepo,
  setPasswordRepo,
  setUnionIdRepo,
  type UserRow,
} from './repo.ts';
import { revokeFamilyRepo, revokeUserTokensRepo } from '../tokens/repo.ts';
import { hmacHex, newOpaqueToken, newSmsCode, sameDigest, sha256Hex } from '../tokens/secrets.ts';
import type { SlideVerifier } from './slideVerifier.ts';
import { awardPoints } from '../points/service.ts';
import type { SmsProvider } from './sms.ts';

export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;
export const RESEND_AFTER_S = 60;
const TICKET_TTL_MS = 10 * 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** security.md C1. */
export const LIMITS = {
  smsPerPhone: [
    { max: 1, windowMs: MINUTE },
    { max: 5, windowMs: HOUR },
    { max: 10, windowMs: DAY },
  ],
  smsPerIp: [
    { max: 3, windowMs: MINUTE },
    { max: 20, windowMs: HOUR },
  ],
  smsPerDevice: [{ max: 10, windowMs: DAY }],
  loginPerIp: [
    { max: 6, windowMs: MINUTE },
    { max: 30, windowMs: HOUR },
  ],
  loginPerAccount: [{ max: 25, windowMs: HOUR }],
  /** Code checks (code login, register, reset, bind) per address: guessing across phones is slow. */
  codeChecksPerIp: [
    { max: 20, windowMs: MINUTE },
    { max: 100, windowMs: HOUR },
  ],
  slidePerIp: [{ max: 30, windowMs: MINUTE }],
} satisfies Record<string, RateRule[]>;

/**
 * SMS pumping (security.md A4): once one address or device has had codes sent to this many different
 * phones within an hour, one alert is logged and every further send from it is refused for the hour.
 * The numbers sit at the per-address hourly cap and the per-device daily cap (LIMITS), so a reader
 * within the caps is never refused by this; a spray shows in the log and stays stopped for the hour.
 */
export const SPRAY_DISTINCT_PHONES = { ip: 20, device: 10 } as const;

/** After this many failed passwords within an hour, a slide check is required (security.md B13). */
export const CAPTCHA_AFTER_FAILURES = 5;
/** Consecutive failures that lock the password until an SMS reset (NIST 800-63B 5.2.2). */
export const LOCK_AFTER_FAILURES = 100;

export const MSG = {
  codeSent: '验证码已发送',
  badCode: '验证码错误或已失效',
  badLogin: '手机号或密码错误',
  locked: '密码错误次数过多已锁定，请使用验证码登录或找回密码',
  needSlide: '请先完成滑动验证',
  slideFailed: '滑动验证已失效，请重新验证',
  registered: '该手机号已注册，请直接登录',
  noPassword: '该账号尚未设置密码，请使用验证码登录',
  ticketGone: '验证已失效，请重新获取验证码',
  relogin: '请重新登陆',
  codeExchangeFailed: '获取微信code失败',
  bindFirst: '请先绑定手机号',
  boundElsewhere: '该手机号已绑定其他微信账号',
  phoneRequired: PHONE_INVALID,
  loggedIn: '登录成功',
} as const;

/** HTTP 200 business statuses of this area beyond the shared ones. */
export const NEED_SLIDE_STATUS = 428;

export interface AccountsContext {
  database: Database;
  limiter: RateLimiter;
  sms: SmsProvider;
  oauth: MessengerOAuth;
  /** Our own slider or the vendor's, chosen from configuration in routes.ts. */
  slide: SlideVerifier;
  log: Logger;
  /** The HMAC key for codes, slide results and OAuth states. */
  key: () => Promise<string>;
  now: () => Date;
}

function fail(message: string, statusCode: number = StatusCode.fail): ApiFailure {
  return new ApiFailure(statusCode, message);
}

function codeDigest(key: string, phone: string, purpose: CodePurpose, code: string): string {
  return hmacHex(key, `sms|${phone}|${purpose}|${code}`);
}

export function defaultNickname(phone: string | null): string {
  return phone ? `山城网友${phone.slice(-4)}` : '山城网友';
}

function loginData(user: UserRow, token: { token: string; expiresAt: Date }): LoginData {
  return {
    token: token.token,
    tokenType: 'Bearer',
    userId: user.id,
    nickname: user.nickname,
    userPic: user.userPic,
    syPhone: user.phone ? maskPhone(user.phone) : '',
    expiresAt: token.expiresAt.toISOString(),
  };
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    userId: user.id,
    userName: user.nickname,
    nickname: user.nickname,
    userPic: user.userPic,
    syPhone: user.phone ? maskPhone(user.phone) : '',
    credit: user.credit,
    integRal: user.integral,
    creditLevel: user.creditLevel,
    hasPassword: user.passwordHash !== null,
    phoneBound: user.phone !== null,
    messengerBound: user.unionId !== null,
  };
}

/** A passed slide check, used up (single use, bound to the address, 10 minutes; security.md A1, L94). */
export function consumeSlide(ctx: AccountsContext, result: SlideResult, ip: string): Promise<boolean> {
  return ctx.slide.verify(result, ip);
}

function sprayKeys(input: SendInput): Array<{ kind: 'ip' | 'device'; value: string; threshold: number }> {
  const keys: Array<{ kind: 'ip' | 'device'; value: string; threshold: number }> = [];
  if (input.ip !== LOCAL_DEV_PEER) keys.push({ kind: 'ip', value: input.ip, threshold: SPRAY_DISTINCT_PHONES.ip });
  if (input.deviceId) keys.push({ kind: 'device', value: input.deviceId, threshold: SPRAY_DISTINCT_PHONES.device });
  return keys;
}

/** Refuses a send from an address or device blocked for pumping (security.md A4). */
async function refuseSprayer(ctx: AccountsContext, input: SendInput): Promise<void> {
  const now = ctx.now().getTime();
  for (const { kind, value } of sprayKeys(input)) {
    if ((await ctx.limiter.store.count(`sms:spray-block:${kind}:${value}`, HOUR, now)) > 0) throw tooFrequent();
  }
}

/**
 * Counts the distinct phones each key (address, device) had codes sent to this hour, counting only
 * sends the limits let through; when one brings a key to the threshold, logs one warn line naming the
 * key (never a phone or a code) and blocks the key's further sends for the hour (security.md A4).
 */
async function noteSprayPhone(ctx: AccountsContext, input: SendInput): Promise<void> {
  const store = ctx.limiter.store;
  const now = ctx.now().getTime();
  for (const { kind, value, threshold } of sprayKeys(input)) {
    const distinctKey = `sms:spray:${kind}:${value}`;
    if (!(await store.claimOnce(`${distinctKey}:${input.phone}`, HOUR, now))) continue;
    await store.record(distinctKey, now);
    if ((await store.count(distinctKey, HOUR, now)) < threshold) continue;
    await store.record(`sms:spray-block:${kind}:${value}`, now);
    ctx.log.warn(
      { alert: 'sms-pumping', key: { [kind]: value }, distinctPhones: threshold, windowMinutes: 60 },
      'sms pumping suspected: further sends from this key refused for an hour',
    );
  }
}

// ── codes ─────────────────────────────────────────────────────────────────────────────────────

export interface SendInput {
  phone: string;
  purpose: CodePurpose;
  ip: string;
  deviceId: string | null;
}

/**
 * Sends a code. The answer is the same whether or not the phone has an account (security.md A11):
 * a register code for a known phone, or a reset code for an unknown one, becomes a notice instead.
 */
export async function sendCode(ctx: AccountsContext, input: SendInput): Promise<void> {
  await refuseSprayer(ctx, input);
  const entries = [{ key: `sms:phone:${input.phone}`, rules: LIMITS.smsPerPhone }, ...perAddress(input.ip, `sms:ip:${input.ip}`, LIMITS.smsPerIp)];
  if (input.deviceId) entries.push({ key: `sms:device:${input.deviceId}`, rules: LIMITS.smsPerDevice });
  await ctx.limiter.take(entries);
  await noteSprayPhone(ctx, input);

  const existing = await findUserByPhoneRepo(ctx.database.db, input.phone);
  if (input.purpose === 'register' && existing) {
    await ctx.sms.send(input.phone, '【山城新闻】您的手机号已注册山城新闻账号，可直接使用验证码登录。如非本人操作，请忽略。');
    return;
  }
  if (input.purpose === 'reset' && !existing) {
    await ctx.sms.send(input.phone, '【山城新闻】该手机号尚未注册山城新闻账号，无法找回密码。如非本人操作，请忽略。');
    return;
  }
  const code = newSmsCode();
  const now = ctx.now();
  const key = await ctx.key();
  await ctx.database.write((tx) =>
    issueCodeRepo(tx, {
      phone: input.phone,
      purpose: input.purpose,
      codeHash: codeDigest(key, input.phone, input.purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    }),
  );
  await ctx.sms.send(input.phone, `【山城新闻】验证码 ${code}，5 分钟内有效，请勿告诉他人。`);
}

/**
 * Runs `then` in the transaction that uses up a correct code. A wrong code counts a try (committed);
 * a refusal inside `then` rolls back, so the code stays usable.
 */
async function withCode<T>(
  ctx: AccountsContext,
  input: { phone: string; purpose: CodePurpose; code: string; ip: string },
  then: (tx: Tx) => Promise<T>,
): Promise<T> {
  await ctx.limiter.take(perAddress(input.ip, `code:ip:${input.ip}`, LIMITS.codeChecksPerIp));
  const key = await ctx.key();
  const submitted = codeDigest(key, input.phone, input.purpose, input.code);
  const outcome = await ctx.database.write(async (tx) => {
    const check = await checkCodeRepo(tx, {
      phone: input.phone,
      purpose: input.purpose,
      now: ctx.now(),
      maxTries: CODE_MAX_TRIES,
      matches: (stored) => sameDigest(stored, submitted),
    });
    if (check !== 'ok') return { ok: false as const };
    return { ok: true as const, value: await then(tx) };
  });
  // Wrong, expired, used up or never sent: one message for all (security.md A8).
  if (!outcome.ok) throw fail(MSG.badCode);
  return outcome.value;
}

// ── logins ────────────────────────────────────────────────────────────────────────────────────

/** Code login; an unknown phone is registered on the spot (documented: security.md A11). */
export async function codeLogin(ctx: AccountsContext, input: { phone: string; code: string; ip: string }): Promise<LoginData> {
  return withCode(ctx, { ...input, purpose: 'login' }, async (tx) => {
    const user = (await findUserByPhoneRepo(tx, input.phone)) ?? (await createUserRepo(tx, { phone: input.phone, nickname: defaultNickname(input.phone) }));
    return loginData(user, await issueToken(tx, user.id, ctx.now()));
  });
}

export interface PasswordLoginInput {
  phone: string;
  password: string;
  ip: string;
  slide: SlideResult | null;
}

export async function passwordLogin(ctx: AccountsContext, input: PasswordLoginInput): Promise<LoginData> {
  await ctx.limiter.take([
    ...perAddress(input.ip, `login:ip:${input.ip}`, LIMITS.loginPerIp),
    { key: `login:acct:${input.phone}`, rules: LIMITS.loginPerAccount },
  ]);
  const failKey = `login:fail:${input.phone}`;
  const now = ctx.now().getTime();
  // Counted per phone in the limiter, for known and unknown phones alike (no enumeration, B18).
  if ((await ctx.limiter.store.count(failKey, HOUR, now)) >= CAPTCHA_AFTER_FAILURES) {
    if (!input.slide || !(await consumeSlide(ctx, input.slide, input.ip))) throw fail(MSG.needSlide, NEED_SLIDE_STATUS);
  }
  const user = await findUserByPhoneRepo(ctx.database.db, input.phone);
  if (!user || user.passwordHash === null) {
    await burnPasswordCheck(input.password);
    await ctx.limiter.store.record(failKey, now);
    throw fail(MSG.badLogin);
  }
  if (user.passwordLocked) {
    await burnPasswordCheck(input.password);
    throw fail(MSG.locked);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await ctx.limiter.store.record(failKey, now);
    const failures = await ctx.database.write((tx) => recordPasswordFailureRepo(tx, user.id, LOCK_AFTER_FAILURES));
    throw fail(failures >= LOCK_AFTER_FAILURES ? MSG.locked : MSG.badLogin);
  }
  await ctx.limiter.store.clear(failKey);
  return ctx.database.write(async (tx) => {
    await clearPasswordFailuresRepo(tx, user.id);
    return loginData(user, await issueToken(tx, user.id, ctx.now()));
  });
}

export async function register(ctx: AccountsContext, input: { phone: string; code: string; password: string; ip: string }): Promise<LoginData> {
  const problem = passwordProblem(input.password, input.phone);
  if (problem) throw fail(problem);
  const passwordHash = await hashPassword(input.password);
  return withCode(ctx, { ...input, purpose: 'register' }, async (tx) => {
    if (await findUserByPhoneRepo(tx, input.phone)) throw fail(MSG.registered);
    const user = await createUserRepo(tx, { phone: input.phone, nickname: defaultNickname(input.phone), passwordHash });
    return loginData(user, await issueToken(tx, user.id, ctx.now()));
  });
}

// ── reset and change ──────────────────────────────────────────────────────────────────────────

/** Step 1 of reset/change: a correct code becomes a one-time ticket for step 2 (security.md B19). */
export async function checkCodeForTicket(
  ctx: AccountsContext,
  input: { phone: string; code: string; purpose: 'reset' | 'change'; ip: string },
): Promise<string> {
  const ticket = newOpaqueToken();
  await withCode(ctx, input, async (tx) => {
    const owner = await findUserByPhoneRepo(tx, input.phone);
    // A reset code is only ever sent to a phone with an account; this is belt and braces.
    if (!owner) throw fail(MSG.badCode);
    await insertTicketRepo(tx, {
      kind: input.purpose,
      ticketHash: sha256Hex(ticket),
      userId: owner.id,
      phone: input.phone,
      expiresAt: new Date(ctx.now().getTime() + TICKET_TTL_MS),
    });
  });
  return ticket;
}

/** Step 2: sets the password; reset ends every login, change every other login (security.md B19, D29). Returns the reader's id. */
export async function setNewPassword(
  ctx: AccountsContext,
  input: { ticket: string; password: string; kind: 'reset' | 'change'; currentUserId?: number; keepFamily?: string },
): Promise<number> {
  const now = ctx.now();
  const ticketHash = sha256Hex(input.ticket);
  const ticket = await findTicketRepo(ctx.database.db, input.kind, ticketHash, now);
  if (!ticket || ticket.userId === null) throw fail(MSG.ticketGone);
  if (input.currentUserId !== undefined && ticket.userId !== input.currentUserId) throw fail(MSG.ticketGone);
  const user = await findUserByIdRepo(ctx.database.db, ticket.userId);
  if (!user) throw fail(MSG.ticketGone);
  const problem = passwordProblem(input.password, user.phone);
  if (problem) throw fail(problem);
  const passwordHash = await hashPassword(input.password);
  await ctx.database.write(async (tx) => {
    if (!(await consumeTicketRepo(tx, input.kind, ticketHash, ctx.now()))) throw fail(MSG.ticketGone);
    await setPasswordRepo(tx, user.id, passwordHash);
    await revokeUserTokensRepo(tx, user.id, ctx.now(), input.keepFamily);
  });
  return user.id;
}

export async function currentUser(ctx: AccountsContext, userId: number): Promise<UserRow> {
  const user = await findUserByIdRepo(ctx.database.db, userId);
  // A token of a deleted account is as good as none.
  if (!user) throw new ApiFailure(StatusCode.notLoggedIn, messages.notLoggedIn);
  return user;
}

export async function logout(ctx: AccountsContext, family: string): Promise<void> {
  await ctx.database.write((tx) => revokeFamilyRepo(tx, family, ctx.now()));
}

// ── messenger ─────────────────────────────────────────────────────────────────────────────────

const STATE_TTL_MS = 10 * 60_000;

/** A random state, signed so the server knows it issued it; alphanumeric, ≤128 characters (C22). */
export async function newOAuthState(ctx: AccountsContext): Promise<string> {
  const body = `${randomBytes(16).toString('hex')}${ctx.now().getTime().toString(16).padStart(12, '0')}`;
  return `${body}${hmacHex(await ctx.key(), `state|${body}`).slice(0, 32)}`;
}

async function stateIsOurs(ctx: AccountsContext, state: string): Promise<boolean> {
  const m = /^([a-f0-9]{32})([a-f0-9]{12})([a-f0-9]{32})$/.exec(state);
  if (!m) return false;
  const body = `${m[1]}${m[2]}`;
  if (!sameDigest(hmacHex(await ctx.key(), `state|${body}`).slice(0, 32), m[3]!)) return false;
  const now = ctx.now().getTime();
  if (now - parseInt(m[2]!, 16) > STATE_TTL_MS) return false;
  return ctx.limiter.store.claimOnce(`oauth-state:${m[1]}`, STATE_TTL_MS, now);
}

/**
 * Exchanges a messenger code on the server and keeps the identity against a pending login. The
 * client only ever gets an opaque handle (named unionId, as the spec's client calls it): knowing
 * someone's real unionId logs nobody in (security.md C20).
 */
export async function exchangeMessengerCode(
  ctx: AccountsContext,
  input: { code: string; state: string },
): Promise<{ unionId: string; nickname: string; userPic: string }> {
  if (!(await stateIsOurs(ctx, input.state))) throw fail(MSG.relogin);
  let identity;
  try {
    identity = await ctx.oauth.exchange(input.code);
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message } }, 'messenger code exchange failed');
    throw fail(MSG.codeExchangeFailed, StatusCode.unprocessable);
  }
  if (!identity) throw fail(MSG.codeExchangeFailed, StatusCode.unprocessable);
  const handle = newOpaqueToken();
  await ctx.database.write((tx) =>
    insertTicketRepo(tx, {
      kind: 'messenger',
      ticketHash: sha256Hex(handle),
      unionId: identity.unionId,
      nickname: identity.nickname,
      userPic: identity.userPic,
      expiresAt: new Date(ctx.now().getTime() + TICKET_TTL_MS),
    }),
  );
  return { unionId: handle, nickname: identity.nickname, userPic: identity.userPic };
}

async function pendingMessenger(ctx: AccountsContext, handle: string) {
  const ticket = await findTicketRepo(ctx.database.db, 'messenger', sha256Hex(handle), ctx.now());
  if (!ticket || !ticket.unionId) throw fail(MSG.relogin);
  return { ticket, unionId: ticket.unionId };
}

export async function messengerIsBound(ctx: AccountsContext, handle: string): Promise<boolean> {
  const { unionId } = await pendingMessenger(ctx, handle);
  const user = await findUserByUnionIdRepo(ctx.database.db, unionId);
  return Boolean(user?.phone);
}

export async function messengerLogin(ctx: AccountsContext, handle: string): Promise<LoginData> {
  const { unionId } = await pendingMessenger(ctx, handle);
  const user = await findUserByUnionIdRepo(ctx.database.db, unionId);
  // Spec 4: a messenger user without a phone is sent to bind one first.
  if (!user?.phone) throw fail(MSG.bindFirst);
  return ctx.database.write(async (tx) => {
    if (!(await consumeTicketRepo(tx, 'messenger', sha256Hex(handle), ctx.now()))) throw fail(MSG.relogin);
    return loginData(user, await issueToken(tx, user.id, ctx.now()));
  });
}

/**
 * Binds the pending messenger identity to a phone proven by a fresh `bind` code (security.md C23).
 * The code re-authenticates the phone's owner, so an existing account of that phone is joined — unless
 * it is already bound to a different messenger identity, which is refused.
 */
export async function bindMessenger(ctx: AccountsContext, input: { handle: string; phone: string; code: string; ip: string }): Promise<LoginData> {
  const { ticket, unionId } = await pendingMessenger(ctx, input.handle);
  return withCode(ctx, { phone: input.phone, code: input.code, purpose: 'bind', ip: input.ip }, async (tx) => {
    if (!(await consumeTicketRepo(tx, 'messenger', sha256Hex(input.handle), ctx.now()))) throw fail(MSG.relogin);
    const byUnion = await findUserByUnionIdRepo(tx, unionId);
    const byPhone = await findUserByPhoneRepo(tx, input.phone);
    let user: UserRow;
    if (byPhone) {
      if (byPhone.unionId && byPhone.unionId !== unionId) throw fail(MSG.boundElsewhere);
      if (byUnion && byUnion.id !== byPhone.id) throw fail(MSG.boundElsewhere);
      if (!byPhone.unionId) await setUnionIdRepo(tx, byPhone.id, unionId);
      user = { ...byPhone, unionId };
    } else if (byUnion) {
      throw fail(MSG.boundElsewhere);
    } else {
      user = await createUserRepo(tx, {
        phone: input.phone,
        unionId,
        nickname: ticket.nickname || defaultNickname(input.phone),
        userPic: ticket.userPic,
      });
    }
    // A phone and a messenger identity on one account fill the profile: paid once ever (ADR 012).
    await awardPoints(tx, { userId: user.id, reason: 'profile', ref: 'bind' });
    return loginData(user, await issueToken(tx, user.id, ctx.now()));
  });
}
