import { describe, expect, it } from 'vitest';
import { safeRedirectPath, safeUrl } from './safeUrl.ts';

describe('safeUrl', () => {
  it.each([
    ['https://www.cqnews.net/a.html', 'https://www.cqnews.net/a.html'],
    ['http://example.com/x', 'http://example.com/x'],
    ['/shancheng/NewsDetail?classId=1&newsId=2', '/shancheng/NewsDetail?classId=1&newsId=2'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['\u0000javascript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['//evil.com', null],
    ['/\\evil.com', null],
    ['/other/path', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/shancheng/NewsDetail?classId=1&newsId=2', '/shancheng/NewsDetail?classId=1&newsId=2'],
    ['https://evil.com', '/shancheng/home/1'],
    ['//evil.com', '/shancheng/home/1'],
    ['/\\evil.com', '/shancheng/home/1'],
    ['\\/evil.com', '/shancheng/home/1'],
    ['%2F%2Fevil.com', '/shancheng/home/1'],
    ['javascript:alert(1)', '/shancheng/home/1'],
    ['https://app.example.com.evil.com', '/shancheng/home/1'],
    ['https://evil.com#@app.example.com', '/shancheng/home/1'],
    ['/shancheng/\\evil', '/shancheng/home/1'],
    [null, '/shancheng/home/1'],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('one base path', () => {
  it("spells '/shancheng' once: BASE_PATH in this module; astro.config.mjs and the code take it from here", async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx|astro|mjs|js)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) files.push(p);
      }
    };
    walk(path.join(root, 'src'));
    files.push(path.join(root, 'astro.config.mjs'));
    // The base path alone as a literal ('/shancheng', "/shancheng", `/shancheng`), or as a template's head.
    const literal = /(['"`])\/shancheng\1|`\/shancheng\//;
    const spelled = files.filter((f) => literal.test(readFileSync(f, 'utf8'))).map((f) => path.relative(root, f));
    expect(spelled).toEqual(['src/lib/safeUrl.ts']);
    expect(readFileSync(path.join(root, 'astro.config.mjs'), 'utf8')).toMatch(/base: BASE_PATH/);
  });
});
