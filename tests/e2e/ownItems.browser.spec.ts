/**
 * Team rule "a pending or rejected item is visible only to its author, marked 审核中 or with the
 * reason": the seeded reader whose writing is still with the editors (ownItemsSeed.ts) opens each of
 * their items — essay and complaint from their own lists, the discover post from the feed — and sees it
 * marked; a stranger at the same address gets the 404 page. The 问答 question in review and the turned-down
 * 问政 item open from 我的提问 (their calls: tests/api/ownPendingItems.test.ts). Phone browser only: one
 * reader, one SMS login (the page is the same on every host).
 */
import { expect, test, type Page } from '@playwright/test';
import { OWN_ITEMS, OWN_ITEMS_PHONE } from '../../src/server/db/seed/ownItemsSeed.ts';
import { loginByApi, signIn, type Reader } from './interactionSupport.ts';

let reader: Reader;

test.beforeAll(async ({ request }) => {
  reader = await loginByApi(request, OWN_ITEMS_PHONE);
});

async function expectOwn(page: Page, title: string, state: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} - 山城新闻`);
  await expect(page.locator('sc-own-item [data-own-state]')).toHaveText(state);
  await expect(page.getByRole('heading', { name: '找不到这个页面' })).toBeHidden();
}

test('the author opens each of their items in review from their lists, marked; a stranger gets 404', async ({ page, context, browser }) => {
  await signIn(context, reader);

  await page.goto('/shancheng/composition/userCenter');
  await page.getByRole('link', { name: OWN_ITEMS.essay.title }).click();
  await expect(page).toHaveURL(/\/composition\/compositionDetail\?id=\d+$/);
  await expectOwn(page, OWN_ITEMS.essay.title, '审核中');
  // The top bar names the page instead of 页面不存在 (where the route has one).
  await expect(page.getByRole('heading', { level: 1, name: '我的作文' })).toBeVisible();
  await expect(page.getByText('外婆总是端出一碗热乎乎的醪糟汤圆')).toBeVisible();
  const essayUrl = page.url();

  // A logout in another tab puts the not-found page back at once: nothing of the item stays on screen.
  const other = await context.newPage();
  await other.goto('/shancheng/home/1');
  await other.evaluate(() => {
    for (const key of ['token', 'tokenType', 'userId', 'syPhone']) localStorage.removeItem(key);
  });
  await expect(page.getByRole('heading', { name: '找不到这个页面' })).toBeVisible();
  await expect(page.getByText('外婆总是端出一碗热乎乎的醪糟汤圆')).toHaveCount(0);
  await expect(page).not.toHaveTitle(`${OWN_ITEMS.essay.title} - 山城新闻`);
  await other.close();

  await page.goto('/shancheng/mine/complaints');
  await page.getByRole('link', { name: new RegExp(OWN_ITEMS.complaint.shop) }).click();
  await expectOwn(page, OWN_ITEMS.complaint.shop, '审核中');

  // The discover feed lists the author's own post in review; its page opens for them too.
  const feed = (await (await page.request.get('/v1/quan/getQuanInfo?page=1', { headers: { authorization: `Bearer ${reader.token}` } })).json()) as {
    data: Array<{ id: number; content: string; reviewState: string }>;
  };
  const post = feed.data.find((p) => p.content === OWN_ITEMS.post.content);
  expect(post?.reviewState).toBe('pending');
  await page.goto(`/shancheng/DetailDiscover?newsId=${post!.id}`);
  await expectOwn(page, '我的动态', '审核中');

  // 我的提问: the question in review and the 问政 the editors turned down, each with its state and reason.
  await page.goto('/shancheng/mine/questions');
  await page.getByRole('link', { name: new RegExp(OWN_ITEMS.question.title) }).click();
  await expect(page).toHaveURL(/\/BangBang\/QA\/detail\?id=\d+$/);
  await expectOwn(page, OWN_ITEMS.question.title, '审核中');
  const questionUrl = page.url();
  await page.goto('/shancheng/mine/questions');
  await page.getByRole('link', { name: new RegExp(OWN_ITEMS.politics.title) }).click();
  await expect(page).toHaveURL(/\/BangBang\/politics\/detail\?id=\d+$/);
  await expectOwn(page, OWN_ITEMS.politics.title, `未通过：${OWN_ITEMS.politics.reason}`);

  const stranger = await browser.newPage();
  for (const url of [questionUrl, page.url()]) {
    expect((await stranger.goto(url))?.status()).toBe(404);
    await expect(stranger.getByRole('heading', { name: '找不到这个页面' })).toBeVisible();
  }
  await expect(stranger.getByText(OWN_ITEMS.politics.title)).toHaveCount(0);
  const res = await stranger.goto(essayUrl);
  expect(res?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { name: '找不到这个页面' })).toBeVisible();
  await expect(stranger.getByText(OWN_ITEMS.essay.title)).toHaveCount(0);
  await stranger.close();
});
