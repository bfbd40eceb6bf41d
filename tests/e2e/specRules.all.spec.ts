/**
 * Spec rules the built pages missed, as a reader meets them on every host
 * (browser, app webview, messenger; playwright.config.ts). The pure rules have their unit tests next to
 * the code (decideShell, bootShell, reportPlatform, decidePreroll, preroll, countryFlag, socket).
 */
import { expect, test, type Page } from '@playwright/test';
import { islandReady, loginByApi, pickArticle, signIn } from './interactionSupport.ts';
import { approveHeldComments } from './deskSupport.ts';

const ARTICLE = '/shancheng/NewsDetail?classId=101&newsId=1';
const nav = (page: Page) => page.locator('header.nav');

/** Moves within the site the way a reader does: from a page of ours, in the same tab. */
async function arriveFrom(page: Page, from: string, to: string): Promise<void> {
  await page.goto(from);
  await page.evaluate((href) => location.assign(href), to);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
}

test('spec 2.11 "hidden … [on] first load": a shared link shows no back bar (the promo bar is the header); within the site the bar has the route title', async ({
  page,
}, info) => {
  const inApp = info.project.name === 'app-webview';
  await page.goto(ARTICLE);
  await expect(page.locator('article.detail h1, article.detail .title').first()).toBeVisible();
  await expect(nav(page)).toBeHidden();
  await expect(page.getByRole('complementary', { name: '打开山城新闻App' })).toHaveCount(inApp ? 0 : 1);

  // Spec 2.11 title rules: the title comes from the route meta (新闻详情), not the article's column; with
  // fromPage=home the appTitle query is the title.
  await arriveFrom(page, '/shancheng/home/1', ARTICLE);
  if (inApp) {
    // "hidden … inside the publisher's app": the app draws its own bar.
    await expect(nav(page)).toBeHidden();
    return;
  }
  await expect(nav(page)).toBeVisible();
  await expect(nav(page).getByRole('heading', { level: 1 })).toHaveText('新闻详情');
  await expect(nav(page).getByRole('link', { name: '返回' })).toBeVisible();
  await arriveFrom(page, '/shancheng/home/1', `${ARTICLE}&fromPage=home&appTitle=${encodeURIComponent('两江新区')}`);
  await expect(nav(page).getByRole('heading', { level: 1 })).toHaveText('两江新区');
  // "right-hand text come[s] from the route": the politics board links 搜索.
  await arriveFrom(page, '/shancheng/BangBang/index', '/shancheng/BangBang/politics/index');
  await nav(page).getByRole('link', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/shancheng\/BangBang\/SearchPage$/);
});

test('spec 7.4, 9: 举报 on a comment posts /api/comment/doReport with platform id 0 on a news page, through the reasons popup', async ({
  page,
  context,
  request,
}) => {
  const article = await pickArticle(request, 5);
  const author = await loginByApi(request);
  const sayText = `e2e 举报评论 ${Date.now()}`;
  const posted = await request.post('/v1/comment/store', {
    headers: { authorization: `Bearer ${author.token}` },
    form: { classId: String(article.classId), newsId: String(article.newsId), sayText },
  });
  const { data } = (await posted.json()) as { data: { id: number } };
  // News comments are reviewed before publication: only a public comment can be reported.
  expect(await approveHeldComments(request, sayText)).toBe(1);
  await signIn(context, await loginByApi(request));
  await page.goto(`/shancheng/NewsDetail?classId=${article.classId}&newsId=${article.newsId}`);
  const report = page
    .locator(`li.comment[data-comment-id="${data.id}"]`)
    .first()
    .getByRole('button', { name: /^举报.*的评论$/ });
  await islandReady(page, page.locator(`li.comment[data-comment-id="${data.id}"]`).first());
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/comment/doReport') && r.method() === 'POST');
  await report.click();
  const sheet = page.getByRole('dialog', { name: '举报' });
  await expect(sheet).toBeVisible();
  // Spec 5: "A report needs at least one reason … otherwise the message 请选择举报内容 is shown."
  await expect(sheet.getByText('请选择举报内容')).toBeVisible();
  await sheet.getByRole('group', { name: '举报内容' }).getByRole('button').first().click();
  await sheet.getByRole('button', { name: '提交' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ commentId: data.id, newsId: article.newsId, platformId: 0 });
  await expect(page.locator('#toast-host')).toContainText('举报成功');
  await expect(sheet).toBeHidden();
});

test('spec 5 "ad (pre-roll ad hidden)": a pre-roll ad before the first play, skippable after its countdown', async ({ page }) => {
  await page.clock.install();
  await page.goto('/shancheng/NewsVideoDetail?classId=504&newsId=296');
  // The page's other ads are there whatever the flag says (the flag hides the pre-roll only).
  await page.getByRole('button', { name: /^播放视频：/ }).click();
  const player = page.getByRole('dialog', { name: '视频播放' });
  // The installed clock runs on (a slow machine may be a second in already): the countdown, not yet 跳过广告.
  const skip = player.getByRole('button', { name: /^[1-5] 秒后可跳过$/ });
  await expect(player.getByRole('img', { name: '广告' })).toBeVisible();
  await expect(skip).toBeDisabled();
  await page.clock.runFor(5_000);
  const skipNow = player.getByRole('button', { name: '跳过广告' });
  await expect(skipNow).toBeEnabled();
  await skipNow.click();
  await expect(player.getByRole('img', { name: '广告' })).toBeHidden();
  await expect(player.locator('video')).toBeVisible();
  // Later plays go straight to the video.
  await player.getByRole('button', { name: '关闭视频' }).click();
  await page.getByRole('button', { name: /^播放视频：/ }).click();
  await expect(player.locator('video')).toBeVisible();
  await expect(player.getByRole('img', { name: '广告' })).toBeHidden();
});

test('spec 5: the flag ad hides the pre-roll, not the other ads of the page', async ({ page }) => {
  await page.goto('/shancheng/NewsVideoDetail?classId=504&newsId=297');
  await expect(page.locator('sc-ad-slot').first()).toBeVisible();
  await page.getByRole('button', { name: /^播放视频：/ }).click();
  const player = page.getByRole('dialog', { name: '视频播放' });
  await expect(player.locator('video')).toBeVisible();
  await expect(player.getByRole('img', { name: '广告' })).toHaveCount(0);
});

test('spec 8 ChunkLoadError: a page script that fails leaves the page readable, 加载失败，点击重试 loads it again', async ({ page }) => {
  const pattern = '**/_astro/CommentList.astro_astro_type_script*.js*';
  await page.route(pattern, (route) => route.abort('failed'));
  await page.goto(ARTICLE);
  const retry = page.getByRole('button', { name: '加载失败，点击重试' }).first();
  await expect(retry).toBeVisible();
  // Readable: the title and the text are the server's HTML.
  await expect(page.locator('article.detail h1, article.detail .title').first()).toBeVisible();
  await expect(page.locator('sc-comment-list')).not.toHaveAttribute('data-ready');
  await page.unroute(pattern);
  await retry.click();
  await expect(page.locator('sc-comment-list')).toHaveAttribute('data-ready', '');
  await expect(page.getByRole('button', { name: '加载失败，点击重试' })).toHaveCount(0);
});
