/**
 * A photo set (图集, ADR 025 "Kinds") in the browser: a reporter makes one from the 稿件库's 新建 menu, uploads
 * two pictures, writes their captions and moves the second up with the keyboard; three different people
 * take 一审, 二审 and 三审; the chief signs it; a reader opens it at 375 px and sees the pictures in that order
 * with their captions. A VR story likewise: a picture that is no panorama is refused in Chinese, a panorama is
 * taken, and the reader's phone opens the VR viewer on it. The editors pass axe's WCAG 2.1 AA rules at 1440 px.
 */
import sharp from 'sharp';
import { sampleMp4 } from '../support/videoFixtures.ts';
import { expect, test } from '@playwright/test';
import { axeReport, newStoryFromLibrary, signOff, signedIn, throughReviews } from './deskSupport.ts';

const SHOTS = process.env.PUBLISH_SHOTS_DIR;

const picture = (r: number, g: number, b: number, width = 960, height = 640) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const TITLE = '雾都清晨：索道与大桥间的山城';

test('a photo set is made, reviewed three times, published and read on a phone', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const reporter = await signedIn(browser, request, 'demo-reporter');
  const storyUrl = await newStoryFromLibrary(reporter, '新建图集', '添加图片');
  // A photo set has no body editor: its pictures and captions are the story.
  await expect(reporter.getByRole('textbox', { name: '正文' })).toHaveCount(0);

  await reporter.getByRole('textbox', { name: /^标题/ }).fill(TITLE);
  await reporter.getByRole('textbox', { name: '摘要' }).fill('清晨的薄雾里，长江索道和千厮门大桥若隐若现。');
  await reporter.getByRole('combobox', { name: '频道' }).selectOption({ label: '重庆' });
  await reporter.getByRole('combobox', { name: '栏目' }).selectOption({ index: 1 });

  await reporter.getByLabel('选择图集图片').setInputFiles([
    { name: 'bridge.png', mimeType: 'image/png', buffer: await picture(40, 90, 160) },
    { name: 'cable.png', mimeType: 'image/png', buffer: await picture(190, 110, 50) },
  ]);
  const items = reporter.locator('.nr-photos__item');
  await expect(items).toHaveCount(2, { timeout: 20_000 });
  await reporter.getByRole('textbox', { name: '第 1 张的说明' }).fill('薄雾中的千厮门大桥');
  await reporter.getByRole('textbox', { name: '第 2 张的说明' }).fill('清晨第一班长江索道');
  // Moved with the keyboard: the second picture goes first.
  await reporter.getByRole('button', { name: '第 2 张图片上移' }).focus();
  await reporter.keyboard.press('Enter');
  await expect(reporter.getByRole('textbox', { name: '第 1 张的说明' })).toHaveValue('清晨第一班长江索道');
  await expect(reporter.getByRole('textbox', { name: '第 2 张的说明' })).toHaveValue('薄雾中的千厮门大桥');

  await expect(reporter.getByText(/已自动保存/)).toBeVisible({ timeout: 15_000 });
  expect(await axeReport(reporter, { settle: false })).toEqual([]);
  if (SHOTS) await reporter.screenshot({ path: `${SHOTS}/photos-1440.png` });
  await reporter.getByRole('button', { name: '提交审核' }).click();
  await expect(reporter.getByText('已提交审核')).toBeVisible();

  // The list names its kind.
  await reporter.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '稿件库' }).click();
  await expect(reporter.getByRole('listitem').filter({ hasText: TITLE }).getByText('图集', { exact: true })).toBeVisible();

  // 一审, 二审, 三审 by three different people; the chief signs it.
  const chief = await throughReviews(browser, request, storyUrl, 'photos');
  const readerUrl = await signOff(chief);
  expect(readerUrl).toMatch(/^\/shancheng\/PictureDetail\?classId=\d+&newsId=\d+$/);

  // A reader on a phone sees the two pictures in the editor's order, the first caption shown.
  const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reader = await readerContext.newPage();
  const res = await reader.goto(readerUrl!);
  expect(res?.status()).toBe(200);
  await expect(reader.locator('.pv-desc')).toHaveText(['清晨第一班长江索道', '薄雾中的千厮门大桥'], { useInnerText: false });
  await expect(reader.locator('.pv-desc').first()).toBeVisible();
  await expect(reader.getByRole('img', { name: '清晨第一班长江索道' })).toBeVisible();
  if (SHOTS) await reader.screenshot({ path: `${SHOTS}/photos-reader-375.png` });
});

test('a VR story takes a panorama only, is reviewed three times, published and turned on a phone', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const title = 'VR｜夜游洪崖洞 360° 看吊脚楼灯火';
  const reporter = await signedIn(browser, request, 'demo-reporter');
  const storyUrl = await newStoryFromLibrary(reporter, '新建VR', '上传全景图');
  await reporter.getByRole('textbox', { name: /^标题/ }).fill(title);
  await reporter.getByRole('textbox', { name: '摘要' }).fill('转动画面，从千厮门大桥看洪崖洞的吊脚楼与嘉陵江夜色。');
  await reporter.getByRole('combobox', { name: '频道' }).selectOption({ label: '重庆' });
  await reporter.getByRole('combobox', { name: '栏目' }).selectOption({ index: 1 });
  await reporter.getByRole('textbox', { name: '正文' }).fill('夜幕降临，洪崖洞的吊脚楼次第亮灯，嘉陵江上的游船缓缓驶过。');

  // An ordinary picture is no panorama: refused, in Chinese, and not taken.
  const panorama = reporter.getByRole('group', { name: 'VR 全景图' });
  await reporter.getByLabel('选择全景图').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await picture(30, 60, 120) });
  await expect(panorama.getByText(/全景图的宽度至少是高度的 2 倍/)).toBeVisible({ timeout: 20_000 });
  await expect(panorama.getByRole('img', { name: '全景图' })).toHaveCount(0);
  await reporter.getByLabel('选择全景图').setInputFiles({ name: 'pano.png', mimeType: 'image/png', buffer: await picture(20, 40, 90, 2048, 1024) });
  await expect(panorama.getByRole('img', { name: '全景图' })).toBeVisible({ timeout: 20_000 });
  await reporter.getByLabel('选择封面图片').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await picture(150, 60, 40) });
  await reporter.getByRole('button', { name: '确定裁剪' }).click();
  await expect(reporter.getByRole('img', { name: '封面 1' })).toBeVisible({ timeout: 20_000 });
  // The preview's card follows the reader list's rule: a VR story is a big picture with its VR badge, and the article
  // shows the panorama.
  const preview = reporter.getByRole('region', { name: '预览' });
  await expect(preview.locator('.nr-preview__badge')).toHaveText('VR');
  await expect(preview.getByText('VR 全景：读者拖动或转动手机查看')).toBeVisible();
  await expect(reporter.getByText(/已自动保存/)).toBeVisible({ timeout: 15_000 });
  await expect(reporter.getByText(/提交前还需/)).toHaveCount(0);
  expect(await axeReport(reporter, { settle: false })).toEqual([]);
  if (SHOTS) await reporter.screenshot({ path: `${SHOTS}/vr-1440.png`, fullPage: true });
  await reporter.getByRole('button', { name: '提交审核' }).click();
  await expect(reporter.getByText('已提交审核')).toBeVisible();

  const chief = await throughReviews(browser, request, storyUrl, 'vr');
  const readerUrl = await signOff(chief);
  expect(readerUrl).toMatch(/^\/shancheng\/VRPage\?classId=\d+&newsId=\d+$/);

  // A reader on a phone turns the panorama with the viewer's buttons.
  const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reader = await readerContext.newPage();
  const res = await reader.goto(readerUrl!);
  expect(res?.status()).toBe(200);
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByLabel(/360度全景/)).toBeVisible();
  await expect(reader.getByRole('button', { name: /左转/ })).toBeVisible();
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (SHOTS) await reader.screenshot({ path: `${SHOTS}/vr-reader-375.png` });
});

test('a video file is uploaded on the desk and becomes the story’s address; a picture is refused in Chinese', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const reporter = await signedIn(browser, request, 'demo-reporter');
  await newStoryFromLibrary(reporter, '新建视频', '上传视频文件');
  const address = reporter.getByRole('textbox', { name: /^视频地址/ });
  await reporter.getByLabel('选择视频文件').setInputFiles({ name: 'not-a-video.mp4', mimeType: 'video/mp4', buffer: await picture(10, 10, 10) });
  await expect(reporter.getByText('仅支持 MP4、MOV 或 WebM 格式的视频')).toBeVisible({ timeout: 20_000 });
  await expect(address).toHaveValue('');
  await reporter.getByLabel('选择视频文件').setInputFiles({ name: '夜景.mp4', mimeType: 'video/mp4', buffer: sampleMp4() });
  await expect(address).toHaveValue(/^\/media\/newsroom\/videos\/\d+\/[0-9a-f-]{36}\.mp4$/, { timeout: 30_000 });
  await expect(reporter.getByText('仅支持 MP4、MOV 或 WebM 格式的视频')).toHaveCount(0);
  expect(await axeReport(reporter, { settle: false })).toEqual([]);
  if (SHOTS) await reporter.screenshot({ path: `${SHOTS}/video-upload-1440.png` });
});

test('an external link is made, reviewed three times and published; its card on the channel opens the link', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const title = '外链｜重庆发布：主城都市区轨道交通新线今日开通';
  const link = 'https://www.cq.gov.cn/zwgk/2026/1129/rail.html';
  const reporter = await signedIn(browser, request, 'demo-reporter');
  const storyUrl = await newStoryFromLibrary(reporter, '新建外链', '保存版本');
  await expect(reporter.getByRole('group', { name: '外链' })).toBeVisible();
  // An external link has no body: the card opens the link itself.
  await expect(reporter.getByRole('textbox', { name: '正文' })).toHaveCount(0);
  await reporter.getByRole('textbox', { name: /^标题/ }).fill(title);
  await reporter.getByRole('combobox', { name: '频道' }).selectOption({ label: '重庆' });
  await reporter.getByRole('combobox', { name: '栏目' }).selectOption({ index: 1 });
  const address = reporter.getByRole('textbox', { name: /^外链地址/ });
  // A link into a private network is refused in Chinese when saved.
  await address.fill('http://192.168.1.1/admin');
  await expect(reporter.getByText('外链地址不能指向内部网络')).toBeVisible({ timeout: 15_000 });
  await address.fill(link);
  await expect(reporter.getByText(/已自动保存/)).toBeVisible({ timeout: 15_000 });
  await expect(reporter.getByText(/提交前还需/)).toHaveCount(0);
  expect(await axeReport(reporter, { settle: false })).toEqual([]);
  await reporter.getByRole('button', { name: '提交审核' }).click();
  await expect(reporter.getByText('已提交审核')).toBeVisible();

  const chief = await throughReviews(browser, request, storyUrl, 'link');
  expect(await signOff(chief)).toBe(link);

  // A reader on a phone finds the card on the channel, and it opens the link.
  const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reader = await readerContext.newPage();
  expect((await reader.goto('/shancheng/home/13'))?.status()).toBe(200);
  await expect(reader.getByRole('link', { name: new RegExp(title.replace('｜', '.')) }).first()).toHaveAttribute('href', link);
});
