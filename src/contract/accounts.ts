/**
 * Accounts: slide check, SMS codes, code and password login, registration, password reset and change,
 * profile, logout, messenger login with phone binding (spec 2.5, 3, 4, 7.8; ADR 008).
 * Field names as the spec spells them (unionId, integRal, creditLevel, syPhone).
 */
import { endpointsOf } from './endpoint.ts';
import { normalisePhone, PASSWORD_MAX, PASSWORD_MIN } from './accountRules.ts';
import { z } from './zod.ts';

const api = endpointsOf('accounts');

export { maskPhone, normalisePhone, PASSWORD_MAX, PASSWORD_MIN, SLIDE_SCENE } from './accountRules.ts';

export const PHONE_INVALID = '请输入正确的手机号';
export const CODE_INVALID = '验证码为 6 位数字';
const PASSWORD_REQUIRED = '请输入密码';
const CODE_PURPOSE_INVALID = '验证码类型不正确';

export const Phone = z
  .string({ error: PHONE_INVALID })
  .max(40, PHONE_INVALID)
  .transform((s, ctx) => {
    const phone = normalisePhone(s);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone;
  });

/** Six digits compared as a string: a JSON number or 5 digits is a 400 (security.md A10). */
export const SmsCode = z.string({ error: CODE_INVALID }).regex(/^\d{6}$/, CODE_INVALID);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A password exactly as typed: no trimming or case folding; 8..128 code points, checked before any
 * hashing (security.md B15, B16). The blocklist needs the phone and is checked by the server.
 */
export const Password = z
  .string({ error: PASSWORD_REQUIRED })
  .max(PASSWORD_MAX * 2, `密码不能超过 ${PASSWORD_MAX} 位`)
  .refine((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s), '密码包含非法字符')
  .refine((s) => [...s].length >= PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .refine((s) => [...s].length <= PASSWORD_MAX, `密码不能超过 ${PASSWORD_MAX} 位`);

/** A password being checked at login: only bounded, never judged (old passwords stay usable). */
export const LoginPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .max(PASSWORD_MAX * 2, '手机号或密码错误');

/** What a code is for; a code works only for its own purpose (security.md A7). */
export const CodePurpose = z.enum(['login', 'register', 'reset', 'bind', 'change'], { error: CODE_PURPOSE_INVALID });
export type CodePurpose = z.infer<typeof CodePurpose>;

/** A phone and the SMS code sent to it: the body of every code-proven step. */
const PhoneAndCode = z.object({ phone: Phone, code: SmsCode });

/** A new password set with the one-time ticket of valisendMsg (reset and change). */
const TicketAndPassword = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, '格式不正确'), password: Password });

/** The OAuth state the browser keeps and the provider hands back unchanged. */
export const OAUTH_STATE = /^[A-Za-z0-9]{1,128}$/;

/**
 * Slide result fields: ours are base64url and `<expiry>.<hex>`; the vendor's (CAPTCHA_PROVIDER=aliyun)
 * token has `:` and `.`, its sig base64 characters. The verifier in use judges the exact shape.
 */
// A missing slide result means the reader has not slid yet (请先完成滑动验证).
const slideMissing = { error: (issue: { input?: unknown }) => (issue.input === undefined ? '请先完成滑动验证' : '滑动验证无效') };
const SlideField = z.string(slideMissing).regex(/^[A-Za-z0-9_:.-]{10,256}$/, '滑动验证无效');
const SlideSig = z.string(slideMissing).regex(/^[A-Za-z0-9_:.+/=-]{10,1024}$/, '滑动验证无效');

/** The slide check's result (spec 3 "Slide-verify result"), required by webSendMsg1. */
export const SlideResult = z.object({
  token: SlideField,
  csessionid: SlideField,
  sig: SlideSig,
  scene: z.string().max(32),
});
export type SlideResult = z.infer<typeof SlideResult>;

/** What the browser needs to show the vendor's slider instead of ours (src/server/accounts/slideVerifier.ts). */
export const SlideVendor = z.object({ appKey: z.string(), scriptUrl: z.string() });
export type SlideVendor = z.infer<typeof SlideVendor>;

// ── slide check (our own 滑动验证) ───────────────────────────────────────────────────────────────

export const captchaChallenge = api.get('/api/captcha/challenge', '滑动验证：取一个挑战（签名，5 分钟内有效）', {
  data: z.object({
    challenge: z.string(),
    scene: z.string(),
    /** 'aliyun': the browser shows the vendor's slider (vendor says how), and /api/captcha/verify is not used. */
    provider: z.enum(['own', 'aliyun']),
    vendor: SlideVendor.nullable(),
  }),
});

/** One point of the drag: x offset in px from the start, y offset in px, ms since the drag began. */
export const TrailPoint = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);

export const captchaVerify = api.post('/api/captcha/verify', '滑动验证：提交拖动轨迹，服务端判定后签发一次性结果', {
  invalidates: 'none',
  body: z.object({
    challenge: z.string().max(200),
    /** Track length the handle can travel, in px. */
    width: z.number().finite().min(100).max(2000),
    trail: z.array(TrailPoint).min(1).max(600),
    /** How the handle moved: dragged (the default), or step by step with the keyboard or a screen reader. */
    input: z.enum(['pointer', 'keys']).default('pointer'),
  }),
  data: SlideResult,
});

// ── SMS codes ──────────────────────────────────────────────────────────────────────────────────

export const sendCode = api.post('/v1/common/webSendMsg1', '发送短信验证码（需先通过滑动验证）', {
  invalidates: 'none',
  body: SlideResult.extend({
    /** Absent only for `change`, which goes to the logged-in reader's own phone. */
    phone: Phone.optional(),
    type: CodePurpose.default('login'),
  }),
  data: z.object({ resendAfter: z.number().int() }),
  auth: 'optional',
});

export const checkCode = api.post('/v1/common/valisendMsg', '校验验证码（找回或修改密码的第一步），返回一次性凭证', {
  invalidates: 'none',
  body: z.object({
    phone: Phone.optional(),
    code: SmsCode,
    type: CodePurpose.extract(['reset', 'change'], { error: CODE_PURPOSE_INVALID }),
  }),
  data: z.object({ ticket: z.string() }),
  auth: 'optional',
});

// ── login and session ─────────────────────────────────────────────────────────────────────────

/** Who the reader is, as both a login and the profile show it. */
const AccountIdentity = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  userPic: z.string(),
  /** The account's phone, masked (138****8000). */
  syPhone: z.string(),
});

/** What a successful login hands the client to store (spec 3 session data). */
export const LoginData = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  ...AccountIdentity.shape,
  /** ISO 8601: the absolute end of this login (30 days). */
  expiresAt: z.string(),
});
export type LoginData = z.infer<typeof LoginData>;

export const codeLogin = api.post('/v1/user/code_login', '验证码登录（未注册的手机号自动注册）', { invalidates: 'none', body: PhoneAndCode, data: LoginData });

export const passwordLogin = api.post('/v1/user/login', '密码登录；同一账号连续失败 5 次后需滑动验证（statusCode 428）', {
  invalidates: 'none',
  // The slide result is asked for only after 5 failures, so each of its fields may be absent.
  body: SlideResult.partial().extend({ phone: Phone, password: LoginPassword }),
  data: LoginData,
});

export const AGREE_REQUIRED = '请阅读并同意《用户协议》和《隐私政策》';

/** Consent to the user agreement and the privacy policy (PIPL art. 14): '1', 'true' or true; anything else is refused. */
const Agree = z.union([z.literal(true), z.literal('1'), z.literal('true'), z.literal(1)], { error: AGREE_REQUIRED }).transform(() => true as const);

export const register = api.post('/v1/user/register', '注册：手机号、验证码、密码，并同意用户协议和隐私政策（agree=1）', {
  invalidates: 'none',
  body: PhoneAndCode.extend({ password: Password, agree: Agree }),
  data: LoginData,
});

export const resetPassword = api.post('/v1/user/resetPassword', '找回密码：凭 valisendMsg 的凭证设置新密码，所有登录失效', {
  invalidates: 'none',
  body: TicketAndPassword,
  data: z.null(),
});

export const changePassword = api.write('/v1/user/changePassword', '修改密码：凭 valisendMsg 的凭证设置新密码，其他登录失效', {
  invalidates: 'none',
  body: TicketAndPassword,
  data: z.null(),
});

export const UserInfo = z.object({
  ...AccountIdentity.shape,
  userName: z.string(),
  /** 积分 (points). */
  credit: z.number().int(),
  /** 成长值 (growth value), spelt as the spec spells it. */
  integRal: z.number().int(),
  /** 等级 (level). */
  creditLevel: z.number().int(),
  hasPassword: z.boolean(),
  phoneBound: z.boolean(),
  messengerBound: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const baseInfo = api.get('/v1/user/baseInfo', '当前登录用户的资料', { data: UserInfo, auth: 'required' });

export const logoutEndpoint = api.write('/v1/user/logout', '退出登录：本次登录的 token 在服务端作废', { invalidates: 'none', data: z.null() });

// ── messenger login ───────────────────────────────────────────────────────────────────────────

export const MESSENGER_LOGIN_TYPE = 'wechat';

export const messengerAuthorize = api.get('/member/v1/user/authorizeUrl', '微信授权：取授权地址与 state（state 由浏览器保存，回跳时核对）', {
  query: z.object({ redirect: z.string().max(2000).default('') }),
  data: z.object({ url: z.string(), state: z.string() }),
});

export const tokenByCode = api.get('/member/v1/user/tokenByCode', '微信授权码换取待登录凭证（unionId 字段是服务端签发的一次性凭证，不是微信的 unionid）', {
  query: z.object({
    code: z.string().min(1).max(128),
    state: z.string().regex(OAUTH_STATE, 'state 不正确'),
    /** Legacy parameter of the spec's client; ignored (tokens never travel in a URL, security.md D32). */
    token: z.string().max(200).optional(),
  }),
  data: z.object({ unionId: z.string(), nickname: z.string(), userPic: z.string() }),
});

/** The pending messenger login: the opaque handle tokenByCode returned, named as the spec names it. */
const PendingUnionId = z.string({ error: '请重新登陆' }).regex(/^[A-Za-z0-9_-]{43}$/, '请重新登陆');

export const unionIdIsBind = api.post('/v1/user/unionIdIsBind', '待登录的微信用户是否已绑定手机号', {
  invalidates: 'none',
  body: z.object({ unionId: PendingUnionId }),
  data: z.object({ isBind: z.boolean() }),
});

export const thirdPartyLogin = api.post('/v1/user/thirdPartyLogin', '已绑定手机号的微信用户登录', {
  invalidates: 'none',
  body: z.object({ type: z.literal(MESSENGER_LOGIN_TYPE, { error: '登录方式不正确' }).default(MESSENGER_LOGIN_TYPE), unionId: PendingUnionId }),
  data: LoginData,
});

export const bind3rdParty = api.post('/v1/user/bind3rdParty', '微信用户绑定手机号（需该手机号的 bind 验证码）并登录', {
  invalidates: 'none',
  body: PhoneAndCode.extend({ unionId: PendingUnionId }),
  data: LoginData,
});

export const OutboxMessage = z.object({ phone: z.string(), text: z.string(), sentAt: z.string() });

export const devOutbox = api.get('/api/dev/outbox', '开发用短信发件箱（NODE_ENV=production 时不存在）', {
  query: z.object({ phone: Phone }),
  data: z.array(OutboxMessage),
});
