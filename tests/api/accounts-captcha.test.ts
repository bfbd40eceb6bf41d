/**
 * The slide check behind one interface (ADR 008; security.md L94, L95, A4): the vendor's
 * AuthenticateSig check against a local fake vendor, the own slider as default, and the SMS-pumping alert.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/settings/serverConfig.ts';
import { createApiApp } from '../../src/server/app/createApiApp.ts';
import { MemoryRateLimitStore } from '../../src/server/http/rateLimit.ts';
import { createLogger } from '../../src/server/log.ts';
import { AliyunAfsVerifier, signRpcQuery, slideVerifierFromEnv } from '../../src/server/accounts/slideVerifier.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';
import { form, formEnv, getEnv, humanTrail, latestCode, outbox, sendCode, TRACK_WIDTH } from './accountsHelpers.ts';

const KEY_ID = 'LTAI-test-key-id';
const KEY_SECRET = 'test-secret-of-the-access-key';
const APP_KEY = 'FFFF0N0000000000TEST';

/** The vendor's percent-encoding, written out independently of the module under test. */
function vendorEncode(v: string): string {
  return encodeURIComponent(v).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');
}

/**
 * A fake vendor on 127.0.0.1: checks the request signature, the access key, the app key, the action and
 * the scene, and answers Code 100 only for a session it issued to the RemoteIp now named. Like the real
 * one it does not remember uses here, so single use must come from our side. `hang` never answers.
 */
class FakeVendor {
  server: Server;
  url = '';
  hang = false;
  requests: Array<Record<string, string>> = [];
  private readonly sessions = new Map<string, { token: string; sig: string; ip: string }>();
  private seq = 0;

  constructor() {
    this.server = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      const params: Record<string, string> = {};
      for (const [k, v] of query) params[k] = v;
      this.requests.push(params);
      if (this.hang) return; // the socket stays open: the caller's timeout must fire
      const { Signature: signature, ...rest } = params;
      const canonical = Object.keys(rest)
        .sort()
        .map((k) => `${vendorEncode(k)}=${vendorEncode(rest[k]!)}`)
        .join('&');
      const expected = createHmac('sha1', `${KEY_SECRET}&`)
        .update(`GET&%2F&${vendorEncode(canonical)}`)
        .digest('base64');
      res.setHeader('content-type', 'application/json');
      if (signature !== expected || rest['AccessKeyId'] !== KEY_ID || rest['SignatureMethod'] !== 'HMAC-SHA1') {
        res.statusCode = 400;
        res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' }));
        return;
      }
      const session = this.sessions.get(rest['SessionId'] ?? '');
      const pass =
        rest['Action'] === 'AuthenticateSig' &&
        rest['AppKey'] === APP_KEY &&
        rest['Scene'] === 'activity_h5' &&
        session !== undefined &&
        session.token === rest['Token'] &&
        session.sig === rest['Sig'] &&
        session.ip === rest['RemoteIp'];
      res.end(JSON.stringify(pass ? { Code: 100, Msg: 'pass', RequestId: 'r' } : { Code: 900, Msg: 'fail', RequestId: 'r' }));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  /** What the vendor's slider hands the browser after a human solved it from `ip`. */
  solve(ip: string): { token: string; csessionid: string; sig: string; scene: string } {
    const n = ++this.seq;
    const token = `${APP_KEY}:activity_h5:${1_700_000_000_000 + n}:0.${String(n).padStart(6, '7')}`;
    const csessionid = `01tK${String(n).padStart(8, '0')}Vq-x_session`;
    const sig = `05XqrtZ0EaFgmmqIQes-s-CGHzP${n}+base64/sig==`;
    this.sessions.set(csessionid, { token, sig, ip });
    return { token, csessionid, sig, scene: 'activity_h5' };
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let ipSeq = 0;
let phoneSeq = 0;
const nextIp = (): string => `10.44.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const nextPhone = (): string => `137${String(20_000_000 + ++phoneSeq).slice(-8)}`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('the vendor signature', () => {
  it("matches the vendor's documented example (DescribeRegions, secret testsecret)", () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(signRpcQuery('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('choosing the verifier from configuration', () => {
  const deps = { key: () => Promise.resolve('k'), store: new MemoryRateLimitStore(), log: createLogger('silent') };

  it('is our own slider by default', () => {
    expect(slideVerifierFromEnv({}, deps).provider).toBe('own');
  });

  it.each([
    [{ CAPTCHA_PROVIDER: 'geetest' }, /not one of own, aliyun/],
    [{ CAPTCHA_PROVIDER: 'aliyun', ALIYUN_AFS_ACCESS_KEY_ID: KEY_ID, ALIYUN_AFS_APP_KEY: APP_KEY }, /needs ALIYUN_AFS_ACCESS_KEY_ID/],
    [
      {
        CAPTCHA_PROVIDER: 'aliyun',
        ALIYUN_AFS_ACCESS_KEY_ID: KEY_ID,
        ALIYUN_AFS_ACCESS_KEY_SECRET: 's',
        ALIYUN_AFS_APP_KEY: APP_KEY,
        ALIYUN_AFS_ENDPOINT: 'http://afs.example.com/',
      },
      /https/,
    ],
    [
      {
        CAPTCHA_PROVIDER: 'aliyun',
        ALIYUN_AFS_ACCESS_KEY_ID: KEY_ID,
        ALIYUN_AFS_ACCESS_KEY_SECRET: 's',
        ALIYUN_AFS_APP_KEY: APP_KEY,
        ALIYUN_AFS_SCRIPT_URL: 'http://cdn.example.com/awsc.js',
      },
      /https/,
    ],
  ])('refuses to start with %j', (env, message) => {
    expect(() => slideVerifierFromEnv(env, deps)).toThrow(message);
  });

  it('names the vendor and its https script for the browser', () => {
    const verifier = slideVerifierFromEnv(
      { CAPTCHA_PROVIDER: 'aliyun', ALIYUN_AFS_ACCESS_KEY_ID: KEY_ID, ALIYUN_AFS_ACCESS_KEY_SECRET: 's', ALIYUN_AFS_APP_KEY: APP_KEY },
      deps,
    );
    expect(verifier.provider).toBe('aliyun');
    expect(verifier.vendor).toEqual({ appKey: APP_KEY, scriptUrl: 'https://g.alicdn.com/AWSC/AWSC/awsc.js' });
  });
});

describe('own slider (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the browser to show our own slider', async () => {
    const res = await getEnv<{ provider: string; vendor: unknown; scene: string }>(t, '/api/captcha/challenge');
    expect(res.data).toMatchObject({ provider: 'own', vendor: null, scene: 'activity_h5' });
  });

  it('refuses a client-trusted flag or a vendor-shaped result (L95)', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    expect((await form(t, '/v1/common/webSendMsg1', { passed: 'true', phone, type: 'login' }, { 'x-forwarded-for': ip })).status).toBe(400);
    const vendorish = { token: `${APP_KEY}:activity_h5:1:0.5`, csessionid: '01tK00000001Vq-x_session', sig: '05XqrtZ0EaFgmmqIQes-sig==', scene: 'activity_h5' };
    expect((await formEnv(t, '/v1/common/webSendMsg1', { ...vendorish, phone, type: 'login' }, { 'x-forwarded-for': ip })).message).toBe(
      '滑动验证已失效，请重新验证',
    );
    expect(await outbox(t, phone)).toEqual([]);
  });
});

describe('own slider moved by keyboard or screen reader (the accessible path)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Ten presses of the right arrow, a tenth of the track each, at a person's uneven pace (or `gap` ms apart); the first starts the clock. */
  const keyTrail = (steps = 10, gap?: number): Array<[number, number, number]> => {
    const trail: Array<[number, number, number]> = [[0, 0, 0]];
    for (let i = 1; i <= steps; i++)
      trail.push([Math.round((TRACK_WIDTH * i * 10) / steps) / 10, 0, trail[i - 1]![2] + (i === 1 ? 0 : (gap ?? 120 + ((i * 37) % 90)))]);
    return trail;
  };
  const verify = async (ip: string, trail: Array<[number, number, number]>, input?: 'keys' | 'pointer') => {
    const challenge = await getEnv<{ challenge: string }>(t, '/api/captcha/challenge', { 'x-forwarded-for': ip });
    const res = await t.app.request('/api/captcha/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ challenge: challenge.data.challenge, width: TRACK_WIDTH, trail, ...(input ? { input } : {}) }),
    });
    return (await res.json()) as { statusCode: number; message: string; data: Record<string, string> };
  };

  it('signs the same single-use result for steps of the arrow key, and a code is sent with it once', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const passed = await verify(ip, keyTrail(), 'keys');
    expect(passed.statusCode, passed.message).toBe(200);
    expect((await formEnv(t, '/v1/common/webSendMsg1', { ...passed.data, phone, type: 'login' }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    expect(await outbox(t, phone)).toHaveLength(1);
    // Single use, as a dragged result.
    expect((await formEnv(t, '/v1/common/webSendMsg1', { ...passed.data, phone, type: 'login' }, { 'x-forwarded-for': ip })).statusCode).not.toBe(200);
  });

  it.each([
    [
      'a jump to the end (End key or a script)',
      [
        [0, 0, 0],
        [TRACK_WIDTH, 0, 900],
      ] as Array<[number, number, number]>,
    ],
    ['steps a fifth of the track each', keyTrail(5)],
    ['presses closer than a held key repeats', keyTrail(10, 5)],
    ['the whole way in under 0.6 s', keyTrail(10, 50)],
    ['steps that stop short of the end', keyTrail(10).slice(0, 9)],
    [
      'a step back',
      [
        ...keyTrail(10).slice(0, 5),
        [20, 0, 800],
        ...keyTrail(10)
          .slice(5)
          .map(([x, y, t]) => [x, y, t + 400] as [number, number, number]),
      ],
    ],
    ['a drift off the line', keyTrail(10).map(([x, , t], i) => [x, i === 4 ? 3 : 0, t] as [number, number, number])],
  ])('refuses %s, in Chinese', async (_name, trail) => {
    const refused = await verify(nextIp(), trail as Array<[number, number, number]>, 'keys');
    expect(refused.statusCode).not.toBe(200);
    expect(refused.message).toBe('验证未通过，请用右方向键逐步把滑块移到最右边');
  });

  it('judges key steps only when the browser says so: as a drag they are too even', async () => {
    expect((await verify(nextIp(), keyTrail())).message).toBe('验证未通过，请按住滑块拖动到最右边');
  });
});

describe('vendor slider (CAPTCHA_PROVIDER=aliyun) against a fake vendor', () => {
  const vendor = new FakeVendor();
  let t: TestApp;

  beforeAll(async () => {
    await vendor.start();
    vi.stubEnv('CAPTCHA_PROVIDER', 'aliyun');
    vi.stubEnv('ALIYUN_AFS_ACCESS_KEY_ID', KEY_ID);
    vi.stubEnv('ALIYUN_AFS_ACCESS_KEY_SECRET', KEY_SECRET);
    vi.stubEnv('ALIYUN_AFS_APP_KEY', APP_KEY);
    vi.stubEnv('ALIYUN_AFS_ENDPOINT', vendor.url);
    t = await createTestApp({ seed: false });
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    await t.close();
    await vendor.stop();
  });

  const send = (slide: Record<string, string>, phone: string, ip: string) =>
    formEnv(t, '/v1/common/webSendMsg1', { ...slide, phone, type: 'login' }, { 'x-forwarded-for': ip });

  it("tells the browser to load the vendor's slider, and our own verify endpoint is off", async () => {
    const res = await getEnv<{ provider: string; vendor: unknown; challenge: string }>(t, '/api/captcha/challenge');
    expect(res.data).toMatchObject({ provider: 'aliyun', vendor: { appKey: APP_KEY, scriptUrl: 'https://g.alicdn.com/AWSC/AWSC/awsc.js' } });
    const own = await t.app.request('/api/captcha/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: res.data.challenge, width: TRACK_WIDTH, trail: humanTrail() }),
    });
    expect((await own.json()) as unknown).toMatchObject({ statusCode: 100, message: '验证方式已更新，请刷新页面重试' });
  });

  it('sends a code after the vendor passes the check, asked with the RemoteIp and a valid signature', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const slide = vendor.solve(ip);
    expect(await send(slide, phone, ip)).toMatchObject({ statusCode: 200, message: '验证码已发送' });
    expect(await latestCode(t, phone)).toMatch(/^\d{6}$/);
    const asked = vendor.requests.at(-1)!;
    expect(asked).toMatchObject({
      Action: 'AuthenticateSig',
      SessionId: slide.csessionid,
      Sig: slide.sig,
      Token: slide.token,
      Scene: 'activity_h5',
      AppKey: APP_KEY,
      RemoteIp: ip,
    });
  });

  it('refuses a reused result even though the vendor would pass it again (L94: single use on our side)', async () => {
    const ip = nextIp();
    const slide = vendor.solve(ip);
    expect((await send(slide, nextPhone(), ip)).statusCode).toBe(200);
    const asked = vendor.requests.length;
    const phone = nextPhone();
    expect(await send(slide, phone, ip)).toEqual({ statusCode: 100, message: '滑动验证已失效，请重新验证', data: null });
    expect(vendor.requests.length).toBe(asked);
    expect(await outbox(t, phone)).toEqual([]);
  });

  it('refuses a result solved from another address (the vendor sees our RemoteIp)', async () => {
    const slide = vendor.solve(nextIp());
    const phone = nextPhone();
    expect((await send(slide, phone, nextIp())).message).toBe('滑动验证已失效，请重新验证');
    expect(await outbox(t, phone)).toEqual([]);
  });

  it('refuses a forged sig, another scene, and a result the vendor never issued', async () => {
    const ip = nextIp();
    const forged = { ...vendor.solve(ip), sig: '05XqrtZ0EaFgmmqIQes-forged' };
    const otherScene = { ...vendor.solve(ip), scene: 'nc_login' };
    const never = { token: `${APP_KEY}:activity_h5:9:0.9`, csessionid: '01tKneverissued0001', sig: '05Xqrtneverissued==', scene: 'activity_h5' };
    for (const slide of [forged, otherScene, never]) {
      const phone = nextPhone();
      expect((await send(slide, phone, ip)).message).toBe('滑动验证已失效，请重新验证');
      expect(await outbox(t, phone)).toEqual([]);
    }
  });

  it('refuses when our signature is wrong (the fake checks it) and when the vendor does not answer in time', async () => {
    const store = new MemoryRateLimitStore();
    const log = createLogger('silent');
    const ip = nextIp();
    const wrongSecret = new AliyunAfsVerifier({ accessKeyId: KEY_ID, accessKeySecret: 'not-the-secret', appKey: APP_KEY, endpoint: vendor.url, store, log });
    expect(await wrongSecret.verify(vendor.solve(ip), ip)).toBe(false);

    const right = new AliyunAfsVerifier({
      accessKeyId: KEY_ID,
      accessKeySecret: KEY_SECRET,
      appKey: APP_KEY,
      endpoint: vendor.url,
      store,
      log,
      timeoutMs: 300,
    });
    expect(await right.verify(vendor.solve(ip), ip)).toBe(true);
    vendor.hang = true;
    try {
      const started = Date.now();
      expect(await right.verify(vendor.solve(ip), ip)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      vendor.hang = false;
    }
  });

  it('waits at most 5 seconds for the vendor by default', async () => {
    const { VENDOR_TIMEOUT_MS } = await import('../../src/server/accounts/slideVerifier.ts');
    expect(VENDOR_TIMEOUT_MS).toBe(5000);
  });
});

describe('SMS pumping alert (A4)', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApp;

  beforeAll(async () => {
    // The app of createTestApp, with a logger whose warn lines the test reads.
    const log = pino({ level: 'warn', base: undefined }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const database = await openTestDatabase();
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'sc-media-'));
    const api = createApiApp({ database, log, config: { ...readConfig({ NODE_ENV: 'test' }), checkResponses: true }, mediaDir });
    t = {
      ...api,
      database,
      mediaDir,
      async close() {
        await database.close();
        rmSync(mediaDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const alerts = () => lines.filter((l) => l['alert'] === 'sms-pumping');

  it('alerts once when one address asks codes for 20 different phones in an hour, and refuses it for the hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = nextIp();
    const phones: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      if (i > 0 && i % 3 === 0) vi.setSystemTime(Date.now() + 61_000); // stay under 3 a minute
      const phone = nextPhone();
      phones.push(phone);
      const r = await sendCode(t, phone, 'login', ip);
      expect(r.statusCode, r.message).toBe(200);
    }
    const alerted = Date.now();
    expect(alerts()).toHaveLength(1);
    const alert = alerts()[0]!;
    expect(alert).toMatchObject({ level: 40, key: { ip }, distinctPhones: 20 });
    // The line names the key only: no phone, no code.
    const text = JSON.stringify(alert);
    for (const phone of phones) expect(text).not.toContain(phone);
    expect(text).not.toMatch(/\b\d{6}\b/);
    expect(text).not.toContain('验证码');

    // An hour after the first sends the per-address cap (20 an hour) has room again; the block,
    // an hour from the alert, still refuses, also for a phone asked before.
    vi.setSystemTime(started + 60 * 60_000 + 1000);
    expect((await sendCode(t, phones[0]!, 'login', ip)).statusCode).toBe(429);
    const refused = nextPhone();
    expect((await sendCode(t, refused, 'login', ip)).statusCode).toBe(429);
    expect(await outbox(t, refused)).toEqual([]);
    expect(alerts()).toHaveLength(1);

    // Another address is not affected; an hour after the alert this one may send again.
    expect((await sendCode(t, nextPhone(), 'login', nextIp())).statusCode).toBe(200);
    vi.setSystemTime(alerted + 60 * 60_000 + 1000);
    expect((await sendCode(t, nextPhone(), 'login', ip)).statusCode).toBe(200);
  });

  it('alerts once for one device id asking for 10 different phones from many addresses, and refuses that device', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const device = { 'x-device-id': 'pump-device-0001' };
    for (let i = 0; i < 10; i++) expect((await sendCode(t, nextPhone(), 'login', nextIp(), device)).statusCode).toBe(200);
    const before = alerts().length;
    expect(alerts().at(-1)).toMatchObject({ key: { device: 'pump-device-0001' }, distinctPhones: 10 });
    const phone = nextPhone();
    expect((await sendCode(t, phone, 'login', nextIp(), device)).statusCode).toBe(429);
    expect(await outbox(t, phone)).toEqual([]);
    expect(alerts().length).toBe(before);
    // The same reader without that device id is not refused.
    expect((await sendCode(t, nextPhone(), 'login', nextIp())).statusCode).toBe(200);
  });

  it('does not alert for one reader asking their own phone repeatedly', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = alerts().length;
    const ip = nextIp();
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(t, phone, 'login', ip)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 61_000);
    }
    expect(alerts().length).toBe(before);
  });
});
