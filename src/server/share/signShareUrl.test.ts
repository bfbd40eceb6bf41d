import { describe, expect, it } from 'vitest';
import { decideSignableUrl, newNonceStr, signShareUrl } from './signShareUrl.ts';

describe('signShareUrl', () => {
  it('matches the messenger JS-SDK documentation example', () => {
    expect(
      signShareUrl({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('changes with each field', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1, url: 'https://a.example/shancheng/home/1' };
    const signature = signShareUrl(base);
    expect(signShareUrl({ ...base, ticket: 't2' })).not.toBe(signature);
    expect(signShareUrl({ ...base, nonceStr: 'n2' })).not.toBe(signature);
    expect(signShareUrl({ ...base, timestamp: 2 })).not.toBe(signature);
    expect(signShareUrl({ ...base, url: 'https://a.example/shancheng/home/2' })).not.toBe(signature);
  });
});

describe('newNonceStr', () => {
  it('is 16 letters and digits, different each time', () => {
    const a = newNonceStr();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(newNonceStr()).not.toBe(a);
  });
});

describe('decideSignableUrl (only our own pages)', () => {
  const own = 'https://news.example.cn';
  it.each<[string, string | null]>([
    ['https://news.example.cn/shancheng/NewsDetail?classId=1&newsId=2', 'https://news.example.cn/shancheng/NewsDetail?classId=1&newsId=2'],
    ['https://news.example.cn/shancheng/home/1#top', 'https://news.example.cn/shancheng/home/1'],
    ['https://news.example.cn/shancheng', 'https://news.example.cn/shancheng'],
    ['https://evil.example/shancheng/home/1', null],
    ['https://news.example.cn.evil.example/shancheng/home/1', null],
    ['http://news.example.cn/shancheng/home/1', null],
    ['https://news.example.cn:8443/shancheng/home/1', null],
    ['https://user:pw@news.example.cn/shancheng/home/1', null],
    ['https://news.example.cn/v1/news/getDetails', null],
    ['https://news.example.cn/shanchengX/home', null],
    ['http://127.0.0.1/shancheng/home/1', null],
    ['http://169.254.169.254/latest/meta-data', null],
    ['file:///etc/passwd', null],
    ['javascript:alert(1)', null],
    ['/shancheng/home/1', null],
    ['not a url', null],
  ])('%s → %s', (raw, expected) => {
    expect(decideSignableUrl(raw, own)).toBe(expected);
  });
});
