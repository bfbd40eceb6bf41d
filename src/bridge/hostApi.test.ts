import { describe, expect, it, vi } from 'vitest';
import { detectHost } from './detectHost.ts';
import { findMessageHandler, installTokenGetterOverride, readAppToken, waitForMessageHandler, type HostWindow } from './hostApi.ts';

const IOS_APP = detectHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/7.1.0');
const IOS_OLD_APP = detectHost(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/4.80',
);
const ANDROID_APP = detectHost(
  'Mozilla/5.0 (Linux; Android 13; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0 Mobile Safari/537.36 ShanchengApp/7.1.0',
);
const MESSENGER = detectHost(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c)',
);

describe('findMessageHandler', () => {
  it('posts plain objects to the iOS message handler', () => {
    const postMessage = vi.fn();
    const send = findMessageHandler({ webkit: { messageHandlers: { shancheng: { postMessage } } } });
    send?.({ type: 'title', title: '新闻详情' });
    expect(postMessage).toHaveBeenCalledWith({ type: 'title', title: '新闻详情' });
  });

  it('posts JSON text to the Android interface', () => {
    const postMessage = vi.fn();
    findMessageHandler({ ShanchengBridge: { postMessage } })?.({ type: 'jump', jump: { dt: 3, cid: 1, nid: 5 } });
    expect(postMessage).toHaveBeenCalledWith('{"type":"jump","jump":{"dt":3,"cid":1,"nid":5}}');
  });

  it.each<[string, HostWindow]>([
    ['nothing injected', {}],
    ['a handler object without postMessage', { webkit: { messageHandlers: { shancheng: {} } } }],
    ['a non-function postMessage', { ShanchengBridge: { postMessage: 'x' } }],
    ['another app’s handler', { webkit: { messageHandlers: { other: { postMessage: () => {} } } } }],
  ])('is null with %s', (_name, win) => {
    expect(findMessageHandler(win)).toBeNull();
  });
});

describe('waitForMessageHandler (spec 9: polls every 500 ms)', () => {
  it('finds a handler injected after the page started, polling at 500 ms', async () => {
    const win: HostWindow = {};
    const delays: number[] = [];
    const timers: (() => void)[] = [];
    const waiting = waitForMessageHandler(win, {
      setTimer: (fn, ms) => {
        delays.push(ms);
        timers.push(fn);
      },
    });
    timers.shift()?.();
    win['ShanchengBridge'] = { postMessage: () => {} };
    timers.shift()?.();
    expect(await waiting).not.toBeNull();
    expect(delays).toEqual([500, 500]);
  });

  it('gives up after the bounded number of tries', async () => {
    const timers: (() => void)[] = [];
    const waiting = waitForMessageHandler(
      {},
      {
        tries: 3,
        setTimer: (fn) => {
          timers.push(fn);
        },
      },
    );
    let rounds = 0;
    while (timers.length > 0) {
      timers.shift()?.();
      rounds += 1;
    }
    expect(await waiting).toBeNull();
    expect(rounds).toBe(3);
  });
});

describe('readAppToken (spec 4: the app’s token function)', () => {
  it.each<[string, Parameters<typeof readAppToken>[0], HostWindow, string | null]>([
    ['iOS 7.1.0 reads window.shancheng.getToken()', IOS_APP, { shancheng: { getToken: () => 'ios-token' } }, 'ios-token'],
    ['iOS 7.1.0 ignores the old override', IOS_APP, { getShanchengToken: () => 'old' }, null],
    ['iOS 4.80 reads the overridden getter', IOS_OLD_APP, { getShanchengToken: () => 'old-token', shancheng: { getToken: () => 'new' } }, 'old-token'],
    ['Android reads ShanchengBridge.getToken()', ANDROID_APP, { ShanchengBridge: { getToken: () => 'android-token' } }, 'android-token'],
    ['an empty token is no login', ANDROID_APP, { ShanchengBridge: { getToken: () => '' } }, null],
    ['a non-string is ignored', IOS_APP, { shancheng: { getToken: () => ({ token: 'x' }) } }, null],
    [
      'a throwing getter is ignored',
      IOS_APP,
      {
        shancheng: {
          getToken: () => {
            throw new Error('x');
          },
        },
      },
      null,
    ],
    ['outside the app nothing is read', MESSENGER, { shancheng: { getToken: () => 'leak' } }, null],
  ])('%s', (_name, host, win, expected) => {
    expect(readAppToken(host, win)).toBe(expected);
  });
});

describe('installTokenGetterOverride', () => {
  it('defines an empty getter on old iOS that the app may override', () => {
    const win: HostWindow = {};
    installTokenGetterOverride(IOS_OLD_APP, win);
    expect(readAppToken(IOS_OLD_APP, win)).toBeNull();
    win['getShanchengToken'] = () => 'after-override';
    expect(readAppToken(IOS_OLD_APP, win)).toBe('after-override');
  });

  it('keeps an override the app already made, and does nothing on newer apps', () => {
    const win: HostWindow = { getShanchengToken: () => 'early' };
    installTokenGetterOverride(IOS_OLD_APP, win);
    expect(readAppToken(IOS_OLD_APP, win)).toBe('early');
    const fresh: HostWindow = {};
    installTokenGetterOverride(IOS_APP, fresh);
    expect(fresh).toEqual({});
  });
});
