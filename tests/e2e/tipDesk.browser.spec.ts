/**
 * The 爆料 inbox from the reader's side to the staff's side and back (docs/security.md "The 爆料 inbox"): a
 * reader sends a tip in the 爆料 form; the demo editor adopts it in the console's 爆料线索 and gives it to the
 * demo reporter; the tipster's points rise by the reward once (spec 9 "线索采用有奖"); the editor links the
 * published story; the tipster reads 已报道 in 我的爆料 and opens the story from it. axe (WCAG 2.1 AA) on the
 * console page; screenshots for review.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { islandReady, loginByApi, signIn, type Reader } from './interactionSupport.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

const SHOTS = process.env.ANSWER_SHOTS ?? '';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function points(request: APIRequestContext, reader: Reader): Promise<number> {
  const res = await request.get('/v1/points/summary', { headers: { authorization: `Bearer ${reader.token}` } });
  return ((await res.json()) as { data: { credit: number } }).data.credit;
}

/** The signed-in reader sends a tip in the 爆料 form, and reads that it arrived. */
async function sendTip(page: Page, text: string, place: string): Promise<void> {
  await page.goto('/shancheng/BangBang/exposure/index');
  const box = page.getByRole('textbox', { name: /爆料内容/ });
  await islandReady(page, box);
  await box.fill(text);
  await page.getByRole('textbox', { name: /地点/ }).fill(place);
  await page.getByRole('button', { name: '发送爆料' }).click();
  await expect(page.getByRole('region', { name: '我要爆料' }).getByRole('status')).toHaveText('爆料成功，感谢您提供线索');
}

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('爆料: a tip → adopted and given to a reporter → the story linked; the tipster sees each state and their points rise once', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const reader = await loginByApi(request);
  const text = `鹅岭公园后门的路灯坏了一排，晚上黑漆漆的 ${Date.now() % 100000}`;

  // The reader sends a tip in the 爆料 form.
  await signIn(context, reader);
  await sendTip(page, text, '渝中区鹅岭');
  await page.goto('/shancheng/mine/tips');
  const mine = page.locator('li', { hasText: text.slice(0, 20) });
  await expect(mine.getByText('已收到')).toBeVisible();
  const before = await points(request, reader);

  // The desk (the demo editor) adopts it and gives it to the demo reporter.
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const desk = await deskContext.newPage();
  await signInDemo(desk, request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '爆料线索' }).click();
  await expect(desk.getByRole('heading', { name: '爆料线索' })).toBeVisible();
  const card = desk.locator('li', { has: desk.getByText(text, { exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('combobox', { name: '指派记者' })).toHaveValue(/\d+/);
  expect(await axeReport(desk)).toEqual([]);
  await shot(desk, 'console-tips-1440');
  await desk.setViewportSize({ width: 375, height: 812 });
  await shot(desk, 'console-tips-375');
  await desk.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('combobox', { name: '指派记者' }).selectOption({ label: '赵雪梅' });
  // (Adoptions racing at once are the attack test's: tests/security/tipDesk.test.ts.)
  await card.getByRole('button', { name: '采纳并指派' }).click();
  await expect(desk.getByText(/^已采纳「.+」，指派赵雪梅，爆料人获得 20 积分$/)).toBeVisible();

  // The tipster sees it adopted, and their points rose by the reward.
  await page.reload();
  await expect(mine.getByText('已采纳 · 记者跟进中 · 奖励 20 积分')).toBeVisible();
  expect(await points(request, reader)).toBe(before + 20);

  // The desk links the published story it led to.
  await desk.getByRole('tab', { name: '已采纳' }).click();
  const adopted = desk.locator('li', { has: desk.getByText(text, { exact: true }) });
  await expect(adopted).toBeVisible();
  const story = adopted.getByRole('combobox', { name: '关联已发布的报道' });
  const title = ((await story.locator('option:checked').textContent()) ?? '').replace(/（[^（]*）$/, '');
  await adopted.getByRole('button', { name: '关联报道' }).click();
  await expect(desk.getByText(`已关联报道《${title}》`, { exact: false })).toBeVisible();
  await desk.getByRole('tab', { name: '已报道' }).click();
  await expect(desk.locator('li', { has: desk.getByText(text, { exact: true }) }).getByRole('link', { name: title })).toBeVisible();
  expect(await axeReport(desk)).toEqual([]);
  await deskContext.close();

  // The tipster reads 已报道 and opens the story from 我的爆料; the points did not move again.
  await page.reload();
  await expect(mine.getByText(`已报道 · ${title}`)).toBeVisible();
  expect(await points(request, reader)).toBe(before + 20);
  await shot(page, 'reader-mine-tips-375');
  await mine.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/NewsDetail\?classId=\d+&newsId=\d+$/);
});

test('爆料: a tip declined with its reason — a reason too short is held by the form, and the tipster reads 未采用 with the reason', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const reader = await loginByApi(request);
  const text = `听说观音桥步行街要整体封闭改造三年 ${Date.now() % 100000}`;
  await signIn(context, reader);
  await sendTip(page, text, '江北区观音桥');

  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const desk = await deskContext.newPage();
  await signInDemo(desk, request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '爆料线索' }).click();
  const card = desk.locator('li', { has: desk.getByText(text, { exact: true }) });
  await expect(card).toBeVisible();
  const reason = card.getByRole('textbox', { name: '不采用的原因（爆料人可见）' });
  const decline = card.getByRole('button', { name: '不采用' });
  // One character is not a reason: the browser's own check holds the form, nothing is sent.
  await reason.fill('否');
  await decline.click();
  expect(await reason.evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true);
  await expect(card).toBeVisible();
  // Nor is one character between spaces, though the browser counts three: the form counts what the server keeps.
  await reason.fill(' 否 ');
  await decline.click();
  expect(await reason.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe('原因至少 2 个字');
  await expect(card).toBeVisible();
  await reason.fill('  经核实，改造为分段施工，不会整体封闭  ');
  await decline.click();
  await expect(desk.getByText(/^「.+」未采用$/)).toBeVisible();
  await expect(card).toHaveCount(0);
  await desk.getByRole('tab', { name: '未采用' }).click();
  await expect(desk.locator('li', { has: desk.getByText(text, { exact: true }) }).getByText('未采用：经核实，改造为分段施工，不会整体封闭')).toBeVisible();
  expect(await axeReport(desk)).toEqual([]);
  await deskContext.close();

  await page.goto('/shancheng/mine/tips');
  await expect(page.locator('li', { hasText: text.slice(0, 20) }).getByText('未采用：经核实，改造为分段施工，不会整体封闭')).toBeVisible();
});
