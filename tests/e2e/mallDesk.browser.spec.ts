/**
 * The points mall desk in a browser (docs/security.md "Points mall desk"): a reader exchanges a physical
 * good; the 商城运营 operator exports the waiting orders for the warehouse, imports the tracking number
 * back, and the reader reads 已发货 with it and confirms 已完成. Another exchange is cancelled: the reader's
 * balance and the stock come back exactly. The desk's pages pass axe's WCAG 2.1 AA rules.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginByApi, signIn, type Reader } from './interactionSupport.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

interface Card {
  id: number;
  kind: string;
  price: number;
  stock: number;
}

/** A reader with the sign-in's points who exchanged the new-reader physical good; answers the exchange id. */
async function readerWithExchange(request: APIRequestContext, goods: Card): Promise<{ reader: Reader; exchangeId: number }> {
  const reader = await loginByApi(request);
  const auth = { authorization: `Bearer ${reader.token}` };
  expect(((await (await request.post('/v1/points/signin', { headers: auth })).json()) as { statusCode: number }).statusCode).toBe(200);
  const res = await request.post('/v1/mall/exchange', {
    headers: { ...auth, 'idempotency-key': randomUUID() },
    form: { goodsId: goods.id, name: '陈小梅', phone: '13983001234', region: '重庆市 渝北区', address: '龙溪街道金紫山路 8 号' },
  });
  const body = (await res.json()) as { statusCode: number; message: string; data: { id: number } };
  expect(body.statusCode, body.message).toBe(200);
  return { reader, exchangeId: body.data.id };
}

const goodsPicture = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

async function creditOf(request: APIRequestContext, reader: Reader): Promise<number> {
  const res = await request.get('/v1/points/summary', { headers: { authorization: `Bearer ${reader.token}` } });
  return ((await res.json()) as { data: { credit: number } }).data.credit;
}

async function goodsStock(request: APIRequestContext, id: number): Promise<number> {
  return ((await (await request.get(`/v1/mall/goods/detail?id=${id}`)).json()) as { data: Card }).data.stock;
}

test('an exchange from the queue to 已完成, and a cancelled one refunded exactly', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const list = (await (await request.get(`/v1/mall/goods/list?keyword=${encodeURIComponent('新人专享')}&kind=physical`)).json()) as { data: Card[] };
  const goods = list.data[0]!;
  const shipped = await readerWithExchange(request, goods);
  const cancelled = await readerWithExchange(request, goods);
  const creditBefore = await creditOf(request, cancelled.reader);
  const stockBefore = await goodsStock(request, goods.id);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInDemo(page, request, 'demo-mall');
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '订单发货' }).click();
  await expect(page.getByRole('heading', { name: '订单发货' })).toBeVisible();
  // The queue masks the address.
  const row = page.locator(`[data-order="${shipped.exchangeId}"]`);
  await expect(row.getByTestId('receiver')).toHaveText('收货：陈** 139****1234 重庆市 渝北区 ****');
  expect(await axeReport(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('orders-1440.png'), fullPage: true });

  // Export the waiting orders for the warehouse: the file has the whole address.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出待发货订单（CSV）' }).click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  expect(file).toContain(`${shipped.exchangeId},`);
  expect(file).toContain('龙溪街道金紫山路 8 号');
  await expect(page.getByText(/已导出批次 \d+，共 \d+ 单/)).toBeVisible();

  // An empty file is refused on the page, in Chinese, and nothing is sent.
  const imports: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/mall/orders/import')) imports.push(r.url());
  });
  await page.getByLabel(/快递单号文件/).setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await page.getByRole('button', { name: '导入快递单号' }).click();
  await expect(page.getByRole('alert')).toHaveText('请选择 CSV 文件');
  expect(imports).toEqual([]);

  // The warehouse sends the tracking number back.
  const trackingNo = `SF${Date.now()}`;
  await page.getByLabel(/快递单号文件/).setInputFiles({
    name: 'tracking.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`兑换单号,快递公司,快递单号\n${shipped.exchangeId},顺丰速运,${trackingNo}\n99999999,顺丰速运,SF0000000001\n`),
  });
  await page.getByRole('button', { name: '导入快递单号' }).click();
  await expect(page.getByText('导入完成：发货 1 单，未变 0 单，拒收 1 行')).toBeVisible();
  await expect(page.getByRole('table', { name: /拒收的行/ }).getByRole('cell', { name: '订单不存在' })).toBeVisible();

  // The other exchange is cancelled.
  await page.getByRole('textbox', { name: '兑换单号' }).fill(String(cancelled.exchangeId));
  await page.getByRole('textbox', { name: '原因' }).fill('读者来电取消');
  await page.getByRole('button', { name: '取消并退回积分' }).first().click();
  await expect(page.getByText(`单号 ${cancelled.exchangeId}（`)).toBeVisible();
  expect(await creditOf(request, cancelled.reader)).toBe(creditBefore + goods.price);
  expect(await goodsStock(request, goods.id)).toBe(stockBefore + 1);

  // The reader reads 已发货 with the number and confirms.
  const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await signIn(readerContext, shipped.reader);
  const readerPage = await readerContext.newPage();
  await readerPage.goto(`/shancheng/AccumulatedPoints/convertdetail?id=${shipped.exchangeId}`);
  await expect(readerPage.getByText(`顺丰速运 ${trackingNo}`)).toBeVisible();
  await expect(readerPage.getByText('已发货').first()).toBeVisible();
  await readerPage.getByRole('button', { name: '确认收货' }).click();
  await expect(readerPage.getByText('已完成').first()).toBeVisible();
  await readerPage.screenshot({ path: test.info().outputPath('reader-done-375.png'), fullPage: true });
  await readerContext.close();

  // The operator's other pages pass axe too, at 1440 and at 375.
  for (const [label, heading] of [
    ['商城商品', '商城商品'],
    ['积分规则', '积分规则'],
    ['积分对账', '积分对账'],
  ]) {
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    if (label === '商城商品') {
      await page.getByRole('button', { name: '新建商品' }).click();
      // 上传图片 opens the chooser; a chosen picture is uploaded and shown as the cover.
      await page.getByLabel(/^上传图片（/).setInputFiles({ name: 'goods.png', mimeType: 'image/png', buffer: await goodsPicture() });
      await expect(page.getByRole('img', { name: '商品图片 1（封面）' })).toBeVisible();
    }
    if (label === '积分对账') {
      await page.getByRole('button', { name: '开始对账' }).click();
      await expect(page.getByText(/账实相符|发现 \d+ 位读者/)).toBeVisible();
    }
    expect(await axeReport(page), label).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${label}-1440.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeReport(page), `${label} 375`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${label}-375.png`) });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});
