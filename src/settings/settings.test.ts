import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSettings, SETTING_NAMES, settings, SettingsError } from './settings.ts';

/** Variables of the README table that only the test and bench tooling reads (scripts/, tests/, bench/). */
const TOOLING = new Set(['CHROMIUM_PATH', 'E2E_WORKERS', 'E2E_PORT', 'BENCH_DURATION', 'BENCH_CONNECTIONS', 'BENCH_LH_RUNS', 'BENCH_GROWTH_ROWS']);

function readmeSettings(): Set<string> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 1));
  const names = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const firstCell = line.split('|')[1] ?? '';
    for (const m of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)) names.add(m[1]!);
  }
  // Variables named in the explanation cell (REDIS_URL's channel and prefix, the aliyun keys) count too.
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    for (const m of (line.split('|')[2] ?? '').matchAll(/`([A-Z][A-Z0-9_]{3,})`/g)) names.add(m[1]!);
  }
  return names;
}

describe('the settings module and the README table', () => {
  it('lists every variable the module reads, and the module reads every server variable the table lists', () => {
    const table = readmeSettings();
    expect(SETTING_NAMES.filter((n) => !table.has(n))).toEqual([]);
    expect([...table].filter((n) => !TOOLING.has(n) && !(SETTING_NAMES as string[]).includes(n))).toEqual([]);
  });

  it('lists SY_PLUS_URL', () => {
    expect(readmeSettings().has('SY_PLUS_URL')).toBe(true);
  });
});

describe('parseSettings', () => {
  it('keeps good values and treats an empty value as unset', () => {
    const s = parseSettings({ PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', PAGE_CACHE: '0', SY_PLUS_URL: 'https://plus.example.cn/h5/' });
    expect(s).toEqual({ PORT: '0', LOG_LEVEL: 'warn', PAGE_CACHE: '0', SY_PLUS_URL: 'https://plus.example.cn/h5/' });
  });

  it('ignores variables that are not settings', () => {
    expect(parseSettings({ PATH: '/usr/bin', HOME: '/root' })).toEqual({});
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['PAGE_CACHE', 'off'],
    ['SEED_DEMO', 'no'],
    ['REQUEST_BODY_MS', '-5'],
    ['SUB_ACCEPT_RATE', '0'],
    ['CORS_ORIGINS', 'https://ok.example,*.example'],
    ['CAPTCHA_PROVIDER', 'google'],
    ['SY_PLUS_URL', 'http://plus.example.cn/'],
    ['PUBLIC_ORIGIN', 'm.example.cn'],
  ])('refuses %s=%s with a Chinese and English message naming it', (name, value) => {
    let caught: unknown;
    try {
      parseSettings({ [name]: value });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SettingsError);
    const err = caught as SettingsError;
    expect(err.names).toEqual([name]);
    expect(err.message).toContain(`${name}：应为`);
    expect(err.message).toContain(`${name}: expected`);
    expect(err.message).toContain('服务未启动');
    expect(err.message).toContain('the server did not start');
  });

  it('never repeats a value in its message (some settings are secrets)', () => {
    expect(() => parseSettings({ CAPTCHA_PROVIDER: 'aliyun', ALIYUN_AFS_ACCESS_KEY_ID: 'id-secret-value' })).toThrow(SettingsError);
    try {
      parseSettings({ CAPTCHA_PROVIDER: 'aliyun', ALIYUN_AFS_ACCESS_KEY_ID: 'id-secret-value', PORT: 'zz-port' });
    } catch (err) {
      expect((err as Error).message).not.toContain('id-secret-value');
      expect((err as Error).message).not.toContain('zz-port');
      expect((err as SettingsError).names).toEqual(['PORT', 'CAPTCHA_PROVIDER']);
    }
  });

  it('takes the media store settings (ADR 019): a bucket name, and both S3 keys or neither, without echoing a key', () => {
    expect(parseSettings({ MEDIA_S3_BUCKET: 'sc-media', MEDIA_S3_FORCE_PATH_STYLE: '1' })).toEqual({
      MEDIA_S3_BUCKET: 'sc-media',
      MEDIA_S3_FORCE_PATH_STYLE: '1',
    });
    expect(() => parseSettings({ MEDIA_S3_BUCKET: 'Bad_Bucket' })).toThrow(/MEDIA_S3_BUCKET/);
    expect(() => parseSettings({ MEDIA_PUBLIC_BASE: 'cdn.example.cn' })).toThrow(/MEDIA_PUBLIC_BASE/);
    try {
      parseSettings({ MEDIA_S3_BUCKET: 'sc-media', MEDIA_S3_ACCESS_KEY_ID: 'key-id-value' });
      expect.unreachable();
    } catch (err) {
      expect((err as SettingsError).names).toEqual(['MEDIA_S3_SECRET_ACCESS_KEY']);
      expect((err as Error).message).not.toContain('key-id-value');
    }
  });

  it('names every bad variable at once', () => {
    expect(() => parseSettings({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('settings()', () => {
  it('reads the environment it is given again when a variable changed', () => {
    expect(settings({ PORT: '1' }).PORT).toBe('1');
    expect(settings({ PORT: '2' }).PORT).toBe('2');
    expect(() => settings({ PORT: 'bad' })).toThrow(SettingsError);
  });
});
