import { expect, test } from '@playwright/test';

test('inside the app webview the tab bar is hidden', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  await expect(page.locator('.news-list .title').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
});
