/**
 * The live-commerce complaint desk from the reader's side to the staff's side and back (docs/security.md
 * "Answering desks", the complaint desk): a reader files a complaint naming the demo seller's shop; the demo editor
 * sends it to that seller in the console (投诉受理); the demo seller's account replies (商家投诉); the reader sees the
 * reply on the complaint's timeline and confirms it solved (确认已解决) → 已完结; the seller's public figures move.
 * axe (WCAG 2.1 AA) on the new console and reader pages; screenshots for review.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { islandReady, loginByApi, signIn } from './interactionSupport.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

const SHOTS = process.env.COMPLAINT_SHOTS ?? '';
const SHOP = '山货直供旗舰店';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function fileComplaint(request: APIRequestContext, token: string, story: string): Promise<number> {
  const filed = (await (
    await request.post('/api/complaints/create', {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-complaint-${Date.now()}` },
      data: { platform: '抖音', shopName: SHOP, amount: '159.00', problemType: '货不对板', content: story, demand: '全额退款', contactPhone: '138 0013 8000' },
    })
  ).json()) as { statusCode: number; message: string; data: { id: number } };
  expect(filed.statusCode, filed.message).toBe(200);
  return filed.data.id;
}

/** The desk sends the complaint to its seller, and the seller's demo account replies, both in the console. */
async function sendAndReply(browser: Browser, request: APIRequestContext, story: string, reply: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const desk = await context.newPage();
  await signInDemo(desk, request, 'demo-moderator');
  await desk.goto('/newsroom/complaints');
  const card = desk.locator('li', { has: desk.getByText(story, { exact: true }) });
  await card.getByRole('button', { name: '受理', exact: true }).click();
  await expect(desk.getByText(`已受理「${SHOP}」的投诉，转交${SHOP}`)).toBeVisible();
  await context.close();
  const sellerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const seller = await sellerContext.newPage();
  await signInDemo(seller, request, 'demo-seller');
  await seller.goto('/newsroom/complaints/seller');
  const item = seller.locator('li', { has: seller.getByText(story, { exact: true }) });
  await item.getByRole('textbox', { name: /回复投诉人/ }).fill(reply);
  await item.getByRole('button', { name: '发布回复' }).click();
  await expect(seller.getByText(/已回复投诉 TS\d{6}/)).toBeVisible();
  await sellerContext.close();
}

interface Figures {
  data: { figures: { received: number; replied: number; solved: number } };
}

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('投诉: a complaint → the desk sends it to the seller → the seller replies → the complainant confirms → 已完结; the figures change', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const reader = await loginByApi(request);
  const story = `直播间说是城口老腊肉，收到的肉发白没有烟熏味 ${Date.now() % 100000}`;
  const id = await fileComplaint(request, reader.token, story);

  // The desk (the demo editor) sends it to the seller it names (chosen first in the list).
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const desk = await deskContext.newPage();
  await signInDemo(desk, request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '投诉受理' }).click();
  await expect(desk.getByRole('heading', { name: '投诉受理' })).toBeVisible();
  const card = desk.locator('li', { has: desk.getByText(story, { exact: true }) });
  await expect(card).toBeVisible();
  const select = card.getByRole('combobox', { name: '转交商家' });
  expect(await select.locator('option:checked').textContent()).toBe(`${SHOP}（投诉所指商家）`);
  expect(await axeReport(desk)).toEqual([]);
  await shot(desk, 'console-complaints-1440');
  await card.getByRole('button', { name: '受理', exact: true }).click();
  await expect(desk.getByText(`已受理「${SHOP}」的投诉，转交${SHOP}`)).toBeVisible();
  await deskContext.close();

  const sellerId = ((await (await request.get(`/api/complaints/actions?id=${id}`)).json()) as { data: { sellerId: number } }).data.sellerId;
  expect(sellerId).toBeGreaterThan(0);
  const before = (await (await request.get(`/api/complaints/seller?id=${sellerId}`)).json()) as Figures;

  // The seller's person replies in the console.
  const sellerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const seller = await sellerContext.newPage();
  await signInDemo(seller, request, 'demo-seller');
  await seller.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '商家投诉' }).click();
  await expect(seller.getByRole('heading', { name: `商家投诉 · ${SHOP}` })).toBeVisible();
  const item = seller.locator('li', { has: seller.getByText(story, { exact: true }) });
  await expect(item).toBeVisible();
  expect(await axeReport(seller)).toEqual([]);
  await shot(seller, 'console-seller-1440');
  await item.getByRole('textbox', { name: /回复投诉人/ }).fill('非常抱歉，已为您全额退款 159 元，并补发一块真正烟熏三个月的城口老腊肉。');
  await item.getByRole('button', { name: '发布回复' }).click();
  await expect(seller.getByText(`已回复投诉 TS${String(id).padStart(6, '0')}`)).toBeVisible();
  await sellerContext.close();

  // The complainant sees the reply on the timeline and confirms it solved.
  await signIn(context, reader);
  await page.goto(`/shancheng/Complaints-platform/detail?id=${id}`);
  await expect(page.getByRole('list', { name: '处理进度' }).locator('[aria-current="step"]')).toHaveText('已回复');
  await expect(page.getByText(`${SHOP}回复：非常抱歉，已为您全额退款 159 元`)).toBeVisible();
  const confirm = page.getByRole('button', { name: '确认已解决' });
  await islandReady(page, confirm);
  await expect(page.getByRole('button', { name: '再次追问' })).toBeVisible();
  expect(await axeReport(page)).toEqual([]);
  await shot(page, 'reader-complaint-375');
  await confirm.click();
  await expect(page.getByRole('list', { name: '处理进度' }).locator('[aria-current="step"]')).toHaveText('已完结');
  await expect(page.getByText('投诉人确认问题已解决，投诉已完结')).toBeVisible();
  await expect(page.getByRole('button', { name: '确认已解决' })).toHaveCount(0);

  // The seller's public page, reached from the complaint: its figures moved.
  await page.getByRole('link', { name: SHOP }).click();
  await expect(page.getByRole('heading', { name: SHOP })).toBeVisible();
  const after = (await (await request.get(`/api/complaints/seller?id=${sellerId}`)).json()) as Figures;
  expect(after.data.figures.replied).toBe(before.data.figures.replied + 1);
  expect(after.data.figures.solved).toBe(before.data.figures.solved + 1);
  await expect(page.getByText(`已回复 ${after.data.figures.replied} 件，投诉人确认解决 ${after.data.figures.solved} 件`)).toBeVisible();
  expect(await axeReport(page)).toEqual([]);
  await shot(page, 'reader-seller-375');
});

test('投诉: the complainant asks again once (再次追问); the complaint goes back to the seller and the question shows on its page', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const reader = await loginByApi(request);
  const story = `主播说包邮七天到，半个月了还没发货 ${Date.now() % 100000}`;
  const id = await fileComplaint(request, reader.token, story);
  await sendAndReply(browser, request, story, '仓库爆单导致延迟，今天已发出，请留意物流。');

  await signIn(context, reader);
  await page.goto(`/shancheng/Complaints-platform/detail?id=${id}`);
  const again = page.getByRole('button', { name: '再次追问' });
  await islandReady(page, again);
  await again.click();
  const box = page.getByRole('textbox', { name: /追问内容/ });
  await box.fill('物流单号查不到任何信息，请给一个能查到的单号。');
  expect(await axeReport(page)).toEqual([]);
  await page.getByRole('button', { name: '提交追问' }).click();
  await expect(page.getByText('物流单号查不到任何信息，请给一个能查到的单号。')).toBeVisible();
  await expect(page.getByRole('button', { name: '再次追问' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '确认已解决' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: '处理进度' }).locator('[aria-current="step"]')).toHaveText('处理中');
  await expect(page.getByText('投诉人对回复再次追问，等待再次答复')).toBeVisible();
  const actions = (await (await request.get(`/api/complaints/actions?id=${id}`)).json()) as { data: { followUp: { content: string } | null } };
  expect(actions.data.followUp?.content).toBe('物流单号查不到任何信息，请给一个能查到的单号。');
});
