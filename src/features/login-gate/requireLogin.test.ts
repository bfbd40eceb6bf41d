import { describe, expect, it } from 'vitest';
import { requireBoundPhone, requireLogin, type GateDeps } from './requireLogin.ts';

function deps(over: Partial<GateDeps>): GateDeps & { went: string[]; prompted: string[] } {
  const went: string[] = [];
  const prompted: string[] = [];
  return {
    loggedIn: () => false,
    phoneBound: () => true,
    inApp: () => false,
    currentAddress: () => '/shancheng/NewsDetail?classId=1&newsId=2',
    go: (url) => void went.push(url),
    prompt: (m) => void prompted.push(m),
    ...over,
    went,
    prompted,
  };
}

describe('requireLogin', () => {
  it.each([
    ['lets a logged-in reader through', { loggedIn: () => true }, true, [], []],
    [
      'sends an anonymous browser reader to the login page with the current address',
      {},
      false,
      ['/shancheng/LoginPage?mastLogin=true&redirect=%2Fshancheng%2FNewsDetail%3FclassId%3D1%26newsId%3D2'],
      [],
    ],
    ['shows the app login prompt inside the app webview', { inApp: () => true }, false, [], ['请先登录山城新闻账号']],
  ] as const)('%s', (_name, over, allowed, went, prompted) => {
    const d = deps(over);
    expect(requireLogin(d)).toBe(allowed);
    expect(d.went).toEqual(went);
    expect(d.prompted).toEqual(prompted);
  });

  it('sends a logged-in reader without a phone to bind one', () => {
    const d = deps({ loggedIn: () => true, phoneBound: () => false });
    expect(requireBoundPhone(d)).toBe(false);
    expect(d.went).toEqual(['/shancheng/BindPhone?redirect=%2Fshancheng%2FNewsDetail%3FclassId%3D1%26newsId%3D2']);
  });
});
