import { describe, expect, it } from 'vitest';
import { CHUNK_TIMEOUT_MS, LOAD_FAILED_TEXT, savesData } from './afterLoad.ts';

describe('savesData (ADR 011; hydrate on first tap only when the reader saves data)', () => {
  it.each([
    ['Save-Data on', { connection: { saveData: true, effectiveType: '4g' }, deviceMemory: 8 }, true],
    ['a 2g connection', { connection: { effectiveType: '2g' } }, true],
    ['a slow-2g connection', { connection: { effectiveType: 'slow-2g' } }, true],
    ['2 GB of memory', { deviceMemory: 2 }, true],
    ['1 GB of memory', { deviceMemory: 1 }, true],
    ['4 GB on 3g', { connection: { saveData: false, effectiveType: '3g' }, deviceMemory: 4 }, false],
    ['a browser that tells nothing', {}, false],
  ])('%s → %s', (_name, nav, expected) => {
    expect(savesData(nav)).toBe(expected);
  });
});

describe('spec 8/9 chunk failure constants', () => {
  it('a script chunk times out after 120000 ms and the control says 加载失败，点击重试', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120000);
    expect(LOAD_FAILED_TEXT).toBe('加载失败，点击重试');
  });
});
