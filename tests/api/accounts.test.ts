/** Accounts API (ADR 008): codes, logins, register, reset, change, logout; security.md A, B, D. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { smsCodes, users } from '../../src/server/db/schema/accounts.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { bearer, form, formEnv, getEnv, humanTrail, latestCode, loginByCode, outbox, passSlide, sendCode, TRACK_WIDTH, type Login } from './accountsHelpers.ts';

let t: TestApp;
let ipSeq = 0;
let phoneSeq = 0;
/** A fresh address and phone per test, so limits of one test never touch another. */
const nextIp = (): string => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const nextPhone = (): string => `139${String(10_000_000 + ++phoneSeq).slice(-8)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function codeRows(): Promise<number> {
  return (await t.database.db.select({ n: count() }).from(smsCodes))[0]!.n;
}

const NOT_LOGGED_IN = { statusCode: 301, message: '未登录或登录过期，请重新登录', data: null };

describe('code login', () => {
  it('sends a code, logs in (registering a new phone), reads the profile, logs out and revokes the token', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const sent = await sendCode(t, phone, 'login', ip);
    expect(sent).toEqual({ statusCode: 200, message: '验证码已发送', data: { resendAfter: 60 } });
    const code = await latestCode(t, phone);
    expect(JSON.stringify(sent)).not.toContain(code);
    const login = await formEnv<Login>(t, '/v1/user/code_login', { phone, code }, { 'x-forwarded-for': ip });
    expect(login.statusCode).toBe(200);
    expect(login.data).toMatchObject({ tokenType: 'Bearer', syPhone: `${phone.slice(0, 3)}****${phone.slice(7)}`, nickname: `山城网友${phone.slice(-4)}` });

    const info = await getEnv<Record<string, unknown>>(t, '/v1/user/baseInfo', bearer(login.data.token));
    expect(info.statusCode).toBe(200);
    expect(info.data).toMatchObject({ userId: login.data.userId, credit: 0, integRal: 0, creditLevel: 1, hasPassword: false, phoneBound: true });
    expect(JSON.stringify(info.data)).not.toContain(phone);

    const out = await formEnv(t, '/v1/user/logout', {}, bearer(login.data.token));
    expect(out.statusCode).toBe(200);
    expect(await getEnv(t, '/v1/user/baseInfo', bearer(login.data.token))).toEqual(NOT_LOGGED_IN);
    expect(await formEnv(t, '/v1/user/logout', {}, bearer(login.data.token))).toEqual(NOT_LOGGED_IN);
  });

  it('logs a formatted variant of the same phone into the same account', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = nextPhone();
    const first = await loginByCode(t, phone, nextIp());
    vi.setSystemTime(Date.now() + 61_000);
    const ip = nextIp();
    const variant = ` +86 ${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)} `;
    await sendCode(t, variant, 'login', ip);
    const second = await formEnv<Login>(t, '/v1/user/code_login', { phone: variant, code: await latestCode(t, phone) }, { 'x-forwarded-for': ip });
    expect(second.data.userId).toBe(first.userId);
  });

  it.each([
    ['a wrong code', async (code: string) => (code === '000000' ? '000001' : '000000')],
    ['a 5-digit code', async (code: string) => code.slice(1)],
  ])('refuses %s', async (_name, wrong) => {
    const ip = nextIp();
    const phone = nextPhone();
    await sendCode(t, phone, 'login', ip);
    const code = await latestCode(t, phone);
    const res = await formEnv(t, '/v1/user/code_login', { phone, code: await wrong(code) }, { 'x-forwarded-for': ip });
    expect(res.statusCode).not.toBe(200);
    expect(res.data).toBeNull();
  });

  it('burns a code at the 5th wrong try: the right code fails afterwards (A5)', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    await sendCode(t, phone, 'login', ip);
    const code = await latestCode(t, phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect(await formEnv(t, '/v1/user/code_login', { phone, code: wrong }, { 'x-forwarded-for': ip })).toEqual({
        statusCode: 100,
        message: '验证码错误或已失效',
        data: null,
      });
    }
    expect((await formEnv(t, '/v1/user/code_login', { phone, code }, { 'x-forwarded-for': ip })).message).toBe('验证码错误或已失效');
  });

  it('refuses a reused code (A6)', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    await sendCode(t, phone, 'login', ip);
    const code = await latestCode(t, phone);
    expect((await formEnv(t, '/v1/user/code_login', { phone, code }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    expect((await formEnv(t, '/v1/user/code_login', { phone, code }, { 'x-forwarded-for': ip })).message).toBe('验证码错误或已失效');
  });

  it('refuses an expired code with the same message as a wrong one (A8)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = nextIp();
    const phone = nextPhone();
    await sendCode(t, phone, 'login', ip);
    const code = await latestCode(t, phone);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    expect(await formEnv(t, '/v1/user/code_login', { phone, code }, { 'x-forwarded-for': ip })).toEqual({
      statusCode: 100,
      message: '验证码错误或已失效',
      data: null,
    });
  });

  it('refuses a code of another purpose (A7) and invalidates the older code when a new one is sent (A12)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = nextPhone();
    await sendCode(t, phone, 'bind', nextIp());
    const bindCode = await latestCode(t, phone);
    expect((await formEnv(t, '/v1/user/code_login', { phone, code: bindCode }, { 'x-forwarded-for': nextIp() })).statusCode).toBe(100);

    vi.setSystemTime(Date.now() + 61_000);
    await sendCode(t, phone, 'login', nextIp());
    const older = await latestCode(t, phone);
    vi.setSystemTime(Date.now() + 61_000);
    await sendCode(t, phone, 'login', nextIp());
    const newer = await latestCode(t, phone);
    if (older !== newer) expect((await formEnv(t, '/v1/user/code_login', { phone, code: older }, { 'x-forwarded-for': nextIp() })).statusCode).toBe(100);
    expect((await formEnv(t, '/v1/user/code_login', { phone, code: newer }, { 'x-forwarded-for': nextIp() })).statusCode).toBe(200);
  });

  it('compares the code as a 6-character string: a JSON number is a 400 (A10)', async () => {
    const res = await t.app.request('/v1/user/code_login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: nextPhone(), code: 12345 }),
    });
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toMatch(/^参数错误: 验证码/);
  });
});

describe('sending codes', () => {
  it.each([
    ['no slide proof', (s: Record<string, string>) => ({ phone: s['phone']!, type: 'login' })],
    ['a forged sig', (s: Record<string, string>) => ({ ...s, sig: `${Date.now() + 60_000}.${'a'.repeat(64)}` })],
    ['another scene', (s: Record<string, string>) => ({ ...s, scene: 'other' })],
  ])('refuses %s and sends nothing (A1)', async (_name, tamper) => {
    const ip = nextIp();
    const phone = nextPhone();
    const slide = await passSlide(t, ip);
    const res = await formEnv(t, '/v1/common/webSendMsg1', tamper({ ...slide, phone, type: 'login' }), { 'x-forwarded-for': ip });
    expect(res.statusCode).not.toBe(200);
    expect(await outbox(t, phone)).toEqual([]);
  });

  it('accepts a slide result once, and only from the address that solved it (A1, L94)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = nextIp();
    const slide = await passSlide(t, ip);
    const other = await formEnv(t, '/v1/common/webSendMsg1', { ...slide, phone: nextPhone(), type: 'login' }, { 'x-forwarded-for': nextIp() });
    expect(other.statusCode).toBe(100);
    const first = await formEnv(t, '/v1/common/webSendMsg1', { ...slide, phone: nextPhone(), type: 'login' }, { 'x-forwarded-for': ip });
    expect(first.statusCode).toBe(200);
    const phone = nextPhone();
    const again = await formEnv(t, '/v1/common/webSendMsg1', { ...slide, phone, type: 'login' }, { 'x-forwarded-for': ip });
    expect(again).toEqual({ statusCode: 100, message: '滑动验证已失效，请重新验证', data: null });
    expect(await outbox(t, phone)).toEqual([]);
  });

  it('judges the trail on the server: a straight even script drag or a short one fails', async () => {
    const ip = nextIp();
    for (const trail of [
      Array.from({ length: 30 }, (_, i) => [(TRACK_WIDTH * i) / 29, 0, i * 20]),
      humanTrail().slice(0, 20),
      [
        [0, 0, 0],
        [TRACK_WIDTH, 0, 10],
      ],
    ]) {
      const { data } = await getEnv<{ challenge: string }>(t, '/api/captcha/challenge', { 'x-forwarded-for': ip });
      const res = await t.app.request('/api/captcha/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ challenge: data.challenge, width: TRACK_WIDTH, trail }),
      });
      expect((await envelope(res)).statusCode).toBe(100);
    }
  });

  it('lets a challenge be answered once', async () => {
    const ip = nextIp();
    const { data } = await getEnv<{ challenge: string }>(t, '/api/captcha/challenge', { 'x-forwarded-for': ip });
    const post = () =>
      t.app.request('/api/captcha/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ challenge: data.challenge, width: TRACK_WIDTH, trail: humanTrail() }),
      });
    expect((await envelope(await post())).statusCode).toBe(200);
    expect((await envelope(await post())).statusCode).toBe(100);
  });

  it('limits one phone to one code a minute, 5 an hour, 10 a day, across formatting variants (A2, A3)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = nextPhone();
    const variants = [
      phone,
      `+86${phone}`,
      `86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`,
      `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`,
      [...phone].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join(''),
      ` \u200b${phone}\u200d `,
    ];
    expect((await sendCode(t, variants[0]!, 'login', nextIp())).statusCode).toBe(200);
    for (const v of variants.slice(1)) {
      expect(await sendCode(t, v, 'login', nextIp())).toEqual({ statusCode: 429, message: '操作过于频繁，请稍后再试', data: null });
    }
    for (let i = 2; i <= 5; i++) {
      vi.setSystemTime(Date.now() + 61_000);
      expect((await sendCode(t, variants[i]!, 'login', nextIp())).statusCode).toBe(200);
    }
    vi.setSystemTime(Date.now() + 61_000);
    expect((await sendCode(t, phone, 'login', nextIp())).statusCode).toBe(429);
    // Next hour: 5 more, then the daily cap of 10.
    vi.setSystemTime(Date.now() + 3600_000);
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(t, phone, 'login', nextIp())).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 61_000);
    }
    vi.setSystemTime(Date.now() + 3600_000);
    expect((await sendCode(t, phone, 'login', nextIp())).statusCode).toBe(429);
    expect((await outbox(t, phone)).length).toBe(10);
  });

  it('limits one address to 3 codes a minute and 20 an hour (A4)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await sendCode(t, nextPhone(), 'login', ip)).statusCode).toBe(200);
    const phone = nextPhone();
    expect((await sendCode(t, phone, 'login', ip)).statusCode).toBe(429);
    expect(await outbox(t, phone)).toEqual([]);
    let sent = 3;
    while (sent < 20) {
      vi.setSystemTime(Date.now() + 61_000);
      for (let i = 0; i < 3 && sent < 20; i++, sent++) expect((await sendCode(t, nextPhone(), 'login', ip)).statusCode).toBe(200);
    }
    vi.setSystemTime(Date.now() + 61_000);
    expect((await sendCode(t, nextPhone(), 'login', ip)).statusCode).toBe(429);
  });

  it('limits one device id to 10 codes a day (A4)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const device = { 'x-device-id': 'device-abcdef-123' };
    for (let i = 0; i < 10; i++) expect((await sendCode(t, nextPhone(), 'login', nextIp(), device)).statusCode).toBe(200);
    expect((await sendCode(t, nextPhone(), 'login', nextIp(), device)).statusCode).toBe(429);
  });

  it.each(['12800138000', '1380013800', '138001380000', '+1 415 555 0100', 'abc', '', '١٣٨٠٠١٣٨٠٠٠x'])(
    'refuses the phone %j with a 400 and writes nothing (A3)',
    async (phone) => {
      const before = await codeRows();
      const ip = nextIp();
      const slide = await passSlide(t, ip);
      const res = await form(t, '/v1/common/webSendMsg1', { ...slide, phone, type: 'login' }, { 'x-forwarded-for': ip });
      expect(res.status).toBe(400);
      expect((await envelope(res)).message).toBe('参数错误: 请输入正确的手机号');
      expect(await codeRows()).toBe(before);
    },
  );

  it('refuses a 100 KB phone quickly (ReDoS, F48)', async () => {
    const started = performance.now();
    const res = await form(t, '/v1/common/webSendMsg1', { phone: `${'1'.repeat(90_000)}!`, type: 'login' });
    expect(res.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('answers the same for a registered and an unregistered phone (A11)', async () => {
    const known = nextPhone();
    await loginByCode(t, known, nextIp());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const unknown = nextPhone();
    for (const type of ['reset', 'register', 'login']) {
      const a = await sendCode(t, known, type, nextIp());
      const b = await sendCode(t, unknown, type, nextIp());
      expect(a).toEqual(b);
      vi.setSystemTime(Date.now() + 61_000);
    }
    // The owner of a phone gets a notice instead of a useless code.
    expect((await outbox(t, unknown)).some((m) => m.text.includes('尚未注册'))).toBe(true);
    expect((await outbox(t, known)).some((m) => m.text.includes('已注册'))).toBe(true);
  });

  it('sends a change code only to the logged-in reader and never to a phone named in the body', async () => {
    expect(await sendCode(t, nextPhone(), 'change', nextIp())).toEqual(NOT_LOGGED_IN);
  });
});

describe('password login and registration', () => {
  async function registerUser(password: string): Promise<{ phone: string; login: Login }> {
    const phone = nextPhone();
    const ip = nextIp();
    await sendCode(t, phone, 'register', ip);
    const res = await formEnv<Login>(t, '/v1/user/register', { phone, code: await latestCode(t, phone), password, agree: '1' }, { 'x-forwarded-for': ip });
    expect(res.statusCode, res.message).toBe(200);
    return { phone, login: res.data };
  }

  it('registers with a password and logs in with it exactly as typed (B16)', async () => {
    const password = '山城 夜景😀 Chongqing 2024';
    const { phone, login } = await registerUser(password);
    const info = await getEnv<{ hasPassword: boolean }>(t, '/v1/user/baseInfo', bearer(login.token));
    expect(info.data.hasPassword).toBe(true);
    const ok = await formEnv<Login>(t, '/v1/user/login', { phone, password }, { 'x-forwarded-for': nextIp() });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.userId).toBe(login.userId);
    for (const variant of [password.trim() + ' ', password.toLowerCase(), password.slice(0, -1)]) {
      expect((await formEnv(t, '/v1/user/login', { phone, password: variant }, { 'x-forwarded-for': nextIp() })).message).toBe('手机号或密码错误');
    }
    // Stored as argon2id, never in the clear.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, login.userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers an unknown phone and a wrong password identically (B18)', async () => {
    const { phone } = await registerUser('a good pass phrase');
    const wrong = await form(t, '/v1/user/login', { phone, password: 'not the password' }, { 'x-forwarded-for': nextIp() });
    const unknown = await form(t, '/v1/user/login', { phone: nextPhone(), password: 'not the password' }, { 'x-forwarded-for': nextIp() });
    expect(wrong.status).toBe(unknown.status);
    expect(await envelope(wrong)).toEqual(await envelope(unknown));
  });

  it.each([
    ['password', '密码过于简单，请换一个'],
    ['qwerty123', '密码过于简单，请换一个'],
    ['woaini1314', '密码过于简单，请换一个'],
    ['12345678', '密码过于简单，请换一个'],
    ['aaaaaaaaaa', '密码过于简单，请换一个'],
  ])('refuses the common password %j at registration (B17)', async (password, message) => {
    const phone = nextPhone();
    const ip = nextIp();
    await sendCode(t, phone, 'register', ip);
    const code = await latestCode(t, phone);
    expect(await formEnv(t, '/v1/user/register', { phone, code, password, agree: '1' }, { 'x-forwarded-for': ip })).toEqual({
      statusCode: 100,
      message,
      data: null,
    });
    // Nothing written, and the code is still good for a better password.
    expect((await formEnv(t, '/v1/user/register', { phone, code, password: 'a much better one', agree: '1' }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
  });

  it('refuses the phone number as the password', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await sendCode(t, phone, 'register', ip);
    const res = await formEnv(t, '/v1/user/register', { phone, code: await latestCode(t, phone), password: `${phone}`, agree: '1' }, { 'x-forwarded-for': ip });
    expect(res.message).toBe('密码不能包含手机号');
  });

  it.each([
    ['123456', 400],
    ['x'.repeat(129), 400],
    ['x'.repeat(10_000), 400],
  ])('checks the length of %s before hashing (B15)', async (password, status) => {
    const started = performance.now();
    const res = await form(t, '/v1/user/register', { phone: nextPhone(), code: '123456', password, agree: '1' });
    expect(res.status).toBe(status);
    expect((await envelope(res)).message).toMatch(/^参数错误: 密码/);
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('refuses a 1 MB password by the body limit', async () => {
    const res = await form(t, '/v1/user/login', { phone: nextPhone(), password: 'x'.repeat(1_000_000) });
    expect(res.status).toBe(413);
  });

  it('refuses registering a phone that already has an account', async () => {
    const phone = nextPhone();
    await loginByCode(t, phone, nextIp());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const before = (await outbox(t, phone)).length;
    await sendCode(t, phone, 'register', nextIp());
    expect((await outbox(t, phone)).length).toBe(before + 1);
    await expect(latestCode(t, phone)).rejects.toThrow();
  });

  it('requires a slide check after 5 failures on one account, from any address (B13)', async () => {
    const { phone } = await registerUser('correct horse battery');
    for (let i = 0; i < 5; i++) {
      expect((await formEnv(t, '/v1/user/login', { phone, password: `wrong guess ${i}` }, { 'x-forwarded-for': nextIp() })).message).toBe('手机号或密码错误');
    }
    const blocked = await formEnv(t, '/v1/user/login', { phone, password: 'correct horse battery' }, { 'x-forwarded-for': nextIp() });
    expect(blocked).toEqual({ statusCode: 428, message: '请先完成滑动验证', data: null });
    const ip = nextIp();
    const slide = await passSlide(t, ip);
    const ok = await formEnv(t, '/v1/user/login', { phone, password: 'correct horse battery', ...slide }, { 'x-forwarded-for': ip });
    expect(ok.statusCode).toBe(200);
  });

  it('throttles one account at 25 attempts an hour from many addresses (B13) and one address at 6 a minute', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    for (let i = 0; i < 6; i++)
      expect((await formEnv(t, '/v1/user/login', { phone: nextPhone(), password: 'whatever123' }, { 'x-forwarded-for': ip })).statusCode).toBe(100);
    expect((await formEnv(t, '/v1/user/login', { phone: nextPhone(), password: 'whatever123' }, { 'x-forwarded-for': ip })).statusCode).toBe(429);

    const statuses: number[] = [];
    for (let i = 0; i < 26; i++)
      statuses.push((await formEnv(t, '/v1/user/login', { phone, password: 'whatever123' }, { 'x-forwarded-for': nextIp() })).statusCode);
    expect(statuses.slice(0, 25).every((s) => s !== 429)).toBe(true);
    expect(statuses[25]).toBe(429);
    // A malicious lockout never blocks code login (B14).
    expect((await loginByCode(t, phone, nextIp())).token).toBeTruthy();
  });
});

describe('password reset and change', () => {
  async function accountWithPassword(password: string): Promise<{ phone: string; token: string }> {
    const phone = nextPhone();
    const ip = nextIp();
    await sendCode(t, phone, 'register', ip);
    const res = await formEnv<Login>(t, '/v1/user/register', { phone, code: await latestCode(t, phone), password, agree: '1' }, { 'x-forwarded-for': ip });
    return { phone, token: res.data.token };
  }

  it('resets with a checked code, ends every login, and the new password works (B19, D29)', async () => {
    const { phone, token } = await accountWithPassword('old secret phrase');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const ip = nextIp();
    await sendCode(t, phone, 'reset', ip);
    const checked = await formEnv<{ ticket: string }>(
      t,
      '/v1/common/valisendMsg',
      { phone, code: await latestCode(t, phone), type: 'reset' },
      { 'x-forwarded-for': ip },
    );
    expect(checked.statusCode).toBe(200);
    const done = await formEnv(t, '/v1/user/resetPassword', { ticket: checked.data.ticket, password: 'new secret phrase' });
    expect(done).toEqual({ statusCode: 200, message: '密码已重置，请重新登录', data: null });
    expect(await getEnv(t, '/v1/user/baseInfo', bearer(token))).toEqual(NOT_LOGGED_IN);
    expect((await formEnv(t, '/v1/user/login', { phone, password: 'old secret phrase' }, { 'x-forwarded-for': nextIp() })).statusCode).toBe(100);
    expect((await formEnv(t, '/v1/user/login', { phone, password: 'new secret phrase' }, { 'x-forwarded-for': nextIp() })).statusCode).toBe(200);
    // The ticket was single use.
    expect((await formEnv(t, '/v1/user/resetPassword', { ticket: checked.data.ticket, password: 'third secret phrase' })).message).toBe(
      '验证已失效，请重新获取验证码',
    );
  });

  it('refuses the new-password step without a checked code (B19)', async () => {
    expect((await formEnv(t, '/v1/user/resetPassword', { ticket: 'A'.repeat(43), password: 'new secret phrase' })).message).toBe(
      '验证已失效，请重新获取验证码',
    );
    expect((await form(t, '/v1/user/resetPassword', { password: 'new secret phrase' })).status).toBe(400);
  });

  it('does not give a reset ticket for a login code', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await loginByCode(t, phone, ip);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await sendCode(t, phone, 'login', nextIp());
    expect((await formEnv(t, '/v1/common/valisendMsg', { phone, code: await latestCode(t, phone), type: 'reset' }, { 'x-forwarded-for': ip })).statusCode).toBe(
      100,
    );
  });

  it('changes the password of the logged-in reader, keeping this login and ending the others', async () => {
    const { phone, token: other } = await accountWithPassword('first pass phrase');
    const current = (await formEnv<Login>(t, '/v1/user/login', { phone, password: 'first pass phrase' }, { 'x-forwarded-for': nextIp() })).data.token;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const ip = nextIp();
    expect((await sendCode(t, null, 'change', ip, bearer(current))).statusCode).toBe(200);
    const checked = await formEnv<{ ticket: string }>(
      t,
      '/v1/common/valisendMsg',
      { code: await latestCode(t, phone), type: 'change' },
      { 'x-forwarded-for': ip, ...bearer(current) },
    );
    expect(checked.statusCode).toBe(200);
    expect((await formEnv(t, '/v1/user/changePassword', { ticket: checked.data.ticket, password: 'second pass phrase' })).statusCode).toBe(301);
    expect((await formEnv(t, '/v1/user/changePassword', { ticket: checked.data.ticket, password: 'second pass phrase' }, bearer(current))).statusCode).toBe(
      200,
    );
    expect((await getEnv(t, '/v1/user/baseInfo', bearer(current))).statusCode).toBe(200);
    expect(await getEnv(t, '/v1/user/baseInfo', bearer(other))).toEqual(NOT_LOGGED_IN);
  });
});

describe('bad bodies', () => {
  it.each([
    ['JSON array body', 'application/json', '[]', 400],
    ['text/plain body', 'text/plain', 'phone=13800138000', 415],
    ['duplicate phone', 'application/x-www-form-urlencoded', 'phone=13800138000&phone=13900139000&code=123456', 400],
    ['prototype pollution', 'application/json', '{"__proto__":{"x":1},"phone":"13800138000","code":"123456","constructor":{"prototype":{"y":1}}}', 100],
  ])('answers %s clearly and writes nothing', async (_name, type, body, expected) => {
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const res = await t.app.request('/v1/user/code_login', { method: 'POST', headers: { 'content-type': type }, body });
    const env = await envelope(res);
    if (expected >= 400) expect(res.status).toBe(expected);
    else expect(env.statusCode).toBe(expected);
    expect(env.message).toMatch(/参数错误|不支持的请求格式|验证码错误或已失效/);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
