import { expect, test } from '@playwright/test';

test('the root lands on the home channel with tabs and at least 10 news titles', async ({ page }, info) => {
  const response = await page.goto('/shancheng/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
  const tabs = page.getByRole('navigation', { name: '频道' });
  await expect(tabs.getByRole('link', { name: '推荐' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: '区县' })).toBeVisible();
  const titles = page.locator('.news-list .title');
  expect(await titles.count()).toBeGreaterThanOrEqual(10);
  await expect(titles.first()).not.toBeEmpty();
  await page.screenshot({ path: `tests/e2e/screenshots/home-${info.project.name}.png` });
});

test('the first page of the list is in the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/shancheng/home/1');
  expect(await page.locator('.news-list .title').count()).toBeGreaterThanOrEqual(10);
  await context.close();
});

test('an unknown channel shows a not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/shancheng/home/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('频道不存在')).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
});
