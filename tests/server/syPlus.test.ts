/**
 * The 山城+ tab with SY_PLUS_URL set: the real server frames that URL, the page's CSP
 * frame-src adds exactly its origin, and /RedirectPage may send a reader there. Without the setting
 * the tab is our own 山城号 square (tests/e2e/shellPages.all.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../../scripts/ensureBuild.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

let server: ServerProcess | undefined;

beforeAll(async () => {
  ensureBuild();
  server = await startServer({ env: { SY_PLUS_URL: 'https://plus.example.cn/h5/index.html?from=sc', LOG_LEVEL: 'warn' } });
}, 180_000);

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

describe('the 山城+ tab with SY_PLUS_URL', () => {
  it('frames the setting and allows exactly its origin in frame-src', async () => {
    const res = await fetch(`${server!.origin}/shancheng/syIframe/index`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('src="https://plus.example.cn/h5/index.html?from=sc"');
    const frameSrc =
      (res.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('frame-src')) ?? '';
    const sources = frameSrc.split(/\s+/).slice(1);
    expect(sources).toContain('https://plus.example.cn');
    expect(sources.filter((s) => s.includes('example.cn'))).toEqual(['https://plus.example.cn']);
    expect(sources.some((s) => s.includes('*'))).toBe(false);
  });

  it('other pages do not allow the plus origin', async () => {
    const res = await fetch(`${server!.origin}/shancheng/interact/syh`);
    expect(res.headers.get('content-security-policy')).not.toContain('plus.example.cn');
  });

  it('/RedirectPage follows a jump to the plus origin and refuses a look-alike', async () => {
    const ok = await fetch(`${server!.origin}/shancheng/RedirectPage?dt=7&url=${encodeURIComponent('https://plus.example.cn/h5/act?id=3')}`, {
      redirect: 'manual',
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('https://plus.example.cn/h5/act?id=3');
    const bad = await fetch(`${server!.origin}/shancheng/RedirectPage?dt=7&url=${encodeURIComponent('https://plus.example.cn.evil.example/')}`, {
      redirect: 'manual',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('不在山城新闻允许打开的范围内');
  });
});
