/** No dead ends — the 404 page lives inside the app shell on every host. */
import { expect, test } from '@playwright/test';

for (const url of ['/shancheng/no-such-page/at/all', '/somewhere-else', '/shancheng/NewsDetail?classId=101&newsId=999999']) {
  test(`${url} is a 404 inside the shell: bar, a way home, search`, async ({ page }, info) => {
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '找不到这个页面' })).toBeVisible();
    // The tab bar is the shell's in a browser and the messenger; the app webview draws its own.
    await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(info.project.name === 'app-webview' ? 0 : 1);
    const search = page.getByRole('searchbox');
    await search.fill('解放碑');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/shancheng\/SearchPage\?search=%E8%A7%A3%E6%94%BE%E7%A2%91/);
    await page.goBack();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
  });
}

test('the 山城+ and 互动 tabs and the 首页 tab open pages with content', async ({ page }, info) => {
  const app = info.project.name === 'app-webview';
  const open = async (label: string, path: string) => {
    // Inside the app the host draws the tabs; the same URLs must still be real pages.
    if (app) await page.goto(path);
    else await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: label, exact: true }).click();
  };
  await page.goto('/shancheng/home/1');
  await open('山城+', '/shancheng/syIframe/index');
  await expect(page).toHaveURL(/\/syIframe\/index$/);
  await expect(page.locator('.acc-name').first()).toBeVisible();
  await open('互动', '/shancheng/interact');
  await expect(page).toHaveURL(/\/interact\/index$/);
  await expect(page.getByRole('navigation', { name: '互动入口' }).getByRole('link')).toHaveCount(6);
  await expect(page.locator('.news-list .title').first()).toBeVisible();
  await open('首页', '/shancheng/home/1');
  await expect(page.locator('.news-list .title').first()).toBeVisible();
});

test('the 山城号 square lists accounts with intro and counts, each opening its home', async ({ page }) => {
  await page.goto('/shancheng/interact/syh');
  const first = page.locator('.acc').first();
  const name = (await first.locator('.acc-name').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await expect(first.locator('.acc-meta')).toContainText('粉丝');
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/shanchengPage\?classId=\d+/);
  await expect(page.getByText(name).first()).toBeVisible();
});

test('the district map shows every district with weather and opens its county news', async ({ page }) => {
  await page.goto('/shancheng/Map');
  const tiles = page.locator('.map a[data-district]');
  expect(await tiles.count()).toBe(38);
  const tile = page.getByRole('link', { name: /^万州区，/ });
  await expect(tile).toContainText('°');
  await tile.click();
  await expect(page).toHaveURL(/\/home\/newsCounty\?classId=\d+/);
  await expect(page.locator('.news-list .title').first()).toBeVisible();
});

test('/RedirectPage follows a jump descriptor and refuses an outside link', async ({ page }) => {
  await page.goto('/shancheng/RedirectPage?dt=44');
  await expect(page).toHaveURL(/\/shancheng\/hotNews$/);
  const refused = await page.goto('/shancheng/RedirectPage?dt=7&url=https%3A%2F%2Fevil.example%2F');
  expect(refused?.status()).toBe(400);
  await expect(page.getByText('这个外部链接不在山城新闻允许打开的范围内')).toBeVisible();
  expect(page.url()).toContain('/shancheng/RedirectPage');
});
