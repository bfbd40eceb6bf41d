import { expect, test, type APIRequestContext } from '@playwright/test';
import { islandReady, loginByApi, pickArticle, type Reader } from './interactionSupport.ts';

/**
 * ADR 011: `$session` is the only source of who is reading, and every island and script
 * follows it without a reload — a login or logout in another tab (storage events) and a token refreshed by a
 * response header. The late app token is in session.app.spec.ts.
 */
const detailUrl = (a: { classId: number; newsId: number }) => `/shancheng/NewsDetail?classId=${a.classId}&newsId=${a.newsId}`;

async function likeByApi(request: APIRequestContext, reader: Reader, article: { classId: number; newsId: number }): Promise<void> {
  const res = await request.post('/v1/like/do', {
    headers: { authorization: `Bearer ${reader.token}` },
    form: { classId: String(article.classId), newsId: String(article.newsId), type: '1' },
  });
  expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
}

test('a login in another tab marks the liked article on this page; a logout there unmarks it — no reload', async ({ context, page, request }) => {
  const article = await pickArticle(request, 6);
  const reader = await loginByApi(request);
  await likeByApi(request, reader, article);
  await page.goto(detailUrl(article));
  const like = page.locator('button[data-like]');
  await islandReady(page, like);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  const other = await context.newPage();
  await other.goto('/shancheng/home/1');
  await other.evaluate((r) => {
    localStorage.setItem('token', r.token);
    localStorage.setItem('tokenType', 'Bearer');
    localStorage.setItem('userId', String(r.userId));
  }, reader);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-label', /^已点赞 /);

  await other.evaluate(() => {
    for (const key of ['token', 'tokenType', 'userId', 'syPhone']) localStorage.removeItem(key);
  });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAttribute('aria-label', /^点赞 /);
  expect(navigations).toEqual([]);
  await other.close();
});

test('a token refreshed by a response header replaces the session: the next call carries it', async ({ page, request }) => {
  const article = await pickArticle(request, 7);
  const reader = await loginByApi(request);
  const renewed = await loginByApi(request); // stands for the server's rotated token
  await page.addInitScript((r) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('token', r.token);
    localStorage.setItem('tokenType', 'Bearer');
    localStorage.setItem('userId', String(r.userId));
  }, reader);
  let rotated = false;
  await page.route('**/v1/like/state**', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    if (!rotated) {
      rotated = true;
      headers['x-access-token'] = renewed.token;
    }
    await route.fulfill({ response, headers });
  });
  await page.goto(detailUrl(article));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe(renewed.token);
  const like = page.locator('button[data-like]');
  await islandReady(page, like);
  const sent = page.waitForRequest((req) => req.url().includes('/v1/like/do'));
  await like.click();
  expect((await sent).headers()['authorization']).toBe(`Bearer ${renewed.token}`);
});
