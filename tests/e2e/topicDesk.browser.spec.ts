/**
 * The topic desk (ADR 035): the demo editor opens 专题编排, picks the special topic's second category and moves its
 * last story first by keyboard (上移, focus staying on the moved story) and moves the first category down; a reader on a
 * phone then sees the story first in that category of /SpecialPage, the categories in the new order. axe (WCAG 2.1 AA)
 * on the desk.
 */
import { expect, test } from '@playwright/test';
import { axeReport, signInDemo } from './deskSupport.ts';

// axe is injected as a script of its own: the pages' CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

// The demo's special topic (every dataType-5 item leads to /SpecialPage?classId=105).
const CLASS_ID = 105;

test('an editor moves a story first in a special topic’s category by keyboard; a reader sees it first on /SpecialPage', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '专题编排' }).click();
  await expect(desk.getByRole('heading', { name: '专题编排', level: 1 })).toBeVisible();
  // A console page is never stored by a browser or a cache on the way.
  expect((await desk.request.get('/newsroom/topics')).headers()['cache-control']).toBe('no-store');
  await desk.getByRole('combobox', { name: '要编排的专题或话题' }).selectOption(`special:${CLASS_ID}`);
  const categories = desk.getByRole('list', { name: /的栏目顺序$/ });
  await expect(categories.getByRole('listitem')).not.toHaveCount(0);
  const categoryPicker = desk.getByRole('combobox', { name: '栏目', exact: true });
  const second = categoryPicker.locator('option').nth(1);
  const categoryId = Number(await second.getAttribute('value'));
  const categoryName = (await second.textContent())!;
  await categoryPicker.focus();
  await desk.keyboard.press('ArrowDown');
  await expect(categoryPicker).toHaveValue(String(categoryId));

  const list = desk.getByRole('list', { name: `栏目“${categoryName}”的稿件顺序` });
  const items = list.getByRole('listitem');
  await expect(items).not.toHaveCount(0);
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  const title = (await items.last().locator('.nr-item__title').textContent())!.replace(/^\d+\.\s*/, '');
  await expect(items.last()).toContainText('发布于');
  expect(await axeReport(desk)).toEqual([]);

  await list.getByRole('button', { name: `上移：${title}` }).focus();
  for (let i = count; i > 1; i--) {
    await desk.keyboard.press('Enter');
    await expect(desk.getByRole('status').filter({ hasText: `“${title}”已上移到第 ${i - 1} 位` })).toBeVisible();
    if (i > 2) await expect(list.getByRole('button', { name: `上移：${title}` })).toBeFocused();
  }
  await expect(items.first()).toContainText(title);
  await expect(list.getByRole('button', { name: `下移：${title}` })).toBeFocused();
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('topic-desk.png'), fullPage: true });

  // The categories move by keyboard too, focus staying on the moved category (not on a story's button).
  const firstCategory = (await categoryPicker.locator('option').first().textContent())!;
  await categories.getByRole('button', { name: `下移：栏目${firstCategory}` }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `栏目“${firstCategory}”已下移到第 2 位` })).toBeVisible();
  await expect(categories.getByRole('button', { name: `下移：栏目${firstCategory}` })).toBeFocused();
  await expect(categories.getByRole('listitem').nth(1)).toContainText(firstCategory);

  // The reader's special topic page on a phone: that category leads with the moved story.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto(`/shancheng/SpecialPage?classId=${CLASS_ID}&categoryId=${categoryId}`);
  const tabs = reader.getByRole('navigation', { name: '专题分类' });
  await expect(tabs.getByRole('link', { name: categoryName })).toHaveAttribute('aria-current', 'page');
  // The categories in the editor's new order: the moved one second, after 全部 and the one it passed.
  await expect(tabs.getByRole('link').nth(2)).toHaveText(firstCategory);
  await expect(reader.locator('.news-list > li').first()).toContainText(title);
  await reader.screenshot({ path: test.info().outputPath('reader-special.png') });
});

test('an editor takes a story out of a time-line topic and undoes it; the time line has no 上移/下移', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.goto('/newsroom/topics');
  const picker = desk.getByRole('combobox', { name: '要编排的专题或话题' });
  const line = picker.locator('option', { hasText: '（时间线）' }).first();
  await picker.selectOption((await line.getAttribute('value'))!);
  const heading = desk.getByRole('heading', { level: 2, name: /（时间线专题）$/ });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent())!.replace(/（时间线专题）$/, '');
  const list = desk.getByRole('list', { name: `${name}的稿件顺序` });
  const items = list.getByRole('listitem');
  await expect(items).not.toHaveCount(0);
  const count = await items.count();
  await expect(list.getByRole('button', { name: /^上移：/ })).toHaveCount(0);
  const title = (await items.first().locator('.nr-item__title').textContent())!.replace(/^\d+\.\s*/, '');
  await list.getByRole('button', { name: `移出：${title}` }).focus();
  await desk.keyboard.press('Enter');
  const done = desk.getByRole('status').filter({ hasText: `“${title}”已移出${name}` });
  await expect(done).toBeVisible();
  await expect(items).toHaveCount(count - 1);
  expect(await axeReport(desk)).toEqual([]);
  await done.getByRole('button', { name: '撤销' }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `“${title}”已放回原来的位置` })).toBeVisible();
  await expect(items).toHaveCount(count);
  await expect(items.first()).toContainText(title);
});
