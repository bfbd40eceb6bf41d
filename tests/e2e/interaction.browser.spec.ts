/**
 * Likes, comments, replies, delete and report in a real browser (ADR 007; spec 4, 5, 8). The reader
 * logs in through the real accounts API once; each flow uses its own article.
 */
import { expect, test } from '@playwright/test';
import { countCalls, islandReady, loginByApi, pickArticle, signIn, useSignedInReader } from './interactionSupport.ts';
import { approveHeldComments } from './deskSupport.ts';

useSignedInReader();

const detailUrl = (a: { classId: number; newsId: number }) => `/shancheng/NewsDetail?classId=${a.classId}&newsId=${a.newsId}`;

test('likes an article once: counts +1, then 你已经点过赞了 without a call', async ({ page, request }) => {
  const article = await pickArticle(request, 0);
  const calls = countCalls(page, '/v1/like/do');
  await page.goto(detailUrl(article));
  const like = page.getByRole('button', { name: /^点赞 \d+$/ });
  await islandReady(page, like);
  const before = Number(/\d+$/.exec((await like.getAttribute('aria-label')) ?? '')?.[0]);
  await like.click();
  await expect(page.getByRole('button', { name: `已点赞 ${before + 1}` })).toBeVisible();
  await expect(page.getByText('点赞成功')).toBeVisible();
  expect(calls.n).toBe(1);

  await page.getByRole('button', { name: `已点赞 ${before + 1}` }).click();
  await expect(page.getByText('你已经点过赞了')).toBeVisible();
  expect(calls.n).toBe(1);

  // After a reload the bar asks the server: still liked, same count.
  await page.reload();
  await expect(page.getByRole('button', { name: `已点赞 ${before + 1}` })).toBeVisible();
});

test('comments, replies, and deletes an own comment after the confirm', async ({ page, request, browser }) => {
  // Two readers and six pages: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(60_000);
  const article = await pickArticle(request, 1);
  const text = `e2e 评论 <b>不是粗体</b> ${Date.now()}`;
  await page.goto(detailUrl(article));
  await expect(page.getByRole('heading', { name: /全部评论/ })).toBeVisible();

  await page.getByRole('link', { name: '写评论...' }).click();
  await expect(page).toHaveURL(/\/PublishComment\?/);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);
  // Empty text is refused on the page and nothing is sent.
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('请输入评论内容')).toBeVisible();
  await box.fill(text);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('评论成功')).toBeVisible();
  await expect(page).toHaveURL(/\/NewsDetail\?.*#comments$/);
  // Held for review: its author sees it on the cached page, marked 审核中, drawn as text (ownHeldComments.ts).
  const held = page.locator('li.comment[data-own]', { hasText: text });
  await expect(held.getByText('审核中')).toBeVisible();
  await expect(held.locator('b')).toHaveCount(0);
  // News comments are reviewed before publication: the desk approves it, then it is on the page.
  expect(await approveHeldComments(request, text)).toBe(1);
  await page.reload();
  // HTML in a comment is shown as text.
  const mine = page.locator('li.comment', { hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.locator('b')).toHaveCount(0);
  // Delete is offered to the author only: another reader sees the same comment without it.
  await expect(mine.getByRole('button', { name: '删除' }).first()).toBeVisible();
  const stranger = await browser.newContext();
  const anon = await stranger.newPage();
  await anon.goto(detailUrl(article));
  await expect(anon.locator('li.comment', { hasText: text })).toBeVisible();
  await expect(anon.locator('li.comment', { hasText: text }).getByRole('button', { name: '删除' })).toHaveCount(0);
  await stranger.close();

  // A reply, by another reader (the author, a new account, would have to wait out the 30 s interval
  // between posts: security.md C2, tested in tests/api).
  const replier = await browser.newContext();
  await signIn(replier, await loginByApi(request));
  const other = await replier.newPage();
  await other.goto(detailUrl(article));
  await other.locator('li.comment', { hasText: text }).getByRole('link', { name: '回复' }).first().click();
  await expect(other).toHaveURL(/\/PublishComment\?.*plId=\d+/);
  await islandReady(other, other.getByRole('textbox', { name: '评论内容' }));
  await other.getByRole('textbox', { name: '评论内容' }).fill('e2e 回复一下');
  await other.getByRole('button', { name: '提交' }).click();
  await expect(other).toHaveURL(/\/CommentReplyPage\?/);
  // A reply is a comment too: public once the desk approves it.
  expect(await approveHeldComments(request, 'e2e 回复一下')).toBe(1);
  await other.reload();
  await expect(other.getByText('e2e 回复一下')).toBeVisible();
  await replier.close();

  // Delete the comment (and its thread) from the comment page.
  await page.goto(`/shancheng/CommentPage?classId=${article.classId}&newsId=${article.newsId}`);
  const entry = page.locator('li.comment', { hasText: text });
  await entry.getByRole('button', { name: '删除' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: '提示' })).toBeVisible();
  await expect(dialog.getByText('你确定要删除吗？')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: '删除' }).first().click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  // The page reloads after 1 s, without the comment.
  await expect(page.locator('li.comment', { hasText: text })).toHaveCount(0, { timeout: 5_000 });
});

test('report: 取消 without a reason, 提交 with one, 举报成功 closes; a repeat keeps it open with the message', async ({ page, request }) => {
  const article = await pickArticle(request, 3);
  const calls = countCalls(page, '/v1/news/doReport');
  await page.goto(detailUrl(article));
  const trigger = page.getByRole('button', { name: '举报', exact: true });
  // ADR 011: the popup is an island that hydrates only on request; the first tap wakes it and is replayed.
  await expect(page.locator('astro-island[component-export="ReportPopup"]')).toHaveAttribute('ssr', '');

  await trigger.click();
  const popup = page.getByRole('dialog', { name: '举报' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('请选择举报内容')).toBeVisible();
  await popup.getByRole('button', { name: '取消' }).click();
  await expect(popup).toBeHidden();
  expect(calls.n).toBe(0);

  await trigger.click();
  await popup.getByRole('button', { name: '谣言虚假' }).click();
  await expect(popup.getByRole('button', { name: '提交' })).toBeVisible();
  // Opening again starts with no choice (spec 4): close and reopen.
  await popup.getByRole('button', { name: '谣言虚假' }).click();
  await expect(popup.getByRole('button', { name: '取消' })).toBeVisible();
  await popup.getByRole('button', { name: '谣言虚假' }).click();
  await popup.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('举报成功')).toBeVisible();
  await expect(popup).toBeHidden();
  expect(calls.n).toBe(1);

  await trigger.click();
  await expect(popup.getByRole('button', { name: '谣言虚假' })).toHaveAttribute('aria-pressed', 'false');
  await popup.getByRole('button', { name: '广告营销' }).click();
  await popup.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('你已经举报过了，我们会尽快处理')).toBeVisible();
  await expect(popup).toBeVisible();
});

test('the tip hot-line sheet offers copy, a tel link and cancel', async ({ page, request }) => {
  const article = await pickArticle(request, 3);
  await page.goto(detailUrl(article));
  await page.getByRole('button', { name: /爆料热线/ }).click();
  const sheet = page.getByRole('dialog', { name: '爆料热线' });
  await expect(sheet.getByRole('link', { name: /^免费拨打 / })).toHaveAttribute('href', /^tel:[\d+-]+$/);
  await expect(sheet.getByRole('button', { name: '复制号码' })).toBeVisible();
  await sheet.getByRole('button', { name: '取消' }).click();
  await expect(sheet).toBeHidden();
});

test('likes a comment once: 赞评论 → 已赞评论 +1, marked after a reload, then 你已经点过赞了 without a call', async ({ page, request }) => {
  const article = await pickArticle(request, 2);
  // A comment by another reader, written through the API.
  const author = await loginByApi(request);
  const sayText = `e2e 评论点赞 ${Date.now()}`;
  const posted = await request.post('/v1/comment/store', {
    headers: { authorization: `Bearer ${author.token}` },
    form: { classId: String(article.classId), newsId: String(article.newsId), sayText },
  });
  const { data } = (await posted.json()) as { data: { id: number } };
  // News comments are reviewed before publication: approved on the desk, it is public.
  expect(await approveHeldComments(request, sayText)).toBe(1);
  const calls = countCalls(page, '/v1/like/do');
  await page.goto(detailUrl(article));
  const entry = page.locator(`li.comment[data-comment-id="${data.id}"]`).first();
  const like = entry.getByRole('button', { name: '赞评论 0' }).first();
  await islandReady(page, like);
  await like.click();
  await expect(entry.getByRole('button', { name: '已赞评论 1' }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('点赞成功')).toBeVisible();
  expect(calls.n).toBe(1);
  // The page is cached anonymously: the reader's like comes back from the API after a reload.
  await page.reload();
  const again = page.locator(`li.comment[data-comment-id="${data.id}"]`).first().getByRole('button', { name: '已赞评论 1' }).first();
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await again.click();
  await expect(page.getByText('你已经点过赞了')).toBeVisible();
  expect(calls.n).toBe(1);
});

test('likes a bangbang comment (type 3) on a politics question; a reload keeps it marked', async ({ page }) => {
  const calls = countCalls(page, '/v1/like/do');
  await page.goto('/shancheng/BangBang/politics/detail?id=2');
  const like = page.getByRole('button', { name: /^赞评论 \d+$/ }).first();
  await islandReady(page, like);
  const before = Number((await like.getAttribute('aria-label'))?.split(' ')[1]);
  const commentId = await like.getAttribute('data-comment-like');
  await like.click();
  const liked = page.locator(`[data-comment-like="${commentId}"]`).first();
  await expect(liked).toHaveAttribute('aria-label', `已赞评论 ${before + 1}`);
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  expect(calls.n).toBe(1);
  await page.reload();
  await expect(page.locator(`[data-comment-like="${commentId}"]`).first()).toHaveAttribute('aria-pressed', 'true');
});

test.describe('anonymous reader', () => {
  test('a like sends the reader to the login page with the current address', async ({ browser, request }) => {
    const article = await pickArticle(request, 0);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(detailUrl(article));
    await islandReady(page, page.getByRole('button', { name: /^点赞 \d+$/ }));
    await page.getByRole('button', { name: /^点赞 \d+$/ }).click();
    await expect(page).toHaveURL(/\/LoginPage\?mastLogin=true&redirect=%2Fshancheng%2FNewsDetail/);
    await context.close();
  });

  test('a comment like sends the reader to the login page too', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/shancheng/BangBang/QA/detail?id=1');
    const like = page.getByRole('button', { name: /^赞评论 \d+$/ }).first();
    await islandReady(page, like);
    await like.click();
    await expect(page).toHaveURL(/\/LoginPage\?mastLogin=true&redirect=%2Fshancheng%2FBangBang%2FQA%2Fdetail/);
    await context.close();
  });
});

test('the error catalogue wins (spec 8): HTTP 500 shows 服务器开小差了, no response waits in the outbox as 发送中…; the draft stays', async ({
  page,
  request,
}) => {
  const article = await pickArticle(request, 9);
  let answer: 'http500' | 'abort' = 'http500';
  await page.route('**/v1/comment/store', (route) =>
    answer === 'abort'
      ? route.abort('failed')
      : route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"","data":null}' }),
  );
  await page.goto(`/shancheng/PublishComment?classId=${article.classId}&newsId=${article.newsId}&from=News`);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);
  await box.fill('e2e 服务器出错时草稿还在');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('服务器开小差了,后台工作人员正在努力解决')).toBeVisible();
  await expect(page.getByText('发送失败，请稍后重试')).toHaveCount(0);
  await expect(box).toHaveValue('e2e 服务器出错时草稿还在');

  // A failure with no response at all is not in the catalogue: the comment waits in the outbox (ADR 032).
  await expect(page.getByText('服务器开小差了,后台工作人员正在努力解决')).toBeHidden({ timeout: 5_000 });
  answer = 'abort';
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('list', { name: '待发送' }).getByText('发送中…')).toBeVisible();
  await expect(page.getByText('发送失败，请稍后重试')).toHaveCount(0);
  await expect(box).toHaveValue('e2e 服务器出错时草稿还在');
});
