/** Messenger login with phone binding (ADR 008; security.md C20–C23), against the local OAuth provider. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/accounts.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { bearer, formEnv, getEnv, latestCode, loginByCode, sendCode, type Login } from './accountsHelpers.ts';

let t: TestApp;
let seq = 0;
const nextIp = (): string => `10.8.${Math.floor(++seq / 250)}.${seq % 250}`;
const nextPhone = (): string => `137${String(10_000_000 + ++seq).slice(-8)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the browser's side of the authorisation: our authorize URL → the dev provider → back with code and state. */
async function authorise(nickname: string): Promise<{ code: string; state: string }> {
  const start = await getEnv<{ url: string; state: string }>(
    t,
    `/member/v1/user/authorizeUrl?redirect=${encodeURIComponent('/shancheng/NewsDetail?classId=1&newsId=2')}`,
  );
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.data.url, 'http://local');
  expect(authorizeUrl.pathname).toBe('/api/dev/oauth/authorize');
  const page = await t.app.request(`${authorizeUrl.pathname}${authorizeUrl.search}`);
  expect(await page.text()).toContain('允许');
  const approve = await t.app.request('/api/dev/oauth/approve', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: authorizeUrl.searchParams.get('redirect_uri')!, state: start.data.state, nickname }).toString(),
  });
  expect(approve.status).toBe(302);
  const back = new URL(approve.headers.get('location')!, 'http://local');
  expect(back.pathname).toBe('/shancheng/LoginPage');
  expect(back.searchParams.get('redirect')).toBe('/shancheng/NewsDetail?classId=1&newsId=2');
  expect(back.searchParams.get('state')).toBe(start.data.state);
  return { code: back.searchParams.get('code')!, state: start.data.state };
}

async function exchange(code: string, state: string) {
  return getEnv<{ unionId: string; nickname: string; userPic: string }>(t, `/member/v1/user/tokenByCode?code=${code}&state=${state}&token=null`);
}

describe('messenger login', () => {
  it('sends an unbound user to bind a phone, then logs them in by messenger alone', async () => {
    const nickname = `微信用户${++seq}`;
    const { code, state } = await authorise(nickname);
    const pending = await exchange(code, state);
    expect(pending.statusCode).toBe(200);
    expect(pending.data.nickname).toBe(nickname);
    // The client never sees the messenger's unionid, only a handle of the pending login.
    expect(pending.data.unionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending.data.unionId).not.toContain('dev-');

    expect(await formEnv(t, '/v1/user/unionIdIsBind', { unionId: pending.data.unionId })).toEqual({
      statusCode: 200,
      message: '成功',
      data: { isBind: false },
    });
    expect(await formEnv(t, '/v1/user/thirdPartyLogin', { type: 'wechat', unionId: pending.data.unionId })).toEqual({
      statusCode: 100,
      message: '请先绑定手机号',
      data: null,
    });

    const phone = nextPhone();
    const ip = nextIp();
    await sendCode(t, phone, 'bind', ip);
    const bound = await formEnv<Login>(
      t,
      '/v1/user/bind3rdParty',
      { unionId: pending.data.unionId, phone, code: await latestCode(t, phone) },
      { 'x-forwarded-for': ip },
    );
    expect(bound.statusCode).toBe(200);
    expect(bound.data.nickname).toBe(nickname);
    const info = await getEnv<{ messengerBound: boolean; phoneBound: boolean }>(t, '/v1/user/baseInfo', bearer(bound.data.token));
    expect(info.data).toMatchObject({ messengerBound: true, phoneBound: true });

    // Next visit: the same messenger user is bound and logs straight in.
    const again = await authorise(nickname);
    const pending2 = await exchange(again.code, again.state);
    expect((await formEnv<{ isBind: boolean }>(t, '/v1/user/unionIdIsBind', { unionId: pending2.data.unionId })).data.isBind).toBe(true);
    const login = await formEnv<Login>(t, '/v1/user/thirdPartyLogin', { type: 'wechat', unionId: pending2.data.unionId });
    expect(login.statusCode).toBe(200);
    expect(login.data.userId).toBe(bound.data.userId);
    // The pending login is single use.
    expect((await formEnv(t, '/v1/user/thirdPartyLogin', { type: 'wechat', unionId: pending2.data.unionId })).message).toBe('请重新登陆');
  });

  it('joins an existing phone account proven by a bind code', async () => {
    const phone = nextPhone();
    const existing = await loginByCode(t, phone, nextIp());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const { code, state } = await authorise(`老用户${++seq}`);
    const pending = await exchange(code, state);
    const ip = nextIp();
    await sendCode(t, phone, 'bind', ip);
    const bound = await formEnv<Login>(
      t,
      '/v1/user/bind3rdParty',
      { unionId: pending.data.unionId, phone, code: await latestCode(t, phone) },
      { 'x-forwarded-for': ip },
    );
    expect(bound.data.userId).toBe(existing.userId);
  });

  it('refuses binding a phone already bound to another messenger user (C23)', async () => {
    const phone = nextPhone();
    const first = await authorise(`甲${++seq}`);
    const p1 = await exchange(first.code, first.state);
    await sendCode(t, phone, 'bind', nextIp());
    expect(
      (await formEnv(t, '/v1/user/bind3rdParty', { unionId: p1.data.unionId, phone, code: await latestCode(t, phone) }, { 'x-forwarded-for': nextIp() }))
        .statusCode,
    ).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const second = await authorise(`乙${++seq}`);
    const p2 = await exchange(second.code, second.state);
    await sendCode(t, phone, 'bind', nextIp());
    const res = await formEnv(
      t,
      '/v1/user/bind3rdParty',
      { unionId: p2.data.unionId, phone, code: await latestCode(t, phone) },
      { 'x-forwarded-for': nextIp() },
    );
    expect(res).toEqual({ statusCode: 100, message: '该手机号已绑定其他微信账号', data: null });
  });

  it('refuses binding without a fresh code for that phone (C23)', async () => {
    const { code, state } = await authorise(`丙${++seq}`);
    const pending = await exchange(code, state);
    const res = await formEnv(
      t,
      '/v1/user/bind3rdParty',
      { unionId: pending.data.unionId, phone: nextPhone(), code: '123456' },
      { 'x-forwarded-for': nextIp() },
    );
    expect(res.message).toBe('验证码错误或已失效');
  });

  it('logs nobody in with a known or guessed unionId (C20)', async () => {
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const real = await formEnv(t, '/v1/user/thirdPartyLogin', { type: 'wechat', unionId: 'dev-0123456789abcdef01234567' });
    expect(real.statusCode).toBe(400);
    const guessed = await formEnv(t, '/v1/user/thirdPartyLogin', { type: 'wechat', unionId: 'B'.repeat(43) });
    expect(guessed).toEqual({ statusCode: 100, message: '请重新登陆', data: null });
    expect((await formEnv(t, '/v1/user/unionIdIsBind', { unionId: 'B'.repeat(43) })).message).toBe('请重新登陆');
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('refuses a reused messenger code with 422 获取微信code失败 (C21)', async () => {
    const { code, state } = await authorise(`丁${++seq}`);
    expect((await exchange(code, state)).statusCode).toBe(200);
    const { state: state2 } = await authorise(`丁${seq}`);
    expect(await exchange(code, state2)).toEqual({ statusCode: 422, message: '获取微信code失败', data: null });
  });

  it('refuses a missing, forged or reused state (C22)', async () => {
    const { code, state } = await authorise(`戊${++seq}`);
    expect((await getEnv(t, `/member/v1/user/tokenByCode?code=${code}`)).statusCode).toBe(400);
    expect(await exchange(code, 'a'.repeat(76))).toEqual({ statusCode: 100, message: '请重新登陆', data: null });
    expect((await exchange(code, state)).statusCode).toBe(200);
    const other = await authorise(`戊${seq}`);
    expect((await exchange(other.code, state)).message).toBe('请重新登陆');
  });

  it('keeps the answer out of Referer headers', async () => {
    const { code, state } = await authorise(`己${++seq}`);
    const res = await t.app.request(`/member/v1/user/tokenByCode?code=${code}&state=${state}`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('only sends the browser back to our own pages', async () => {
    const res = await t.app.request(`/api/dev/oauth/authorize?redirect_uri=${encodeURIComponent('https://evil.example/x')}&state=abc`);
    expect(res.status).toBe(400);
  });
});

describe('development-only endpoints', () => {
  it('are absent in production', async () => {
    const { createApiApp } = await import('../../src/server/app/createApiApp.ts');
    const prod = createApiApp({ ...t.registry.deps, config: { ...t.registry.deps.config, production: true } });
    expect((await prod.app.request('/api/dev/outbox?phone=13800138000')).status).toBe(404);
    expect((await prod.app.request('/api/dev/oauth/authorize?redirect_uri=/shancheng/LoginPage&state=abc')).status).toBe(404);
  });
});
