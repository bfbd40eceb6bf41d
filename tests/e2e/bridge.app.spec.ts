import { expect, test, type Page } from '@playwright/test';

/**
 * A fake host app, injected before any page script (iOS WKWebView shape, see src/bridge/hostApi.ts):
 * it records what the page posts and hands out a token.
 */
async function fakeIosHost(page: Page, options: { token?: string; handlerDelayMs?: number } = {}): Promise<void> {
  await page.addInitScript(({ token, handlerDelayMs }) => {
    const w = window as unknown as Record<string, unknown>;
    w['__hostMessages'] = [];
    const install = (): void => {
      w['webkit'] = { messageHandlers: { shancheng: { postMessage: (m: unknown) => (w['__hostMessages'] as unknown[]).push(m) } } };
    };
    if (handlerDelayMs) setTimeout(install, handlerDelayMs);
    else install();
    if (token) w['shancheng'] = { getToken: () => token };
  }, options);
}

const hostMessages = (page: Page): Promise<{ type: string; [key: string]: unknown }[]> =>
  page.evaluate(() => (window as unknown as { __hostMessages: { type: string }[] }).__hostMessages);

test('every page sends its title to the host app (spec 2.11)', async ({ page }) => {
  await fakeIosHost(page);
  await page.goto('/shancheng/NewsDetail?classId=101&newsId=1');
  const headline = (await page.locator('html').getAttribute('data-host-title')) ?? '';
  expect(headline.length).toBeGreaterThan(0);
  await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'title', title: headline });
  expect(await page.title()).toContain(headline);
  await page.goto('/shancheng/home/1');
  await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'title', title: '山城新闻' });
});

test('the title waits for a message handler injected late (polling every 500 ms)', async ({ page }) => {
  await fakeIosHost(page, { handlerDelayMs: 1200 });
  await page.goto('/shancheng/home/1');
  await expect.poll(() => hostMessages(page), { timeout: 5000 }).toContainEqual({ type: 'title', title: '山城新闻' });
});

test('a tap on a list card becomes a jump message to the host app (spec 2.4)', async ({ page }) => {
  await fakeIosHost(page);
  await page.goto('/shancheng/home/1');
  const card = page.locator('.news-list a[data-jump]').first();
  const descriptor = JSON.parse((await card.getAttribute('data-jump')) ?? 'null') as Record<string, unknown>;
  expect(descriptor).toMatchObject({ dt: expect.any(Number), cid: expect.any(Number), nid: expect.any(Number) });
  await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'title', title: '山城新闻' });
  await card.click();
  await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'jump', jump: descriptor });
  // The page stays: the app opens the item itself.
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
});

test('a banner tap goes through the host app too', async ({ page }) => {
  await fakeIosHost(page);
  await page.goto('/shancheng/home/1');
  const banner = page.locator('.banner a[data-jump]').first();
  await expect(banner).toBeAttached();
  const descriptor = JSON.parse((await banner.getAttribute('data-jump')) ?? 'null') as Record<string, unknown>;
  await banner.click();
  await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'jump', jump: descriptor });
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
});

test('the login state comes from the host app’s token function (spec 4)', async ({ page }) => {
  await fakeIosHost(page, { token: 'host-token-from-the-app' });
  await page.goto('/shancheng/home/1');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe('host-token-from-the-app');
});

test('iOS app below 4.85: the token comes from the overridden getter, even when the app overrides it late', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShanchengApp/4.80',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // The new-style function must not be used by an old app.
    (window as unknown as Record<string, unknown>)['shancheng'] = { getToken: () => 'wrong-new-api' };
    setTimeout(() => {
      (window as unknown as Record<string, unknown>)['getShanchengToken'] = () => 'old-ios-token';
    }, 900);
  });
  await page.goto('/shancheng/home/1');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 5000 }).toBe('old-ios-token');
  await context.close();
});

test('a token message from the page’s own window is taken; one from a frame is ignored (security.md H63)', async ({ page }) => {
  await fakeIosHost(page);
  await page.goto('/shancheng/home/1');
  await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'title', title: '山城新闻' });
  // Frames claim to be the app: one of our origin (another window) and a sandboxed one (origin "null").
  await page.evaluate(() =>
    Promise.all(
      [false, true].map(
        (sandboxed) =>
          new Promise<void>((resolve) => {
            const frame = document.createElement('iframe');
            if (sandboxed) frame.setAttribute('sandbox', 'allow-scripts');
            frame.srcdoc = `<script>parent.postMessage({ source: 'shancheng-app', type: 'token', token: 'from-a-frame' }, '*');<\/script>`;
            // After the frame's load, a message of the page's own: messages are handled in the order they were
            // posted, so when it arrives the frame's claim has been handled (no fixed wait).
            frame.addEventListener('load', () => {
              const marker = `handled-${sandboxed}`;
              const onMessage = (event: MessageEvent) => {
                if (event.data !== marker) return;
                window.removeEventListener('message', onMessage);
                resolve();
              };
              window.addEventListener('message', onMessage);
              window.postMessage(marker, location.origin);
            });
            document.body.append(frame);
          }),
      ),
    ),
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.evaluate(() => window.postMessage({ source: 'shancheng-app', type: 'token', token: 'from-the-app' }, location.origin));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe('from-the-app');
});

test('related and hot news under an article go through the host app too', async ({ page }) => {
  await fakeIosHost(page);
  await page.goto('/shancheng/NewsDetail?classId=101&newsId=1');
  for (const region of ['相关新闻', '热点新闻']) {
    const link = page.getByRole('region', { name: region }).locator('a[data-jump]').first();
    await expect(link).toBeAttached();
    const descriptor = JSON.parse((await link.getAttribute('data-jump')) ?? 'null') as Record<string, unknown>;
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect.poll(() => hostMessages(page)).toContainEqual({ type: 'jump', jump: descriptor });
    await expect(page).toHaveURL(/\/shancheng\/NewsDetail\?classId=101&newsId=1$/);
  }
});
