/** Helpers for the accounts API suites: a human-like slide trail, form posts, the outbox code. */
import { expect } from 'vitest';
import { envelope, type TestApp } from '../support/testApp.ts';

export type Env<T = unknown> = { statusCode: number; message: string; data: T };

export const TRACK_WIDTH = 280;

/** An uneven drag to the right end: ease-out speed, 12–24 ms samples, the finger wandering a little. */
export function humanTrail(width = TRACK_WIDTH): Array<[number, number, number]> {
  const points: Array<[number, number, number]> = [];
  let t = 0;
  const steps = 40;
  for (let i = 0; i <= steps; i++) {
    const p = i / steps;
    const x = width * (1 - (1 - p) ** 3);
    const y = Math.sin(i * 1.7) * 2.5 + (i % 3);
    points.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10, t]);
    t += 12 + ((i * 7) % 13);
  }
  return points;
}

export function form(t: TestApp, path: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    }),
  );
}

export async function formEnv<T = unknown>(t: TestApp, path: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Env<T>> {
  return envelope<T>(await form(t, path, body, headers));
}

export async function getEnv<T = unknown>(t: TestApp, path: string, headers: Record<string, string> = {}): Promise<Env<T>> {
  return envelope<T>(await t.app.request(path, { headers }));
}

export interface Slide {
  token: string;
  csessionid: string;
  sig: string;
  scene: string;
}

/** Passes the slide check from `ip`. */
export async function passSlide(t: TestApp, ip: string): Promise<Slide> {
  const challenge = await getEnv<{ challenge: string }>(t, '/api/captcha/challenge', { 'x-forwarded-for': ip });
  const res = await t.app.request('/api/captcha/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ challenge: challenge.data.challenge, width: TRACK_WIDTH, trail: humanTrail() }),
  });
  const body = await envelope<Slide>(res);
  expect(body.statusCode, body.message).toBe(200);
  return body.data;
}

/** Sends a code (slide check first) and returns the envelope. */
export async function sendCode(
  t: TestApp,
  phone: string | null,
  type: string,
  ip: string,
  headers: Record<string, string> = {},
): Promise<Env<{ resendAfter: number }>> {
  const slide = await passSlide(t, ip);
  const body: Record<string, string> = { ...slide, type };
  if (phone !== null) body['phone'] = phone;
  return formEnv(t, '/v1/common/webSendMsg1', body, { 'x-forwarded-for': ip, ...headers });
}

/** The newest message in the development outbox for `phone`. */
export async function outbox(t: TestApp, phone: string): Promise<Array<{ text: string }>> {
  return (await getEnv<Array<{ text: string }>>(t, `/api/dev/outbox?phone=${phone}`)).data;
}

export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const [latest] = await outbox(t, phone);
  const m = /验证码 (\d{6})/.exec(latest?.text ?? '');
  if (!m) throw new Error(`no code in the outbox for ${phone}: ${latest?.text ?? '(empty)'}`);
  return m[1]!;
}

export interface Login {
  token: string;
  tokenType: string;
  userId: number;
  nickname: string;
  syPhone: string;
}

/** Logs in by code (auto-registers). */
export async function loginByCode(t: TestApp, phone: string, ip: string): Promise<Login> {
  const sent = await sendCode(t, phone, 'login', ip);
  expect(sent.statusCode, sent.message).toBe(200);
  const res = await formEnv<Login>(t, '/v1/user/code_login', { phone, code: await latestCode(t, phone) }, { 'x-forwarded-for': ip });
  expect(res.statusCode, res.message).toBe(200);
  return res.data;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
