/**
 * The reader's comfort modes on every host (src/client/readerPrefs.ts, src/lib/liteMode.ts): dark mode follows
 * the phone and the 我的 switch, elder mode (大字) and 省流量 are remembered on the phone and painted before the
 * first frame, and a Save-Data page comes lite. The app webview has no tab bar (spec 2.2), so there the
 * stored choice and the phone's settings are what it follows.
 */
import { expect, test, type Page } from '@playwright/test';

const HOME = '/shancheng/home/1';
const ARTICLE = '/shancheng/NewsDetail?classId=101&newsId=1';

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

test('dark mode follows the phone’s setting, before the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(HOME);
  expect((await firstPaintModes(page)).theme).toBe('dark');
  const page_ = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(page_).toBe('rgb(17, 17, 17)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
});

test('a stored choice (浅色 on a dark phone, 大字, 省流量) is painted from the first frame', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(HOME);
  await page.evaluate(() => localStorage.setItem('readerPrefs', JSON.stringify({ theme: 'light', text: 'large', lite: true })));
  await page.reload();
  expect(await firstPaintModes(page)).toEqual({ theme: null, text: 'large', lite: 'on' });
  // Elder mode: body text of 20 px (≥ 18 pt equivalent on the MIIT scale), controls 60 px tall.
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBeGreaterThanOrEqual(18);
});

test('a Save-Data page comes lite: small pictures, the ones below the first screen on scroll', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const res = await page.goto(HOME);
  expect(res?.headers()['vary']).toContain('save-data');
  await expect(page.locator('html')).toHaveAttribute('data-lite', 'on');
  expect(await page.locator('img[srcset]').count()).toBe(0);
  const waiting = await page.locator('img[data-lite-src]').count();
  expect(waiting).toBeGreaterThan(0);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.locator('img[data-lite-src]').count()).toBeLessThan(waiting);
});

test('an article without Save-Data keeps its renditions', async ({ page }) => {
  await page.goto(ARTICLE);
  await expect(page.locator('html')).not.toHaveAttribute('data-lite', 'on');
  expect(await page.locator('img[data-lite-src]').count()).toBe(0);
});
