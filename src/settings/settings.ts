/**
 * Every setting of the process, in one place: the environment variables the server reads, each checked
 * with zod when the process starts (src/server/main.ts). A bad value stops the start with a message in
 * Chinese and English naming the variable (never its value: some are secrets). This module is the only
 * code in src that reads `process.env` (lint: eslint.config.js; table: README.md "Settings", checked by
 * settings.test.ts). An empty value counts as unset, as it always did.
 *
 * Values stay strings here; the code that uses one turns it into its own type (serverConfig.ts,
 * requestDeadlines.ts, cors.ts …), so a test can hand those functions a plain object.
 */
import { z } from 'zod';

interface SettingSpec {
  check: z.ZodType<string>;
  /** What a good value looks like, for the refusal message. */
  zh: string;
  en: string;
}

const anyText: SettingSpec = { check: z.string(), zh: '任意文字', en: 'any text' };
const wholeMs: SettingSpec = { check: z.string().regex(/^[1-9]\d{0,8}$/), zh: '正整数（毫秒）', en: 'a positive whole number of milliseconds' };
const positiveWhole: SettingSpec = { check: z.string().regex(/^[1-9]\d{0,8}$/), zh: '正整数', en: 'a positive whole number' };
const onOff: SettingSpec = { check: z.enum(['0', '1']), zh: '0 或 1', en: '0 or 1' };
const httpUrl = (zh: string, en: string): SettingSpec => ({
  check: z.string().refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }),
  zh,
  en,
});
const urlOf = (protocols: string[], zh: string, en: string): SettingSpec => ({
  check: z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }),
  zh,
  en,
});
/** An address the pages frame or send the reader to (SY_PLUS_URL, APP_DOWNLOAD_URL): https without credentials (http on localhost). */
const httpsAddress: SettingSpec = {
  check: z.string().refine((v) => {
    try {
      const u = new URL(v.trim());
      const local = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
      return (u.protocol === 'https:' || (u.protocol === 'http:' && local)) && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }),
  zh: '不含账号密码的 https 网址（本机开发可用 http）',
  en: 'an https URL without credentials (http on localhost)',
};
/** An API base: empty (same process) or an http(s) URL, as src/client/api.ts uses it. */
const apiBase = httpUrl('http(s) 网址', 'an http(s) URL');
const originList: SettingSpec = {
  check: z.string().refine((v) => v.split(',').every((o) => o.trim() === '' || /^https?:\/\/[^/\s]+\/*$/.test(o.trim()))),
  zh: '以逗号分隔的 http(s) 源（如 https://m.example.cn）',
  en: 'comma-separated http(s) origins (such as https://m.example.cn)',
};

/** Every variable the server reads, with what a good value is. */
export const SETTINGS = {
  PORT: {
    check: z
      .string()
      .regex(/^\d{1,5}$/)
      .refine((v) => Number(v) <= 65535),
    zh: '0–65535 的端口号',
    en: 'a port number 0–65535',
  },
  HOST: anyText,
  DATA_DIR: anyText,
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'postgres:// 网址', 'a postgres:// URL'),
  REDIS_URL: urlOf(['redis:', 'rediss:'], 'redis:// 网址', 'a redis:// URL'),
  REALTIME_REDIS_CHANNEL: anyText,
  RATE_LIMIT_REDIS_PREFIX: anyText,
  NODE_ENV: anyText,
  LOG_LEVEL: {
    check: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    zh: 'fatal、error、warn、info、debug、trace 或 silent',
    en: 'fatal, error, warn, info, debug, trace or silent',
  },
  SEED_DEMO: onOff,
  DEMO_PICTURE_CACHE: anyText,
  PUBLIC_ORIGIN: httpUrl('http(s) 网址', 'an http(s) URL'),
  CORS_ORIGINS: originList,
  TRUSTED_PROXIES: anyText,
  API_BASE: apiBase,
  GO_API_BASE: apiBase,
  NEWS_API_BASE: apiBase,
  MEMBER_API_BASE: apiBase,
  CDN_PURGE_URL: httpUrl('http(s) 网址', 'an http(s) URL'),
  MEDIA_S3_BUCKET: {
    check: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/),
    zh: '存储桶名称（小写字母、数字、点和连字符，3–63 个字符）',
    en: 'a bucket name (3–63 lowercase letters, digits, dots and hyphens)',
  },
  MEDIA_S3_ENDPOINT: httpUrl('http(s) 网址', 'an http(s) URL'),
  MEDIA_S3_REGION: {
    check: z.string().regex(/^[a-z0-9-]{1,40}$/),
    zh: '区域名称（如 oss-cn-chengdu、ap-chongqing）',
    en: 'a region name (such as oss-cn-chengdu, ap-chongqing)',
  },
  MEDIA_S3_ACCESS_KEY_ID: anyText,
  MEDIA_S3_SECRET_ACCESS_KEY: anyText,
  MEDIA_S3_FORCE_PATH_STYLE: onOff,
  MEDIA_PUBLIC_BASE: httpUrl('http(s) 网址', 'an http(s) URL'),
  PAGE_CACHE: onOff,
  API_CACHE: onOff,
  BENCH_FLOOR: onOff,
  REQUEST_BODY_MS: wholeMs,
  UPLOAD_IDLE_MS: wholeMs,
  KEEP_ALIVE_MS: wholeMs,
  SUB_ALLOWED_ORIGINS: originList,
  SUB_AUTH_TIMEOUT_MS: wholeMs,
  SUB_IDLE_TIMEOUT_MS: wholeMs,
  SUB_ACCEPT_RATE: positiveWhole,
  SUB_ACCEPT_BURST: positiveWhole,
  SHARE_TICKET: anyText,
  SHARE_APP_ID: anyText,
  MESSENGER_APP_ID: anyText,
  MESSENGER_APP_SECRET: anyText,
  CAPTCHA_PROVIDER: { check: z.enum(['own', 'aliyun']), zh: 'own 或 aliyun', en: 'own or aliyun' },
  ALIYUN_AFS_ACCESS_KEY_ID: anyText,
  ALIYUN_AFS_ACCESS_KEY_SECRET: anyText,
  ALIYUN_AFS_APP_KEY: anyText,
  ALIYUN_AFS_ENDPOINT: httpUrl('http(s) 网址', 'an http(s) URL'),
  ALIYUN_AFS_SCRIPT_URL: httpUrl('http(s) 网址', 'an http(s) URL'),
  AUTH_SECRET: anyText,
  SY_PLUS_URL: httpsAddress,
  APP_DOWNLOAD_URL: httpsAddress,
  SUPPORT_EMAIL: {
    check: z.string().regex(/^[^\s@<>"'()]{1,64}@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i),
    zh: '电子邮箱地址（如 service@example.cn）',
    en: 'an e-mail address (such as service@example.cn)',
  },
  MAPS_WEATHER_URL: httpsAddress,
  MAPS_WEATHER_KEY: anyText,
  WIRES_TEST_PRIVATE_HOSTS: onOff,
} satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The checked settings: set variables only, by name. */
export type Settings = Readonly<Partial<Record<SettingName, string | undefined>>>;

/** A bad setting: the message names every bad variable, in Chinese and in English. */
export class SettingsError extends Error {
  readonly names: SettingName[];
  constructor(names: SettingName[], message: string) {
    super(message);
    this.names = names;
    this.name = 'SettingsError';
  }
}

/** Checks every variable of `env`; throws SettingsError naming each bad one. */
export function parseSettings(env: Readonly<Record<string, string | undefined>>): Settings {
  const out: Partial<Record<SettingName, string>> = {};
  const bad: SettingName[] = [];
  const lines: string[] = [];
  for (const name of SETTING_NAMES) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const spec: SettingSpec = SETTINGS[name];
    if (spec.check.safeParse(raw).success) out[name] = raw;
    else {
      bad.push(name);
      lines.push(`- ${name}：应为${spec.zh} / ${name}: expected ${spec.en}`);
    }
  }
  if (out.CAPTCHA_PROVIDER === 'aliyun' && (!out.ALIYUN_AFS_ACCESS_KEY_ID || !out.ALIYUN_AFS_ACCESS_KEY_SECRET || !out.ALIYUN_AFS_APP_KEY)) {
    bad.push('CAPTCHA_PROVIDER');
    lines.push(
      '- CAPTCHA_PROVIDER=aliyun：还需要 ALIYUN_AFS_ACCESS_KEY_ID、ALIYUN_AFS_ACCESS_KEY_SECRET 和 ALIYUN_AFS_APP_KEY / CAPTCHA_PROVIDER=aliyun: needs ALIYUN_AFS_ACCESS_KEY_ID, ALIYUN_AFS_ACCESS_KEY_SECRET and ALIYUN_AFS_APP_KEY',
    );
  }
  if ((out.MEDIA_S3_ACCESS_KEY_ID === undefined) !== (out.MEDIA_S3_SECRET_ACCESS_KEY === undefined)) {
    bad.push(out.MEDIA_S3_ACCESS_KEY_ID === undefined ? 'MEDIA_S3_ACCESS_KEY_ID' : 'MEDIA_S3_SECRET_ACCESS_KEY');
    lines.push('- MEDIA_S3_ACCESS_KEY_ID 与 MEDIA_S3_SECRET_ACCESS_KEY 须同时设置 / MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  }
  // The wires' fetcher lets feeds on 127.0.0.1 through only for the test suite (docs/security.md W2).
  if (out.WIRES_TEST_PRIVATE_HOSTS === '1' && out.NODE_ENV !== 'test') {
    bad.push('WIRES_TEST_PRIVATE_HOSTS');
    lines.push('- WIRES_TEST_PRIVATE_HOSTS=1：只在 NODE_ENV=test 时可用 / WIRES_TEST_PRIVATE_HOSTS=1: only with NODE_ENV=test');
  }
  if (bad.length > 0) throw new SettingsError(bad, `设置有误，服务未启动 / Bad settings, the server did not start:\n${lines.join('\n')}`);
  return out;
}

let memo: { key: string; value: Settings } | undefined;

/**
 * The settings of this process, from its environment. Checked again only when a variable changed
 * (tests set some before building an app), so calling it per request costs a string join.
 */
export function settings(env: Readonly<Record<string, string | undefined>> = process.env): Settings {
  const key = SETTING_NAMES.map((n) => env[n] ?? '').join('\u0000');
  if (memo?.key === key) return memo.value;
  const value = parseSettings(env);
  memo = { key, value };
  return value;
}
