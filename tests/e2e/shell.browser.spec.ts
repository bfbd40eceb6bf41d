import { expect, test } from '@playwright/test';

test('the tab bar shows in a phone browser, capped at 800 px', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const bar = page.getByRole('navigation', { name: '主导航' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
  await page.setViewportSize({ width: 1200, height: 800 });
  const box = await bar.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(800);
});

test('loading more appends the next page of the list', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const cards = page.locator('.news-list > li');
  const before = await cards.count();
  await page.getByRole('link', { name: '加载更多' }).scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
});
