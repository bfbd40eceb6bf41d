/**
 * Writes that survive a weak network (ADR 032) on all three hosts: a comment, a like, a question, a post and a
 * points exchange sent while the network is cut wait on the phone as 发送中…, the comment and the like are still
 * there when the tab is closed and opened again, and each goes out when the network returns — 已发送, and exactly
 * one on the server, every try with the same Idempotency-Key. A post and a like whose tries all fail give up as
 * 发送失败，点击重试, and a tap sends them once; a given-up question is 放弃'd and sent again from its form. A
 * 农友说 post queues as the 发现 post does, and a complaint and a photo for the wall as a question does. Each
 * host works on its own reader and its own article.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { approveHeldComments } from './deskSupport.ts';
import { hostIndex, islandReady, loginByApi, pickArticle, signIn, useSignedInReader, type Reader } from './interactionSupport.ts';

const reader = useSignedInReader();

// axe-core is put in the page as an inline script, as the accessibility spec does.
test.use({ bypassCSP: true });
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 AA violations inside the queued writes' list. */
async function axeOnNotes(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: string, o: object): Promise<{ violations: { id: string }[] }> } }).axe;
    const result = await axe.run('[data-outbox]', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => v.id);
  });
}

const stamp = () => `${test.info().project.name} ${Date.now() % 1_000_000}`;

/** The Idempotency-Key of every request to `path` the context makes from now on (answered or not). */
function keysSent(context: BrowserContext, path: string): string[] {
  const keys: string[] = [];
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === path) keys.push(req.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** The reader's `online` event without a real outage: off and on again (the outbox sends at once on `online`). */
async function networkBack(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.setOffline(false);
}

function notes(page: Page) {
  return page.getByRole('list', { name: '待发送' });
}

function auth(r: Reader) {
  return { authorization: `Bearer ${r.token}` };
}

async function commentsWith(request: APIRequestContext, article: { classId: number; newsId: number }, text: string): Promise<number> {
  const res = await request.get(`/v1/comment/getList?classId=${article.classId}&newsId=${article.newsId}&page=1&pageSize=50`);
  const list = ((await res.json()) as { data: { sayText: string }[] }).data;
  return list.filter((c) => c.sayText === text).length;
}

test('a comment sent offline waits, survives closing the tab, and is sent once when the network returns', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const article = await pickArticle(request, 3 + hostIndex());
  const url = `/shancheng/PublishComment?classId=${article.classId}&newsId=${article.newsId}&from=News`;
  const keys = keysSent(context, '/v1/comment/store');
  await page.goto(url);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);
  const words = `断网时写的评论 ${stamp()}`;
  await box.fill(words);

  await context.setOffline(true);
  await page.getByRole('button', { name: '提交' }).click();
  const note = notes(page).getByRole('listitem');
  await expect(note).toHaveText(`评论「${words}」发送中…`);
  await expect(page.getByRole('button', { name: '提交' })).toBeDisabled();
  expect(await axeOnNotes(page)).toEqual([]);

  // The network returns but the write still gets no answer; then the tab is closed and opened again.
  await context.route('**/v1/comment/store', (route) => route.abort('failed'));
  await context.setOffline(false);
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(notes(again).getByRole('listitem')).toHaveText(`评论「${words}」发送中…`);

  await context.unroute('**/v1/comment/store');
  await networkBack(context);
  await expect(notes(again).getByText('已发送')).toBeVisible();
  await expect(again.getByText('评论成功')).toBeVisible();
  await expect(again).toHaveURL(/\/NewsDetail\?/);

  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size, 'every try carried the same key').toBe(1);
  const held = await approveHeldComments(request, words);
  expect(held).toBeLessThanOrEqual(1);
  expect(await commentsWith(request, article, words)).toBe(1);
});

test('a like tapped offline waits in the bar, survives closing the tab, gives up, and a tap sends it once', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const article = await pickArticle(request, 6 + hostIndex());
  const url = `/shancheng/NewsDetail?classId=${article.classId}&newsId=${article.newsId}`;
  const keys = keysSent(context, '/v1/like/do');
  const likeState = async () =>
    (
      (await (await request.get(`/v1/like/state?classId=${article.classId}&newsId=${article.newsId}`, { headers: auth(reader()) })).json()) as {
        data: { isDoLike: number; doLikeNum: number };
      }
    ).data;
  const before = await likeState();
  expect(before.isDoLike).toBe(0);

  const asked = page.waitForResponse((res) => new URL(res.url()).pathname === '/v1/like/state');
  await page.goto(url);
  const like = page.locator('button[data-like]');
  await islandReady(page, like);
  // Signed in, the bar asks the reader's like state and loads the outbox, which opens its IndexedDB store.
  await asked;
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'shancheng-outbox'))).toBe(true);
  await expect(like).toHaveAccessibleName(/^点赞 /);
  await context.setOffline(true);
  await like.click();
  await expect(like).toHaveAttribute('data-outbox-state', 'sending');
  await expect(like).toContainText('发送中…');
  await expect(like).toHaveAccessibleName('点赞 发送中…');
  // A second tap while it waits sends nothing new.
  await like.click();

  // The tab is closed while offline; the network returns but no send is answered; the tab is opened again: the
  // like still waits. (Closed first: a send the closing tab makes on `online` may escape the route.)
  await context.route('**/v1/like/do', (route) => route.abort('failed'));
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(url);
  const likeAgain = again.locator('button[data-like]');
  await expect(likeAgain).toHaveAttribute('data-outbox-state', /sending|failed/);

  // Each return of the network is one more try; after the fifth the like gives up and says so on the button.
  for (let i = 0; i < 6 && (await likeAgain.getAttribute('data-outbox-state')) !== 'failed'; i++) {
    await networkBack(context);
    await again.waitForTimeout(300);
  }
  await expect(likeAgain).toHaveAttribute('data-outbox-state', 'failed');
  await expect(likeAgain).toContainText('发送失败，点击重试');
  // 已点赞 when a send did land unseen (the state asked again on reopening says so); the server keeps one like either way.
  await expect(likeAgain).toHaveAccessibleName(/^(已)?点赞 发送失败，点击重试$/);
  expect((await likeAgain.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const tries = keys.length;

  await context.unroute('**/v1/like/do');
  await likeAgain.click();
  await expect(likeAgain).toContainText('已发送');
  // Answered as a like sent now: the server's message as a toast (spec 4).
  await expect(again.getByText(/^(点赞成功|你已经点过赞了)$/)).toBeVisible();
  await expect(likeAgain).toHaveAttribute('aria-pressed', 'true');
  await expect(likeAgain).not.toHaveAttribute('data-outbox-state');
  expect(keys.length).toBe(tries + 1);
  expect(new Set(keys).size, 'every try carried the same key').toBe(1);
  const after = await likeState();
  expect(after.isDoLike).toBe(1);
  expect(after.doLikeNum).toBeGreaterThanOrEqual(before.doLikeNum + 1);
});

test('a question asked offline is sent once when the network returns', async ({ page, context, request }) => {
  const keys = keysSent(context, '/v1/bangbang/wenda/add');
  await page.goto('/shancheng/BangBang/QA/ask');
  const title = page.getByRole('textbox', { name: /问题标题/ });
  await islandReady(page, title);
  const words = `断网时提的问题 ${stamp()}`;
  await title.fill(words);
  await page.getByRole('textbox', { name: /问题描述/ }).fill('地铁里没有信号，发出去的问题会不会丢？');

  await context.setOffline(true);
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`提问「${words}」发送中…`);
  await context.setOffline(false);
  await expect(notes(page).getByText('已发送')).toBeVisible();
  await expect(page).toHaveURL(/\/BangBang\/QA\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: words })).toBeVisible();

  expect(new Set(keys).size).toBe(1);
  const found = await request.get(`/v1/bangbang/wenda/search?keyword=${encodeURIComponent(words)}&page=1&pageSize=10`, { headers: auth(reader()) });
  const list = ((await found.json()) as { data: { title: string }[] | { list: { title: string }[] } }).data;
  const titles = (Array.isArray(list) ? list : list.list).map((q) => q.title);
  expect(titles.filter((t) => t === words)).toHaveLength(1);
});

test('a given-up question can be 放弃: the form is free again with its text, and sending it then makes one question', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  // A reader of its own: the file's reader asked a question a moment ago, and asking is rate-limited.
  const own = await loginByApi(request);
  await signIn(context, own);
  await page.goto('/shancheng/BangBang/QA/ask');
  const title = page.getByRole('textbox', { name: /问题标题/ });
  await islandReady(page, title);
  const words = `放弃后再发的问题 ${stamp()}`;
  await title.fill(words);
  await page.getByRole('textbox', { name: /问题描述/ }).fill('信号时有时无，先放弃，到了站再发。');

  await context.setOffline(true);
  const send = page.getByRole('button', { name: '发布问题' });
  await send.click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`提问「${words}」发送中…`);
  await context.route('**/v1/bangbang/wenda/add', (route) => route.abort('failed'));
  const retry = page.getByRole('button', { name: '发送失败，点击重试' });
  for (let i = 0; i < 6 && !(await retry.isVisible()); i++) {
    await networkBack(context);
    await page.waitForTimeout(300);
  }
  const discard = page.getByRole('button', { name: `放弃发送提问「${words}」` });
  await expect(discard).toBeVisible();
  expect((await discard.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await axeOnNotes(page)).toEqual([]);

  await discard.click();
  await expect(notes(page).getByRole('listitem')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await expect(title).toHaveValue(words);

  await context.unroute('**/v1/bangbang/wenda/add');
  await send.click();
  await expect(page).toHaveURL(/\/BangBang\/QA\/detail\?id=\d+$/);
  const found = await request.get(`/v1/bangbang/wenda/search?keyword=${encodeURIComponent(words)}&page=1&pageSize=10`, { headers: auth(own) });
  const list = ((await found.json()) as { data: { title: string }[] | { list: { title: string }[] } }).data;
  expect((Array.isArray(list) ? list : list.list).filter((q) => q.title === words)).toHaveLength(1);
});

test('a post published offline whose sends all fail gives up as 发送失败，点击重试; a tap sends it once', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const keys = keysSent(context, '/v1/quan/publish');
  await page.goto('/shancheng/PublishDiscover');
  const box = page.getByRole('textbox', { name: '动态内容' });
  await islandReady(page, box);
  const words = `隧道里发的动态 ${stamp()}`;
  await box.fill(words);
  await page.getByRole('group', { name: '选择话题' }).getByRole('radio').first().check({ force: true });

  await context.setOffline(true);
  await page.getByRole('button', { name: '发布' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`动态「${words}」发送中…`);
  await expect(page.getByRole('button', { name: '发布' })).toBeDisabled();

  // The network comes and goes, and no send is answered: each return is one more try; the fifth gives up.
  await context.route('**/v1/quan/publish', (route) => route.abort('failed'));
  const retry = page.getByRole('button', { name: '发送失败，点击重试' });
  for (let i = 0; i < 6 && !(await retry.isVisible()); i++) {
    await networkBack(context);
    await page.waitForTimeout(300);
  }
  await expect(retry).toBeVisible();
  const tries = keys.length;
  expect(tries).toBeGreaterThanOrEqual(4);
  // Given up: the network coming back sends nothing more by itself.
  await networkBack(context);
  await page.waitForTimeout(500);
  expect(keys.length).toBe(tries);
  expect((await retry.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await axeOnNotes(page)).toEqual([]);

  await context.unroute('**/v1/quan/publish');
  await retry.click();
  await expect(notes(page).getByText('已发送')).toBeVisible();
  await expect(page).toHaveURL(/\/Discover$/);
  expect(keys.length).toBe(tries + 1);
  expect(new Set(keys).size, 'every try carried the same key').toBe(1);
  const feed = await request.get('/v1/quan/getQuanInfo?page=1&pageSize=30', { headers: auth(reader()) });
  const posts = ((await feed.json()) as { data: { content: string }[] }).data;
  expect(posts.filter((p) => p.content === words)).toHaveLength(1);
});

test('a points exchange sent offline is made once when the network returns', async ({ page, context, request }) => {
  // Points for the new-reader coupon: the daily sign-in and a few reads.
  await request.post('/v1/points/signin', { headers: auth(reader()) });
  for (let i = 0; i < 3; i++) {
    const article = await pickArticle(request, i);
    await request.post('/v1/points/read', { headers: auth(reader()), form: { classId: article.classId, newsId: article.newsId } });
  }
  const goods = await request.get(`/v1/mall/goods/list?keyword=${encodeURIComponent('新人专享')}&pageSize=10`);
  const coupon = ((await goods.json()) as { data: { id: number; kind: string; price: number }[] }).data.find((g) => g.kind === 'coupon')!;
  const keys = keysSent(context, '/v1/mall/exchange');

  await page.goto(`/shancheng/AccumulatedPoints/convertgoods?id=${coupon.id}`);
  const confirm = page.getByRole('button', { name: `确认兑换（${coupon.price} 积分）` });
  await expect(page.getByText(/兑换后剩余/)).toBeVisible();
  await context.setOffline(true);
  await confirm.click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`兑换（${coupon.price} 积分）发送中…`);
  await context.setOffline(false);
  await expect(notes(page).getByText('已发送')).toBeVisible();
  await expect(page).toHaveURL(/\/AccumulatedPoints\/convertdetail\?id=\d+/);

  expect(new Set(keys).size).toBe(1);
  const mine = await request.get('/v1/mall/exchange/list?page=1&pageSize=20', { headers: auth(reader()) });
  const list = ((await mine.json()) as { data: { goodsId?: number }[] | { list: unknown[] } }).data;
  expect(Array.isArray(list) ? list : list.list).toHaveLength(1);
});

test('a question to the rural experts asked offline is sent once when the network returns', async ({ page, context, request }) => {
  const keys = keysSent(context, '/v1/yunong/ask');
  await page.goto('/shancheng/yu-nong/country-bangbang');
  const ask = page.getByRole('region', { name: '向专家提问' });
  await islandReady(page, ask.getByRole('button', { name: '提交问题' }));
  const words = `山里没信号时问的柑橘问题（${stamp()}）`;
  await ask.getByRole('textbox', { name: '问题内容' }).fill(words);
  await ask.getByText('果树', { exact: true }).click();

  await context.setOffline(true);
  await ask.getByRole('button', { name: '提交问题' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`提问「${words}」发送中…`);
  await context.setOffline(false);
  await expect(notes(page).getByText('已发送')).toBeVisible();
  await expect(ask.getByRole('status')).toContainText('提问成功');

  expect(new Set(keys).size).toBe(1);
  const mine = await request.get('/v1/yunong/questions?page=1&pageSize=50', { headers: auth(reader()) });
  const text = JSON.stringify(await mine.json());
  expect(text.split(words).length - 1).toBe(1);
});

test('a rural question whose sends landed unseen, given up and 放弃d, is sent again under its key: 提问成功 and one question', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  // A reader of its own: asking is limited per reader (1 per 10 s, 10 a day).
  const own = await loginByApi(request);
  await signIn(context, own);
  const keys = keysSent(context, '/v1/yunong/ask');
  await page.goto('/shancheng/yu-nong/country-bangbang');
  const ask = page.getByRole('region', { name: '向专家提问' });
  const send = ask.getByRole('button', { name: '提交问题' });
  await islandReady(page, send);
  const words = `信号差时问的辣椒问题，到了镇上再发（${stamp()}）`;
  await ask.getByRole('textbox', { name: '问题内容' }).fill(words);
  await ask.getByText('种植', { exact: true }).click();

  await context.setOffline(true);
  await send.click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`提问「${words}」发送中…`);
  // Every send reaches the server, and its answer is lost on the way back.
  await context.route('**/v1/yunong/ask', async (route) => {
    await route.fetch();
    await route.abort('failed');
  });
  const discard = page.getByRole('button', { name: `放弃发送提问「${words}」` });
  for (let i = 0; i < 6 && !(await discard.isVisible()); i++) {
    await networkBack(context);
    await page.waitForTimeout(300);
  }
  await discard.click();
  await expect(notes(page).getByRole('listitem')).toHaveCount(0);
  await expect(ask.getByRole('textbox', { name: '问题内容' })).toHaveValue(words);

  // Sent again from the form: the same draft is the same write, so the server answers the question it has.
  await context.unroute('**/v1/yunong/ask');
  await send.click();
  await expect(ask.getByRole('status')).toContainText('提问成功');
  expect(keys.length).toBeGreaterThan(1);
  expect(new Set(keys).size, 'every send of the draft carried one key').toBe(1);
  const mine = await request.get('/v1/yunong/questions?page=1&pageSize=50', { headers: auth(own) });
  expect(JSON.stringify(await mine.json()).split(words).length - 1).toBe(1);
});

test('a 农友说 post published offline is sent once when the network returns', async ({ page, context, request }) => {
  const keys = keysSent(context, '/v1/yunong/publish');
  await page.goto('/shancheng/yu-nong/farmer-talk');
  const form = page.getByRole('form', { name: '发布农友说' });
  await islandReady(page, form.getByRole('button', { name: '发布' }));
  const words = `山上信号时有时无，先记一笔（${stamp()}）`;
  await form.getByRole('textbox', { name: '说说你的农事' }).fill(words);

  await context.setOffline(true);
  await form.getByRole('button', { name: '发布' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`农友说「${words}」发送中…`);
  await expect(form.getByRole('button', { name: '发布' })).toBeDisabled();
  await context.setOffline(false);
  await expect(notes(page).getByText('已发送')).toBeVisible();
  await expect(form.getByRole('textbox', { name: '说说你的农事' })).toHaveValue('');

  expect(new Set(keys).size).toBe(1);
  const mine = await request.get('/v1/yunong/posts?page=1&pageSize=50', { headers: auth(reader()) });
  expect(JSON.stringify(await mine.json()).split(words).length - 1).toBe(1);
});

test('a complaint filed offline waits under its key and is filed once when the network returns, then opens', async ({ page, context, request }) => {
  const keys = keysSent(context, '/api/complaints/create');
  const shop = `信号不好的直播间${stamp()}`;
  await page.goto('/shancheng/Complaints-platform/new');
  const form = page.getByRole('form', { name: '投诉表单' });
  await islandReady(page, form.getByRole('button', { name: '提交投诉' }));
  await form.getByText('抖音', { exact: true }).click();
  await form.getByLabel('店铺或主播名称').fill(shop);
  await form.getByText('货不对板', { exact: true }).click();
  await form.getByLabel('投诉经过').fill('直播间说是当季新茶，收到的是陈茶，商家不回消息。');
  await form.getByLabel('投诉诉求').fill('退货退款');
  await form.getByLabel('联系电话').fill('13800138001');

  await context.setOffline(true);
  await form.getByRole('button', { name: '提交投诉' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`投诉「${shop}」发送中…`);
  await expect(form.getByRole('button', { name: '提交投诉' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/shancheng\/Complaints-platform\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: shop })).toBeVisible();

  expect(new Set(keys).size).toBe(1);
  const mine = await request.get('/api/mine/complaints?page=1&pageSize=50', { headers: auth(reader()) });
  expect(JSON.stringify(await mine.json()).split(shop).length - 1).toBe(1);
});

test('a photo for the wall published offline waits under its key and is published once when the network returns', async ({ page, context, request }) => {
  const keys = keysSent(context, '/api/interact/photos/publish');
  const caption = `雾里的千厮门大桥 ${stamp()}`;
  await page.goto('/shancheng/interact/imagePage');
  const open = page.getByRole('button', { name: '我要投稿' });
  await islandReady(page, open);
  await open.click();
  const form = page.getByRole('form', { name: '投稿照片' });
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 110, b: 140 } } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'bridge.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByText('上传中')).toHaveCount(0);
  await form.getByLabel('照片说明').fill(caption);

  await context.setOffline(true);
  await form.getByRole('button', { name: '发布' }).click();
  await expect(notes(page).getByRole('listitem')).toHaveText(`照片「${caption}」发送中…`);
  await expect(form.getByRole('button', { name: '发布' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('status').getByText('投稿成功')).toBeVisible();

  expect(new Set(keys).size).toBe(1);
  const wall = await request.get('/api/interact/photos?page=1&pageSize=20', { headers: auth(reader()) });
  expect(JSON.stringify(await wall.json()).split(caption).length - 1).toBe(1);
});
