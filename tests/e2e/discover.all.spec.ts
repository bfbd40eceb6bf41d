/**
 * Discover in a real browser on all three hosts (spec 2.6, 4, 9): browse the feed (readable
 * without JavaScript, paged until 没有更多了), fold and unfold a long text, like a post (spec 4 rule),
 * open the detail by tapping the text, the comment page's login gate, then comment as a logged-in reader,
 * and publish a post with pictures (the draft survives a failed send and a reload) and see it in the feed;
 * publish a post with a video (a fake one refused, upload progress, preview, kept across a reload) and
 * see it play in the feed and on the detail.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_MP4_PATH } from '../support/videoFixtures.ts';
import { countCalls, hostIndex, islandReady, useSignedInReader } from './interactionSupport.ts';

interface FeedPost {
  id: number;
  classId: number;
  content: string;
  like: number;
  nickname: string;
  userId: number;
}

/** Each host works on its own posts of feed page 2 and 3, so the three runs on one server do not meet. */
async function pickPost(page: Page, offset: number): Promise<FeedPost> {
  const res = await page.request.get(`/v1/quan/getQuanInfo?page=2&pageSize=10`);
  const body = (await res.json()) as { data: FeedPost[] };
  return body.data[offset * 3 + hostIndex()]!;
}

test('the feed reads without JavaScript: hot topics, tag chips and the first posts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const res = await page.goto(`${test.info().project.use.baseURL}/shancheng/Discover`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '热门话题' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '话题标签' }).getByRole('link')).toHaveCount(10);
  await expect(page.locator('article[data-post-id]')).toHaveCount(10);
  // The seed's newest post is among the first (a post published by an earlier run of this file may be above it).
  await expect(page.locator('article[data-post-id]', { hasText: '千厮门大桥' })).toHaveCount(1);
  await context.close();
});

test('browse: chips cycle six colours, a long text folds and unfolds, the feed pages until 没有更多了', async ({ page }) => {
  await page.goto('/shancheng/Discover');
  const chips = page.getByRole('navigation', { name: '话题标签' }).getByRole('link');
  const colours = await chips.evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
  expect(new Set(colours).size).toBe(6);
  expect(colours[6]).toBe(colours[0]);

  // The seed's newest post, long enough to fold (posts published by earlier runs may be above it).
  const first = page.locator('article[data-post-id]', { hasText: '千厮门大桥' });
  const fold = first.getByRole('button', { name: '全文' });
  await islandReady(page, fold);
  const text = first.locator('a[data-fold]');
  await expect(text).toHaveAttribute('data-fold', 'folded');
  const folded = await text.evaluate((el) => el.getBoundingClientRect().height);
  expect(folded).toBeLessThanOrEqual(75);
  await fold.click();
  await expect(first.getByRole('button', { name: '收起' })).toHaveAttribute('aria-expanded', 'true');
  expect(await text.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(75);
  await first.getByRole('button', { name: '收起' }).click();
  await expect(first.getByRole('button', { name: '全文' })).toBeVisible();

  // An official reply of 60 px or more folds under 展开 to two whole lines, never a line cut in half (spec 9).
  const replied = page
    .locator('article[data-post-id]')
    .filter({ has: page.getByRole('button', { name: '展开' }) })
    .first();
  const reply = page.locator(`article[data-post-id="${await replied.getAttribute('data-post-id')}"]`).getByRole('region', { name: '官方回复' });
  await reply.scrollIntoViewIfNeeded();
  const body = reply.locator('div').first();
  const lines = () => body.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  expect(await lines()).toBeCloseTo(2, 1);
  await reply.getByRole('button', { name: '展开' }).click();
  await expect(reply.getByRole('button', { name: '收起' })).toHaveAttribute('aria-expanded', 'true');
  expect(await lines()).toBeGreaterThan(2.9);
  expect(await body.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(60);

  const status = page.getByRole('status').filter({ hasText: /没有更多了|加载更多|加载中/ });
  // Each scroll to the footer loads a page more, or, when the last page was full (the count a multiple of ten, as
  // posts published by other tests may make it), asks once more, finds it empty and says 没有更多了.
  const end = page.getByText('没有更多了');
  for (let i = 0; i < 8 && !(await end.isVisible()); i++) {
    const before = await page.locator('article[data-post-id]').count();
    await status.scrollIntoViewIfNeeded();
    await expect(async () => {
      expect((await page.locator('article[data-post-id]').count()) > before || (await end.isVisible())).toBe(true);
    }).toPass({ timeout: 10_000 });
  }
  await expect(page.getByText('没有更多了')).toBeVisible();
  const ids = await page.locator('article[data-post-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-post-id')));
  expect(ids.length).toBeGreaterThanOrEqual(40);
  expect(new Set(ids).size).toBe(ids.length);
});

test('全部话题 lists every topic a page at a time and ends with 没有更多了; a bad page is 404', async ({ page, request }) => {
  const all: Array<{ id: number; title: string }> = [];
  for (let p = 1; p < 10; p++) {
    const res = (await (await request.get(`/v1/quan/getHotTopicList?page=${p}&pageSize=10`)).json()) as { data: Array<{ id: number; title: string }> };
    if (res.data.length === 0) break;
    all.push(...res.data);
  }
  await page.goto('/shancheng/TopicDiscover');
  const rows = page.locator('sc-more-list [data-list] > li');
  await expect(page.getByText('没有更多了')).toBeVisible();
  await expect(rows).toHaveCount(all.length);
  await expect(rows.first()).toContainText(`#${all[0]!.title}#`);
  await page.goto('/shancheng/TopicDiscover?page=2');
  await expect(page.getByText('没有更多了')).toBeVisible();
  await expect(rows).toHaveCount(0);
  expect((await page.goto('/shancheng/TopicDiscover?page=0'))?.status()).toBe(404);
});

test('the comment page needs a login: the author is stored first, then the login page (or the app prompt)', async ({ page }) => {
  const post = await pickPost(page, 2);
  await page.goto(`/shancheng/DetailDiscover?classId=${post.classId}&newsId=${post.id}`);
  await page.getByRole('link', { name: '写评论…' }).click();
  if (test.info().project.name === 'app-webview') {
    await expect(page.getByText(/请先登录/)).toBeVisible();
    await expect(page).toHaveURL(/\/CommentDiscover\?/);
  } else {
    await expect(page).toHaveURL(/\/LoginPage\?mastLogin=true&redirect=/);
    expect(decodeURIComponent(page.url())).toContain(`/shancheng/CommentDiscover?classId=${post.classId}&newsId=${post.id}`);
  }
  expect(await page.evaluate(() => [localStorage.getItem('discoverAuthorNickname'), localStorage.getItem('discoverAuthorUserId')])).toEqual([
    post.nickname,
    String(post.userId),
  ]);
});

test.describe('logged in', () => {
  useSignedInReader();

  test('like → open the detail → comment, and see it listed', async ({ page }) => {
    const post = await pickPost(page, 0);
    const calls = countCalls(page, '/v1/like/do');
    await page.goto('/shancheng/Discover');
    const card = page.locator(`article[data-post-id="${post.id}"]`);
    // The post is on feed page 2: page on until it is there.
    const status = page.getByRole('status').filter({ hasText: /加载更多|加载中/ });
    await islandReady(page, page.locator('article[data-post-id]').first());
    while ((await card.count()) === 0) await status.scrollIntoViewIfNeeded();
    const like = card.getByRole('button', { name: `点赞 ${post.like}` });
    await like.click();
    await expect(card.getByRole('button', { name: `点赞 ${post.like + 1}` })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.bodies[0]).toMatch(/"from":"quan"|from=quan/);
    // Spec 4: tapping while liked sends the call again; the server's message shows, the count stays.
    await card.getByRole('button', { name: `点赞 ${post.like + 1}` }).click();
    await expect(page.getByText('你已经点过赞了')).toBeVisible();
    expect(calls.n).toBe(2);
    await expect(card.getByRole('button', { name: `点赞 ${post.like + 1}` })).toBeVisible();

    await card.locator('a[data-fold]').click();
    await expect(page).toHaveURL(new RegExp(`/DetailDiscover\\?classId=${post.classId}&newsId=${post.id}$`));
    await expect(page.getByRole('heading', { name: /全部评论/ })).toBeVisible();
    // The detail shows the reader's like from the API.
    await expect(page.getByRole('button', { name: `点赞 ${post.like + 1}` })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('link', { name: '写评论…' }).click();
    await expect(page).toHaveURL(/\/CommentDiscover\?/);
    const words = `江边的风真舒服 ${test.info().project.name} ${Date.now() % 100000}`;
    const box = page.getByRole('textbox', { name: '评论内容' });
    await islandReady(page, box);
    await box.fill(words);
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('评论成功')).toBeVisible();
    await expect(page.locator('#comments').getByText(words)).toBeVisible();
  });

  test('publish with pictures: login first, the draft survives a failed send and a reload, then the post is in the feed', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/shancheng/Discover');
    await page.getByRole('link', { name: '发布', exact: true }).click();
    await expect(page).toHaveURL(/\/PublishDiscover$/);
    const box = page.getByRole('textbox', { name: '动态内容' });
    await islandReady(page, box);

    const words = `周末去磁器口吃了陈麻花 ${test.info().project.name} ${Date.now() % 100000}`;
    await box.fill(words);
    const photos = await Promise.all(
      ['#c0392b', '#2980b9'].map(async (background, i) => ({
        name: `street-${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 120 + i, height: 90, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      })),
    );
    await page.locator('input[type="file"][multiple]').setInputFiles(photos);
    const thumbs = page.getByRole('list', { name: /已选图片/ }).getByRole('img');
    await expect(thumbs).toHaveCount(2);
    await expect(page.getByText('上传中')).toHaveCount(0);
    // A topic is needed: the first chip.
    const topic = page.getByRole('group', { name: '选择话题' }).getByRole('radio').first();
    await page.getByRole('button', { name: '发布' }).click();
    await expect(page.getByText('请选择话题')).toBeVisible();
    await topic.check({ force: true });

    // The first send gets no answer: the post waits in the outbox (ADR 032) with the draft kept, and goes out
    // with the same key once the page is reloaded and the network answers.
    await page.route('**/v1/quan/publish', (route) => route.abort('failed'), { times: 1 });
    await page.getByRole('button', { name: '发布' }).click();
    await expect(page.getByRole('list', { name: '待发送' }).getByText('发送中…')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '动态内容' })).toHaveValue(words);
    await expect(thumbs).toHaveCount(2);
    await page.reload();
    await expect(page.getByText(/发布成功/)).toBeVisible();
    await expect(page).toHaveURL(/\/Discover$/);
    const mine = page.locator('article[data-post-id]', { hasText: words });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('img')).toHaveCount(2);
    // Sent: the draft is gone.
    await page.goto('/shancheng/PublishDiscover');
    await islandReady(page, page.getByRole('textbox', { name: '动态内容' }));
    await expect(page.getByRole('textbox', { name: '动态内容' })).toHaveValue('');
  });
});

test.describe('logged in, with a video', () => {
  // A reader of its own: publishing is limited to one post per 10 s per reader.
  useSignedInReader();

  test('publish with a video: a fake one is refused, the real one uploads and previews, survives a reload, then plays in the feed and on the detail', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/shancheng/PublishDiscover');
    const box = page.getByRole('textbox', { name: '动态内容' });
    await islandReady(page, box);
    const words = `嘉陵江索道的夜景视频 ${test.info().project.name} ${Date.now() % 100000}`;
    await box.fill(words);
    await page.getByRole('group', { name: '选择话题' }).getByRole('radio').first().check({ force: true });

    // HTML named .mp4: the server judges the bytes.
    const videoInput = page.locator('input[type="file"][accept="video/*"]');
    await videoInput.setInputFiles({
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(5000, ' ')),
    });
    await expect(page.getByText('仅支持 MP4、MOV 或 WebM 格式的视频')).toBeVisible();
    await expect(page.getByRole('button', { name: '删除视频' })).toHaveCount(0);

    await videoInput.setInputFiles(SAMPLE_MP4_PATH);
    const preview = page.locator('video[aria-label="已选视频"]');
    await expect(preview).toBeVisible();
    await expect(page.getByText(/上传中/)).toHaveCount(0);
    await expect(preview).toHaveAttribute('src', /^\/media\/videos\/\d+\/[0-9a-f-]{36}\.mp4$|^blob:/);

    // The draft keeps the uploaded video across a reload (now the stored copy, not the local file).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((k) => k.startsWith('discoverDraft:'))
            .map((k) => localStorage.getItem(k) ?? '')
            .join(),
        ),
      )
      .toContain('/media/videos/');
    await page.reload();
    await islandReady(page, page.getByRole('textbox', { name: '动态内容' }));
    await expect(page.getByRole('textbox', { name: '动态内容' })).toHaveValue(words);
    await expect(preview).toHaveAttribute('src', /^\/media\/videos\/\d+\/[0-9a-f-]{36}\.mp4$/);
    const src = (await preview.getAttribute('src'))!;

    // Removing and picking again works too; the post then carries the new upload.
    await page.getByRole('button', { name: '删除视频' }).click();
    await expect(preview).toHaveCount(0);
    await videoInput.setInputFiles(SAMPLE_MP4_PATH);
    await expect(page.getByRole('button', { name: '删除视频' })).toBeVisible();
    await expect(page.getByText(/上传中/)).toHaveCount(0);

    await page.getByRole('button', { name: '发布' }).click();
    await expect(page.getByText(/发布成功/)).toBeVisible();
    await expect(page).toHaveURL(/\/Discover$/);
    const mine = page.locator('article[data-post-id]', { hasText: words });
    await expect(mine).toHaveCount(1);
    const player = mine.locator('video');
    await expect(player).toHaveAttribute('preload', 'none');
    await expect(player).toHaveAttribute('controls', '');
    // Until it is played it shows a drawn poster, not a black box: an inline image, no request.
    await expect(player).toHaveAttribute('poster', /^data:image\/svg\+xml,/);
    const posted = (await player.getAttribute('src'))!;
    expect(posted).toMatch(/^\/media\/videos\/\d+\/[0-9a-f-]{36}\.mp4$/);
    expect(posted).not.toBe(src);

    // The stored video is served with its type and byte ranges (a player seeks; Safari needs 206).
    const part = await page.request.get(posted, { headers: { range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-type']).toBe('video/mp4');
    expect((await part.body()).length).toBe(100);
    // It loads and has a length in the page's player.
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.preload = 'metadata';
      v.load();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 0)).toBe(true);

    await mine.locator('a[data-fold]').click();
    await expect(page).toHaveURL(/\/DetailDiscover\?/);
    await expect(page.locator('article[data-post-id] video')).toHaveAttribute('src', posted);
  });
});
