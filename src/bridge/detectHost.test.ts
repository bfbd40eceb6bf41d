import { describe, expect, it } from 'vitest';
import { currentHost, detectHost, isAppWebview, shouldFoldLongContent, usesTokenGetterOverride, type HostInfo } from './detectHost.ts';

const UA = {
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  huaweiBrowser:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  miniProgramAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx1234567890abcdef',
  appIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/7.1.0',
  appIosOld: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/4.8.2',
  appIos480: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/4.80',
  appIos490: 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/4.9.0',
  appAndroid:
    'Mozilla/5.0 (Linux; Android 13; 22081212C Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 ShanchengApp/7.1.0',
  appAndroidOld:
    'Mozilla/5.0 (Linux; Android 9; PAR-AL00 Build/HUAWEIPAR-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/74.0.3729.136 Mobile Safari/537.36 ShanchengApp/4.6.1',
  miniProgramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2d) NetType/WIFI Language/zh_CN miniProgram/wx1234567890abcdef',
  wechatWork:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.10 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  appAndroidMarker:
    'Mozilla/5.0 (Linux; Android 10; MI 9 Build/QKQ1.190825.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/83.0.4103.101 Mobile Safari/537.36 shancheng',
} as const;

describe('detectHost', () => {
  it.each<[string, string, HostInfo]>([
    ['iOS Safari', UA.iosSafari, { kind: 'browser', platform: 'ios', appVersion: null }],
    ['Android Chrome', UA.androidChrome, { kind: 'browser', platform: 'android', appVersion: null }],
    ['desktop Chrome', UA.desktopChrome, { kind: 'browser', platform: 'other', appVersion: null }],
    ['Huawei browser', UA.huaweiBrowser, { kind: 'browser', platform: 'android', appVersion: null }],
    ['messenger on iOS', UA.wechatIos, { kind: 'messenger', platform: 'ios', appVersion: null }],
    ['messenger on Android', UA.wechatAndroid, { kind: 'messenger', platform: 'android', appVersion: null }],
    ['mini-program on Android', UA.miniProgramAndroid, { kind: 'miniprogram', platform: 'android', appVersion: null }],
    ['app on iOS', UA.appIos, { kind: 'app', platform: 'ios', appVersion: '7.1.0' }],
    ['old app on iOS', UA.appIosOld, { kind: 'app', platform: 'ios', appVersion: '4.8.2' }],
    ['app 4.80 on iOS', UA.appIos480, { kind: 'app', platform: 'ios', appVersion: '4.80' }],
    ['app on Android', UA.appAndroid, { kind: 'app', platform: 'android', appVersion: '7.1.0' }],
    ['old app on Android', UA.appAndroidOld, { kind: 'app', platform: 'android', appVersion: '4.6.1' }],
    ['mini-program on iOS (UA marker)', UA.miniProgramIos, { kind: 'miniprogram', platform: 'ios', appVersion: null }],
    ['the work messenger reads as the messenger', UA.wechatWork, { kind: 'messenger', platform: 'ios', appVersion: null }],
    ['app on Android (marker only)', UA.appAndroidMarker, { kind: 'app', platform: 'android', appVersion: null }],
    ['an empty UA', '', { kind: 'browser', platform: 'other', appVersion: null }],
  ])('%s', (_name, ua, expected) => {
    expect(detectHost(ua)).toEqual(expected);
  });

  it.each<[string, string, string | null, HostInfo['kind']]>([
    ['iOS mini-program without a UA marker', UA.wechatIos, 'miniprogram', 'miniprogram'],
    ['messenger page with another environment', UA.wechatIos, 'browser', 'messenger'],
    ['app UA wins over the mini-program flag', UA.appIos, 'miniprogram', 'app'],
  ])('%s', (_name, ua, wxjsEnvironment, kind) => {
    expect(detectHost(ua, { wxjsEnvironment }).kind).toBe(kind);
  });
});

describe('usesTokenGetterOverride (spec 4: iOS app versions below 4.85)', () => {
  it.each<[string, string, boolean]>([
    ['iOS app 4.8.2', UA.appIosOld, true],
    ['iOS app 4.80', UA.appIos480, true],
    ['iOS app 4.9.0', UA.appIos490, false],
    ['iOS app 7.1.0', UA.appIos, false],
    ['Android app 4.6.1 (the override is iOS only)', UA.appAndroidOld, false],
    ['Android app without a version', UA.appAndroidMarker, false],
    ['messenger on iOS', UA.wechatIos, false],
    ['iOS Safari', UA.iosSafari, false],
  ])('%s → %s', (_name, ua, expected) => {
    expect(usesTokenGetterOverride(detectHost(ua))).toBe(expected);
  });
});

describe('shouldFoldLongContent (spec 4: never folded inside the app)', () => {
  it.each<[string, string, boolean]>([
    ['app on iOS', UA.appIos, false],
    ['app on Android', UA.appAndroid, false],
    ['messenger', UA.wechatAndroid, true],
    ['mini-program', UA.miniProgramIos, true],
    ['Chrome', UA.androidChrome, true],
  ])('%s → %s', (_name, ua, expected) => {
    expect(shouldFoldLongContent(detectHost(ua))).toBe(expected);
  });
});

describe('current host without a browser (server rendering)', () => {
  it('is a plain browser and not the app', () => {
    // Node 21+ defines navigator with a "Node.js/…" UA; both cases must read as a browser.
    expect(currentHost().kind).toBe('browser');
    expect(isAppWebview()).toBe(false);
  });
});
