import { describe, expect, it } from 'vitest';
import { allowedExternal, decideRedirect } from './redirectTarget.ts';

const go = (q: string, extra: string[] = []) => decideRedirect(new URLSearchParams(q), extra);

describe('decideRedirect', () => {
  it('sends an OAuth return to the login page with its code, state and a safe redirect', () => {
    expect(go('code=abc&state=s1&redirect=/shancheng/NewsDetail?classId=1%26newsId=2')).toEqual({
      kind: 'go',
      href: '/shancheng/LoginPage?code=abc&state=s1&redirect=%2Fshancheng%2FNewsDetail%3FclassId%3D1%26newsId%3D2',
    });
    expect(go('code=abc&state=s1&redirect=https://evil.example/')).toEqual({
      kind: 'go',
      href: '/shancheng/LoginPage?code=abc&state=s1&redirect=%2Fshancheng%2Fhome%2F1',
    });
  });
  it.each([
    ['dt=3&cid=101&nid=7', '/shancheng/NewsDetail?classId=101&newsId=7'],
    ['dt=1&cid=101&nid=7', '/shancheng/LiveDetail?classId=101&newsId=7'],
    ['dt=15&nid=3', '/shancheng/BangBang/politics/detail?id=3'],
    ['dt=46&cid=4', '/shancheng/interact'],
    ['dt=59&ext=syIframe', '/shancheng/syIframe/index'],
    ['dt=7&url=https://www.cqnews.net/a/1.html', 'https://www.cqnews.net/a/1.html'],
    ['dt=7&url=/shancheng/Map', '/shancheng/Map'],
  ])('follows the jump table: %s → %s', (q, href) => {
    expect(go(q)).toEqual({ kind: 'go', href });
  });
  it.each([
    'dt=7&url=https://evil.example/',
    'dt=7&url=javascript:alert(1)',
    'dt=7&url=//evil.example',
    'dt=7&url=http://www.cqnews.net/',
    'dt=3&cid=101',
    'dt=999',
    '',
    'dt=7&url=https://cqnews.net.evil.example/',
  ])('refuses %j', (q) => {
    expect(go(q).kind).toBe('refused');
  });
  it('a plain redirect stays under the base', () => {
    expect(go('redirect=/shancheng/Map')).toEqual({ kind: 'go', href: '/shancheng/Map' });
    expect(go('redirect=https://evil.example/')).toEqual({ kind: 'go', href: '/shancheng/home/1' });
  });
  it('an extra origin (the 山城+ setting) is allowed exactly', () => {
    expect(go('dt=7&url=https://plus.example.cn/x', ['https://plus.example.cn']).kind).toBe('go');
    expect(allowedExternal('https://plus.example.cn.evil.example/', ['https://plus.example.cn'])).toBe(false);
  });
});
