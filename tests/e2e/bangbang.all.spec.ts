/**
 * The bangbang detail pages in a real browser (ADR 007; spec 2.7, 4, 5, 7.3–7.5, 8): open a Q&A question,
 * like it (active only after the answer) and an answer, comment through /PublishBangBang, see the
 * comment listed, delete it with the confirm, report with and without a reason; read a politics item's
 * official reply; the spec 2.7 back rule. The reader logs in through the real accounts API once.
 */
import { expect, test } from '@playwright/test';
import { countCalls, hostIndex, islandReady, useSignedInReader } from './interactionSupport.ts';

useSignedInReader();

/** Each project (host) uses its own questions, so the three runs on one server do not meet. */
function questionId(offset: number): number {
  return 1 + offset * 3 + hostIndex();
}

const qaUrl = (id: number) => `/shancheng/BangBang/QA/detail?id=${id}`;

test('likes a question once (from=bang): active only after the answer, then 你已经点过赞了 without a call', async ({ page }) => {
  const calls = countCalls(page, '/v1/like/do');
  await page.goto(qaUrl(questionId(0)));
  await expect(page.getByRole('heading', { name: /全部回答/ })).toBeVisible();
  const like = page.getByRole('button', { name: /^点赞 \d+$/ });
  await islandReady(page, like);
  const before = Number(/\d+$/.exec((await like.getAttribute('aria-label')) ?? '')?.[0]);
  await like.click();
  await expect(page.getByRole('button', { name: `已点赞 ${before + 1}` })).toBeVisible();
  await expect(page.getByText('点赞成功')).toBeVisible();
  expect(calls.n).toBe(1);
  expect(calls.bodies[0]).toMatch(/from=bang|"from":"bang"/);

  await page.getByRole('button', { name: `已点赞 ${before + 1}` }).click();
  await expect(page.getByText('你已经点过赞了')).toBeVisible();
  expect(calls.n).toBe(1);

  // After a reload the bar asks the server for this reader's state.
  await page.reload();
  await expect(page.getByRole('button', { name: `已点赞 ${before + 1}` })).toBeVisible();
});

test('likes an answer by bangId (type 6)', async ({ page }) => {
  await page.goto(qaUrl(questionId(0)));
  const answer = page.locator('[data-answer-like]').first();
  await answer.scrollIntoViewIfNeeded();
  const before = Number(await answer.getAttribute('data-like-num'));
  await expect(answer).toHaveAttribute('aria-pressed', 'false');
  await answer.click();
  await expect(answer).toHaveAttribute('aria-pressed', 'true');
  await expect(answer).toHaveAttribute('aria-label', `已赞回答 ${before + 1}`);
  await page.reload();
  await expect(page.locator('[data-answer-like]').first()).toHaveAttribute('aria-pressed', 'true');
});

test('comments through /PublishBangBang, sees it listed as text, deletes it after the confirm', async ({ page, browser }) => {
  const id = questionId(1);
  const text = `e2e 帮帮评论 <b>不是粗体</b> ${Date.now()}`;
  await page.goto(qaUrl(id));
  await expect(page.getByRole('heading', { name: /全部评论/ })).toBeVisible();

  await page.getByRole('link', { name: '写评论...' }).click();
  await expect(page).toHaveURL(/\/PublishBangBang\?from=bang&classid=2&id=\d+/);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('请输入评论内容')).toBeVisible();
  await box.fill(text);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('评论成功')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page).toHaveURL(new RegExp(`/BangBang/QA/detail\\?id=${id}#comments$`));

  const mine = page.locator('li.comment', { hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.locator('b')).toHaveCount(0);
  await expect(mine.getByRole('button', { name: '删除' }).first()).toBeVisible();
  // Another reader sees the comment without a delete button.
  const stranger = await browser.newContext();
  const anon = await stranger.newPage();
  await anon.goto(qaUrl(id));
  await expect(anon.locator('li.comment', { hasText: text })).toBeVisible();
  await expect(anon.locator('li.comment', { hasText: text }).getByRole('button', { name: '删除' })).toHaveCount(0);
  await stranger.close();

  const deletes = countCalls(page, '/v1/comment/deleteComment');
  await mine.getByRole('button', { name: '删除' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: '提示' })).toBeVisible();
  await expect(dialog.getByText('你确定要删除吗？')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  expect(deletes.n).toBe(0);
  await mine.getByRole('button', { name: '删除' }).first().click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功！')).toBeVisible();
  expect(deletes.bodies[0]).toMatch(/from=bang|"from":"bang"/);
  // The page reloads after 1 s, without the comment.
  await expect(page.locator('li.comment', { hasText: text })).toHaveCount(0, { timeout: 5_000 });
});

test('回复 on a seeded comment opens /PublishBangBang quoting it; its thread page lists the replies', async ({ page }) => {
  // Question 1 of the demo board has a comment with a reply.
  await page.goto(qaUrl(1));
  const thread = page.locator('li.comment', { has: page.locator('.replies') }).first();
  const quoted = (await thread.locator('.text').first().textContent()) ?? '';
  await thread.getByRole('link', { name: '回复' }).first().click();
  await expect(page).toHaveURL(/\/PublishBangBang\?from=bang&classid=2&id=1&plId=\d+&pId=\d+/);
  await expect(page.getByText(quoted.trim())).toBeVisible();
  await expect(page.getByRole('textbox', { name: '评论内容' })).toHaveAttribute('placeholder', /^回复 .+：$/);

  const plId = new URL(page.url()).searchParams.get('plId');
  await page.goto(`/shancheng/CommentReplyPage?from=bang&classid=2&id=1&plId=${plId}`);
  await expect(page.getByRole('heading', { level: 2, name: /全部回复/ })).toBeVisible();
  await expect(page.getByText('快了，听说已经在试运行了。')).toBeVisible();
  await expect(page.getByRole('link', { name: '查看原文' })).toHaveAttribute('href', '/shancheng/BangBang/QA/detail?id=1');
});

test('report: 取消 without a reason sends nothing, 提交 with one → 举报成功; a repeat keeps the popup open', async ({ page }) => {
  const calls = countCalls(page, '/v1/bangbang/news/doreport');
  await page.goto(qaUrl(questionId(2)));
  const trigger = page.getByRole('button', { name: '举报', exact: true });
  // ADR 011: the popup island hydrates only on request; the first tap wakes it and is replayed.
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
  await popup.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('举报成功')).toBeVisible();
  await expect(popup).toBeHidden();
  expect(calls.n).toBe(1);

  await trigger.click();
  await popup.getByRole('button', { name: '其他' }).click();
  await popup.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('你已经举报过了，我们会尽快处理')).toBeVisible();
  await expect(popup).toBeVisible();
});

test('a politics item shows its department and the official reply', async ({ page }) => {
  await page.goto('/shancheng/BangBang/politics/detail?id=1');
  await expect(page.getByRole('heading', { name: /较场口路口红绿灯/ })).toBeVisible();
  await expect(page.getByText('已回复').first()).toBeVisible();
  // ADR 010: the handling timeline has reached its last step.
  await expect(page.getByRole('list', { name: '办理进度：已回复' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '官方回复' })).toBeVisible();
  await expect(page.locator('.rich-text')).toContainText('感谢您');
});

test('an unknown item is a 404 page with a way home', async ({ page }) => {
  const res = await page.goto('/shancheng/BangBang/QA/detail?id=999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('问题不存在或已删除')).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
});

test('back (spec 2.7): opened directly it leads to /BangBang/index; from the news home it goes back', async ({ page }) => {
  const back = page.getByRole('link', { name: '返回' });
  await page.goto(qaUrl(questionId(0)));
  if (test.info().project.name === 'app-webview') {
    // Inside the app webview the app draws the navigation bar and its back button: the page shows none.
    await expect(page.getByText('全部回答')).toBeVisible();
    await expect(back).toBeHidden();
    return;
  }
  await back.click();
  await expect(page).toHaveURL(/\/shancheng\/BangBang\/index$/);

  await page.goto('/shancheng/home/13');
  await page.evaluate((href) => location.assign(href), qaUrl(questionId(0)));
  await expect(page).toHaveURL(/\/BangBang\/QA\/detail/);
  await page.waitForLoadState('load');
  await back.click();
  await expect(page).toHaveURL(/\/shancheng\/home\/13$/);
});
