/**
 * The 我的 popup's reading settings (深色, 大字, 省流量) on the hosts with a tab bar: the phone browser and the
 * messenger (`.tabbar.spec.ts`, playwright.config.ts). The app webview has no tab bar and so no 我的 popup
 * (spec 2.2); there the host's text size and the phone's settings decide (readerComfort.all.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';

const HOME = '/shancheng/home/1';

/** The root's mode attributes as the first script after the boot script sees them (before any module runs). */
async function firstPaintModes(page: Page): Promise<{ theme: string | null; text: string | null; lite: string | null }> {
  return page.evaluate(() => (window as unknown as { __modes: { theme: string | null; text: string | null; lite: string | null } }).__modes);
}

test.beforeEach(async ({ page }) => {
  // Read the attributes as the body starts: what the first paint uses.
  await page.addInitScript(() => {
    const read = () => {
      const r = document.documentElement;
      (window as unknown as { __modes: object }).__modes = {
        theme: r.getAttribute('data-theme'),
        text: r.getAttribute('data-text'),
        lite: r.getAttribute('data-lite'),
      };
    };
    new MutationObserver((_records, observer) => {
      if (document.body) {
        read();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
});

test('the 我的 switches set and remember 深色, 大字 and 省流量', async ({ page }) => {
  await page.goto(HOME);
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click();
  const mine = page.getByRole('dialog', { name: '我的' });
  await expect(mine.getByRole('radio', { name: '跟随系统' }).first()).toBeChecked();
  // The radio lies over its words (a tap anywhere on the choice is a tap on the radio).
  await mine.getByRole('group', { name: '深色模式' }).getByRole('radio', { name: '深色', exact: true }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await mine.getByRole('group', { name: '大字模式（适老化）' }).getByRole('radio', { name: '大字', exact: true }).check();
  await expect(page.locator('html')).toHaveAttribute('data-text', 'large');
  await mine.getByRole('switch', { name: /省流量/ }).check();
  await expect(page.locator('html')).toHaveAttribute('data-lite', 'on');
  await page.reload();
  expect(await firstPaintModes(page)).toEqual({ theme: 'dark', text: 'large', lite: 'on' });
  // 省流量 reaches the server as its cookie: the next page is made lite there.
  expect(await page.locator('img[srcset]').count()).toBe(0);
});
