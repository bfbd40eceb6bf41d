/**
 * No dead ends. Every bottom tab, every channel tab and every icon of the home page lands on a
 * page with content on every host: HTTP 200, no 404 inside the shell, no empty list, some text to read.
 * In the app webview the host draws the bottom tabs, so their addresses are opened directly there.
 */
import { expect, test, type Page } from '@playwright/test';

const BASE = '/shancheng';
const TABS = ['/home/1', '/syIframe/index', '/BangBang/index', '/interact'];
const DEAD_ENDS = /找不到这个页面|暂无内容|加载失败/;

async function expectContent(page: Page, href: string): Promise<void> {
  const res = await page.goto(href);
  expect(res?.status(), href).toBe(200);
  const main = page.locator('main');
  await expect(main, href).not.toContainText(DEAD_ENDS);
  // Something to read beyond the shell: at least a few lines of text or a list of entries.
  const text = (await main.innerText()).replace(/\s+/g, '');
  expect(text.length, `${href} has content`).toBeGreaterThan(40);
}

test('every bottom tab, channel tab and home icon opens a page with content', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.goto(`${BASE}/home/1`);
  const hrefs = async (nav: string) =>
    page
      .getByRole('navigation', { name: nav, exact: true })
      .first()
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  const app = info.project.name === 'app-webview';
  const tabs = app ? TABS.map((t) => BASE + t) : (await hrefs('主导航')).filter((h) => !h.endsWith('/LoginPage'));
  if (!app) expect(tabs.map((h) => h.slice(BASE.length))).toEqual(TABS);
  const channels = (await hrefs('频道')).filter((h) => h.startsWith('/'));
  const icons = (await hrefs('子频道')).filter((h) => h.startsWith('/'));
  expect(channels.length, 'channel tabs').toBeGreaterThanOrEqual(5);
  expect(icons.length, 'home icons').toBeGreaterThanOrEqual(8);
  for (const href of new Set([...tabs, ...channels, ...icons])) await expectContent(page, href);
});

test('我的 opens the login entry for a reader who is not logged in, never a dead end', async ({ page }, info) => {
  await page.goto(`${BASE}/home/1`);
  if (info.project.name === 'app-webview') {
    // The app draws its own tab bar, 我的 included (spec 2.2): the page draws none, and the login page is real.
    await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
    await expectContent(page, `${BASE}/LoginPage`);
    return;
  }
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click();
  await expect(page.getByText(/登录/).first()).toBeVisible();
});
