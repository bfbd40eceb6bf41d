import { expect, test } from '@playwright/test';

/** Small reader edges seen on a 375×812 screen (docs/spec: 2.1 the county picker, 2.10 the rural forms). */

test('the city search offers no 国内 chip under 暂无数据', async ({ page }) => {
  await page.goto('/shancheng/home/newsCounty/?classId=941');
  await page.getByRole('link', { name: '切换' }).click();
  const picker = page.getByRole('region', { name: '全部区县频道' });
  const search = picker.getByPlaceholder('搜索城市名称');
  await expect(picker.getByRole('link', { name: '国内', exact: true })).toBeVisible();
  await search.fill('北京');
  await expect(picker.getByText('暂无数据')).toBeVisible();
  await expect(picker.getByRole('link', { name: '国内', exact: true })).toBeHidden();
  await page.screenshot({ path: 'tests/e2e/screenshots/small-edges-county-empty.png' });
  await search.fill('万州');
  await expect(picker.getByRole('link', { name: '国内', exact: true })).toBeVisible();
});

test('农友说 and 向专家提问 give 所在区县 the full width of the form', async ({ page }) => {
  for (const [address, form] of [
    ['/shancheng/yu-nong/farmer-talk', page.getByRole('form', { name: '发布农友说' })],
    ['/shancheng/yu-nong/country-bangbang', page.getByRole('region', { name: '向专家提问' })],
  ] as const) {
    await page.goto(address);
    const field = form.getByRole('textbox', { name: '所在区县' });
    await expect(field).toBeVisible();
    const formBox = (await field.locator('xpath=ancestor::form').boundingBox())!;
    const fieldBox = (await field.boundingBox())!;
    // The label 所在区县 (four characters) and a gap stand before it; the rest of the row is the input.
    expect(fieldBox.width).toBeGreaterThan(formBox.width - 120);
    await page.screenshot({ path: `tests/e2e/screenshots/small-edges-district-${address.split('/').pop()}.png` });
  }
});

test('the home icon 专题 opens a page titled 专题', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const icon = page.locator('a[href="/shancheng/timeTopic/home"]').first();
  await expect(icon).toHaveText(/专题/);
  await icon.click();
  await expect(page).toHaveURL(/\/timeTopic\/home/);
  await expect(page).toHaveTitle(/专题/);
  await expect(page).not.toHaveTitle(/话题/);
});
