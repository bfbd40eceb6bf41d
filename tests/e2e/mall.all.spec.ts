/**
 * The points mall in a real browser on all three hosts (ADR 012; spec 2.10, 2.11): a reader signs in
 * on the mall home (earns points), earns more by reading, exchanges a coupon (code shown at once) and a
 * physical good (delivery address), and finds both in 我的兑换. The page title is hidden outside the app.
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { islandReady, loginByApi, pickArticle, signIn, type Reader } from './interactionSupport.ts';

interface Card {
  id: number;
  kind: string;
  name: string;
  price: number;
}

async function newReaderGoods(request: APIRequestContext): Promise<{ coupon: Card; physical: Card }> {
  const res = await request.get(`/v1/mall/goods/list?keyword=${encodeURIComponent('新人专享')}&pageSize=10`);
  const list = ((await res.json()) as { data: Card[] }).data;
  const coupon = list.find((g) => g.kind === 'coupon');
  const physical = list.find((g) => g.kind === 'physical');
  expect(coupon && physical, 'the demo data has a new-reader coupon and good').toBeTruthy();
  return { coupon: coupon!, physical: physical! };
}

async function readArticles(request: APIRequestContext, reader: Reader, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const article = await pickArticle(request, i);
    const res = await request.post('/v1/points/read', {
      headers: { authorization: `Bearer ${reader.token}` },
      form: { classId: article.classId, newsId: article.newsId },
    });
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
  }
}

test('the mall home reads without a login: banner, categories, hot and new goods; the title hidden outside the app', async ({ page }) => {
  const res = await page.goto('/shancheng/AccumulatedPoints');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/AccumulatedPoints\/index$/);
  await expect(page.getByRole('heading', { name: '热门兑换' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '商品分类' }).getByRole('link')).toHaveCount(6);
  expect(await page.locator('[data-goods-id]').count()).toBeGreaterThanOrEqual(8);
  const title = page.locator('.nav-title');
  if ((await title.count()) > 0) await expect(title).toHaveText('');
  await islandReady(page, page.getByRole('button', { name: '登录签到' }));
});

test('a reader signs in, reads, exchanges a coupon and a physical good, and sees both in 我的兑换', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const reader = await loginByApi(request);
  await signIn(context, reader);
  const { coupon, physical } = await newReaderGoods(request);

  // Sign in on the mall home: the balance moves from 0 to the sign-in points.
  await page.goto('/shancheng/AccumulatedPoints/index');
  const account = page.getByRole('region', { name: '我的积分' });
  const signButton = account.getByRole('button', { name: /签到 \+\d+/ });
  await islandReady(page, signButton);
  await expect(account.locator('[data-credit]')).toHaveText('0');
  await signButton.click();
  await expect(account.getByRole('button', { name: '今日已签到' })).toBeDisabled();
  await expect(account.locator('[data-credit]')).toHaveText('5');

  // Reading pays too (2 each): enough for both new-reader goods.
  await readArticles(request, reader, 3);
  await page.reload();
  await expect(account.locator('[data-credit]')).toHaveText('11');

  // The coupon: no form fields, the code is shown once exchanged.
  await page.goto(`/shancheng/AccumulatedPoints/goodsdetail?id=${coupon.id}`);
  await page.getByRole('link', { name: '立即兑换' }).click();
  const confirm = page.getByRole('button', { name: `确认兑换（${coupon.price} 积分）` });
  // The island has hydrated once it shows the reader's balance (asked with the token).
  await expect(page.getByText(`我的积分 11，兑换后剩余 ${11 - coupon.price}`)).toBeVisible();
  await confirm.click();
  await expect(page).toHaveURL(/\/AccumulatedPoints\/convertdetail\?id=\d+/);
  await expect(page.locator('[data-code]')).toHaveText(/^SC\d{10}$/);
  await expect(page.getByText('未使用')).toBeVisible();

  // The physical good: the address is required, then the exchange shows it with the phone masked.
  await page.goto(`/shancheng/AccumulatedPoints/convertgoods?id=${physical.id}`);
  const form = page.getByRole('form', { name: '确认兑换' });
  const send = form.getByRole('button', { name: /确认兑换/ });
  await expect(form.getByText(`我的积分 ${11 - coupon.price}，`)).toBeVisible();
  await form.getByLabel('收货人').fill('陈小渝');
  await form.getByLabel('手机号').fill('13800138000');
  await form.getByLabel('所在地区').fill('重庆市 渝中区');
  await send.click();
  await expect(form.getByRole('alert')).toHaveText('请填写详细地址');
  await form.getByLabel('详细地址').fill('解放碑民族路 88 号 3 单元');
  await send.click();
  await expect(page).toHaveURL(/\/AccumulatedPoints\/convertdetail\?id=\d+/);
  await expect(page.getByText('138****8000')).toBeVisible();
  await expect(page.getByText('商家正在备货，发货后可在这里查看物流')).toBeVisible();

  // 我的兑换 lists both, newest first.
  await page.goto('/shancheng/AccumulatedPoints/Conversion');
  const items = page.locator('[data-exchange-id]');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(physical.name);
  await expect(items.nth(0)).toContainText('已兑换');
  await expect(items.nth(1)).toContainText(coupon.name);
  await expect(page.getByText('没有更多了')).toBeVisible();

  // The balance is what the ledger says: 11 − both prices.
  const summary = await request.get('/v1/points/summary', { headers: { authorization: `Bearer ${reader.token}` } });
  expect(((await summary.json()) as { data: { credit: number } }).data.credit).toBe(11 - coupon.price - physical.price);
});

test('查看全部商品 on the home lists every good on sale, paged to 没有更多了 (not only the hot shelf)', async ({ page, request }) => {
  const res = await request.get('/v1/mall/goods/list?page=1&pageSize=50');
  const total = ((await res.json()) as { data: Card[] }).data.length;
  expect(total, 'the demo data has more goods than one page of 20').toBeGreaterThan(20);
  await page.goto('/shancheng/AccumulatedPoints/index');
  await page.getByRole('link', { name: '查看全部商品' }).click();
  await expect(page.getByRole('heading', { name: '全部商品' })).toBeVisible();
  await expect(page.locator('[data-goods-id]')).toHaveCount(20);
  await page.getByRole('navigation', { name: '翻页' }).getByRole('link', { name: '下一页' }).click();
  await expect(page.getByRole('heading', { name: '全部商品' })).toBeVisible();
  await expect(page.locator('[data-goods-id]')).toHaveCount(total - 20);
  await expect(page.getByText('没有更多了')).toBeVisible();
});

test('a reader short of points is told how many are missing, not 兑换后剩余 0', async ({ page, context, request }) => {
  const res = await request.get('/v1/mall/goods/list?page=1&pageSize=50');
  const dearest = ((await res.json()) as { data: Card[] }).data.reduce((a, b) => (b.price > a.price ? b : a));
  await signIn(context, await loginByApi(page.request));
  await page.goto(`/shancheng/AccumulatedPoints/convertgoods?id=${dearest.id}`);
  const form = page.getByRole('form', { name: '确认兑换' });
  await expect(form.getByRole('button', { name: '积分不足' })).toBeDisabled();
  const hint = form.getByText(/^我的积分 \d+，/);
  await expect(hint).toHaveText(/^我的积分 (\d+)，还差 \d+ 积分$/);
  const [, have, missing] = /我的积分 (\d+)，还差 (\d+)/.exec((await hint.textContent())!)!;
  expect(Number(have) + Number(missing)).toBe(dearest.price);
});

test('the category names on the mall home each keep one line (美食优惠 broke into 美食优 / 惠)', async ({ page }) => {
  await page.goto('/shancheng/AccumulatedPoints/index');
  const names = page.getByRole('navigation', { name: '商品分类' }).locator('a > span:last-child');
  await expect(names).toHaveCount(6);
  const broken = await names.evaluateAll((els) =>
    els.filter((el) => el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).fontSize) * 1.8).map((el) => el.textContent),
  );
  expect(broken).toEqual([]);
});

test("the mall's lists keep their markers: 商务合作's offers as bullets, 兑换规则 numbered (they read as bare indented lines)", async ({ page }) => {
  const markers = (list: Locator) => list.evaluateAll((els) => els.map((el) => getComputedStyle(el).listStyleType));
  await page.goto('/shancheng/AccumulatedPoints/cooperation');
  const offers = page.getByRole('listitem').filter({ hasText: /零上架费用|新品推荐位|核销数据/ });
  await expect(offers).toHaveCount(3);
  expect(await markers(offers)).toEqual(['disc', 'disc', 'disc']);
  await page.goto('/shancheng/AccumulatedPoints/rules');
  const rules = page.locator('ol').filter({ hasText: '兑换时一次性扣除商品所需积分' }).getByRole('listitem');
  await expect(rules).toHaveCount(6);
  expect(new Set(await markers(rules))).toEqual(new Set(['decimal']));
});
