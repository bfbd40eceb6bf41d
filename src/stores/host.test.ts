import { afterEach, describe, expect, it, vi } from 'vitest';
import { $host, initHost } from './host.ts';

describe('$host', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    $host.set({ kind: 'browser', platform: 'other', appVersion: null });
  });

  it('starts as a plain browser', () => {
    expect($host.get()).toEqual({ kind: 'browser', platform: 'other', appVersion: null });
  });

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 ShanchengApp/7.1.0', undefined, 'app'],
    ['Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47.2560', undefined, 'messenger'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) MicroMessenger/8.0.47', 'miniprogram', 'miniprogram'],
  ] as const)('initHost reads the user agent %#', (userAgent, wxjsEnvironment, kind) => {
    vi.stubGlobal('navigator', { userAgent });
    vi.stubGlobal('window', { __wxjs_environment: wxjsEnvironment });
    expect(initHost().kind).toBe(kind);
    expect($host.get().kind).toBe(kind);
  });
});
