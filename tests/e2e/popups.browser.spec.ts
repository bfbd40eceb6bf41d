import { expect, test } from '@playwright/test';

// The channel menu and the county picker share one popup page (features/popup/PopupPage.astro):
// opened by a link to its #target, closed by ×, its chips in a grid that never runs off the screen.
for (const [name, url, opener, title] of [
  ['the channel menu', '/shancheng/home/1', '全部频道', '全部频道'],
  ['the county picker', '/shancheng/home/newsCounty/?classId=941', '切换', '全部区县频道'],
] as const) {
  test(`${name} opens as a popup page, keeps every chip on the screen and closes`, async ({ page }) => {
    await page.goto(url);
    const popup = page.getByRole('region', { name: title });
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: opener }).first().click();
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    const chips = popup.locator('.chips a:visible');
    expect(await chips.count()).toBeGreaterThan(8);
    // Long names (秀山土家族苗族自治县) stay inside their chip and the chip inside the 375 px screen.
    const overflow = await chips.evaluateAll((links) =>
      links.filter((a) => a.getBoundingClientRect().right > window.innerWidth || a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent?.trim()),
    );
    expect(overflow).toEqual([]);
    await popup.getByRole('link', { name: '关闭' }).click();
    await expect(popup).toBeHidden();
  });
}

test('the county picker marks the district being read', async ({ page }) => {
  await page.goto('/shancheng/home/newsCounty/?classId=962');
  await page.getByRole('link', { name: '切换' }).click();
  const current = page.getByRole('region', { name: '全部区县频道' }).locator('a[aria-current="true"]');
  await expect(current).toHaveText('万州区');
  await expect(current).toHaveCSS('color', 'rgb(255, 255, 255)');
});
