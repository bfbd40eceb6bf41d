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
