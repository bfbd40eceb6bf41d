import { expect, test, type Page } from '@playwright/test';
import { APP_DOWNLOAD_TEST_URL } from '../support/e2eSettings.ts';
import { APP_OPEN_WAIT_MS } from '../../src/features/promo-bar/defineOpenApp.ts';

/**
 * 打开 in the app banner (spec 2.11): it tries the app's scheme; where the app is not installed the page is still
 * showing after a short wait, and the reader goes to the download page (setting APP_DOWNLOAD_URL). When the app
 * opened (the page was hidden), nothing more happens. The page clock is driven by the test, so no real wait.
 */
const ARTICLE = '/shancheng/NewsDetail?classId=101&newsId=1';

async function openArticle(page: Page): Promise<void> {
  await page.route(`${APP_DOWNLOAD_TEST_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>下载山城新闻App</title>' }),
  );
  await page.clock.install();
  await page.goto(ARTICLE);
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('complementary', { name: '打开山城新闻App' }).getByRole('button', { name: '打开' }).click();
}

test('the page names its download page', async ({ page }) => {
  await page.goto(ARTICLE);
  await expect(page.locator('dialog[data-open-app-dialog]')).toHaveAttribute('data-download', APP_DOWNLOAD_TEST_URL);
});

test('打开 without the app: after the wait, the download page', async ({ page }) => {
  await openArticle(page);
  await page.clock.runFor(APP_OPEN_WAIT_MS - 100);
  await expect(page).toHaveURL(new RegExp(`${ARTICLE.replace(/[?]/g, '\\?')}$`));
  await page.clock.runFor(200);
  await expect(page).toHaveURL(APP_DOWNLOAD_TEST_URL);
  await expect(page).toHaveTitle('下载山城新闻App');
});

test('打开 with the app: the page was hidden, so it stays', async ({ page }) => {
  await openArticle(page);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    // The reader comes back from the app.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
  await page.clock.runFor(APP_OPEN_WAIT_MS * 2);
  await expect(page).toHaveURL(new RegExp(`${ARTICLE.replace(/[?]/g, '\\?')}$`));
});
