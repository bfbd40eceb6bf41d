/**
 * The placement desk (ADR 034): the demo editor adds a banner to a channel on 版面安排 by keyboard (title, a picture
 * through the desk's upload, a published story found by title) and moves it first with 上移, focus staying on the
 * moved banner; a reader on a phone then sees it first in that channel's carousel. axe (WCAG 2.1 AA) on the desk.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeReport, signInDemo } from './deskSupport.ts';

// axe is injected as a script of its own: the pages' CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

// Channel 13 (a /home/{id} channel with one seeded banner): no other spec reads its carousel.
const CHANNEL = 13;

test('an editor adds a channel banner by keyboard and moves it first; a reader sees it first on that channel', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const title = `山城夜游新线路${Date.now().toString(36).slice(-4)}`;
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '版面安排' }).click();
  await expect(desk.getByRole('tab', { name: '频道轮播图' })).toHaveAttribute('aria-selected', 'true');
  await desk.getByRole('combobox', { name: '频道' }).selectOption(String(CHANNEL));
  const list = desk.getByRole('list', { name: /轮播图顺序$/ });
  await expect(list.getByRole('listitem')).not.toHaveCount(0);

  const form = desk.getByRole('form', { name: '新增轮播图' });
  await form.getByRole('textbox', { name: /^标题/ }).focus();
  await desk.keyboard.type(title);
  const png = await sharp({ create: { width: 750, height: 360, channels: 3, background: { r: 40, g: 80, b: 170 } } })
    .png()
    .toBuffer();
  await form.getByLabel('选择轮播图图片').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('img', { name: '已选的轮播图图片' })).toBeVisible();
  // Find a story by a word of its title: typed, then Enter in the search field.
  const story = form.getByRole('combobox', { name: '要打开的稿件' });
  await expect(story.locator('option')).not.toHaveCount(1);
  const firstTitle = (await story.locator('option').nth(1).textContent())!.replace(/（[^）]*）$/, '');
  await form.getByRole('searchbox', { name: '按标题搜索已发布的稿件' }).focus();
  await desk.keyboard.type(firstTitle.slice(0, 4));
  // The search's own answer redraws the list (a choice made before it would be dropped): wait for it, and for the draw.
  const searched = desk.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/placement/stories') && new URL(res.url()).searchParams.has('keyword'));
  await desk.keyboard.press('Enter');
  await searched;
  await expect(story.locator('option').nth(1)).toContainText(firstTitle.slice(0, 4));
  await story.focus();
  await desk.keyboard.press('ArrowDown');
  await expect(story).not.toHaveValue('');
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('placement-desk.png'), fullPage: true });
  await form.getByRole('button', { name: '新增轮播图' }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `已新增“${title}”` })).toBeVisible();
  const items = list.getByRole('listitem');
  await expect(items.last()).toContainText(title);

  // Move it first with the keyboard: focus stays on its 上移 button after each move.
  const count = await items.count();
  await list.getByRole('button', { name: `上移：${title}` }).focus();
  for (let i = count; i > 1; i--) {
    await desk.keyboard.press('Enter');
    await expect(desk.getByRole('status').filter({ hasText: `已上移到第 ${i - 1} 位` })).toBeVisible();
    if (i > 2) await expect(list.getByRole('button', { name: `上移：${title}` })).toBeFocused();
  }
  await expect(items.first()).toContainText(title);
  await expect(list.getByRole('button', { name: `下移：${title}` })).toBeFocused();
  expect(await axeReport(desk)).toEqual([]);
  await desk.setViewportSize({ width: 375, height: 812 });
  await desk.screenshot({ path: test.info().outputPath('placement-desk-phone.png'), fullPage: true });

  // The reader's channel page on a phone: the new banner leads the carousel and opens its story.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto(`/shancheng/home/${CHANNEL}`);
  const first = reader.locator('sc-banner .slide').first();
  await expect(first).toContainText(title);
  expect(await first.locator('a').getAttribute('href')).toMatch(/^\/shancheng\/\w+\?/);
  await reader.screenshot({ path: test.info().outputPath('reader-channel.png') });
});

test('an editor pins a story first on the hot list; a reader sees it first on /hotNews; unpinning gives the place back', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '版面安排' }).click();
  await desk.getByRole('tab', { name: '频道轮播图' }).focus();
  await desk.keyboard.press('ArrowRight');
  await expect(desk.getByRole('tab', { name: '热榜置顶' })).toHaveAttribute('aria-selected', 'true');
  const form = desk.getByRole('form', { name: '热榜置顶稿件' });
  const story = form.getByRole('combobox', { name: '要置顶的稿件' });
  await expect(story.locator('option')).not.toHaveCount(1);
  // The newest story is rarely the most read: pinned first, the list's head changes.
  await story.selectOption({ index: 1 });
  const title = (await story.locator('option:checked').textContent())!.replace(/（[^）]*）$/, '');
  await form.getByRole('spinbutton', { name: /^位置/ }).fill('1');
  expect(await axeReport(desk)).toEqual([]);
  await form.getByRole('button', { name: '置顶', exact: true }).click();
  await expect(desk.getByRole('status').filter({ hasText: '已置顶在热榜第 1 位' })).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath('placement-hot.png'), fullPage: true });

  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto('/shancheng/hotNews');
  await expect(reader.locator('.news-list > li').first()).toContainText(title);

  await desk
    .getByRole('list', { name: '热榜置顶' })
    .getByRole('button', { name: `取消置顶：${title}` })
    .click();
  await expect(desk.getByRole('status').filter({ hasText: '已取消置顶' })).toBeVisible();
  await reader.reload();
  await expect(reader.locator('.news-list > li').first()).not.toContainText(title);
});
