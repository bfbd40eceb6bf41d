import { expect, test } from '@playwright/test';

// Each detail type opened from a list, as a reader would (spec 3).
for (const [channel, page, heading] of [
  ['1', 'NewsDetail', '.dt-title'],
  ['7', 'PictureDetail', '.pv-title'],
  ['5', 'NewsVideoDetail', '.vd-title'],
  ['6', 'LiveDetail', '.dt-title'],
] as const) {
  test(`opens a ${page} from the list of channel ${channel}`, async ({ page: tab }, info) => {
    // Inside the app, list jumps go through the host app instead (spec 2.4; tests/e2e/bridge.app.spec.ts).
    if (info.project.name === 'app-webview') {
      await tab.goto(`/shancheng/home/${channel}`);
      await expect(tab.locator(`.news-list a[href*="/${page}?"][data-jump]`).first()).toBeAttached();
      return;
    }
    await tab.goto(`/shancheng/home/${channel}`);
    const link = tab.locator(`.news-list a[href*="/${page}?"]`).first();
    const title = (await link.locator('.title').textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await link.click();
    await expect(tab).toHaveURL(new RegExp(`/shancheng/${page}\\?classId=-?\\d+&newsId=\\d+`));
    await expect(tab.locator(heading).first()).toHaveText(title);
  });
}

test('an article is readable from the HTML alone: title, text, first picture, credits', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const res = await page.goto('/shancheng/NewsDetail?classId=101&newsId=1');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }).last()).not.toBeEmpty();
  expect(await page.locator('.rich-text p').count()).toBeGreaterThan(3);
  await expect(page.getByText('山城新闻网络信息内容自律公约')).toBeVisible();
  // One tip hot-line (spec 9), beside 举报: the number is shown once, its sheet opens with JavaScript.
  await expect(page.getByRole('button', { name: /^爆料热线 023-63907110/ })).toBeVisible();
  await expect(page.getByText('023-63907110').filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: '相关新闻' }).getByRole('listitem')).toHaveCount(6);
  const hot = page.getByRole('region', { name: '热点新闻' });
  await expect(hot.getByRole('heading', { name: '热点新闻' })).toBeVisible();
  await expect(hot.getByRole('listitem').first()).toContainText('1');
  await context.close();
});

// Spec 9: one tip hot-line per page — beside 举报 where the page mounts the interaction section,
// under the article where it does not (the plain web view, VR, /VideoDetail's 简介 tab, /CoolVideo, /ShareVideo).
for (const [url, tab] of [
  ['/NewsDetail?classId=101&newsId=1', null],
  ['/NewsDetailWeb?classId=101&newsId=1', null],
  ['/VRPage?classId=802&newsId=337', null],
  ['/VideoDetail?classId=504&newsId=296', '简介'],
  ['/NewsVideoDetail?classId=504&newsId=296', '评论'],
  ['/CoolVideo?classId=1201&newsId=352', null],
  ['/ShareVideo?classId=504&newsId=296', null],
] as const) {
  test(`${url} shows the tip hot-line once`, async ({ page }) => {
    await page.goto(`/shancheng${url}`);
    if (tab) await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    const hotline = page.getByRole('button', { name: /^爆料热线 / });
    await expect(hotline).toHaveCount(1);
    await expect(hotline).toBeVisible();
    await expect(page.getByText(/热线/).filter({ visible: true })).toHaveCount(1);
  });
}

test.describe('not found', () => {
  for (const url of [
    '/NewsDetail?classId=101&newsId=999999',
    '/PictureDetail?classId=101&newsId=abc',
    '/LiveDetail',
    '/NewsVideoDetail?classId=102&newsId=1',
  ]) {
    test(`${url} is a 404 page with a way home`, async ({ page }) => {
      const res = await page.goto(`/shancheng${url}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByText('新闻不存在或已下线')).toBeVisible();
      await page.getByRole('link', { name: '返回首页' }).click();
      await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
    });
  }
});

// One test per page: nine screenshots in one test outlived its time on a loaded machine.
for (const [name, url] of [
  ['article', '/NewsDetail?classId=101&newsId=1'],
  ['picture', '/PictureDetail?classId=703&newsId=323'],
  ['video', '/NewsVideoDetail?classId=504&newsId=296'],
  ['live', '/LiveDetail?classId=601&newsId=309'],
  ['vr', '/VRPage?classId=802&newsId=337'],
  ['cool', '/CoolVideo?classId=1201&newsId=352'],
  ['share', '/ShareVideo?classId=504&newsId=296'],
  ['web', '/NewsDetailWeb?classId=101&newsId=1'],
  ['flow', '/flowVideoPage?classId=1201'],
] as const) {
  test(`the ${name} detail page renders and is screenshotted`, async ({ page }, info) => {
    const res = await page.goto(`/shancheng${url}`);
    expect(res?.status(), url).toBe(200);
    await page.screenshot({ path: `tests/e2e/screenshots/detail-${name}-${info.project.name}.png` });
  });
}
