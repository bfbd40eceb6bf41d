import { expect, test } from '@playwright/test';

/** What a reader meets on a 375×812 screen: live comments, tips' comments and likes, one name for 爆料, 帮帮 rows. */

test('a live page offers the comment list and the comment input it invites viewers to use', async ({ page }) => {
  await page.goto('/shancheng/Image/LivePage');
  const first = page.locator('a[href*="/LiveDetail?"]').first();
  await page.goto((await first.getAttribute('href'))!);
  await expect(page.locator('#comments')).toBeAttached();
  const bar = page.getByRole('region', { name: '评论与点赞' });
  await expect(bar.getByRole('link', { name: /写评论/ })).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/edges-live-comments.png' });
});

test('the home icon of readers’ tips is named 爆料, as the page it opens', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const icon = page.locator('a[href="/shancheng/BangBang/exposure/index"]').first();
  await expect(icon).toHaveText(/爆料/);
  await expect(icon).not.toHaveText(/报料/);
  await icon.click();
  await expect(page).toHaveTitle(/爆料/);
});

test('a tip opens its detail with the like bar and the comments (platform 4 on their reports)', async ({ page }) => {
  await page.goto('/shancheng/BangBang/exposure/index');
  await page
    .getByRole('link', { name: /查看爆料详情/ })
    .first()
    .click();
  await expect(page).toHaveURL(/exposure\/index\?id=\d+/);
  await expect(page.getByRole('heading', { name: '爆料详情' })).toBeVisible();
  const bar = page.getByRole('region', { name: '评论与点赞' });
  await expect(bar.getByRole('link', { name: /写评论/ })).toBeVisible();
  await expect(bar.getByRole('button', { name: /赞/ })).toBeVisible();
  await expect(page.locator('#comments')).toBeAttached();
  await page.screenshot({ path: 'tests/e2e/screenshots/edges-tip-detail.png' });
});

test('a 问政 row on the 帮帮 home shows its whole department, on its own line', async ({ page }) => {
  await page.goto('/shancheng/BangBang/index');
  const dept = page.locator('.item .dept').first();
  await expect(dept).toContainText('问政对象：');
  const cut = await dept.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(false);
  await dept.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'tests/e2e/screenshots/edges-bang-rows.png' });
});
