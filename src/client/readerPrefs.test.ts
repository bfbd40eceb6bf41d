import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { applyReaderPrefs, parseReaderPrefs, type PrefsWindow } from './readerPrefs.ts';

describe('parseReaderPrefs', () => {
  it.each([
    ['nothing stored', null, { theme: 'system', text: 'auto', lite: false, hostLarge: false }],
    ['a damaged value', '{oops', { theme: 'system', text: 'auto', lite: false, hostLarge: false }],
    ['every choice', '{"theme":"dark","text":"large","lite":true,"hostLarge":true}', { theme: 'dark', text: 'large', lite: true, hostLarge: true }],
    ['unknown values', '{"theme":"blue","text":9,"lite":"yes"}', { theme: 'system', text: 'auto', lite: false, hostLarge: false }],
  ])('%s', (_name, raw, prefs) => {
    expect(parseReaderPrefs(raw)).toEqual(prefs);
  });
});

function fakeWindow(stored: object | null, options: { dark?: boolean; saveData?: boolean; bodyPx?: number } = {}) {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>');
  const listeners: Array<() => void> = [];
  const scheme = { matches: options.dark === true, addEventListener: (_t: string, fn: () => void) => listeners.push(fn) };
  const w = {
    document: dom.window.document,
    localStorage: { getItem: () => (stored === null ? null : JSON.stringify(stored)) },
    matchMedia: () => scheme,
    navigator: { connection: { saveData: options.saveData === true } },
    getComputedStyle: () => ({ fontSize: `${options.bodyPx ?? 16}px` }),
  } as unknown as PrefsWindow;
  const attrs = () => {
    const root = dom.window.document.documentElement;
    return { theme: root.getAttribute('data-theme'), text: root.getAttribute('data-text'), lite: root.getAttribute('data-lite') };
  };
  return { w, attrs, scheme, listeners };
}

describe('applyReaderPrefs — the root attributes before the first paint', () => {
  it.each([
    ['defaults on a light phone', null, {}, { theme: null, text: null, lite: null }],
    ['跟随系统 on a dark phone', null, { dark: true }, { theme: 'dark', text: null, lite: null }],
    ['浅色 on a dark phone', { theme: 'light' }, { dark: true }, { theme: null, text: null, lite: null }],
    ['深色 on a light phone', { theme: 'dark' }, {}, { theme: 'dark', text: null, lite: null }],
    ['大字', { text: 'large' }, {}, { theme: null, text: 'large', lite: null }],
    ['iOS Dynamic Type 特大 with nothing chosen', null, { bodyPx: 23 }, { theme: null, text: 'large', lite: null }],
    ['iOS default text size', null, { bodyPx: 17 }, { theme: null, text: null, lite: null }],
    ['标准 refuses the host’s large text', { text: 'normal', hostLarge: true }, { bodyPx: 23 }, { theme: null, text: null, lite: null }],
    ['the app said large text', { hostLarge: true }, {}, { theme: null, text: 'large', lite: null }],
    ['省流量', { lite: true }, {}, { theme: null, text: null, lite: 'on' }],
    ['the browser saves data', null, { saveData: true }, { theme: null, text: null, lite: 'on' }],
  ])('%s', (_name, stored, options, expected) => {
    const { w, attrs } = fakeWindow(stored, options);
    applyReaderPrefs(w, true);
    expect(attrs()).toEqual(expected);
  });

  it('keeps a page the server made lite (Save-Data) lite, until 省流量 is turned off', () => {
    const { w, attrs } = fakeWindow({ lite: false });
    w.document.documentElement.setAttribute('data-lite', 'on');
    applyReaderPrefs(w, true);
    expect(attrs().lite).toBe('on');
    applyReaderPrefs(w);
    expect(attrs().lite).toBeNull();
  });

  it('follows the phone turning dark while 跟随系统', () => {
    const { w, attrs, scheme, listeners } = fakeWindow(null);
    applyReaderPrefs(w, true);
    expect(attrs().theme).toBeNull();
    scheme.matches = true;
    for (const fn of listeners) fn();
    expect(attrs().theme).toBe('dark');
    expect(listeners).toHaveLength(1);
  });
});
