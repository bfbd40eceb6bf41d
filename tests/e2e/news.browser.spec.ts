/** News browsing at 375×812 in the phone browser. */
import { expect, test } from '@playwright/test';

test('switches channel tabs', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const tabs = page.getByRole('navigation', { name: '频道' });
  await tabs.getByRole('link', { name: '热榜' }).click();
  await expect(page).toHaveURL(/\/home\/-100000$/);
  await expect(tabs.getByRole('link', { name: '热榜' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.news-list .rank').first()).toHaveText('1');
  await tabs.getByRole('link', { name: '重庆' }).click();
  await expect(page).toHaveURL(/\/home\/13$/);
  expect(await page.locator('.news-list .card').count()).toBeGreaterThan(5);
});

test('opens the channel popup, switches its column tab and picks a column', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  await page.getByRole('link', { name: '全部频道' }).click();
  const menu = page.getByRole('region', { name: '全部频道' });
  await expect(menu).toBeVisible();
  await menu.getByText('重庆', { exact: true }).last().click();
  await menu.getByRole('link', { name: '交通出行' }).click();
  await expect(page).toHaveURL(/\/columns\?columnId=1303&mainColumnTitle=%E6%8E%A8%E8%8D%90/);
  await expect(page.getByRole('heading', { name: '交通出行', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '推荐' }).getByRole('link', { name: '交通出行' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: 'tests/e2e/screenshots/news-column.png' });
});

test('a channel far along the strip opens with its tab in sight, and the channel menu marks it', async ({ page }) => {
  await page.goto('/shancheng/home/16');
  const tab = page.getByRole('navigation', { name: '频道' }).getByRole('link', { name: '文旅' });
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(tab).toBeInViewport({ ratio: 1 });
  await page.getByRole('link', { name: '全部频道' }).click();
  await expect(page).toHaveURL(/\/home\/16#channel-menu$/);
  const menu = page.getByRole('region', { name: '全部频道' });
  await expect(menu.getByRole('link', { name: '文旅', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: '推荐', exact: true })).not.toHaveAttribute('aria-current', 'page');
  // The column list opens on the channel's own group.
  await expect(menu.getByRole('tabpanel', { name: '文旅' }).getByRole('link', { name: '非遗' })).toBeVisible();
});

test('scrolls a list to its end: every page appended once, then 没有更多了', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const more = page.locator('sc-more-list .more');
  for (let i = 0; i < 12 && !(await more.getByText('没有更多了').isVisible()); i++) {
    const shown = await page.locator('.news-list > li').count();
    await more.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    // The next page has arrived (more items) or the list has ended.
    await expect.poll(async () => (await more.getByText('没有更多了').isVisible()) || (await page.locator('.news-list > li').count()) > shown).toBe(true);
  }
  await expect(more.getByText('没有更多了')).toBeVisible();
  // Titles are unique in the demo data (links are not: the four specials share /SpecialPage?classId=105).
  const titles = await page.locator('.news-list > li').evaluateAll((lis) => lis.map((li) => li.querySelector('h3, .entity-name')?.textContent ?? ''));
  expect(titles).toHaveLength(90);
  expect(new Set(titles).size).toBe(90);
});

test('offers a retry when the next page fails, and loses nothing', async ({ page }) => {
  await page.goto('/shancheng/hotNews');
  let failed = false;
  await page.route('**/shancheng/hotNews?page=2', async (route) => {
    if (!failed) {
      failed = true;
      await route.fulfill({ status: 503, body: 'down' });
    } else {
      await route.continue();
    }
  });
  await page.locator('sc-more-list .more').scrollIntoViewIfNeeded();
  const retry = page.getByRole('link', { name: '加载失败，点击重试' });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(page.locator('.news-list .card')).toHaveCount(40);
  await expect(page.locator('.news-list .rank').nth(20)).toHaveText('21');
});

test('opens a banner by its data type', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const banner = page.getByRole('region', { name: '焦点图' }).or(page.locator('sc-banner'));
  await expect(banner.locator('.dot')).toHaveCount(5);
  const first = banner.locator('.swiper-slide-active a, .slide a').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/shancheng\/(NewsDetail|NewsVideoDetail|LiveDetail|PictureDetail|SpecialPage)\?classId=\d+/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(href!.replace(/[?]/g, '\\?')));
});

test('picks a district in the county picker, and 国内 then shows its name', async ({ page }) => {
  await page.goto('/shancheng/home/newsCounty/?classId=941');
  await expect(page.locator('[data-weather]')).toHaveText(/℃/);
  await page.getByRole('link', { name: '切换' }).click();
  const picker = page.getByRole('region', { name: '全部区县频道' });
  const search = picker.getByPlaceholder('搜索城市名称');
  await search.fill('北京');
  await expect(picker.getByText('暂无数据')).toBeVisible();
  await search.fill('万州');
  await expect(picker.getByText('暂无数据')).toBeHidden();
  await expect(picker.locator('li:visible')).toHaveCount(1);
  await page.screenshot({ path: 'tests/e2e/screenshots/news-county-picker.png' });
  await picker.getByRole('link', { name: '万州区' }).click();
  await expect(page).toHaveURL(/classId=962/);
  await expect(page.getByRole('heading', { name: '万州区', exact: true })).toBeVisible();
  await page.goto('/shancheng/home/1');
  await expect(page.getByRole('navigation', { name: '频道' }).getByRole('link', { name: '万州区' })).toBeVisible();
  // Without a district in the address the picked one opens.
  await page.goto('/shancheng/home/newsCounty/');
  await expect(page).toHaveURL(/classId=962/);
});

test('finds the district from the browser location', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    geolocation: { latitude: 30.81, longitude: 108.39 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/shancheng/home/newsCounty/');
  // Our own question comes first; the browser is asked only after 允许.
  const ask = page.getByRole('dialog', { name: '获取你的位置' });
  await expect(ask).toBeVisible();
  await expect(page).not.toHaveURL(/classId=/);
  await ask.getByRole('button', { name: '允许' }).click();
  await expect(page).toHaveURL(/classId=962/);
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('locationInfo') ?? 'null') as { name: string; located: boolean } | null);
  expect(cached).toMatchObject({ name: '万州区', located: true });
  await context.close();
});

test('says 定位失败 and switches to domestic mode without a location', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, permissions: [] });
  const page = await context.newPage();
  await page.goto('/shancheng/home/newsCounty/');
  await page.getByRole('dialog', { name: '获取你的位置' }).getByRole('button', { name: '允许' }).click();
  await expect(page.getByText('定位失败')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/areaNumber=999/, { timeout: 15_000 });
  await expect(page.locator('.county .name')).toHaveText('国内');
  await context.close();
});

test('手动选择 opens the picker in domestic mode, is remembered, and 定位到当前区县 asks for the location again', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    geolocation: { latitude: 30.81, longitude: 108.39 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/shancheng/home/newsCounty/');
  const ask = page.getByRole('dialog', { name: '获取你的位置' });
  await expect(ask).toContainText('为你显示所在区县的新闻');
  await ask.getByRole('button', { name: '手动选择' }).click();
  await expect(page).toHaveURL(/areaNumber=999#county-picker$/);
  await expect(page.getByRole('region', { name: '全部区县频道' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('locationInfo'))).toBeNull();
  // Never asked again after a refusal: a new visit stays in domestic mode without the question.
  await page.goto('/shancheng/home/newsCounty/');
  await expect(page).toHaveURL(/areaNumber=999/);
  await expect(page.getByRole('dialog', { name: '获取你的位置' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('locationInfo'))).toBeNull();
  // Until the reader asks.
  await page.getByRole('link', { name: '切换' }).click();
  await page.getByRole('link', { name: '定位到当前区县' }).click();
  await expect(page).toHaveURL(/classId=962/);
  expect(await page.evaluate(() => localStorage.getItem('locationConsent'))).toBe('granted');
  await context.close();
});

test('searches for a word from the demo data', async ({ page }) => {
  await page.goto('/shancheng/SearchPage');
  await expect(page.getByRole('region', { name: '热搜' })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索内容' }).fill('火锅');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/search=%E7%81%AB%E9%94%85/);
  const titles = page.locator('.news-list .title');
  expect(await titles.count()).toBeGreaterThan(0);
  for (const t of await titles.allTextContents()) expect(t).toContain('火锅');
  await page.screenshot({ path: 'tests/e2e/screenshots/news-search.png' });
});

test('refuses to open a closed publisher account home with the spec message', async ({ page }) => {
  await page.goto('/shancheng/shanchengPage?classId=1104');
  await expect(page.getByText('抱歉此账号主页(暂时)无法查看')).toBeVisible();
});

test("a page's own sticky bar stops under the title bar when there is one, else at the top, covering nothing", async ({ page, baseURL }) => {
  // Opened directly (a shared link): no title bar, so the edition's 版面 bar stops at the very top once the
  // page scrolls (the way home above it scrolls away), and the first page's heading shows below it.
  await page.goto('/shancheng/maeNewspaper');
  const pages = page.getByRole('navigation', { name: '版面' });
  const heading = page.getByRole('heading', { name: /^01版/ });
  await expect(page.locator('header.nav')).toBeHidden();
  const atLoad = (await pages.boundingBox())!;
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(atLoad.y + atLoad.height - 1);
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await pages.boundingBox())!.y).toBe(0);

  // Reached from within the site: the title bar shows, and the 版面 bar stops right under it.
  await page.goto('/shancheng/maeNewspaper', { referer: `${baseURL}/shancheng/readNewspaper` });
  const nav = page.locator('header.nav');
  await expect(nav).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await pages.boundingBox())!.y).toBeCloseTo((await nav.boundingBox())!.height, 0);
});

test('读报 lists the editions newest first, a page at a time, and ends with 没有更多了; a bad page is 404', async ({ page, request }) => {
  const editions = ((await (await request.get('/v1/newspaper/list?page=1&pageSize=50')).json()) as { data: Array<{ id: number; editionDate: string }> }).data;
  expect(editions.length).toBeGreaterThan(0);
  expect(editions.length).toBeLessThan(12);
  await page.goto('/shancheng/readNewspaper');
  const cards = page.locator('sc-more-list [data-list] > li');
  await expect(cards).toHaveCount(editions.length);
  await expect(cards.first()).toContainText(editions[0]!.editionDate);
  await expect(page.getByText('没有更多了')).toBeVisible();
  await page.goto('/shancheng/readNewspaper?page=2');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('没有更多了')).toBeVisible();
  expect((await page.goto('/shancheng/readNewspaper?page=0'))?.status()).toBe(404);
});
