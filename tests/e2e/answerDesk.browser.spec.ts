/**
 * The 问政 answering desk from the reader's side to the staff's side and back (docs/security.md "Answering
 * desks"): a reader asks in the commit form; the demo editor accepts it in the console and assigns it to
 * another department than the one chosen; that department's demo account replies in the console; the
 * reader sees the four-step timeline and the official reply, rates it 满意 once; the department's public
 * figures move. axe (WCAG 2.1 AA) on the new console and reader pages; screenshots for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandReady, loginByApi, signIn } from './interactionSupport.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

const SHOTS = process.env.ANSWER_SHOTS ?? '';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('问政: a reader asks → the desk assigns → the department replies → the reader sees the timeline and the reply and rates it; the figures change', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const chosen = '渝中区城市管理局';
  const assigned = '江北区城市管理局';
  const reader = await loginByApi(request);
  const title = `洪崖洞旁的台阶扶手松了 ${Date.now() % 100000}`;

  // The reader asks, choosing 渝中区城市管理局.
  await signIn(context, reader);
  await page.goto('/shancheng/BangBang/politics/commit');
  const select = page.getByRole('combobox', { name: /问政部门/ });
  await islandReady(page, select);
  await select.selectOption({ label: chosen });
  await page.getByRole('textbox', { name: /^标题/ }).fill(title);
  await page.getByRole('textbox', { name: /问题内容/ }).fill('往洪崖洞走的石台阶扶手晃得厉害，老人扶着很危险，请尽快加固。');
  await page.getByRole('button', { name: '提交问政' }).click();
  await expect(page).toHaveURL(/\/BangBang\/politics\/detail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByText('该问题已提交，等待受理')).toBeVisible();

  const units = (await (await request.get(`/v1/bangbang/wenzheng/handling?id=${id}`)).json()) as { data: { state: string } };
  expect(units.data.state).toBe('submitted');

  // The desk (the demo editor) accepts it and assigns it to another department.
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const desk = await deskContext.newPage();
  await signInDemo(desk, request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '问政受理' }).click();
  await expect(desk.getByRole('heading', { name: '问政受理' })).toBeVisible();
  const card = desk.locator('li', { has: desk.getByText(title, { exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('combobox', { name: '转交部门' })).toHaveValue(/\d+/);
  expect(await card.getByRole('combobox', { name: '转交部门' }).locator('option:checked').textContent()).toContain('（提问人所选）');
  expect(await axeReport(desk)).toEqual([]);
  await shot(desk, 'console-desk-1440');
  await desk.setViewportSize({ width: 375, height: 812 });
  await shot(desk, 'console-desk-375');
  await desk.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('combobox', { name: '转交部门' }).selectOption({ label: assigned });
  await card.getByRole('button', { name: '受理并转交' }).click();
  await expect(desk.getByText(`已受理「${title}」，转交${assigned}`)).toBeVisible();
  // The status tabs are one tab stop that the arrow keys, Home and End move along (the tabs pattern of every desk).
  const tabs = desk.getByRole('tablist', { name: '问政状态' });
  await tabs.getByRole('tab', { name: '待受理' }).focus();
  await desk.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: '办理中' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: '办理中' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: '待受理' })).toHaveAttribute('tabindex', '-1');
  await desk.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: '不予受理' })).toHaveAttribute('aria-selected', 'true');
  await desk.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: '待受理' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: '待受理' })).toBeFocused();
  await deskContext.close();

  const figuresBefore = (await (await request.get(`/v1/bangbang/wenzheng/handling?id=${id}`)).json()) as { data: { unit: { id: number } } };
  const unitId = figuresBefore.data.unit.id;
  const before = (await (await request.get(`/v1/bangbang/wenzheng/department?id=${unitId}`)).json()) as {
    data: { figures: { replied: number; satisfied: number } };
  };

  // The reader's page now says where it went.
  await page.reload();
  await expect(page.getByText(`该问题已转交${assigned}，正在办理`)).toBeVisible();

  // The department signs for it and replies in the console.
  const deptContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const dept = await deptContext.newPage();
  await signInDemo(dept, request, 'demo-dept-jbcg');
  await dept.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '部门办理' }).click();
  await expect(dept.getByRole('heading', { name: `部门办理 · ${assigned}` })).toBeVisible();
  const item = dept.locator('li', { has: dept.getByText(title, { exact: true }) });
  await item.getByRole('button', { name: '签收办理' }).click();
  await expect(dept.getByText(`已签收「${title}」`)).toBeVisible();
  expect(await axeReport(dept)).toEqual([]);
  await shot(dept, 'console-department-1440');
  await dept.setViewportSize({ width: 375, height: 812 });
  await shot(dept, 'console-department-375');
  await item.getByRole('textbox', { name: /官方回复/ }).fill('网友您好：\n经现场查看，该处扶手底座螺栓松动，已于今日完成加固。\n感谢您对城市管理工作的关心。');
  await item.getByRole('textbox', { name: /相关报道链接/ }).fill('/BangBang/politics/index');
  await item.getByRole('button', { name: '发布回复' }).click();
  await expect(dept.getByText(`已回复「${title}」`)).toBeVisible();
  await deptContext.close();

  // The reader sees the timeline, the official reply, and rates it once.
  await page.reload();
  await expect(page.locator('[data-politics-steps]')).toHaveAttribute('data-politics-steps', '已回复');
  const steps = page.locator('[data-politics-steps] li');
  await expect(steps).toHaveText([/已提交.*\d{2}:\d{2}/, /已受理.*\d{2}:\d{2}/, /办理中.*\d{2}:\d{2}/, /已回复.*\d{2}:\d{2}/]);
  await expect(page.getByText(`转交${assigned}`)).toBeVisible();
  const reply = page.locator('[data-official-reply]');
  await expect(reply.getByRole('link', { name: assigned })).toBeVisible();
  await expect(reply.locator('[data-member-tag="red"]')).toHaveText('官方');
  await expect(reply.getByText('已于今日完成加固')).toBeVisible();
  await expect(reply.getByRole('link', { name: '相关报道' })).toHaveAttribute('href', '/shancheng/BangBang/politics/index');
  const good = page.getByRole('button', { name: '满意', exact: true });
  await islandReady(page, good);
  expect(await axeReport(page)).toEqual([]);
  await shot(page, 'reader-politics-375');
  await good.click();
  await expect(page.getByText('你的评价：')).toBeVisible();
  await expect(page.locator('[data-politics-rating]')).toHaveAttribute('data-politics-rating', '1');
  await page.reload();
  await expect(page.getByRole('button', { name: '满意', exact: true })).toHaveCount(0);

  // 我的提问 says so.
  await page.goto('/shancheng/mine/questions');
  await expect(page.getByText('问政 · 已回复 · 满意').first()).toBeVisible();

  // The department's public page, reached from the reply: its figures moved.
  await page.goto(`/shancheng/BangBang/politics/detail?id=${id}`);
  await page.locator('[data-official-reply]').getByRole('link', { name: assigned }).click();
  await expect(page.getByRole('heading', { name: assigned })).toBeVisible();
  const after = (await (await request.get(`/v1/bangbang/wenzheng/department?id=${unitId}`)).json()) as {
    data: { figures: { replied: number; satisfied: number } };
  };
  expect(after.data.figures.replied).toBe(before.data.figures.replied + 1);
  expect(after.data.figures.satisfied).toBe(before.data.figures.satisfied + 1);
  await expect(page.getByText(`已回复 ${after.data.figures.replied} 件`)).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  expect(await axeReport(page)).toEqual([]);
  await shot(page, 'reader-department-375');
});
