/**
 * The 互动 area in a real browser on all three hosts: file a live-commerce complaint and see it tracked and
 * listed with the name masked, the cooperation form refusing bad input then confirming, the 404 page
 * inside the app shell, and the entries of the 我的 popup (each a real page, logout updating the page).
 */
import { expect, test, type Page } from '@playwright/test';
import { hostIndex, islandReady, loginByApi, signIn } from './interactionSupport.ts';

const run = () => `${Date.now().toString(36)}${hostIndex()}`;

async function openMine(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('sc-mine-popup') !== undefined);
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click();
}

test('file a complaint, see it tracked with the timeline, and listed with the name masked', async ({ page, context, request }) => {
  const reader = await loginByApi(request);
  await signIn(context, reader);
  const shop = `山城测试直播间${run()}`;
  await page.goto('/shancheng/Complaints-platform/new');
  const form = page.getByRole('form', { name: '投诉表单' });
  await expect(form).toBeVisible();
  await form.getByText('快手', { exact: true }).click();
  await form.getByLabel('店铺或主播名称').fill(shop);
  await form.getByLabel('订单号').fill('KS2026112400017');
  await form.getByLabel('涉及金额（元）').fill('88.5');
  await form.getByText('货不对板', { exact: true }).click();
  await form.getByLabel('投诉经过').fill('直播间说是手工红糖，收到的是白砂糖加色素，包装也和展示的不一样。');
  await form.getByLabel('投诉诉求').fill('退货退款');
  await form.getByLabel('联系电话').fill('138 0013 8000');
  await form.getByRole('button', { name: '提交投诉' }).click();

  await expect(page).toHaveURL(/\/shancheng\/Complaints-platform\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: shop })).toBeVisible();
  await expect(page.getByRole('list', { name: '处理进度' }).locator('[aria-current="step"]')).toHaveText('已提交');
  // The author sees the masked phone; it is never in the page's HTML.
  await expect(page.getByText('138****8000')).toBeVisible();
  const html = await (await request.get(page.url())).text();
  expect(html).not.toContain('13800138000');
  expect(html).not.toContain('138****8000');

  await page.goto(`/shancheng/Complaints-platform?keyword=${encodeURIComponent(shop)}`);
  const card = page.getByRole('list', { name: '投诉列表' }).getByRole('link');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(shop);
  await expect(card).toContainText('已提交');
  await expect(card.locator('.meta span').first()).toHaveText(/^.\*{1,3}$/u);
});

test('the cooperation form refuses bad input in Chinese, then confirms', async ({ page }) => {
  await page.goto('/shancheng/business-cooperation/home');
  const form = page.getByRole('form', { name: '商务合作留言' });
  await islandReady(page, form.getByRole('button', { name: '提交合作需求' }));
  await form.getByRole('button', { name: '提交合作需求' }).click();
  await expect(form.getByText('请填写联系人')).toBeVisible();
  await expect(form.getByText('请填写公司或机构名称')).toBeVisible();
  await form.getByLabel('联系人').fill('周女士');
  await form.getByLabel('公司或机构').fill('重庆山水文旅有限公司');
  await form.getByLabel('手机号').fill('023-1234');
  await form.getByLabel('合作需求').fill('暑期亲子游推广，需要直播和开屏广告');
  await form.getByRole('button', { name: '提交合作需求' }).click();
  await expect(form.getByText('请输入正确的手机号')).toBeVisible();
  await form.getByLabel('手机号').fill(`139${String(Date.now() % 100_000_000).padStart(8, '0')}`);
  await form.getByRole('button', { name: '提交合作需求' }).click();
  await expect(page.getByRole('status')).toContainText('已收到您的合作需求');
  await expect(page.getByRole('status')).toContainText('2 个工作日');
});

test('an unknown path gets the 404 page inside the app shell: title, tab bar, a way home and search', async ({ page }) => {
  const res = await page.goto('/shancheng/no-such-page/anywhere');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '找不到这个页面' })).toBeVisible();
  // The app draws its own tab bar (spec 2.2): the page's tab bar is for the phone browser and the messenger.
  if (test.info().project.name !== 'app-webview') await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/shancheng/home/1');
  await page.getByRole('searchbox').fill('火锅');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/shancheng\/SearchPage\?search=/);
});

test('the 我的 popup lists the reader entries, each a real page, and logout updates the page', async ({ page, context, request }) => {
  const reader = await loginByApi(request);
  await signIn(context, reader);
  await page.goto('/shancheng/home/1');
  if (test.info().project.name === 'app-webview') {
    // Spec 2.2: inside the app the app draws its own tab bar and 我的; the reader's pages open by their links.
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    await page.goto('/shancheng/mine/complaints');
  } else {
    await openMine(page);
    const mine = page.getByRole('dialog', { name: '我的' });
    const entries = mine.getByRole('navigation', { name: '我的服务' }).getByRole('link');
    await expect(entries).toHaveText(['个人资料', '我的积分', '我的评论', '我的提问', '我的爆料', '我的投诉', '修改密码', '设置']);
    const hrefs = await entries.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    for (const href of hrefs.filter((h) => h !== '/shancheng/AccumulatedPoints/index')) {
      expect((await request.get(href!)).status(), href!).toBe(200);
    }
    await mine.getByRole('link', { name: '我的投诉' }).click();
  }
  await expect(page).toHaveURL(/\/shancheng\/mine\/complaints$/);
  await expect(page.getByText('你还没有提交过投诉')).toBeVisible();

  await page.goto('/shancheng/mine/settings');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('link', { name: '登录 / 注册' })).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
