/** Accounts endpoints (ADR 008): contracts in src/contract/accounts.ts, flows in service.ts. */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { html } from 'hono/html';
import {
  baseInfo,
  bind3rdParty,
  captchaChallenge,
  captchaVerify,
  changePassword,
  checkCode,
  codeLogin,
  devOutbox,
  logoutEndpoint,
  messengerAuthorize,
  OAUTH_STATE,
  passwordLogin,
  register,
  SLIDE_SCENE,
  resetPassword,
  sendCode,
  thirdPartyLogin,
  tokenByCode,
  unionIdIsBind,
} from '../../contract/accounts.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { HEADER_DEVICE_ID } from '../../contract/headers.ts';
import { BASE_PATH, ownTarget, safeRedirectPath } from '../../lib/safeUrl.ts';
import { requireUser } from '../http/auth.ts';
import { ApiFailure, failure, ok } from '../http/envelope.ts';
import { badParams } from '../http/input.ts';
import { perAddress, rateLimitIp, rateLimiterOf, serviceContextOf } from '../http/rateLimit.ts';
import { callKey } from '../http/idempotentInsert.ts';
import { changeProfile, ownProfile } from '../../contract/profile.ts';
import { PROFILE_MESSAGES } from '../../contract/profileRules.ts';
import { changeProfileService, ownProfileService } from './profileService.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { judgeKeyTrail, judgeTrail, openChallenge, signChallenge, signResult, CHALLENGE_TTL_MS } from './captcha.ts';
import { DEV_OAUTH_PATH, DevMessengerOAuth, messengerOAuthFromEnv } from './messengerOAuth.ts';
import { getOrCreateSecretRepo } from '../tokens/repo.ts';
import { newSecret } from '../tokens/secrets.ts';
import * as accounts from './service.ts';
import { slideVerifierFromEnv } from './slideVerifier.ts';
import { OutboxSmsProvider } from './sms.ts';
import { settings } from '../../settings/settings.ts';

const DEVICE_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

export function registerAccountsRoutes(registry: ApiRegistry): void {
  const { database, log, config } = registry.deps;
  const limiter = rateLimiterOf(registry);
  const outbox = new OutboxSmsProvider(log, config.production);
  const env = settings();
  const oauth = messengerOAuthFromEnv(env);
  let keyPromise: Promise<string> | null = null;
  // AUTH_SECRET from the environment, else one random key per database (every node agrees).
  const key = (): Promise<string> =>
    (keyPromise ??= env.AUTH_SECRET ? Promise.resolve(env.AUTH_SECRET) : getOrCreateSecretRepo(database, 'accounts-hmac', newSecret));
  const ctx: accounts.AccountsContext = {
    database,
    limiter,
    sms: outbox,
    oauth,
    // CAPTCHA_PROVIDER: our own slider (default) or the vendor's (ADR 008).
    slide: slideVerifierFromEnv(env, { key, store: limiter.store, log }),
    log,
    key,
    now: () => new Date(),
  };

  // The address that keys per-address limits and binds a slide result (loopback is exempt outside production).
  const ipOf = (c: Context): string => rateLimitIp(c, config.production);

  /**
   * The phone a code goes to or is checked for. Spec 2.5 ChangeCheckPage: for `change` it is the
   * logged-in reader's own phone, whatever the body says; null when that reader has none bound.
   */
  const codePhone = async (c: Context, body: { phone?: string | undefined; type: string }): Promise<string | null> => {
    if (body.type !== 'change') {
      if (!body.phone) throw badParams(`phone ${accounts.MSG.phoneRequired}`);
      return body.phone;
    }
    return (await accounts.currentUser(ctx, requireUser(c).userId)).phone;
  };

  // ── slide check ──
  registerEndpoint(registry, captchaChallenge, async () =>
    ok({ challenge: signChallenge(await ctx.key(), Date.now()), scene: SLIDE_SCENE, provider: ctx.slide.provider, vendor: ctx.slide.vendor }),
  );

  registerEndpoint(registry, captchaVerify, async ({ body, c }) => {
    // With the vendor's slider on, our own results would be refused anyway: say so at once.
    if (ctx.slide.provider !== 'own') return failure(StatusCode.fail, '验证方式已更新，请刷新页面重试');
    const ip = ipOf(c);
    await limiter.take(perAddress(ip, `slide:ip:${ip}`, accounts.LIMITS.slidePerIp));
    const now = Date.now();
    const nonce = openChallenge(await ctx.key(), body.challenge, now);
    if (!nonce || !(await limiter.store.claimOnce(`challenge:${nonce}`, CHALLENGE_TTL_MS, now))) {
      return failure(StatusCode.fail, '验证已失效，请刷新页面重试');
    }
    const judged = body.input === 'keys' ? judgeKeyTrail(body.trail, body.width) : judgeTrail(body.trail, body.width);
    if (!judged) return failure(StatusCode.fail, body.input === 'keys' ? '验证未通过，请用右方向键逐步把滑块移到最右边' : '验证未通过，请按住滑块拖动到最右边');
    return ok(signResult(await ctx.key(), ip, now));
  });

  // ── codes ──
  registerEndpoint(registry, sendCode, async ({ body, c }) => {
    const ip = ipOf(c);
    if (!(await accounts.consumeSlide(ctx, body, ip))) return failure(StatusCode.fail, accounts.MSG.slideFailed);
    const phone = await codePhone(c, body);
    if (!phone) return failure(StatusCode.fail, accounts.MSG.bindFirst);
    const rawDevice = c.req.header(HEADER_DEVICE_ID);
    const deviceId = rawDevice && DEVICE_ID_RE.test(rawDevice) ? rawDevice : null;
    await accounts.sendCode(ctx, { phone, purpose: body.type, ip, deviceId });
    return ok({ resendAfter: accounts.RESEND_AFTER_S }, accounts.MSG.codeSent);
  });

  registerEndpoint(registry, checkCode, async ({ body, c }) => {
    const phone = await codePhone(c, body);
    if (!phone) return failure(StatusCode.fail, accounts.MSG.bindFirst);
    return ok({ ticket: await accounts.checkCodeForTicket(ctx, { phone, code: body.code, purpose: body.type, ip: ipOf(c) }) });
  });

  // ── logins ──
  registerEndpoint(registry, codeLogin, async ({ body, c }) =>
    ok(await accounts.codeLogin(ctx, { phone: body.phone, code: body.code, ip: ipOf(c) }), accounts.MSG.loggedIn),
  );

  registerEndpoint(registry, passwordLogin, async ({ body, c }) => {
    const slide =
      body.token && body.csessionid && body.sig && body.scene ? { token: body.token, csessionid: body.csessionid, sig: body.sig, scene: body.scene } : null;
    return ok(await accounts.passwordLogin(ctx, { phone: body.phone, password: body.password, ip: ipOf(c), slide }), accounts.MSG.loggedIn);
  });

  registerEndpoint(registry, register, async ({ body, c }) =>
    ok(await accounts.register(ctx, { phone: body.phone, code: body.code, password: body.password, ip: ipOf(c) }), '注册成功'),
  );

  registerEndpoint(registry, resetPassword, async ({ body }) => {
    const userId = await accounts.setNewPassword(ctx, { ticket: body.ticket, password: body.password, kind: 'reset' });
    // security.md D29: every login ended, so every socket of the reader closes.
    registry.deps.realtime?.closeSessions({ userId });
    return ok(null, '密码已重置，请重新登录');
  });

  registerEndpoint(registry, changePassword, async ({ body, c }) => {
    const me = requireUser(c);
    await accounts.setNewPassword(ctx, { ticket: body.ticket, password: body.password, kind: 'change', currentUserId: me.userId, keepFamily: me.family });
    // security.md D29: the other logins ended; sockets are closed per user (this reader's own socket
    // reconnects with its still-valid token, the others cannot).
    registry.deps.realtime?.closeSessions({ userId: me.userId });
    return ok(null, '密码已修改');
  });

  registerEndpoint(registry, baseInfo, async ({ c }) => ok(accounts.toUserInfo(await accounts.currentUser(ctx, requireUser(c).userId))));

  // A reader's nickname and avatar, changed through review (profileService.ts).
  registerEndpoint(registry, ownProfile, async ({ c }) => ok(await ownProfileService(database.db, requireUser(c).userId)));
  const serviceCtx = serviceContextOf(registry);
  registerEndpoint(registry, changeProfile, async ({ body, c }) => {
    const user = requireUser(c);
    const key = callKey(c);
    return ok(await changeProfileService(serviceCtx, user, key, body), PROFILE_MESSAGES.submitted);
  });

  registerEndpoint(registry, logoutEndpoint, async ({ c }) => {
    await accounts.logout(ctx, requireUser(c).family);
    // security.md K92: the revoked login's open /sub sockets close too (on every node through Redis).
    registry.deps.realtime?.closeSessions({ family: requireUser(c).family });
    return ok(null, '已退出登录');
  });

  // ── messenger ──
  registerEndpoint(registry, messengerAuthorize, async ({ query }) => {
    const state = await accounts.newOAuthState(ctx);
    const back = `${config.publicOrigin ?? ''}${BASE_PATH}/LoginPage?redirect=${encodeURIComponent(safeRedirectPath(query.redirect))}`;
    return ok({ url: oauth.authorizeUrl(back, state), state });
  });

  registerEndpoint(registry, tokenByCode, async ({ query, c }) => {
    // The legacy `token` query parameter is ignored; this answer must not leak through a Referer.
    c.header('referrer-policy', 'no-referrer');
    return ok(await accounts.exchangeMessengerCode(ctx, { code: query.code, state: query.state }));
  });

  registerEndpoint(registry, unionIdIsBind, async ({ body }) => ok({ isBind: await accounts.messengerIsBound(ctx, body.unionId) }));

  registerEndpoint(registry, thirdPartyLogin, async ({ body }) => ok(await accounts.messengerLogin(ctx, body.unionId), accounts.MSG.loggedIn));

  registerEndpoint(registry, bind3rdParty, async ({ body, c }) =>
    ok(await accounts.bindMessenger(ctx, { handle: body.unionId, phone: body.phone, code: body.code, ip: ipOf(c) }), '绑定成功'),
  );

  if (config.production) return;

  // ── development only: the SMS outbox and the local messenger authorisation ──
  registerEndpoint(registry, devOutbox, async ({ query }) =>
    ok(outbox.latest(query.phone).map((m) => ({ phone: m.phone, text: m.text, sentAt: m.sentAt.toISOString() }))),
  );

  if (oauth instanceof DevMessengerOAuth) registerDevOAuth(registry, oauth, config.publicOrigin);
}

/**
 * The local provider's redirect target and state, both checked, or a 400. The target must resolve (dot
 * segments, %2e%2e, backslashes, //host resolved first) to one of our own pages: a relative path, or an
 * absolute URL on PUBLIC_ORIGIN (security.md H62).
 */
function devOAuthRequest(
  rawRedirect: string | null | undefined,
  rawState: string | null | undefined,
  publicOrigin: string | undefined,
): { redirectUri: string; state: string } {
  const redirectUri = ownTarget(rawRedirect, [publicOrigin]);
  const state = rawState ?? '';
  if (!redirectUri || !OAUTH_STATE.test(state)) throw new ApiFailure(StatusCode.badParams, '参数错误: 跳转地址或登录状态不正确', 400);
  return { redirectUri, state };
}

function registerDevOAuth(registry: ApiRegistry, oauth: DevMessengerOAuth, publicOrigin: string | undefined): void {
  registry.app.get(DEV_OAUTH_PATH, (c) => {
    const { redirectUri, state } = devOAuthRequest(c.req.query('redirect_uri'), c.req.query('state'), publicOrigin);
    return c.html(
      html`<!doctype html>
        <html lang="zh-CN">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>模拟微信授权（开发用）</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                margin: 0;
                padding: 2rem 1.25rem;
                background: #f5f5f5;
                color: #222;
              }
              h1 {
                font-size: 1.125rem;
              }
              p {
                color: #666;
                font-size: 0.875rem;
              }
              label {
                display: block;
                margin: 1rem 0 0.5rem;
              }
              input {
                inline-size: 100%;
                box-sizing: border-box;
                padding: 0.75rem;
                font-size: 1rem;
                border: 1px solid #ddd;
                border-radius: 0.5rem;
              }
              button {
                margin-block-start: 1.5rem;
                inline-size: 100%;
                padding: 0.875rem;
                font-size: 1rem;
                color: #fff;
                background: #07c160;
                border: 0;
                border-radius: 0.5rem;
              }
            </style>
          </head>
          <body>
            <h1>山城新闻 申请使用你的微信昵称和头像</h1>
            <p>这是本地开发用的模拟授权页：同一个昵称代表同一个微信用户。</p>
            <form method="post" action="/api/dev/oauth/approve">
              <input type="hidden" name="redirect_uri" value="${redirectUri}" />
              <input type="hidden" name="state" value="${state}" />
              <label for="nickname">微信昵称</label>
              <input id="nickname" name="nickname" value="微信用户" maxlength="20" required />
              <button type="submit">允许</button>
            </form>
          </body>
        </html>`,
    );
  });

  registry.app.post('/api/dev/oauth/approve', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const { redirectUri, state } = devOAuthRequest(form.get('redirect_uri'), form.get('state'), publicOrigin);
    const nickname = (form.get('nickname') ?? '').trim().slice(0, 20) || '微信用户';
    const unionId = `dev-${createHash('sha256').update(nickname).digest('hex').slice(0, 24)}`;
    const code = oauth.approve({ unionId, nickname, userPic: '' });
    const target = new URL(redirectUri, 'http://local');
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    return c.redirect(safeRedirectPath(`${target.pathname}${target.search}`), 302);
  });
}
