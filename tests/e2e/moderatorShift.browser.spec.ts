/**
 * A moderator's shift on the desk (docs/adr/018-one-review-model.md), in real browsers: a moderator signs in with the
 * second factor, approves three held news comments with the keyboard (a reader then sees them on the article), rejects
 * one with a reason (its author reads 未通过：reason in 我的评论), settles a report by taking the comment down, mutes an
 * author (their next comment is refused with the end date); then two moderators work one queue: the one who comes
 * second is told 已被他人处理 and who did it, and an item decided by one leaves the other's open queue by itself.
 * The desk's pages pass axe's WCAG 2.1 AA rules at 1440×900 and 375×812.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginByApi, signIn as signInReader, type Reader } from './interactionSupport.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/** A commentable plain article no other spec comments on (page 5 of the home channel). */
async function quietArticle(request: APIRequestContext, skip: number): Promise<{ classId: number; newsId: number }> {
  const home = (await (await request.get('/kratos/v1/channel/home?channelId=1&page=5')).json()) as {
    data: { list: Array<{ id: number; classId: number; dataType: number }> };
  };
  let seen = 0;
  for (const item of home.data.list.filter((i) => i.dataType === 3)) {
    const detail = (await (await request.get(`/kratos/v1/detail?classId=${item.classId}&newsId=${item.id}`)).json()) as {
      statusCode: number;
      data: { permission: number; allowPl: boolean; pl: number };
    };
    if (detail.statusCode !== 200 || (detail.data.permission & 8) !== 0 || !detail.data.allowPl || detail.data.pl === 1) continue;
    if (seen++ === skip) return { classId: item.classId, newsId: item.id };
  }
  throw new Error('no commentable article on page 5 of the home channel');
}

/** A reader's comment through the reader API; answers its id and the message (held comments say so). */
async function comment(
  request: APIRequestContext,
  reader: Reader,
  article: { classId: number; newsId: number },
  sayText: string,
): Promise<{ plId: number; message: string }> {
  const res = await request.post('/v1/comment/store', {
    headers: { authorization: `Bearer ${reader.token}` },
    data: { classId: article.classId, newsId: article.newsId, sayText },
  });
  const body = (await res.json()) as { statusCode: number; message: string; data: { plId: number } };
  expect(body.statusCode, body.message).toBe(200);
  return { plId: body.data.plId, message: body.message };
}

async function openDesk(page: Page, word: string, tab = '待审'): Promise<void> {
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '审核台', exact: true }).click();
  await expect(page.getByRole('heading', { name: '审核台' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await filterBy(page, word);
}

async function filterBy(page: Page, word: string): Promise<void> {
  const filters = page.getByRole('form', { name: '筛选队列' });
  if (!(await filters.isVisible())) await page.getByText(/^筛选（/).click();
  await filters.getByRole('textbox', { name: '内容或敏感词' }).fill(word);
  await filters.getByRole('button', { name: '筛选' }).click();
}

const queueItems = (page: Page) => page.locator('.nr-queue article');
const itemWith = (page: Page, text: string) => queueItems(page).filter({ hasText: text });

async function newDesk(browser: Browser, viewport = DESK): Promise<Page> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  return context.newPage();
}

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test("a moderator's shift: approve three, reject one with a reason, settle a report, mute an author", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const article = await quietArticle(request, 0);
  const readers = await Promise.all([0, 1, 2, 3, 4].map(() => loginByApi(request)));
  const texts = [0, 1, 2, 3].map((i) => `夜班第 ${i + 1} 条评论，轨道通车后通勤省了半小时 ${run}`);
  const ids: number[] = [];
  for (const [i, text] of texts.entries()) {
    const posted = await comment(request, readers[i]!, article, text);
    ids.push(posted.plId);
    // News comments are reviewed before publication on a fresh start, with no setting changed.
    expect(posted.message).toContain('审核通过后将公开显示');
  }

  const desk = await newDesk(browser);
  await signInDemo(desk, request, 'demo-moderator-b');
  await openDesk(desk, run);
  await expect(queueItems(desk)).toHaveCount(4);
  // Oldest first, each in its context: the article's title and link, the author's facts, its age.
  const first = itemWith(desk, texts[0]!);
  await expect(first.getByRole('link')).toHaveAttribute('href', new RegExp(`/shancheng/NewsDetail\\?classId=${article.classId}&newsId=${article.newsId}$`));
  await expect(first).toContainText('注册 0 天');
  await expect(first).toContainText('已等待');
  await expect(queueItems(desk).first()).toContainText(texts[0]!);

  // Keyboard first: J brings the focus to the first item and moves on, K back; A approves the item and the next
  // takes its place and the focus.
  await desk.keyboard.press('j');
  await expect(first).toBeFocused();
  await desk.keyboard.press('j');
  await expect(itemWith(desk, texts[1]!)).toBeFocused();
  await desk.keyboard.press('k');
  await expect(first).toBeFocused();
  for (const text of texts.slice(0, 3)) {
    await expect(itemWith(desk, text)).toBeFocused();
    await desk.keyboard.press('a');
    await expect(itemWith(desk, text)).toHaveCount(0);
  }
  // R rejects the last one with a typed reason.
  const reason = `与本文无关 ${run}`;
  await expect(itemWith(desk, texts[3]!)).toBeFocused();
  await desk.keyboard.press('r');
  const dialog = desk.getByRole('dialog', { name: /^拒绝/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /或填写理由/ }).fill(reason);
  await dialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(dialog).toBeHidden();
  await expect(queueItems(desk)).toHaveCount(0);
  await expect(desk.getByRole('status').filter({ hasText: '已拒绝' })).toBeVisible();

  // A reader sees the three approved comments on the article, and not the rejected one.
  const readerPage = await (await browser.newContext()).newPage();
  await readerPage.goto(`/shancheng/CommentPage?classId=${article.classId}&newsId=${article.newsId}`);
  for (const text of texts.slice(0, 3)) await expect(readerPage.locator('li.comment', { hasText: text })).toBeVisible();
  await expect(readerPage.locator('li.comment', { hasText: texts[3]! })).toHaveCount(0);

  // The rejected comment's author reads why in 我的评论.
  const authorContext = await browser.newContext();
  await signInReader(authorContext, readers[3]!);
  const authorPage = await authorContext.newPage();
  await authorPage.goto('/shancheng/mine/comments');
  await expect(authorPage.getByText(`未通过：${reason}`)).toBeVisible();

  // A reader reports an approved comment; the moderator settles the report by taking the comment down.
  const report = (await (
    await request.post('/api/comment/doReport', {
      headers: { authorization: `Bearer ${readers[4]!.token}` },
      data: { commentId: ids[1], classId: article.classId, newsId: article.newsId, platformId: 0, content: '广告营销' },
    })
  ).json()) as { statusCode: number; message: string };
  expect(report.statusCode, report.message).toBe(200);
  await desk.getByRole('tab', { name: '被举报' }).click();
  const reportedItem = itemWith(desk, texts[1]!);
  await expect(reportedItem).toContainText('1 位读者举报');
  await expect(reportedItem).toContainText('广告营销');
  await reportedItem.getByRole('button', { name: /^删除/ }).click();
  const removeDialog = desk.getByRole('dialog', { name: /^删除/ });
  await removeDialog.getByRole('combobox', { name: '选择理由' }).selectOption({ index: 0 });
  await removeDialog.getByRole('button', { name: '确认删除' }).click();
  await expect(reportedItem).toHaveCount(0);
  // The desk's address carries its tab and filters: a reload (or a shared link) opens the same queue.
  await expect(desk).toHaveURL(new RegExp(`/newsroom/moderation\\?tab=reported&word=${encodeURIComponent(run)}$`));
  await desk.reload();
  await expect(desk.getByRole('tab', { name: '被举报' })).toHaveAttribute('aria-selected', 'true');
  await expect(desk.getByText('已筛选 1 项')).toBeVisible();
  await readerPage.reload();
  await expect(readerPage.locator('li.comment', { hasText: texts[1]! })).toHaveCount(0);
  await expect(readerPage.locator('li.comment', { hasText: texts[0]! })).toBeVisible();

  // 已处理 shows who decided, when and why.
  await desk.getByRole('tab', { name: '已处理' }).click();
  await expect(itemWith(desk, texts[3]!)).toContainText(`未通过 · 陈思远`);
  await expect(itemWith(desk, texts[3]!)).toContainText(`理由：${reason}`);

  // 封禁: the author of the third comment is muted for 7 days; their next comment is refused with the end date.
  await itemWith(desk, texts[2]!).getByRole('button', { name: /^封禁/ }).click();
  const ban = desk.getByRole('dialog', { name: /^封禁/ });
  await ban.getByRole('radio', { name: '7 天' }).check();
  await ban.getByRole('textbox', { name: /或填写理由/ }).fill('多次发布引流信息');
  await ban.getByRole('button', { name: '确认封禁' }).click();
  await expect(desk.getByRole('status').filter({ hasText: /已封禁/ })).toBeVisible();
  await expect(itemWith(desk, texts[2]!)).toContainText('禁言至');
  const muted = await request.post('/v1/comment/store', {
    headers: { authorization: `Bearer ${readers[2]!.token}` },
    data: { classId: article.classId, newsId: article.newsId, sayText: `禁言后再发一条 ${run}` },
  });
  const refused = (await muted.json()) as { statusCode: number; message: string };
  expect(refused.statusCode).not.toBe(200);
  expect(refused.message).toMatch(/^你已被禁言，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前不能发表内容$/);
  const until = new Date(`${/(\d{4}-\d{2}-\d{2} \d{2}:\d{2})/.exec(refused.message)![1]!.replace(' ', 'T')}:00+08:00`).getTime();
  expect(Math.abs(until - (Date.now() + 7 * 86_400_000))).toBeLessThan(10 * 60_000);

  // The desk passes axe at the desk's size and on a phone (the queues, a dialog, the settings pages).
  expect(await axeReport(desk, { settle: false })).toEqual([]);
  await desk.getByRole('tab', { name: '待审' }).click();
  await filterBy(desk, '');
  await expect(queueItems(desk).first()).toBeVisible();
  expect(await axeReport(desk, { settle: false })).toEqual([]);
  await desk.keyboard.press('j');
  await desk.keyboard.press('r');
  await expect(desk.getByRole('dialog', { name: /^拒绝/ })).toBeVisible();
  expect(await axeReport(desk, { settle: false })).toEqual([]);
  await desk.keyboard.press('Escape');
  await desk.setViewportSize(PHONE);
  expect(await axeReport(desk, { settle: false })).toEqual([]);
  await desk.setViewportSize(DESK);
  await desk.context().close();
  await readerPage.context().close();
  await authorContext.close();
});

test('two moderators on one queue: the second is told 已被他人处理 and by whom; a decided item leaves the other queue', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const article = await quietArticle(request, 1);
  const [a, b] = await Promise.all([loginByApi(request), loginByApi(request)]);
  const texts = [`两位审核员同看的第一条 ${run}`, `两位审核员同看的第二条 ${run}`];
  await comment(request, a, article, texts[0]!);
  await comment(request, b, article, texts[1]!);

  const first = await newDesk(browser);
  const second = await newDesk(browser, PHONE);
  await signInDemo(first, request, 'demo-chief');
  await signInDemo(second, request, 'demo-moderator');
  await openDesk(first, run);
  await openDesk(second, run);
  await expect(queueItems(first)).toHaveCount(2);
  await expect(queueItems(second)).toHaveCount(2);

  // The second moderator's desk does not hear of the first one's decision in time (its look at the decisions is held).
  const held: { abort: () => Promise<void> }[] = [];
  await second.route('**/newsroom/api/moderation/changes*', (route) => {
    held.push(route);
  });
  await itemWith(first, texts[0]!).getByRole('button', { name: /^通过/ }).click();
  await expect(itemWith(first, texts[0]!)).toHaveCount(0);
  await itemWith(second, texts[0]!).getByRole('button', { name: /^通过/ }).click();
  await expect(second.getByRole('alert')).toContainText('已被他人处理（李明轩，');
  await expect(itemWith(second, texts[0]!)).toHaveCount(0);

  // Heard again: what the first moderator decides leaves the second one's open queue by itself, without a reload.
  await second.unroute('**/newsroom/api/moderation/changes*');
  for (const route of held) await route.abort().catch(() => undefined);
  await expect(itemWith(second, texts[1]!)).toBeVisible();
  await itemWith(first, texts[1]!).getByRole('button', { name: /^通过/ }).click();
  await expect(itemWith(first, texts[1]!)).toHaveCount(0);
  await expect(itemWith(second, texts[1]!)).toHaveCount(0, { timeout: 10_000 });
  await expect(second.getByText(/1 条已由李明轩处理，已移出队列/)).toBeVisible();
  // The phone-sized desk passes axe too.
  expect(await axeReport(second, { settle: false })).toEqual([]);
  await first.context().close();
  await second.context().close();
});

test('the settings pages: 先审后发 per area, the word list, 应急处置 and the reasons pass axe at both sizes', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const page = await newDesk(browser);
  await signInDemo(page, request, 'demo-admin');
  const nav = page.getByRole('navigation', { name: '后台导航' });
  for (const [link, heading] of [
    ['审核设置', '审核设置'],
    ['敏感词', '敏感词'],
    ['应急处置', '应急处置'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await page.setViewportSize(DESK);
    expect(await axeReport(page, { settle: false }), `${link} at 1440`).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await axeReport(page, { settle: false }), `${link} at 375`).toEqual([]);
    await page.setViewportSize(DESK);
  }
  // News comments are reviewed before publication by default; the switch says so.
  await nav.getByRole('link', { name: '审核设置', exact: true }).click();
  await expect(page.getByRole('switch', { name: '新闻评论' })).toHaveAttribute('aria-checked', 'true');
  // The demo's word list holds both kinds.
  await nav.getByRole('link', { name: '敏感词', exact: true }).click();
  await expect(page.getByText('加微信', { exact: true })).toBeVisible();
  await expect(page.getByText('网络赌博', { exact: true })).toBeVisible();
  await page.context().close();
});
