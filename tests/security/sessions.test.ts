/**
 * security.md K92 / D29: logging out, resetting or changing a password closes the /sub sockets of the
 * logins it ends, through `deps.realtime.closeSessions` (RealtimeHub closes them; its own tests cover
 * the closing, src/server/realtime/RealtimeHub.test.ts). Token revocation itself: tests/api/accounts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimiterOf } from '../../src/server/http/rateLimit.ts';
import type { RealtimePublisher, SessionSelector } from '../../src/server/realtime/RealtimePublisher.ts';
import { bearer, formEnv, getEnv, latestCode, loginByCode, sendCode, type Login } from '../api/accountsHelpers.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

let t: TestApp;
const closed: SessionSelector[] = [];
let n = 0;
const nextPhone = (): string => `1370000${String(++n).padStart(4, '0')}`;
const nextIp = (): string => `198.18.7.${++n}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const recorder: RealtimePublisher = { publish: () => undefined, closeSessions: (who) => void closed.push(who) };
  t.registry.deps.realtime = recorder;
});
afterAll(async () => {
  await t.close();
});

/** The per-phone send interval (60 s) is not under test here: forget it instead of waiting. */
async function allowAnotherCode(phone: string): Promise<void> {
  await rateLimiterOf(t.registry).store.clear(`sms:phone:${phone}`);
}

describe('ending a login closes its sockets', () => {
  it('logout closes the sockets of that login only (its token family), after the revocation', async () => {
    const phone = nextPhone();
    const first = await loginByCode(t, phone, nextIp());
    await allowAnotherCode(phone);
    const second = await loginByCode(t, phone, nextIp());
    closed.length = 0;
    expect((await formEnv(t, '/v1/user/logout', {}, bearer(first.token))).statusCode).toBe(200);
    expect(closed).toHaveLength(1);
    const family = (closed[0] as { family?: string }).family;
    expect(family).toMatch(/^[0-9a-f-]{36}$/);
    // The other login of the same reader still works, and its own logout names another family.
    expect((await getEnv(t, '/v1/user/baseInfo', bearer(second.token))).statusCode).toBe(200);
    expect((await formEnv(t, '/v1/user/logout', {}, bearer(second.token))).statusCode).toBe(200);
    expect(closed).toHaveLength(2);
    expect((closed[1] as { family?: string }).family).not.toBe(family);
  });

  it('an anonymous or refused logout closes nothing', async () => {
    closed.length = 0;
    expect((await formEnv(t, '/v1/user/logout', {})).statusCode).toBe(301);
    expect((await formEnv(t, '/v1/user/logout', {}, bearer('not-a-token'))).statusCode).toBe(301);
    expect(closed).toEqual([]);
  });

  it('a password reset closes every socket of that reader (D29)', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await sendCode(t, phone, 'register', ip);
    const registered = await formEnv<Login>(
      t,
      '/v1/user/register',
      { phone, code: await latestCode(t, phone), password: 'old secret phrase', agree: '1' },
      { 'x-forwarded-for': ip },
    );
    expect(registered.statusCode, registered.message).toBe(200);
    await allowAnotherCode(phone);
    const ip2 = nextIp();
    await sendCode(t, phone, 'reset', ip2);
    const checked = await formEnv<{ ticket: string }>(
      t,
      '/v1/common/valisendMsg',
      { phone, code: await latestCode(t, phone), type: 'reset' },
      { 'x-forwarded-for': ip2 },
    );
    closed.length = 0;
    expect((await formEnv(t, '/v1/user/resetPassword', { ticket: checked.data.ticket, password: 'new secret phrase' })).statusCode).toBe(200);
    expect(closed).toEqual([{ userId: registered.data.userId }]);
  });
});
