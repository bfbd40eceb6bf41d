import { expect, test } from '@playwright/test';
import { islandReady, loginByApi, pickArticle } from './interactionSupport.ts';

/**
 * ADR 011: in the app webview the host hands its token over a moment after the page starts. The like bar of
 * an article the reader has liked must turn to 已点赞 then, without a reload (it showed 点赞 until a reload).
 */
test('a token arriving late from the app marks the liked article without a reload', async ({ page, request }) => {
  const article = await pickArticle(request, 8);
  const reader = await loginByApi(request);
  const liked = await request.post('/v1/like/do', {
    headers: { authorization: `Bearer ${reader.token}` },
    form: { classId: String(article.classId), newsId: String(article.newsId), type: '1' },
  });
  expect(((await liked.json()) as { statusCode: number }).statusCode).toBe(200);
  // The app injects its token function only after the page has started (and its load event has passed).
  await page.addInitScript((token) => {
    const w = window as unknown as Record<string, unknown>;
    w['webkit'] = { messageHandlers: { shancheng: { postMessage: () => undefined } } };
    window.addEventListener('load', () => setTimeout(() => (w['shancheng'] = { getToken: () => token }), 700));
  }, reader.token);
  await page.goto(`/shancheng/NewsDetail?classId=${article.classId}&newsId=${article.newsId}`);
  const like = page.locator('button[data-like]');
  await islandReady(page, like);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await expect(like).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
  await expect(like).toHaveAttribute('aria-label', /^已点赞 /);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(reader.token);
  expect(navigations).toEqual([]);
});
