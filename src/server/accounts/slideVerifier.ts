/**
 * The slide check behind one interface (ADR 008; "The vendor's captcha is a configurable alternative
 * behind the same interface"; security.md L94, L95, C1 "Slide captcha sig"). A result is good once,
 * for at most 10 minutes, and only for the address that solved it; there is no client-trusted flag.
 *
 * - `OwnSlideVerifier` (default): our own 滑动验证, whose results src/server/accounts/captcha.ts signs.
 * - `AliyunAfsVerifier` (`CAPTCHA_PROVIDER=aliyun`): the vendor's slider in the browser; the server
 *   asks the vendor's AuthenticateSig with the RemoteIp it sees, and also keeps its own single-use mark.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SLIDE_SCENE, type SlideResult, type SlideVendor } from '../../contract/accounts.ts';
import { LOCAL_DEV_PEER, type RateLimitStore } from '../http/rateLimit.ts';
import type { Logger } from '../log.ts';
import { checkResult, RESULT_TTL_MS } from './captcha.ts';
import type { Settings } from '../../settings/settings.ts';

export interface SlideVerifier {
  /** Which widget the browser shows ('own' or the vendor's). */
  readonly provider: 'own' | 'aliyun';
  /** What the browser needs to load the vendor's widget; null for our own slider. */
  readonly vendor: SlideVendor | null;
  /** True once for a genuine, fresh result solved from `ip`; every later call with it is false. */
  verify(result: SlideResult, ip: string): Promise<boolean>;
}

export class OwnSlideVerifier implements SlideVerifier {
  readonly provider = 'own';
  readonly vendor = null;
  private readonly key: () => Promise<string>;
  private readonly store: RateLimitStore;
  private readonly now: () => number;

  constructor(deps: { key: () => Promise<string>; store: RateLimitStore; now: () => number }) {
    this.key = deps.key;
    this.store = deps.store;
    this.now = deps.now;
  }

  async verify(result: SlideResult, ip: string): Promise<boolean> {
    const now = this.now();
    if (!checkResult(await this.key(), result, ip, now)) return false;
    return this.store.claimOnce(`slide:${result.token}`, RESULT_TTL_MS, now);
  }
}

/** The vendor's server-side check answers within this, or the result counts as refused. */
export const VENDOR_TIMEOUT_MS = 5000;
export const ALIYUN_AFS_DEFAULT_ENDPOINT = 'https://afs.aliyuncs.com/';
/** The vendor's browser loader (AWSC), an https constant; ALIYUN_AFS_SCRIPT_URL may name another https one. */
export const ALIYUN_AFS_DEFAULT_SCRIPT = 'https://g.alicdn.com/AWSC/AWSC/awsc.js';

export interface AliyunAfsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  appKey: string;
  endpoint?: string;
  scriptUrl?: string;
  timeoutMs?: number;
  store: RateLimitStore;
  log: Logger;
  now?: () => number;
}

/** RFC 3986 encoding as the vendor's RPC signature wants it (space as %20, `*` encoded, `~` kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The vendor's RPC signature: HMAC-SHA1 (key = secret + "&") over `GET&%2F&` + the encoded sorted query. */
export function signRpcQuery(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** The address the vendor saw the browser at: development loopback is 127.0.0.1. */
function remoteIp(ip: string): string {
  if (ip === LOCAL_DEV_PEER) return '127.0.0.1';
  // Per-address keys reduce IPv6 to its /64 (rateLimit.ts normaliseIp); the vendor gets the prefix address.
  return ip.endsWith('::/64') ? ip.slice(0, -3) : ip;
}

export class AliyunAfsVerifier implements SlideVerifier {
  readonly provider = 'aliyun';
  readonly vendor: SlideVendor;
  private readonly options: AliyunAfsOptions;
  private readonly endpoint: string;
  private readonly now: () => number;

  constructor(options: AliyunAfsOptions) {
    const scriptUrl = options.scriptUrl ?? ALIYUN_AFS_DEFAULT_SCRIPT;
    if (!scriptUrl.startsWith('https://')) throw new Error('ALIYUN_AFS_SCRIPT_URL must be an https:// address');
    const endpoint = options.endpoint ?? ALIYUN_AFS_DEFAULT_ENDPOINT;
    // The access key's signature travels in the query: https only, except a loopback test double.
    if (!/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(endpoint)) throw new Error('ALIYUN_AFS_ENDPOINT must be an https:// address');
    this.options = options;
    this.endpoint = endpoint;
    this.now = options.now ?? (() => Date.now());
    this.vendor = { appKey: options.appKey, scriptUrl };
  }

  async verify(result: SlideResult, ip: string): Promise<boolean> {
    // The spec fixes the scene; a result for another scene is refused before the vendor is asked (L94).
    if (result.scene !== SLIDE_SCENE) return false;
    // Single use on our side too: the vendor's own bookkeeping is not ours to rely on (L94).
    if (!(await this.options.store.claimOnce(`slide:afs:${result.csessionid}`, RESULT_TTL_MS, this.now()))) return false;
    const params: Record<string, string> = {
      Action: 'AuthenticateSig',
      Format: 'JSON',
      Version: '2018-01-12',
      AccessKeyId: this.options.accessKeyId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: randomUUID(),
      Timestamp: new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      SessionId: result.csessionid,
      Sig: result.sig,
      Token: result.token,
      Scene: result.scene,
      AppKey: this.options.appKey,
      RemoteIp: remoteIp(ip),
    };
    params['Signature'] = signRpcQuery('GET', params, this.options.accessKeySecret);
    const url = new URL(this.endpoint);
    url.search = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? VENDOR_TIMEOUT_MS) });
      const answer = (await res.json()) as { Code?: unknown; Msg?: unknown };
      if (answer.Code === 100) return true;
      // 900 is the vendor's "not passed"; anything else (bad key, throttled) is worth a log line.
      if (answer.Code !== 900) this.options.log.warn({ afs: { status: res.status, code: answer.Code, msg: answer.Msg } }, 'captcha vendor refused the check');
      return false;
    } catch (err) {
      // Timeout or network failure: refused (fail closed; security.md L95).
      this.options.log.warn({ err: { message: (err as Error).message } }, 'captcha vendor check failed');
      return false;
    }
  }
}

/** The one place the verifier is chosen from configuration (CAPTCHA_PROVIDER; README "Settings"). */
export function slideVerifierFromEnv(env: Settings, deps: { key: () => Promise<string>; store: RateLimitStore; log: Logger }): SlideVerifier {
  const provider = env['CAPTCHA_PROVIDER'] || 'own';
  if (provider === 'own') return new OwnSlideVerifier({ key: deps.key, store: deps.store, now: () => Date.now() });
  if (provider !== 'aliyun') throw new Error(`CAPTCHA_PROVIDER: "${provider}" is not one of own, aliyun`);
  const accessKeyId = env['ALIYUN_AFS_ACCESS_KEY_ID'];
  const accessKeySecret = env['ALIYUN_AFS_ACCESS_KEY_SECRET'];
  const appKey = env['ALIYUN_AFS_APP_KEY'];
  // A half-configured vendor must not silently fall back to anything: refuse to start.
  if (!accessKeyId || !accessKeySecret || !appKey) {
    throw new Error('CAPTCHA_PROVIDER=aliyun needs ALIYUN_AFS_ACCESS_KEY_ID, ALIYUN_AFS_ACCESS_KEY_SECRET and ALIYUN_AFS_APP_KEY');
  }
  const endpoint = env['ALIYUN_AFS_ENDPOINT'];
  const scriptUrl = env['ALIYUN_AFS_SCRIPT_URL'];
  return new AliyunAfsVerifier({
    accessKeyId,
    accessKeySecret,
    appKey,
    store: deps.store,
    log: deps.log,
    ...(endpoint ? { endpoint } : {}),
    ...(scriptUrl ? { scriptUrl } : {}),
  });
}
