/**
 * A story's life in the browser (ADR 025): a reporter writes it in the console — a 小标题, a quote and
 * two pictures with captions — the draft saves itself and survives a reload; an editor sends it back once
 * with a note, the reporter resubmits; three different people take 一审, 二审 and 三审; the chief signs
 * it; a reader opens the article at 375 px; the chief pushes it as breaking news and a reader with another
 * article open gets the banner that opens it; a correction shows 更正 with its date and note at the
 * story's end; the chief withdraws it and the page answers 404. The editor
 * page passes axe's WCAG 2.1 AA rules at 1440 and 375 px.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { axeReport, openStory, signOff, signedIn, throughReviews } from './deskSupport.ts';

const SHOTS = process.env.PUBLISH_SHOTS_DIR;

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 960, height: 640, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function insertPicture(page: Page, bytes: Buffer, caption: string): Promise<void> {
  const figures = page.locator('.nr-editor__body figure');
  const before = await figures.count();
  await page.getByLabel('选择要插入的图片').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: bytes });
  await expect(figures).toHaveCount(before + 1);
  await figures.nth(before).locator('figcaption').click({ clickCount: 3 });
  await page.keyboard.type(caption);
  await expect(figures.nth(before).locator('figcaption')).toHaveText(caption);
}

const TITLE = '嘉陵江滨江步道全线贯通 沿江十公里可一路走到朝天门';

test('a story is written, reviewed three times, published, read on a phone and withdrawn', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const reporter = await signedIn(browser, request, 'demo-reporter');
  await reporter.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '写稿' }).click();
  await expect(reporter.getByRole('textbox', { name: '正文' })).toBeVisible();
  const storyUrl = reporter.url();
  expect(storyUrl).toMatch(/\/newsroom\/articles\/edit\?id=\d+$/);

  await reporter.getByRole('textbox', { name: /^标题/ }).fill(TITLE);
  await reporter.getByRole('textbox', { name: '摘要' }).fill('今日起，嘉陵江南岸滨江步道全线贯通，市民可沿江步行至朝天门。');
  await reporter.getByRole('combobox', { name: '频道' }).selectOption({ label: '重庆' });
  await reporter.getByRole('combobox', { name: '栏目' }).selectOption({ index: 1 });

  const body = reporter.getByRole('textbox', { name: '正文' });
  await body.click();
  await reporter.getByRole('button', { name: '小标题' }).click();
  await reporter.keyboard.type('步道串起三座江边公园');
  await reporter.keyboard.press('Enter');
  await reporter.keyboard.type('记者从市城市管理局获悉，这条步道全长十公里，沿线设置了观景平台和休息驿站。');
  await reporter.keyboard.press('Enter');
  await reporter.getByRole('button', { name: '引用' }).click();
  await reporter.keyboard.type('以后下班就能来江边走一走了。');
  await reporter.keyboard.press('Enter');
  await reporter.getByRole('button', { name: '引用' }).click();
  await insertPicture(reporter, await picture(30, 110, 170), '夜色中的滨江步道');
  await insertPicture(reporter, await picture(200, 120, 40), '清晨在步道晨练的市民');

  // The live preview shows the card and the article as a reader will.
  const preview = reporter.getByRole('region', { name: '预览' });
  await expect(preview.getByText(TITLE).first()).toBeVisible();
  await expect(preview.locator('figcaption', { hasText: '夜色中的滨江步道' })).toBeVisible();

  // Autosave: the status says so, and a reload brings everything back from the server.
  await expect(reporter.getByText(/已自动保存/)).toBeVisible({ timeout: 15_000 });
  await reporter.waitForTimeout(3_500);
  await expect(reporter.getByText(/已自动保存/)).toBeVisible({ timeout: 15_000 });
  await reporter.reload();
  await expect(reporter.getByRole('textbox', { name: /^标题/ })).toHaveValue(TITLE, { timeout: 20_000 });
  await expect(reporter.locator('.nr-editor__body blockquote')).toHaveText('以后下班就能来江边走一走了。');
  await expect(reporter.locator('.nr-editor__body figcaption')).toHaveText(['夜色中的滨江步道', '清晨在步道晨练的市民']);

  expect(await axeReport(reporter, { settle: false })).toEqual([]);
  if (SHOTS) await reporter.screenshot({ path: `${SHOTS}/editor-1440.png`, fullPage: false });
  await reporter.getByRole('button', { name: '提交审核' }).click();
  await expect(reporter.getByText('已提交审核')).toBeVisible();

  // 一审: the editor sends it back once with a note.
  const editor = await signedIn(browser, request, 'demo-editor');
  await openStory(editor, storyUrl, 'article');
  await editor.getByRole('textbox', { name: '审核意见 / 撤稿原因' }).fill('请补充步道开放时间');
  await editor.getByRole('button', { name: '退回修改' }).click();
  await expect(editor.getByText('已退回作者修改')).toBeVisible();

  await reporter.reload();
  await expect(reporter.getByText('意见：请补充步道开放时间')).toBeVisible({ timeout: 20_000 });
  await reporter.getByRole('textbox', { name: '正文' }).click();
  await reporter.keyboard.press('Control+End');
  await reporter.keyboard.press('Enter');
  await reporter.keyboard.type('步道每天 6:00 至 23:00 开放。');
  await reporter.getByRole('button', { name: '提交审核' }).click();
  await expect(reporter.getByText('已提交审核')).toBeVisible();

  // 一审 (by the editor who sent it back), 二审, 三审 by three different people.
  const chief = await throughReviews(browser, request, storyUrl, 'article', { 'demo-editor': editor });
  const readerUrl = await signOff(chief);
  expect(readerUrl).toMatch(/^\/shancheng\/NewsDetail\?classId=\d+&newsId=\d+$/);

  // A reader on a phone.
  const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reader = await readerContext.newPage();
  const res = await reader.goto(readerUrl!);
  expect(res?.status()).toBe(200);
  await expect(reader.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(reader.getByText('以后下班就能来江边走一走了。')).toBeVisible();
  await expect(reader.getByText('夜色中的滨江步道')).toBeVisible();
  await expect(reader.getByText('步道每天 6:00 至 23:00 开放。')).toBeVisible();
  if (SHOTS) await reader.screenshot({ path: `${SHOTS}/reader-375.png`, fullPage: true });

  // Breaking-news push: a reader reading another article gets the banner at once, and it opens the story
  // (list pages carry no socket: their JS budget, ADR 025).
  const homeReader = await readerContext.newPage();
  await homeReader.goto('/shancheng/NewsDetail?classId=101&newsId=1');
  await expect(homeReader.locator('[data-breaking-room][data-live="1"]')).toBeAttached({ timeout: 20_000 });
  await chief.getByRole('textbox', { name: /^推送文字/ }).fill('滨江步道全线贯通 沿江可走到朝天门');
  await chief.getByRole('button', { name: '推送给全站读者' }).click();
  await expect(chief.getByText(/向全站读者推送：滨江步道全线贯通/)).toBeVisible();
  const banner = homeReader.getByRole('status', { name: '突发新闻' });
  await expect(banner.getByRole('link', { name: /突发\s*滨江步道全线贯通 沿江可走到朝天门/ })).toBeVisible();
  if (SHOTS) await homeReader.screenshot({ path: `${SHOTS}/breaking-375.png`, fullPage: false });
  await banner.getByRole('link').click();
  await expect(homeReader.getByRole('heading', { name: TITLE })).toBeVisible();
  // A second push within 10 minutes is refused in Chinese.
  await chief.getByRole('button', { name: '推送给全站读者' }).click();
  await expect(chief.getByText(/突发推送每 10 分钟最多一次/)).toBeVisible();

  // A correction: the reader's article shows 更正 with its date and the note at the story's end.
  const correction = '原稿中“沿江十公里”应为“沿江十一公里”，特此更正。';
  await chief.getByRole('textbox', { name: /^更正说明/ }).fill(correction);
  await chief.getByRole('button', { name: '发布更正' }).click();
  await expect(chief.getByText('更正已发布，读者在文末可见')).toBeVisible();
  await reader.reload();
  const corrected = reader.getByRole('complementary', { name: '更正' });
  await expect(corrected).toContainText(correction);
  await expect(corrected).toContainText(/更正\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // The editor page on a phone passes axe too.
  await chief.setViewportSize({ width: 375, height: 812 });
  expect(await axeReport(chief, { settle: false })).toEqual([]);
  if (SHOTS) await chief.screenshot({ path: `${SHOTS}/editor-375.png`, fullPage: false });

  // Withdrawn: the reader's page answers 404.
  await chief.getByRole('textbox', { name: '审核意见 / 撤稿原因' }).fill('信息待进一步核实');
  await chief.getByRole('button', { name: '撤稿' }).click();
  await expect(chief.getByText('已撤稿，读者已看不到这篇稿件')).toBeVisible();
  const gone = await reader.goto(readerUrl!);
  expect(gone?.status()).toBe(404);
});
