/**
 * Fetching a feed without letting it reach inside (docs/security.md W1–W4): http(s) only, only from hosts
 * an admin allowed, never an internal address — checked on the URL, on every address the name resolves
 * to (the connection uses exactly the checked address: no second lookup to rebind) and again after every
 * redirect — with a time limit, a size cap, a redirect limit and the content types a feed has.
 *
 * The one exception is for the test suite, which serves its feeds from 127.0.0.1: `allowLoopback` lets
 * 127.0.0.0/8 (and nothing else internal) through, and `loopbackAllowed` turns it on only when NODE_ENV is
 * `test` and WIRES_TEST_PRIVATE_HOSTS is 1 (a server started otherwise with it set refuses to start).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isInternalAddress } from '../http/internalAddress.ts';
import { settings, type Settings } from '../../settings/settings.ts';

export const WIRE_FETCH_MESSAGES = {
  badUrl: '订阅源地址不正确',
  scheme: '订阅源只能用 http 或 https 地址',
  hostNotAllowed: '该主机不在允许的订阅源主机名单中',
  privateAddress: '订阅源指向内部网络地址，已拒绝',
  dns: '订阅源主机名无法解析',
  timeout: '订阅源响应超时',
  tooLarge: '订阅源内容过大，已放弃',
  redirectLoop: '订阅源重定向循环',
  tooManyRedirects: '订阅源重定向次数过多',
  status: (code: number) => `订阅源返回错误状态（${code}）`,
  contentType: '订阅源内容类型不是 RSS、Atom 或 JSON Feed',
  network: '无法连接订阅源',
} as const;

/** A fetch that went wrong, with the Chinese sentence the tray shows. */
export class WireFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireFetchError';
  }
}

export interface FetchLimits {
  /** Exact host names (lower case) an admin allowed. */
  allowedHosts: ReadonlySet<string>;
  /** Test suite only (see the module comment): let 127.0.0.0/8 through; every other internal range stays shut. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 5;

const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/xml',
  'text/xml',
  'application/feed+json',
  'application/json',
  'application/rdf+xml',
];

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');

/** Is `ip` refused? Internal, unless it is a v4 loopback address and the test-only allowance is on. */
export function refusedAddress(ip: string, allowLoopback: boolean): boolean {
  if (!isInternalAddress(ip)) return false;
  return !(allowLoopback && isIP(ip) === 4 && LOOPBACK.check(ip, 'ipv4'));
}

/** The test-only allowance (module comment): never on outside NODE_ENV=test, whatever else is set. */
export function loopbackAllowed(s: Settings = settings()): boolean {
  return s.NODE_ENV === 'test' && s.WIRES_TEST_PRIVATE_HOSTS === '1';
}

/** Checks a URL before any connection: scheme, allowed host, and a literal internal address. */
export function checkFeedUrl(raw: string, limits: Pick<FetchLimits, 'allowedHosts' | 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WireFetchError(WIRE_FETCH_MESSAGES.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WireFetchError(WIRE_FETCH_MESSAGES.scheme);
  if (url.username !== '' || url.password !== '') throw new WireFetchError(WIRE_FETCH_MESSAGES.badUrl);
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && refusedAddress(host, limits.allowLoopback ?? false)) throw new WireFetchError(WIRE_FETCH_MESSAGES.privateAddress);
  if (!limits.allowedHosts.has(host)) throw new WireFetchError(WIRE_FETCH_MESSAGES.hostNotAllowed);
  return url;
}

/** A lookup that answers only public addresses (the socket connects to what this answered). */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      if (addresses.length === 0) return callback(new WireFetchError(WIRE_FETCH_MESSAGES.dns), '', 4);
      if (addresses.some((a) => refusedAddress(a.address, allowLoopback))) return callback(new WireFetchError(WIRE_FETCH_MESSAGES.privateAddress), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

interface Answer {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

function requestOnce(url: URL, limits: Required<Omit<FetchLimits, 'allowedHosts'>>, deadline: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new WireFetchError(WIRE_FETCH_MESSAGES.timeout));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      lookup: guardedLookup(limits.allowLoopback),
      headers: {
        accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9',
        'user-agent': 'ShanchengNews-Wires/1.0',
        'accept-encoding': 'identity',
      },
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new WireFetchError(WIRE_FETCH_MESSAGES.timeout)), remaining);
    const fail = (err: unknown) => {
      clearTimeout(timer);
      if (err instanceof WireFetchError) return reject(err);
      const code = (err as NodeJS.ErrnoException | null)?.code;
      reject(new WireFetchError(code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? WIRE_FETCH_MESSAGES.dns : WIRE_FETCH_MESSAGES.network));
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (status >= 300 && status < 400) {
        res.resume();
        clearTimeout(timer);
        req.destroy();
        return resolve({ status, location, contentType, body: Buffer.alloc(0) });
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        req.destroy(new WireFetchError(WIRE_FETCH_MESSAGES.tooLarge));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) req.destroy(new WireFetchError(WIRE_FETCH_MESSAGES.tooLarge));
        else chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status, location, contentType, body: Buffer.concat(chunks) });
      });
    });
    req.end();
  });
}

/** The feed's text, or a WireFetchError whose message the tray shows. */
export async function fetchFeedText(raw: string, limits: FetchLimits): Promise<string> {
  const full = {
    allowLoopback: limits.allowLoopback ?? false,
    timeoutMs: limits.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: limits.maxBytes ?? FEED_MAX_BYTES,
    maxRedirects: limits.maxRedirects ?? FEED_MAX_REDIRECTS,
  };
  const deadline = Date.now() + full.timeoutMs;
  const seen = new Set<string>();
  let url = checkFeedUrl(raw, limits);
  for (let hop = 0; ; hop++) {
    seen.add(url.href);
    const answer = await requestOnce(url, full, deadline);
    if (answer.status >= 300 && answer.status < 400 && answer.location !== undefined) {
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        throw new WireFetchError(WIRE_FETCH_MESSAGES.badUrl);
      }
      if (seen.has(next.href)) throw new WireFetchError(WIRE_FETCH_MESSAGES.redirectLoop);
      if (hop + 1 > full.maxRedirects) throw new WireFetchError(WIRE_FETCH_MESSAGES.tooManyRedirects);
      // Every hop is checked like the first: scheme, allowed host, internal address (docs/security.md W3).
      url = checkFeedUrl(next.href, limits);
      continue;
    }
    if (answer.status !== 200) throw new WireFetchError(WIRE_FETCH_MESSAGES.status(answer.status));
    if (!FEED_TYPES.includes(answer.contentType)) throw new WireFetchError(WIRE_FETCH_MESSAGES.contentType);
    return answer.body.toString('utf8');
  }
}
