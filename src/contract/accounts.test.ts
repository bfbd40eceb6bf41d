import { describe, expect, it } from 'vitest';
import {
  bind3rdParty,
  changePassword,
  checkCode,
  CODE_INVALID,
  codeLogin,
  LoginData,
  passwordLogin,
  PHONE_INVALID,
  register,
  resetPassword,
  sendCode,
  tokenByCode,
  UserInfo,
} from './accounts.ts';
import type { z } from './zod.ts';

const PHONE = '138 0013 8000';
const CODE = '123456';
const PASSWORD = 'correct horse battery';
const TICKET = 'AbCdEf0123456789_-xy';
const UNION_ID = 'a'.repeat(43);
const SLIDE = { token: 'tok_0123456789', csessionid: 'cs_0123456789', sig: 'sig_0123456789', scene: 'activity_h5' };

/** The first message a schema gives for a body, or 'ok' with the parsed value. */
function judge(schema: z.ZodType | undefined, body: unknown): { message: string; value: unknown } {
  if (!schema) throw new Error('the endpoint has no schema here');
  const r = schema.safeParse(body);
  return r.success ? { message: 'ok', value: r.data } : { message: r.error.issues[0]?.message ?? '?', value: undefined };
}
const verdict = (schema: z.ZodType | undefined, body: unknown): string => judge(schema, body).message;

// Each field is defined once and reused; every body that carries it must judge it the same way.
const bodies = [
  ['codeLogin', codeLogin.body, { phone: PHONE, code: CODE }],
  ['register', register.body, { phone: PHONE, code: CODE, password: PASSWORD, agree: '1' }],
  ['bind3rdParty', bind3rdParty.body, { unionId: UNION_ID, phone: PHONE, code: CODE }],
  ['passwordLogin', passwordLogin.body, { phone: PHONE, password: PASSWORD }],
  ['checkCode', checkCode.body, { phone: PHONE, code: CODE, type: 'reset' }],
  ['sendCode', sendCode.body, { ...SLIDE, phone: PHONE, type: 'register' }],
  ['resetPassword', resetPassword.body, { ticket: TICKET, password: PASSWORD }],
  ['changePassword', changePassword.body, { ticket: TICKET, password: PASSWORD }],
] as const;

describe('accounts contract: shared field schemas', () => {
  it.each(bodies)('%s accepts a well-formed body', (_, schema, body) => {
    expect(verdict(schema, body)).toBe('ok');
  });

  it.each(bodies.filter(([, , b]) => 'phone' in b))('%s normalises the phone and refuses a wrong one with one message', (_, schema, body) => {
    expect(judge(schema, body).value).toMatchObject({ phone: '13800138000' });
    expect(verdict(schema, { ...body, phone: '12345' })).toBe(PHONE_INVALID);
  });

  it.each(bodies.filter(([, , b]) => 'code' in b))('%s wants the code as six digits in a string', (_, schema, body) => {
    expect(verdict(schema, { ...body, code: '12345' })).toBe(CODE_INVALID);
    expect(verdict(schema, { ...body, code: 123456 })).toBe(CODE_INVALID);
  });

  it.each(bodies.filter(([name]) => ['register', 'resetPassword', 'changePassword'].includes(name)))(
    '%s judges a new password by the same rules',
    (_, schema, body) => {
      expect(verdict(schema, { ...body, password: 'short' })).toBe('密码至少 8 位');
      expect(verdict(schema, { ...body, password: undefined })).toBe('请输入密码');
    },
  );

  it.each([
    ['resetPassword', resetPassword.body],
    ['changePassword', changePassword.body],
  ] as const)('%s refuses a ticket of the wrong shape', (_, schema) => {
    expect(verdict(schema, { ticket: 'short', password: PASSWORD })).toBe('格式不正确');
  });

  it('password login takes the slide result only after failures: absent, or each field checked', () => {
    expect(verdict(passwordLogin.body, { phone: PHONE, password: PASSWORD, ...SLIDE })).toBe('ok');
    expect(verdict(passwordLogin.body, { phone: PHONE, password: PASSWORD, ...SLIDE, sig: 'x' })).toBe('滑动验证无效');
    expect(verdict(passwordLogin.body, { phone: PHONE, password: '' })).toBe('请输入密码');
  });

  it.each([
    ['sendCode', sendCode.body, { ...SLIDE, phone: PHONE, type: 'nope' }],
    ['checkCode', checkCode.body, { phone: PHONE, code: CODE, type: 'login' }],
  ] as const)('%s refuses a code purpose it does not take', (_, schema, body) => {
    expect(verdict(schema, body)).toBe('验证码类型不正确');
  });

  it('tokenByCode checks the OAuth state', () => {
    expect(verdict(tokenByCode.query, { code: 'c', state: 'abc123' })).toBe('ok');
    expect(verdict(tokenByCode.query, { code: 'c', state: 'a-b' })).toBe('state 不正确');
  });

  it('a login and the profile describe the reader with the same fields', () => {
    const identity = { userId: 7, nickname: '山城读者', userPic: '', syPhone: '138****8000' };
    const login = LoginData.parse({ token: 't', tokenType: 'Bearer', ...identity, expiresAt: '2026-01-01T00:00:00.000Z' });
    const info = UserInfo.parse({
      ...identity,
      userName: 'u',
      credit: 1,
      integRal: 2,
      creditLevel: 3,
      hasPassword: true,
      phoneBound: true,
      messengerBound: false,
    });
    expect(login).toMatchObject(identity);
    expect(info).toMatchObject(identity);
    expect(Object.keys(LoginData.shape)).toEqual(['token', 'tokenType', 'userId', 'nickname', 'userPic', 'syPhone', 'expiresAt']);
  });
});
