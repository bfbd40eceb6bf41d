import { expect, test } from '@playwright/test';

test('a long article never folds inside the app webview', async ({ page }) => {
  await page.goto('/shancheng/NewsDetail?classId=101&newsId=1');
  await expect(page.locator('sc-fold[data-fold-decided]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: '展开全文' })).toBeHidden();
  const height = await page.locator('[data-fold-body]').evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeGreaterThan(812 * 1.2);
});
