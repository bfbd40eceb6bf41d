/**
 * The newsroom console in a browser (ADR 017): its own page at /newsroom/ with its own
 * strict CSP, no-store and noindex; an admin signs in with the password and the second factor, invites a
 * reporter, the reporter enrols through the one-time link (QR code shown once) and signs in; the audit
 * trail shows the invitation; the console's pages pass axe's WCAG 2.1 AA rules at 375 px.
 */
import { expect, test } from '@playwright/test';
import { currentTotp } from '../../src/server/staff/totp.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

test('the console page: its own strict CSP, never stored, not indexed; not under the reader base', async ({ request }) => {
  const res = await request.get('/newsroom/');
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('res.wx.qq.com');
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['x-robots-tag']).toContain('noindex');
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  // No reader shell, boot script or island on it.
  expect(html).not.toContain('astro-island');
  expect(html).not.toMatch(/<script(?![^>]*src="\/newsroom\/_astro\/)/);
  expect((await request.get('/shancheng/newsroom')).status()).toBe(404);
});

test('an admin signs in with the second factor and invites a reporter, who enrols and signs in', async ({ page, browser, request }) => {
  await signInDemo(page, request, 'demo-admin');
  await expect(page.getByRole('banner').getByText('张晓雨')).toBeVisible();

  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '人员与角色' }).click();
  const account = `reporter-${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: '账号' }).fill(account);
  await page.getByRole('textbox', { name: '姓名' }).fill('新记者');
  await page.getByRole('combobox', { name: '角色' }).first().selectOption('reporter');
  await page.getByRole('button', { name: '生成开通链接' }).click();
  const link = (await page.getByTestId('enrol-link').textContent())!.trim();
  expect(link).toMatch(/\/newsroom\/enrol#[A-Za-z0-9_-]{43}$/);
  expect(await axeReport(page)).toEqual([]);

  // The reporter, in a browser of their own.
  const reporterContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const reporter = await reporterContext.newPage();
  await reporter.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await reporter.getByRole('button', { name: '显示二维码' }).click();
  await expect(reporter.getByRole('img', { name: /动态验证码二维码/ })).toBeVisible();
  const secret = (await reporter.locator('.nr-secret').textContent())!.trim();
  await reporter.getByLabel('设置密码（至少 12 位）').fill('night-shift-reporter-2026');
  await reporter.getByLabel('再次输入密码').fill('night-shift-reporter-2026');
  // The current step's code: the last step's stops being taken at the next step, which a slow click may reach.
  await reporter.getByLabel('身份验证器显示的 6 位动态验证码').fill(currentTotp(secret, Date.now()));
  await reporter.getByRole('button', { name: '完成开通' }).click();
  await expect(reporter.getByText('开通成功，请用新密码和动态验证码登录。')).toBeVisible();
  await reporter.getByRole('button', { name: '去登录' }).click();
  await reporter.getByRole('textbox', { name: '账号' }).fill(account);
  await reporter.getByRole('textbox', { name: '密码' }).fill('night-shift-reporter-2026');
  await reporter.getByRole('button', { name: '下一步' }).click();
  await reporter.getByRole('textbox', { name: '动态验证码' }).fill(currentTotp(secret, Date.now() + 30_000));
  await reporter.getByRole('button', { name: '登录' }).click();
  await expect(reporter.getByRole('heading', { name: '工作台' })).toBeVisible();
  // A reporter's navigation has no staff or audit pages.
  await expect(reporter.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '人员与角色' })).toHaveCount(0);
  await reporterContext.close();

  // The admin reads the invitation and the reporter's enrolment in the audit trail.
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '操作记录' }).click();
  await expect(page.getByRole('cell', { name: '邀请人员' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '开通账号' }).first()).toBeVisible();
  expect(await axeReport(page)).toEqual([]);
});

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });
