/**
 * A live event (直播, ADR 025 "Live events") in the browser: a reporter makes one from the 稿件库's 新建 menu with two
 * sources (the second moved up with the keyboard), a start time and a cover; three different people take 一审, 二审
 * and 三审 and the chief signs it. A reader opens its LiveDetail at 375 × 812 (未开始, the feed's empty text); the
 * chief sets 直播中 and posts an update from the console; the reader's open page shows 直播中, the player and the
 * update without a reload. The console page passes axe's WCAG 2.1 AA rules at 1440 px.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { axeReport, newStoryFromLibrary, signOff, signedIn, throughReviews } from './deskSupport.ts';

const SHOTS = process.env.PUBLISH_SHOTS_DIR;

/** Resolves once the page's realtime socket (the one that also asks for op 1003) has been answered by the server. */
function liveSocketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      let asked = false;
      ws.on('framesent', (frame) => {
        if (Buffer.from(frame.payload).toString('utf8').includes('"accepts":[1001,1003]')) asked = true;
      });
      ws.on('framereceived', () => {
        if (asked) resolve();
      });
    });
  });
}

const TITLE = '直播｜2026 重庆马拉松鸣枪开跑';
const UPDATE = '07:30 鸣枪！三万名跑者从海棠溪出发 <b>不是粗体</b>';

test('a live is made, reviewed three times, published, started and followed by a reader without reload', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const reporter = await signedIn(browser, request, 'demo-reporter');
  const storyUrl = await newStoryFromLibrary(reporter, '新建直播', '添加直播源');

  await reporter.getByRole('textbox', { name: /^标题/ }).fill(TITLE);
  await reporter.getByRole('textbox', { name: '摘要' }).fill('三万名跑者从海棠溪出发，跑过长江大桥与嘉陵江畔。');
  await reporter.getByLabel('开始时间（北京时间）').fill('2026-12-01T07:30');
  await reporter.getByRole('button', { name: '添加直播源' }).click();
  await reporter.getByRole('textbox', { name: '第 1 个直播源的名称' }).fill('江北分会场');
  await reporter.getByRole('textbox', { name: '第 1 个直播源的地址' }).fill('https://live.example.cn/jiangbei/index.m3u8');
  await reporter.getByRole('button', { name: '添加直播源' }).click();
  await reporter.getByRole('textbox', { name: '第 2 个直播源的名称' }).fill('主会场');
  await reporter.getByRole('textbox', { name: '第 2 个直播源的地址' }).fill('https://live.example.cn/main/index.m3u8');
  // Moved with the keyboard: the main venue goes first.
  await reporter.getByRole('button', { name: '第 2 个直播源上移' }).focus();
  await reporter.keyboard.press('Enter');
  await expect(reporter.getByRole('textbox', { name: '第 1 个直播源的名称' })).toHaveValue('主会场');
  await expect(reporter.getByRole('textbox', { name: '第 2 个直播源的名称' })).toHaveValue('江北分会场');
  await reporter.getByRole('combobox', { name: '频道' }).selectOption({ label: '重庆' });
  await reporter.getByRole('combobox', { name: '栏目' }).selectOption({ index: 1 });
  const png = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 170, g: 40, b: 50 } } })
    .png()
    .toBuffer();
  await reporter.getByLabel('选择封面图片').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await reporter.getByRole('button', { name: '确定裁剪' }).click();
  await expect(reporter.getByRole('img', { name: '封面 1' })).toBeVisible({ timeout: 20_000 });
  await expect(reporter.getByText(/已自动保存/)).toBeVisible({ timeout: 15_000 });
  await expect(reporter.getByText(/提交前还需/)).toHaveCount(0);
  expect(await axeReport(reporter, { settle: false })).toEqual([]);
  if (SHOTS) await reporter.screenshot({ path: `${SHOTS}/live-1440.png`, fullPage: true });
  await reporter.getByRole('button', { name: '提交审核' }).click();
  await expect(reporter.getByText('已提交审核')).toBeVisible();

  // The list names its kind.
  await reporter.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '稿件库' }).click();
  await expect(reporter.getByRole('listitem').filter({ hasText: TITLE }).getByText('直播', { exact: true })).toBeVisible();

  const chief = await throughReviews(browser, request, storyUrl, 'live');
  const readerUrl = await signOff(chief);
  expect(readerUrl).toMatch(/^\/shancheng\/LiveDetail\?classId=\d+&newsId=\d+$/);
  const desk = chief.getByRole('region', { name: '直播控制台' });
  await expect(desk).toBeVisible();

  // A reader on a phone opens it before it starts.
  const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reader = await readerContext.newPage();
  const ready = liveSocketReady(reader);
  const res = await reader.goto(readerUrl!);
  expect(res?.status()).toBe(200);
  const tag = reader.locator('[data-live-state]');
  await expect(tag).toHaveText('未开始');
  await expect(reader.getByText('直播将于 2026-12-01 07:30 开始')).toBeVisible();
  await expect(reader.getByText('直播尚未发布动态')).toBeVisible();
  await expect(reader.locator('video')).toHaveCount(0);
  await expect(reader.getByRole('radiogroup', { name: '选择视频源' })).toBeHidden();
  await ready;

  // The chief starts it and posts an update (Ctrl+Enter sends).
  await desk.getByRole('button', { name: '开始直播（直播中）' }).click();
  await expect(desk.getByText('直播中', { exact: true })).toBeVisible();
  const box = desk.getByRole('textbox', { name: /直播动态/ });
  // Ctrl+Enter on an empty update is refused beside the field, read out, and sends nothing.
  const sent: string[] = [];
  chief.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/publish/live/post')) sent.push(r.url());
  });
  await box.press('Control+Enter');
  await expect(desk.getByRole('alert')).toHaveText('请填写直播动态');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription('请填写直播动态');
  expect(sent).toEqual([]);
  await box.fill(UPDATE);
  await expect(desk.getByRole('alert')).toHaveCount(0);
  // With a picture of ours (uploaded through the desk).
  await desk.getByLabel('选择动态配图').setInputFiles({ name: 'start.png', mimeType: 'image/png', buffer: png });
  await expect(desk.getByRole('img', { name: '动态配图' })).toBeVisible({ timeout: 20_000 });
  await box.press('Control+Enter');
  await expect(desk.getByText('动态已发布，读者页面即时可见')).toBeVisible();
  await expect(desk.getByRole('list', { name: '已发布的直播动态' }).getByText(UPDATE)).toBeVisible();
  expect(await axeReport(chief, { settle: false })).toEqual([]);
  if (SHOTS) await chief.screenshot({ path: `${SHOTS}/live-desk-1440.png`, fullPage: true });

  // The reader's open page follows without a reload: the state, the title's status, the player and the update as text.
  await expect(tag).toHaveText('直播中', { timeout: 15_000 });
  await expect(reader.locator('[data-live-status]')).toHaveText('直播中');
  await expect(reader.getByRole('region', { name: '图文直播' }).getByText(UPDATE)).toBeVisible({ timeout: 15_000 });
  await expect(reader.locator('[data-live-feed] b')).toHaveCount(0);
  // The update's picture comes from our media store, in the width the page asks for.
  await expect(reader.locator('[data-live-feed] img')).toHaveAttribute('src', /^\/media\/newsroom\/[0-9a-f]{64}\.png\?w=690$/);
  await expect(reader.getByText('直播尚未发布动态')).toBeHidden();
  await expect(reader.locator('video')).toHaveAttribute('src', 'https://live.example.cn/main/index.m3u8');
  // The source picker shows with the player, and switches it.
  const picker = reader.getByRole('radiogroup', { name: '选择视频源' });
  await expect(picker).toBeVisible();
  await picker.getByRole('radio', { name: '江北分会场' }).click();
  await expect(reader.locator('video')).toHaveAttribute('src', 'https://live.example.cn/jiangbei/index.m3u8');
  await expect(picker.getByRole('radio', { name: '江北分会场' })).toHaveAttribute('aria-checked', 'true');
  // The player put in place keeps to the phone's width (no sideways scrolling).
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await reader.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  if (SHOTS) await reader.screenshot({ path: `${SHOTS}/live-reader-375.png`, fullPage: true });
});
