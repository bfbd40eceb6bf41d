/**
 * Reading request input without surprises: duplicate keys are refused (parameter pollution,
 * security.md F41), keys land on null-prototype objects (prototype pollution, F42), and only JSON
 * or form-encoded bodies are accepted (F43).
 */
import type { Context } from 'hono';
import type { z } from '../../contract/zod.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { readerMessage } from '../../contract/readerMessages.ts';
import { ApiFailure, messages } from './envelope.ts';

export function badParams(detail: string): ApiFailure {
  return new ApiFailure(StatusCode.badParams, `${messages.badParams}: ${detail}`, 400);
}

export function paramsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(out, key)) throw badParams(`参数 ${key} 重复`);
    out[key] = value;
  }
  return out;
}

export function readQuery(c: Context): Record<string, string> {
  const url = new URL(c.req.url);
  return paramsToObject(url.searchParams);
}

export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await c.req.text();
  if (text.length === 0) return Object.create(null);
  if (type === 'application/x-www-form-urlencoded') {
    return paramsToObject(new URLSearchParams(text));
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, (key, value: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : value));
    } catch {
      throw badParams('JSON 格式不正确');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badParams('请求体必须是对象');
    return parsed;
  }
  throw new ApiFailure(StatusCode.badParams, messages.unsupportedType, 415);
}

/** Parses with a contract schema; the first issue becomes a reader's message `参数错误: 页码不能小于 1` (readerMessages.ts). */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badParams(issue ? readerMessage(issue) : '格式不正确');
}
