/**
 * Reading request input without surprises: duplicate keys are refused (parameter pollution,
 * security.md F41), keys land on null-prototype objects (prototype pollution, F42), and only JSON
 * or form-encoded bodies are accepted (F43). Every string read here, in the query and at any depth of
 * the body, passes `cleanText` (F47) before a contract sees it.
 */
import type { Context } from 'hono';
import type { z } from '../../contract/zod.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { readerMessage } from '../../contract/readerMessages.ts';
import { ApiFailure, messages } from './envelope.ts';

export function badParams(detail: string): ApiFailure {
  return new ApiFailure(StatusCode.badParams, `${messages.badParams}: ${detail}`, 400);
}

/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what a reader sees. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** C0 and C1 control characters but NUL, tab, line feed and carriage return (BEL, ESC, DEL …). NUL is refused by the contracts (F44). */
const CONTROLS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Text a reader cannot see: whitespace and default-ignorable code points (zero-width spaces and joiners, BOM, fillers …). */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]+$/u;

/**
 * The one rule every input string passes (security.md F47): control characters and bidirectional
 * overrides are stripped, and a string made only of invisible characters becomes '' — so a required
 * field of zero-width spaces is refused by its own contract as empty (收货人不能为空, 请填写收货人), and an
 * optional one is treated as not given. Visible text keeps its inner joiners (emoji sequences need them).
 */
export function cleanText(value: string): string {
  const stripped = value.replace(BIDI_CONTROLS, '').replace(CONTROLS, '');
  return INVISIBLE_ONLY.test(stripped) ? '' : stripped;
}

/** `cleanText` on every string of a parsed body: in arrays and nested objects too. */
export function cleanInput(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanInput);
  if (value !== null && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [key, inner] of Object.entries(value)) out[key] = cleanInput(inner);
    return out;
  }
  return value;
}

export function paramsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(out, key)) throw badParams(`参数 ${key} 重复`);
    out[key] = cleanText(value);
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
    return cleanInput(parsed);
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
