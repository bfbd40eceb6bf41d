/**
 * Messenger (WeChat-style) web authorisation: the address to send the reader to, and the server-side
 * exchange of the returned code for the messenger identity (ADR 008; security.md C20–C22).
 *
 * The default is a local development provider served by this server (/api/dev/oauth/*), so the whole
 * flow runs without a messenger account; MESSENGER_APP_ID and MESSENGER_APP_SECRET switch to the real
 * one. Codes are single use and die after 5 minutes in both.
 */
import { randomBytes } from 'node:crypto';
import type { Settings } from '../../settings/settings.ts';

export interface MessengerIdentity {
  unionId: string;
  nickname: string;
  userPic: string;
}

export interface MessengerOAuth {
  /** Where the browser goes to authorise; it comes back to `redirectUri` with code and state. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The identity behind a code, or null when the code is unknown, used or expired. */
  exchange(code: string): Promise<MessengerIdentity | null>;
}

export const DEV_OAUTH_PATH = '/api/dev/oauth/authorize';
const CODE_TTL_MS = 5 * 60_000;

/** The local provider: `approve` mints a code for a chosen test identity; `exchange` uses it up. */
export class DevMessengerOAuth implements MessengerOAuth {
  private readonly codes = new Map<string, { identity: MessengerIdentity; expiresAt: number }>();

  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({ appid: 'dev', redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_userinfo', state });
    return `${DEV_OAUTH_PATH}?${q.toString()}`;
  }

  approve(identity: MessengerIdentity, now: number = Date.now()): string {
    for (const [code, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(code);
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { identity, expiresAt: now + CODE_TTL_MS });
    return code;
  }

  exchange(code: string, now: number = Date.now()): Promise<MessengerIdentity | null> {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    return Promise.resolve(entry && entry.expiresAt > now ? entry.identity : null);
  }
}

/** The real messenger: snsapi_userinfo authorisation, code → access_token → userinfo (unionid). */
export class WechatOAuth implements MessengerOAuth {
  private readonly appId: string;
  private readonly secret: string;

  constructor(appId: string, secret: string) {
    this.appId = appId;
    this.secret = secret;
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_userinfo', state });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<MessengerIdentity | null> {
    const tokenUrl = new URL('https://api.weixin.qq.com/sns/oauth2/access_token');
    tokenUrl.search = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' }).toString();
    const tokenRes = (await (await fetch(tokenUrl, { signal: AbortSignal.timeout(5000) })).json()) as Record<string, unknown>;
    const accessToken = tokenRes['access_token'];
    const openId = tokenRes['openid'];
    if (typeof accessToken !== 'string' || typeof openId !== 'string') return null;
    const infoUrl = new URL('https://api.weixin.qq.com/sns/userinfo');
    infoUrl.search = new URLSearchParams({ access_token: accessToken, openid: openId, lang: 'zh_CN' }).toString();
    const info = (await (await fetch(infoUrl, { signal: AbortSignal.timeout(5000) })).json()) as Record<string, unknown>;
    const unionId = typeof info['unionid'] === 'string' ? info['unionid'] : typeof tokenRes['unionid'] === 'string' ? tokenRes['unionid'] : null;
    if (!unionId) return null;
    return {
      unionId,
      nickname: typeof info['nickname'] === 'string' ? info['nickname'].slice(0, 30) : '微信用户',
      userPic: typeof info['headimgurl'] === 'string' && info['headimgurl'].startsWith('https://') ? info['headimgurl'] : '',
    };
  }
}

export function messengerOAuthFromEnv(env: Settings): MessengerOAuth {
  const appId = env['MESSENGER_APP_ID'];
  const secret = env['MESSENGER_APP_SECRET'];
  return appId && secret ? new WechatOAuth(appId, secret) : new DevMessengerOAuth();
}
