/**
 * 问答指派 from the console to the reader app and back (docs/security.md "Answering desks"): a reader asks; another
 * applies as 记者 and the demo editor approves them in 身份认证; the editor gives the question to them in 问答指派;
 * the answerer sees it first in 我的提问, marked 指派给我, and answers as their own account; the asker sees it
 * answered in 我的提问. axe (WCAG 2.1 AA) on the console page; screenshots for review.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { islandReady, loginByApi, signIn } from './interactionSupport.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

const SHOTS = process.env.ANSWER_SHOTS ?? '';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('问答指派: the desk gives a question to an approved reporter → 指派给我 in 我的提问 → answered → the asker sees it', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100000;
  const realName = `周明${stamp}`;

  // A reader asks.
  const asker = await loginByApi(request);
  const title = `磁器口周末几点去人少？${stamp}`;
  const asked = (await (
    await request.post('/v1/bangbang/wenda/add', {
      form: { title, content: '想带老人去逛逛，怕人太多挤不动。' },
      headers: { authorization: `Bearer ${asker.token}`, 'idempotency-key': `qa-e2e-${stamp}` },
    })
  ).json()) as { statusCode: number; data: { id: number } };
  expect(asked.statusCode).toBe(200);

  // Another reader applies as 记者 (as on /BangBang/applyfor).
  const answerer = await loginByApi(request);
  await signIn(context, answerer);
  await page.goto('/shancheng/BangBang/applyfor');
  const name = page.getByRole('textbox', { name: /真实姓名/ });
  await islandReady(page, name);
  await page.getByRole('radio', { name: '记者' }).check();
  await name.fill(realName);
  await page.getByRole('textbox', { name: /职业/ }).fill('山城新闻 民生新闻记者');
  await page.getByRole('textbox', { name: /个人简介/ }).fill('跑沙坪坝和磁器口一带的民生新闻五年。');
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 90, b: 150 } } })
    .png()
    .toBuffer();
  await page.getByLabel('添加图片').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('上传中')).toHaveCount(0);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByText('认证状态：审核中')).toBeVisible();

  // The demo editor approves them, then gives them the question.
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const desk = await deskContext.newPage();
  await signInDemo(desk, request, 'demo-editor');
  const nav = desk.getByRole('navigation', { name: '后台导航' });
  await nav.getByRole('link', { name: '身份认证' }).click();
  const application = desk.locator('li', { hasText: `${realName}（记者）` });
  await application.getByRole('button', { name: '通过', exact: true }).click();
  await expect(desk.getByText(`${realName}：已通过`)).toBeVisible();

  await nav.getByRole('link', { name: '问答指派' }).click();
  await expect(desk.getByRole('heading', { name: '问答指派' })).toBeVisible();
  const card = desk.locator('li', { has: desk.getByText(title, { exact: true }) });
  await expect(card.getByText('待指派')).toBeVisible();
  await card.getByRole('combobox', { name: '指派给' }).selectOption({ label: `${realName}（记者）` });
  await card.getByRole('button', { name: '指派', exact: true }).click();
  await expect(desk.getByText(`已指派给${realName}`)).toBeVisible();
  await expect(card.getByText('已指派', { exact: true })).toBeVisible();
  // The demo's open questions fit one page: no pager (the API test pages 21 questions).
  await expect(desk.getByRole('navigation', { name: '翻页' })).toHaveCount(0);
  expect(await axeReport(desk)).toEqual([]);
  await shot(desk, 'console-qa-assign-1440');
  await desk.setViewportSize({ width: 375, height: 812 });
  await shot(desk, 'console-qa-assign-375');
  await desk.setViewportSize({ width: 1440, height: 900 });

  // The answerer sees it first in 我的提问, marked 指派给我, and answers.
  await page.goto('/shancheng/mine/questions');
  const mine = page.getByRole('region', { name: '指派给我的问题' });
  await expect(mine).toBeVisible();
  // Their own questions follow under a heading of their own.
  await expect(page.getByRole('heading', { name: '我提的问题', level: 2 })).toBeVisible();
  const item = mine.locator('li').first();
  await expect(item.getByText('指派给我')).toBeVisible();
  await expect(item.getByRole('link', { name: title, exact: true })).toBeVisible();
  await shot(page, 'reader-qa-assigned-375');
  await item.getByRole('link', { name: `去回答：${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/BangBang/QA/reply\\?id=${asked.data.id}$`));
  const answerBox = page.getByRole('textbox', { name: /回答内容/ });
  await islandReady(page, answerBox);
  await answerBox.fill('工作日上午九点前去最好，周末建议早上八点到，十点以后游客就多了。');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/BangBang/QA/detail\\?id=${asked.data.id}$`));
  await page.goto('/shancheng/mine/questions');
  await expect(page.getByRole('region', { name: '指派给我的问题' }).locator('li', { hasText: title }).getByText('已回答')).toBeVisible();

  // The desk sees it answered; the asker sees the answer in 我的提问.
  await desk.reload();
  await desk.getByRole('tab', { name: '已指派' }).click();
  await expect(desk.locator('li', { has: desk.getByText(title, { exact: true }) }).getByText('已回答', { exact: true })).toBeVisible();
  await deskContext.close();

  const askerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await signIn(askerContext, asker);
  const askerPage = await askerContext.newPage();
  await askerPage.goto('/shancheng/mine/questions');
  await expect(askerPage.locator('li', { hasText: title }).getByText('问答 · 1 个回答')).toBeVisible();
  await askerContext.close();
});
