/**
 * The composition section in a real browser, in the messenger only (ADR 028: a journey that never branches
 * on the host runs on one host, the journeys spread over the three): browse the home, open the
 * 高分榜, read an essay, like it, comment, contribute an essay with a photo of the handwritten page, see
 * it in 我的作文, then the assigned teacher (a seeded verified account, logged in by SMS code) reviews it
 * and the score shows to the student. It works with the messenger's own teacher and essays (hostIndex).
 */
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { hostIndex, islandReady, loginByApi, signIn } from './interactionSupport.ts';

// Long flows on a shared machine: two logins, an upload, two browsers.
test.describe.configure({ timeout: 120_000 });

test('browse → rank → read → like → comment', async ({ page, context }) => {
  await signIn(context, await loginByApi(page.request));
  await page.goto('/shancheng/composition/home');
  await expect(page.getByRole('heading', { name: '推荐作文' })).toBeVisible();
  await page.getByRole('navigation', { name: '作文专区入口' }).getByRole('link', { name: '高分榜' }).click();
  await expect(page).toHaveURL(/RankList\?type=start/);
  await expect(page).toHaveTitle(/^高分榜/);
  const cards = page.locator('article[data-essay-id]');
  await expect(cards).toHaveCount(10);
  // Each host reads its own essay of the top ten.
  const card = cards.nth(3 + hostIndex());
  const title = (await card.locator('h3').innerText()).replace(/^荐/, '').trim();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: '名师点评' })).toBeVisible();
  // Only the teacher the essay is assigned to may see 去点评 / 修改点评; a reader never does.
  await expect(page.getByRole('link', { name: /去点评|修改点评/ })).toBeHidden();

  const like = page.getByRole('button', { name: /点赞|已点赞/ });
  await islandReady(page, like);
  const before = Number((await like.getAttribute('aria-label'))!.replace(/\D+/g, ''));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-label', `已点赞，${before + 1} 个赞`);
  await like.click();
  await expect(page.getByText('你已经点过赞了')).toBeVisible();

  const text = `读完很感动，谢谢小作者 ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: /评论《/ }).fill(text);
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.locator('li[data-comment-id]').first()).toContainText(text);
});

test('contribute with a photo → 我的作文 → the teacher reviews it → the score shows', async ({ page, context, browser, baseURL }) => {
  const student = await loginByApi(page.request);
  await signIn(context, student);
  const teachers = (await (await page.request.get('/v1/composition/teachers')).json()) as {
    data: Array<{ id: number; name: string; schoolId: number; schoolName: string }>;
  };
  const teacher = teachers.data[hostIndex()]!;

  await page.goto('/shancheng/composition/contribute');
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  const school = page.getByLabel('学校');
  await expect(school.locator('option:checked')).toHaveText('请选择学校');
  await expect(school).toHaveValue('-1');
  await page.getByRole('button', { name: '提交投稿' }).click();
  await expect(page.getByRole('alert')).toHaveText('请选择学校');

  const title = `雨后的石板路${hostIndex()}-${Date.now() % 100000}`;
  await school.selectOption({ label: teacher.schoolName });
  await page.getByLabel('年级').selectOption({ label: '五年级' });
  await page.getByLabel('指导老师（选填）').selectOption({ label: `${teacher.name}老师` });
  await page.getByLabel('姓名').fill('陈小雨');
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('正文（可只上传照片）').fill('雨停了，石板路亮晶晶的。\n我踩着水坑回家，妈妈在窗口喊我的名字。');
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 250, g: 246, b: 232 } } })
    .png()
    .toBuffer();
  await page.getByLabel('添加作文照片').setInputFiles({ name: 'page1.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: '第 1 张照片' })).toBeVisible();
  await page.getByRole('button', { name: '提交投稿' }).click();
  await expect(page.getByRole('heading', { name: '投稿成功' })).toBeVisible();

  await page.getByRole('link', { name: '查看我的作文' }).click();
  const mine = page.getByRole('tabpanel', { name: '我的作文' }).locator('li', { hasText: title });
  await expect(mine).toContainText('已发布');
  await expect(mine).toContainText(`等待 ${teacher.name} 老师点评`);

  // The assigned teacher, in a browser of their own.
  const teacherContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const teacherPage = await teacherContext.newPage();
  await signIn(teacherContext, await loginByApi(teacherPage.request, `1371900${String(hostIndex() + 1).padStart(4, '0')}`));
  await teacherPage.goto('/shancheng/composition/TeacherReview');
  const open = teacherPage.getByRole('button', { name: `点评《${title}》` });
  await islandReady(teacherPage, teacherPage.getByText(/篇作文待点评/));
  await open.click();
  await teacherPage.getByLabel('评分（0–100）').fill('92');
  await teacherPage.getByLabel('评语').fill('雨后的画面写得很清新，结尾妈妈的呼唤很温暖。');
  await teacherPage.getByRole('button', { name: '提交点评' }).click();
  await expect(teacherPage.locator('li', { hasText: title })).toContainText('已点评 92 分');
  await teacherContext.close();

  await page.reload();
  const reviewed = page.getByRole('tabpanel', { name: '我的作文' }).locator('li', { hasText: title });
  await expect(reviewed).toContainText('老师评分 92 分');
  await reviewed.getByRole('link', { name: title }).click();
  await expect(page.getByLabel('评分 92 分')).toBeVisible();
  await expect(page.getByText('雨后的画面写得很清新')).toBeVisible();
});

/** An essay of the newest page, reviewed, whose few comments all fit in the detail page's preview of 10. */
async function reviewedEssayWithFewComments(request: APIRequestContext): Promise<{ id: number; commentCount: number }> {
  const res = await request.get('/v1/composition/list?page=1&pageSize=20');
  const essays = ((await res.json()) as { data: { id: number; commentCount: number; score: number | null }[] }).data;
  const essay = essays.find((e) => e.commentCount > 0 && e.commentCount < 5 && e.score !== null);
  expect(essay, 'the demo data has a reviewed essay with a few comments').toBeTruthy();
  return essay!;
}

test('a detail page holding every comment ends with 没有更多了 instead of stopping without a word', async ({ page, request }) => {
  const essay = await reviewedEssayWithFewComments(request);
  await page.goto(`/shancheng/composition/compositionDetail?id=${essay.id}`);
  const box = page.getByRole('region', { name: '点赞与评论' });
  await islandReady(page, box.getByRole('button', { name: '发表评论' }));
  await expect(box.locator('li[data-comment-id]')).toHaveCount(essay.commentCount);
  await expect(box.getByText('没有更多了')).toBeVisible();
  await expect(box.getByRole('link', { name: /查看全部/ })).toHaveCount(0);
});

test("a teacher review's quote starts where its score does (no browser blockquote indent)", async ({ page, request }) => {
  const essay = await reviewedEssayWithFewComments(request);
  await page.goto(`/shancheng/composition/compositionDetail?id=${essay.id}`);
  const quoteX = (await page.locator('.review blockquote').boundingBox())!.x;
  expect(quoteX).toBe((await page.locator('.review .score').boundingBox())!.x);
  await page.goto(`/shancheng/composition/TeacherCommentDetail?id=${essay.id}`);
  const reviewQuoteX = (await page.locator('blockquote').boundingBox())!.x;
  expect(reviewQuoteX).toBe((await page.locator('.score').boundingBox())!.x);
});

test('the search gives essays a page at a time: 加载更多 appends the next, 没有更多了 at the end; a bad page is 404', async ({ page, request }) => {
  const word = '的';
  let total = 0;
  for (let p = 1; p < 20; p++) {
    const res = (await (await request.get(`/v1/composition/search?keyword=${encodeURIComponent(word)}&page=${p}`)).json()) as { data: { essays: unknown[] } };
    if (res.data.essays.length === 0) break;
    total += res.data.essays.length;
  }
  expect(total).toBeGreaterThan(20);
  await page.goto(`/shancheng/composition/SearchPage?keyword=${encodeURIComponent(word)}`);
  const essays = page.locator('sc-more-list [data-list] > article');
  await expect(essays.first()).toBeVisible();
  const footer = page.getByRole('status').filter({ hasText: /加载更多|加载中|没有更多了/ });
  for (let i = 0; i < 12 && !(await page.getByText('没有更多了').isVisible()); i++) {
    const shown = await essays.count();
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await page.getByText('没有更多了').isVisible()) || (await essays.count()) > shown).toBe(true);
  }
  await expect(page.getByText('没有更多了')).toBeVisible();
  await expect(essays).toHaveCount(total);
  const ids = await essays.evaluateAll((els) => els.map((el) => el.getAttribute('data-essay-id')));
  expect(new Set(ids).size).toBe(total);
  expect((await page.goto(`/shancheng/composition/SearchPage?keyword=${encodeURIComponent(word)}&page=0`))?.status()).toBe(404);
});
