import { expect, test, type Page } from '@playwright/test';

/**
 * `client:afterload` (ADR 011; src/client/directives/afterLoad.ts) and spec 8's ChunkLoadError:
 * islands hydrate after the load event (never before); a reader who saves data gets them on the first tap,
 * which is replayed; a script that fails to load leaves the page readable with 加载失败，点击重试, which retries.
 */
const COMPOSE = '/shancheng/PublishComment?classId=101&newsId=1&from=News';
const island = (page: Page) => page.locator('astro-island[client="afterload"]').first();

/** Resolves once the load event has passed and the browser has been idle twice after it. */
const settled = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = (): void => void requestIdleCallback(() => requestIdleCallback(() => resolve()));
        if (document.readyState === 'complete') idle();
        else addEventListener('load', idle, { once: true });
      }),
  );

async function signInLocally(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('token', 'e2e-hydration-token');
    localStorage.setItem('userId', '1');
  });
}

test('an island hydrates after the load event: its scripts are fetched only after loadEventStart', async ({ page }) => {
  await signInLocally(page);
  await page.goto(COMPOSE);
  await expect(island(page)).not.toHaveAttribute('ssr');
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const el = document.querySelector('astro-island[client="afterload"]')!;
    const urls = [el.getAttribute('component-url')!, el.getAttribute('renderer-url')!].map((u) => new URL(u, location.href).href);
    const starts = performance
      .getEntriesByType('resource')
      .filter((e) => urls.includes(e.name))
      .map((e) => e.startTime);
    return { load: nav.loadEventStart, starts };
  });
  expect(timing.starts).toHaveLength(2);
  for (const start of timing.starts) expect(start).toBeGreaterThanOrEqual(timing.load);
});

test('saving data: no hydration until the first tap, and that tap is replayed', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
  });
  await signInLocally(page);
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(req.url()));
  await page.goto(COMPOSE);
  await settled(page);
  await expect(island(page)).toHaveAttribute('ssr', '');
  // The page focusing its autofocus field after the load event (a busy phone's order) is not the reader's focus.
  await page.evaluate(() => {
    const field = document.querySelector<HTMLElement>('astro-island [autofocus]')!;
    field.blur();
    field.focus();
  });
  await settled(page);
  await expect(island(page)).toHaveAttribute('ssr', '');
  const componentUrl = await island(page).getAttribute('component-url');
  expect(fetched.some((url) => url.endsWith(componentUrl!))).toBe(false);
  // The server HTML is whole: the form is there before any script.
  await expect(page.getByRole('textbox', { name: '评论内容' })).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(island(page)).not.toHaveAttribute('ssr');
  // The replayed tap reached the island: an empty comment is refused with spec 5's message.
  await expect(page.locator('#toast-host')).toContainText('请输入评论内容');
  await expect(page).toHaveURL(COMPOSE);
});

test('a script that fails to load: the page stays readable, 加载失败，点击重试 loads it again (spec 8 ChunkLoadError)', async ({ page }) => {
  await signInLocally(page);
  await page.route('**/_astro/CommentComposer.island*.js*', (route) => route.abort('failed'));
  await page.goto(COMPOSE);
  const retry = page.getByRole('button', { name: '加载失败，点击重试' });
  await expect(retry).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('textbox', { name: '评论内容' })).toBeVisible();
  await expect(island(page)).toHaveAttribute('ssr', '');
  await page.unroute('**/_astro/CommentComposer.island*.js*');
  await retry.click();
  await expect(island(page)).not.toHaveAttribute('ssr');
  await expect(retry).toHaveCount(0);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.locator('#toast-host')).toContainText('请输入评论内容');
});

test('swiper (ADR 011): the home banner becomes a swiper only after the load event, and never when saving data', async ({ page, browser }) => {
  await page.goto('/shancheng/home/1');
  const frame = page.locator('sc-banner .frame');
  await expect(frame).toHaveAttribute('data-swiper', 'on');
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const starts = performance
      .getEntriesByType('resource')
      .filter((e) => /\/swiper(Chunk)?\.[\w-]+\.(js|css)$/.test(e.name))
      .map((e) => e.startTime);
    return { load: nav.loadEventStart, starts };
  });
  expect(timing.starts.length).toBeGreaterThan(0);
  for (const start of timing.starts) expect(start).toBeGreaterThanOrEqual(timing.load);
  // Spec 9: dots with more than one slide, one of them current.
  const slides = await page.locator('sc-banner').getAttribute('data-count');
  await expect(page.locator('sc-banner .dot')).toHaveCount(Number(slides));
  await expect(page.locator('sc-banner .dot.on')).toHaveCount(1);

  const saving = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const quiet = await saving.newPage();
  await quiet.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
  });
  const fetched: string[] = [];
  quiet.on('request', (req) => fetched.push(req.url()));
  await quiet.goto(`${test.info().project.use.baseURL}/shancheng/home/1`);
  await settled(quiet);
  await expect(quiet.locator('sc-banner .frame')).not.toHaveAttribute('data-swiper');
  expect(fetched.filter((url) => url.includes('swiperChunk'))).toEqual([]);
  // The server's strip is there and readable: the first slide shows.
  await expect(quiet.locator('sc-banner .slide').first()).toBeVisible();
  await saving.close();
});

test("an island's ids (useId) carry its own prefix in the server's HTML, the one the browser hydrates it with", async ({ request }) => {
  // Islands render to a string (astro.config.mjs); src/build/runtimeRewrites.ts passes the prefix on that path.
  const html = await (await request.get('/shancheng/composition/contribute')).text();
  const islands = [...html.matchAll(/<astro-island\b[^>]*\bprefix="([^"]+)"[^>]*>([\s\S]*?)<\/astro-island>/g)];
  const ids = islands.flatMap(([, prefix, inner]) => [...inner!.matchAll(/ (?:id|for)="(_[^"]*_)"/g)].map((m) => ({ prefix: prefix!, id: m[1]! })));
  expect(ids.length).toBeGreaterThan(4);
  for (const { prefix, id } of ids) expect(id.startsWith(`_${prefix}R`)).toBe(true);
});
