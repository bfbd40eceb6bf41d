import { describe, expect, it } from 'vitest';
import { readHostMessage, type HostMessageEvent } from './listenToHost.ts';

const self = { name: 'page window' };
const ORIGIN = 'https://news.example.cn';
const token = { source: 'shancheng-app', type: 'token', token: 'abcDEF_123-xyz' };

describe('readHostMessage (security.md H63)', () => {
  it('accepts a well-formed token message from the page itself', () => {
    expect(readHostMessage({ origin: ORIGIN, source: self, data: token }, ORIGIN, self)).toEqual({ type: 'token', token: 'abcDEF_123-xyz' });
  });

  it.each([true, false])('accepts the app’s text size (large: %s), which turns elder mode on or off', (large) => {
    const data = { source: 'shancheng-app', type: 'textSize', large };
    expect(readHostMessage({ origin: ORIGIN, source: self, data }, ORIGIN, self)).toEqual({ type: 'textSize', large });
    expect(readHostMessage({ origin: 'https://evil.example', source: self, data }, ORIGIN, self)).toBeNull();
    expect(readHostMessage({ origin: ORIGIN, source: self, data: { ...data, large: 'yes' } }, ORIGIN, self)).toBeNull();
  });

  it.each<[string, HostMessageEvent]>([
    ['another origin', { origin: 'https://evil.example', source: self, data: token }],
    ['a look-alike origin', { origin: 'https://news.example.cn.evil.example', source: self, data: token }],
    ['another window (a frame)', { origin: ORIGIN, source: { name: 'frame' }, data: token }],
    ['the wrong source tag', { origin: ORIGIN, source: self, data: { ...token, source: 'other' } }],
    ['an unknown type', { origin: ORIGIN, source: self, data: { ...token, type: 'navigate', url: 'https://evil.example' } }],
    ['a non-string token', { origin: ORIGIN, source: self, data: { ...token, token: 42 } }],
    ['a token with spaces', { origin: ORIGIN, source: self, data: { ...token, token: 'a b' } }],
    ['a string payload', { origin: ORIGIN, source: self, data: JSON.stringify(token) }],
  ])('ignores %s', (_name, event) => {
    expect(readHostMessage(event, ORIGIN, self)).toBeNull();
  });
});
