import { expect, test } from '@playwright/test';
import { DEFAULT_PICTURE } from '../../src/sections/detail/defaultPicture.ts';

/**
 * What a reader tapping through the demo met (docs/spec: 2.4 banners, 2.11 details): the video a banner opens
 * plays, related stories without a picture are text items, and the long article reads as one.
 */

// The first home banner and 区县's banner open the video detail of a news story (spec 2.4: data type 3 with a
// show type); every video source of the seeded stories answers with a video.
for (const address of ['/NewsVideoDetail?classId=104&newsId=4', '/NewsVideoDetail?classId=1304&newsId=365']) {
  test(`${address} plays its video`, async ({ page }) => {
    await page.goto(`/shancheng${address}`);
    await expect(page.getByText('视频暂不可播放')).toHaveCount(0);
    const play = page.getByRole('button', { name: /^播放视频：/ }).first();
    const src = await play.getAttribute('data-src');
    expect(src).toMatch(/^\/media\/video\/\d+\.mp4$/);
    const answer = await page.request.get(src!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^video\/mp4/);
    // The browser decodes it: its length is known once the metadata has loaded.
    const seconds = await page.evaluate(
      (url) =>
        new Promise<number>((resolve, reject) => {
          const video = document.createElement('video');
          video.muted = true;
          video.preload = 'metadata';
          video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
          video.addEventListener('error', () => reject(new Error(`cannot play ${url}`)), { once: true });
          video.src = url;
        }),
      src!,
    );
    expect(seconds).toBeGreaterThan(1);
  });
}

test('every banner that opens a video detail opens a story with a playable video', async ({ request }) => {
  const channels = (await (await request.get('/kratos/v2/channel/getList')).json()) as { data: Array<{ channelid: number }> };
  const ids = channels.data.map((c) => c.channelid);
  expect(ids.length).toBeGreaterThan(3);
  let checked = 0;
  for (const channelId of ids) {
    const home = (await (await request.get(`/kratos/v1/channel/home?channelId=${channelId}&page=1`)).json()) as {
      data?: { banner?: Array<{ id: number; classId: number; dataType: number; showType: number }> };
    };
    for (const b of (home.data?.banner ?? []).filter((x) => x.dataType === 3 && x.showType !== 0)) {
      const detail = (await (await request.get(`/kratos/v1/detail?classId=${b.classId}&newsId=${b.id}`)).json()) as { data: { videoUrl: string } };
      expect(detail.data.videoUrl, `banner story ${b.id}`).not.toBe('');
      expect((await request.get(detail.data.videoUrl)).status()).toBe(200);
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(2);
});

test('related stories without a picture are text items, not a grey default tile', async ({ page }) => {
  await page.goto('/shancheng/NewsVideoDetail?classId=104&newsId=4');
  const related = page.getByRole('region', { name: '相关新闻' }).first();
  await expect(related.getByRole('link')).not.toHaveCount(0);
  const pictures = await related.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
  expect(pictures.filter((src) => src.startsWith('data:'))).toEqual([]);
  expect(pictures).not.toContain(DEFAULT_PICTURE);
  // The stories without a picture are still there, as links with their titles.
  const texts = related.locator('.rn-text a');
  await expect(texts).not.toHaveCount(0);
  for (const link of await texts.all()) await expect(link).toHaveAccessibleName(/\S{4,}/);
});

test('the long demo article prints no paragraph or sentence twice', async ({ page }) => {
  await page.goto('/shancheng/NewsDetail?classId=101&newsId=1');
  const paragraphs = (await page.locator('article.detail p').allTextContents()).map((t) => t.trim()).filter((t) => t.length > 8);
  expect(paragraphs.length).toBeGreaterThan(12);
  const sentences = paragraphs.flatMap((p) =>
    p
      .split(/(?<=[。！？])/)
      .map((s) => s.trim())
      .filter((s) => s.length > 8),
  );
  expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
  expect(sentences.filter((s) => s.startsWith('会议强调'))).toHaveLength(1);
});

/** The politics form, or the login page that leads to it (spec 4: asking needs a login). */
const POLITICS_FORM = /\/BangBang\/politics\/commit$|\/LoginPage\?mastLogin=true&redirect=%2Fshancheng%2FBangBang%2Fpolitics%2Fcommit$/;

// Spec 2.7: 问政 has its ask page (politics/commit); readers look for it on the 问政 list and the 帮帮 home, as
// Q&A's index offers 我要提问.
test('the 问政 list offers 我要提问, which opens the politics form', async ({ page }) => {
  await page.goto('/shancheng/BangBang/politics/index');
  const ask = page.getByRole('link', { name: '我要提问' });
  await expect(ask).toBeVisible();
  // It stays on screen while the reader scrolls the list.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await expect(ask).toBeInViewport();
  await ask.click();
  await expect(page).toHaveURL(POLITICS_FORM);
});

test('the 帮帮 home offers 我要提问 (Q&A) and 我要问政 (the politics form)', async ({ page }) => {
  await page.goto('/shancheng/BangBang/index');
  const asks = page.getByRole('navigation', { name: '提问' });
  await expect(asks.getByRole('link', { name: '我要提问' })).toHaveAttribute('href', '/shancheng/BangBang/QA/ask');
  await asks.getByRole('link', { name: '我要问政' }).click();
  await expect(page).toHaveURL(POLITICS_FORM);
});

// Spec 2.2: the 山城+, 帮帮 and 互动 tabs are top levels: reached within the site, their bar has no back arrow.
for (const tab of ['/syIframe/index', '/BangBang/index', '/interact/index']) {
  test(`the tab page ${tab} shows no back arrow`, async ({ page }) => {
    await page.goto('/shancheng/home/1');
    await page.evaluate((href) => location.assign(href), `/shancheng${tab}`);
    await page.waitForURL((url) => url.pathname === `/shancheng${tab}`);
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回' })).toHaveCount(0);
  });
}
