/** Issue 15: no dead ends — the 404 page lives inside the app shell on every host. */
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
