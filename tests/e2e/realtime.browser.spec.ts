/**
 * Live counts (ADR 007): a reader likes an article in one browser context, and another reader who has
 * the same article open in a second context sees its like count change without reloading — the like
 * goes through the API, the server broadcasts op 1001 to the item's room on /sub.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginByApi, signIn } from './interactionSupport.ts';

/** An article of the demo data that may be liked and that this spec alone uses. */
async function pickArticle(request: APIRequestContext): Promise<{ classId: number; newsId: number }> {
  const home = (await (await request.get('/kratos/v1/channel/home?channelId=1&page=2')).json()) as {
    data: { list: Array<{ id: number; classId: number; dataType: number }> };
  };
  for (const item of home.data.list.filter((i) => i.dataType === 3).reverse()) {
    const detail = (await (await request.get(`/v1/news/getDetails?classId=${item.classId}&newsId=${item.id}`)).json()) as {
      statusCode: number;
      data: { permission: number };
    };
    if (detail.statusCode === 200 && (detail.data.permission & 8) === 0) return { classId: item.classId, newsId: item.id };
  }
  throw new Error('no likable article on page 2 of the home channel');
}

/**
 * Resolves once the page's /sub socket that joined an item's room has its auth reply (op 8). The page has one
 * socket (src/client/pageSocket.ts); it may reopen once at start, when the banner joined before the counts.
 */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/sub')) return;
      let onItem = false;
      ws.on('framesent', ({ payload }) => {
        if (typeof payload !== 'string' && payload.readInt32BE(8) === 7) onItem = payload.toString('utf8', 16).includes('news://');
      });
      ws.on('framereceived', ({ payload }) => {
        if (onItem && typeof payload !== 'string' && payload.readInt32BE(8) === 8) resolve();
      });
    });
  });
}

/** The page's /sub sockets that are open now. */
function openSockets(page: Page): () => number {
  let open = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/sub')) return;
    open += 1;
    ws.on('close', () => (open -= 1));
  });
  return () => open;
}

/**
 * A watcher has `url` open (its /sub socket authorised); a second reader likes the item in another context;
 * the watcher's like count moves without a reload.
 */
async function expectLikeArrivesLive(browser: Browser, request: APIRequestContext, url: string, shot?: string): Promise<void> {
  const reader = await loginByApi(request);
  const watcherContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const watcher = await watcherContext.newPage();
  const ready = socketReady(watcher);
  const sockets = openSockets(watcher);
  await watcher.goto(url);
  const watchedLike = watcher.getByRole('button', { name: /^点赞 \d+$/ });
  await expect(watchedLike).toBeVisible();
  const before = Number(/\d+$/.exec((await watchedLike.getAttribute('aria-label')) ?? '')?.[0]);
  await ready;
  // The breaking-news banner listens on the same socket as the counts: one socket per page.
  await expect(watcher.locator('[data-breaking-room][data-live="1"]')).toBeAttached();
  expect(sockets()).toBe(1);

  const likerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await signIn(likerContext, reader);
  const liker = await likerContext.newPage();
  await liker.goto(url);
  await liker.getByRole('button', { name: `点赞 ${before}` }).click();
  await expect(liker.getByRole('button', { name: `已点赞 ${before + 1}` })).toBeVisible();

  // The watcher never reloads: the count arrives over the socket.
  await expect(watcher.getByRole('button', { name: `点赞 ${before + 1}` })).toBeVisible({ timeout: 5_000 });
  if (shot) await watcher.screenshot({ path: shot });

  await likerContext.close();
  await watcherContext.close();
}

test('a like in one context shows up live in another context on the same article', async ({ browser, request }) => {
  const article = await pickArticle(request);
  await expectLikeArrivesLive(
    browser,
    request,
    `/shancheng/NewsDetail?classId=${article.classId}&newsId=${article.newsId}`,
    'test-results/realtime-watcher.png',
  );
});

/** An answered Q&A question (its like is active) that the bangbang specs, which take the lowest ids, do not use. */
async function pickQuestion(request: APIRequestContext): Promise<number> {
  const list = (await (await request.get('/v1/bangbang/wenda/getNewQuestionList?page=1&pageSize=20')).json()) as {
    data: Array<{ id: number; answerCount: number }>;
  };
  const pick = list.data.filter((q) => q.answerCount > 0 && q.id > 20).sort((a, b) => b.id - a.id)[0];
  if (!pick) throw new Error('no answered question past id 20 in the demo data');
  return pick.id;
}

test('a like on a Q&A question shows up live on the same question in another context (its own room, ADR 010)', async ({ browser, request }) => {
  await expectLikeArrivesLive(browser, request, `/shancheng/BangBang/QA/detail?id=${await pickQuestion(request)}`);
});
