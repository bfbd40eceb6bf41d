import { expect, test, type Page } from '@playwright/test';

const ARTICLE = '/shancheng/NewsDetail?classId=101&newsId=1';

/** A fake messenger JS-SDK (`window.wx`) that records the share configuration. */
async function fakeMessengerSdk(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: { name: string; arg: unknown }[] = [];
    (window as unknown as Record<string, unknown>)['__wxCalls'] = calls;
    (window as unknown as Record<string, unknown>)['wx'] = {
      config: (arg: unknown) => calls.push({ name: 'config', arg }),
      ready: (fn: () => void) => setTimeout(fn, 0),
      error: () => {},
      updateAppMessageShareData: (arg: unknown) => calls.push({ name: 'updateAppMessageShareData', arg }),
      updateTimelineShareData: (arg: unknown) => calls.push({ name: 'updateTimelineShareData', arg }),
    };
  });
}

test('opening the app asks first; 取消 unfolds the folded article (spec 2.11, 4)', async ({ page }) => {
  await page.goto(ARTICLE);
  const fold = page.locator('sc-fold');
  await expect(fold).toHaveClass(/folded/, { timeout: 5000 });
  await expect(page.getByRole('button', { name: '展开全文' })).toBeVisible();
  await page.getByRole('complementary', { name: '打开山城新闻App' }).getByRole('button', { name: '打开' }).click();
  const dialog = page.getByRole('dialog', { name: '打开山城新闻App' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '继续' })).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/bridge-open-app-dialog-messenger.png' });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(fold).not.toHaveClass(/folded/);
  await expect(page.getByRole('button', { name: '展开全文' })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${ARTICLE.replace(/[?]/g, '\\?')}$`));
});

test('the guide under the article asks the same dialog', async ({ page }) => {
  await page.goto(ARTICLE);
  await page.getByRole('button', { name: '打开App' }).click();
  await expect(page.getByRole('dialog', { name: '打开山城新闻App' })).toBeVisible();
});

test('share card configured with the server signature and the article’s card', async ({ page }) => {
  await fakeMessengerSdk(page);
  await page.goto(ARTICLE);
  const calls = (): Promise<{ name: string; arg: Record<string, unknown> }[]> =>
    page.evaluate(() => (window as unknown as { __wxCalls: { name: string; arg: Record<string, unknown> }[] }).__wxCalls);
  await expect.poll(async () => (await calls()).map((c) => c.name)).toContain('updateAppMessageShareData');
  const all = await calls();
  const config = all.find((c) => c.name === 'config')?.arg ?? {};
  expect(config['signature']).toMatch(/^[0-9a-f]{40}$/);
  expect(config['nonceStr']).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(config['jsApiList']).toEqual(['updateAppMessageShareData', 'updateTimelineShareData']);
  const card = all.find((c) => c.name === 'updateAppMessageShareData')?.arg ?? {};
  const headline = await page.locator('html').getAttribute('data-host-title');
  expect(card['title']).toBe(headline);
  expect(card['link']).toBe(page.url());
  expect(typeof card['desc']).toBe('string');
  expect(String(card['imgUrl'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
});

test('inside a mini-program there is no promo bar (spec 2.11)', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2d) NetType/WIFI Language/zh_CN miniProgram/wx1234567890abcdef',
  });
  const page = await context.newPage();
  await page.goto('/shancheng/home/1');
  await expect(page.locator('.news-list .title').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: '打开山城新闻App' })).toHaveCount(0);
  await context.close();
});

test('picture pages (dataType 2) keep the bar on screen, without a menu, below the title bar as the article does', async ({ page }) => {
  // Spec 2.11: the bar is fixed for dataType 2; it sits below the title bar, as on the article, and stays there.
  await page.goto('/shancheng/home/1');
  await page.evaluate(() => location.assign('/shancheng/PictureDetail?classId=703&newsId=323'));
  await page.waitForURL(/PictureDetail/);
  const promo = page.getByRole('complementary', { name: '打开山城新闻App' });
  await expect(promo).toBeVisible();
  expect(['fixed', 'sticky']).toContain(await promo.evaluate((el) => getComputedStyle(el).position));
  await expect(promo.getByLabel('菜单', { exact: true })).toHaveCount(0);
  const nav = page.locator('header.nav');
  const navBottom = (await nav.isVisible()) ? (await nav.boundingBox())!.height : 0;
  expect((await promo.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom - 1);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect(promo).toBeInViewport();
  await expect.poll(async () => Math.round((await promo.boundingBox())!.y)).toBe(Math.round(navBottom));
});
