/**
 * The 服务 tab (ADR 010; spec 2.2, 2.7, 7.6) on all three hosts: the bottom tab opens /BangBang/index
 * (search with hot searches, entries, the service grid, latest and hottest of Q&A and politics); the
 * board search lists results by kind and a result opened from it goes back to it (fromSearch); the
 * service grid opens its targets through the safe-URL rule; picture grids follow spec 9.
 */
import { expect, test } from '@playwright/test';

const HOME = '/shancheng/BangBang/index';

test('the 服务 tab opens the board home: hot searches, entries, services, latest and hottest', async ({ page }) => {
  if (test.info().project.name === 'app-webview') {
    // Inside the app the app draws the tab bar: open the page directly.
    await page.goto(HOME);
  } else {
    await page.goto('/shancheng/home/1');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '服务' }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${HOME}$`));
  await expect(page.getByRole('navigation', { name: '热门搜索' }).getByRole('link', { name: '公积金' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '帮帮栏目' }).getByRole('link', { name: '问政' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /便民服务/ })).toBeVisible();
  const latest = page.locator('[data-list] > li');
  await expect(latest).toHaveCount(10);
  // Both kinds of items, each with its badge 问 or 政.
  await expect(page.locator('[data-list]').getByLabel('问答').first()).toBeVisible();
  await expect(page.locator('[data-list]').getByLabel('问政').first()).toBeVisible();

  await page.getByRole('link', { name: '最热', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HOME}\\?tab=hot$`));
  await expect(page.getByRole('link', { name: '最热', exact: true })).toHaveAttribute('aria-current', 'page');
  const views = (await page.locator('[data-list] .counts').allInnerTexts()).map((t) => Number(/^([\d.]+)(万?)/.exec(t)?.[1]) * (t.includes('万') ? 10000 : 1));
  expect(views).toEqual([...views].sort((a, b) => b - a));
});

test('a hot search runs the board search; results by kind; a result opened from it goes back to it (fromSearch)', async ({ page }) => {
  await page.goto(HOME);
  await page.getByRole('navigation', { name: '热门搜索' }).getByRole('link', { name: '医保报销' }).click();
  await expect(page).toHaveURL(/\/BangBang\/SearchPage\?search=/);
  await expect(page.getByRole('searchbox', { name: '搜索帮帮' })).toHaveValue('医保报销');

  await page.getByRole('searchbox', { name: '搜索帮帮' }).fill('医保');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByRole('heading', { name: '问答', exact: true })).toBeVisible();
  const first = page
    .locator('section', { has: page.getByRole('heading', { name: '问答', exact: true }) })
    .getByRole('link')
    .first();
  const title = (await first.locator('h3').innerText()).trim();
  expect(title).toContain('医保');
  await first.click();
  await expect(page).toHaveURL(/\/BangBang\/QA\/detail\?id=\d+&fromSearch=1$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  if (test.info().project.name !== 'app-webview') {
    // The back rule is the page's script: once the page has loaded it is in place (before, 返回 is a plain link home).
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/BangBang\/SearchPage\?search=%E5%8C%BB%E4%BF%9D$/);
  }
});

test('the search finds 答人 too, and each kind pages on its own list (更多问政 → 加载更多 → 没有更多了)', async ({ page, request }) => {
  // Only members match 记者: the page lists them instead of saying nothing was found.
  await page.goto(`/shancheng/BangBang/SearchPage?search=${encodeURIComponent('记者')}`);
  const members = page.locator('section', { has: page.getByRole('heading', { name: '答人', exact: true }) });
  await expect(members.getByRole('link', { name: /山城新闻记者 何川/ })).toBeVisible();
  await expect(page.getByText(/没有找到/)).toHaveCount(0);

  // 区 matches more 问政 than the first ten: 更多问政 opens their own list, paged as the reader scrolls.
  await page.goto(`/shancheng/BangBang/SearchPage?search=${encodeURIComponent('区')}`);
  const politics = page.locator('section', { has: page.getByRole('heading', { name: '问政', exact: true }) });
  await expect(politics.getByRole('listitem')).toHaveCount(10);
  await politics.getByRole('link', { name: '更多问政' }).click();
  await expect(page).toHaveURL(/kind=politics$/);
  // The next page comes as the 加载更多 link nears the screen (at once on a short first page); the reader
  // scrolls on until 没有更多了 (other tests on this server may have asked more 问政 about a 区).
  const list = page.locator('sc-more-list [data-list] > li');
  const status = page.getByRole('status').filter({ hasText: /加载更多|加载中|没有更多了/ });
  await expect(async () => {
    await status.scrollIntoViewIfNeeded();
    await expect(page.getByText('没有更多了')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect(await list.count()).toBeGreaterThan(10);
  const ids = await list.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.every((href) => /\/BangBang\/politics\/detail\?id=\d+&fromSearch=1$/.test(href))).toBe(true);

  // 答人 on their own list, ending with 没有更多了; a kind with nothing found says so in its own words.
  // Other tests on this server may approve another 记者 (问答指派 does): the count is what the API finds now.
  const found = (await (await request.get(`/v1/bangbang/member/top/search?keyword=${encodeURIComponent('记者')}&page=1&pageSize=50`)).json()) as {
    data: unknown[];
  };
  expect(found.data.length).toBeGreaterThanOrEqual(3);
  await page.goto(`/shancheng/BangBang/SearchPage?search=${encodeURIComponent('记者')}&kind=member`);
  await expect(page.locator('sc-more-list [data-list] > li')).toHaveCount(found.data.length);
  await expect(page.getByText('没有更多了')).toBeVisible();
  await page.goto(`/shancheng/BangBang/SearchPage?search=${encodeURIComponent('记者')}&kind=politics`);
  await expect(page.getByText('没有找到与“记者”相关的问政')).toBeVisible();
});

test('the search says so when nothing matches, shows hostile text as text, and refuses an over-long word in Chinese', async ({ page }) => {
  await page.goto(`/shancheng/BangBang/SearchPage?search=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect(page.getByText('没有找到与“<img src=x onerror=alert(1)>”相关的内容')).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await page.goto(`/shancheng/BangBang/SearchPage?search=${'长'.repeat(31)}`);
  await expect(page.getByRole('alert')).toHaveText('搜索内容不能超过 30 个字');
});

test('the services page groups the grid; an internal item opens its page, outside ones open safely in a new tab', async ({ page }) => {
  await page.goto('/shancheng/BangBang/serve/index');
  await expect(page.getByRole('heading', { name: '政务办事' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '交通出行' })).toBeVisible();
  const outside = page.getByRole('link', { name: /渝快办/ });
  await expect(outside).toHaveAttribute('href', 'https://zwykb.cq.gov.cn/');
  await expect(outside).toHaveAttribute('target', '_blank');
  await expect(outside).toHaveAttribute('rel', /noopener/);
  await page.getByRole('link', { name: /我要问政/ }).click();
  await expect(page).toHaveURL(/\/BangBang\/politics\/index$/);
});

test('picture grids (spec 9): 1 large, 2 or 4 in two columns, 3 or 5 in three', async ({ page }) => {
  await page.goto('/shancheng/BangBang/SearchPage?search=%E6%96%BD%E5%B7%A5&kind=qa');
  // 鱼洞老街夜里施工 has 4 pictures: two columns on its detail page.
  await page.getByRole('link', { name: /鱼洞老街夜里施工/ }).click();
  const grid = page.locator('.pics');
  await expect(grid).toHaveAttribute('data-columns', '2');
  await expect(grid.locator('img')).toHaveCount(4);
  const boxes = await Promise.all((await grid.locator('img').all()).map((img) => img.boundingBox()));
  expect(boxes[0]!.y).toBe(boxes[1]!.y);
  expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);

  await page.goto('/shancheng/BangBang/SearchPage?search=%E8%90%A4%E7%81%AB%E8%99%AB&kind=qa');
  await page.getByRole('link', { name: /萤火虫/ }).click();
  await expect(page.locator('.pics')).toHaveAttribute('data-columns', '3');
  await expect(page.locator('.pics img')).toHaveCount(5);

  await page.goto('/shancheng/BangBang/SearchPage?search=%E7%A7%AF%E6%B0%B4&kind=qa');
  await page.getByRole('link', { name: /积水/ }).first().click();
  await expect(page.locator('.pics')).toHaveAttribute('data-columns', '1');
  // One picture is large and wide (3:2), not a square tile.
  const single = (await page.locator('.pics img').first().boundingBox())!;
  expect(single.width / single.height).toBeCloseTo(1.5, 1);
});

test("a question's full answer list shows every answer, a page at a time, and ends with 没有更多了", async ({ page, request }) => {
  const list = (await (await request.get('/v1/bangbang/wenda/getNewQuestionList?page=1&pageSize=20')).json()) as {
    data: Array<{ id: number; answerCount: number }>;
  };
  const question = list.data.find((q) => q.answerCount > 0)!;
  await page.goto(`/shancheng/BangBang/QA/list?id=${question.id}`);
  const answers = page.getByRole('region', { name: '全部回答' });
  await expect(answers.getByRole('listitem')).toHaveCount(question.answerCount);
  await expect(answers.getByText('没有更多了')).toBeVisible();
  // The answers come a page at a time (20): past the last answer a page says 没有更多了, a bad page is 404.
  expect(question.answerCount).toBeLessThan(20);
  await page.goto(`/shancheng/BangBang/QA/list?id=${question.id}&page=2`);
  await expect(page.getByRole('region', { name: '全部回答' }).getByText('没有更多了')).toBeVisible();
  await expect(page.getByRole('region', { name: '全部回答' }).getByRole('listitem')).toHaveCount(0);
  const bad = await page.goto(`/shancheng/BangBang/QA/list?id=${question.id}&page=0`);
  expect(bad?.status()).toBe(404);
});

test("a member's home gives their answers a page at a time, ending with 没有更多了, and their questions on the first page", async ({ page, request }) => {
  const members = (
    (await (await request.get('/v1/bangbang/wenda/getMemberList?type=2&page=1&pageSize=20')).json()) as {
      data: Array<{ userId: number; nickname: string; answerCount: number }>;
    }
  ).data;
  const reporter = members.find((m) => m.answerCount > 0)!;
  const answers = (
    (await (await request.get(`/v1/bangbang/wenda/getNewAnswerListByMemberId?id=${reporter.userId}&page=1&pageSize=50`)).json()) as { data: unknown[] }
  ).data;
  await page.goto(`/shancheng/BangBang/QA/index/ask-special/detail?id=${reporter.userId}`);
  await expect(page.getByRole('heading', { name: reporter.nickname })).toBeVisible();
  const region = page.getByRole('region', { name: 'TA的回答' });
  await region.getByRole('status').scrollIntoViewIfNeeded();
  await expect(region.getByText('没有更多了')).toBeVisible();
  await expect(region.locator('[data-list] > *')).toHaveCount(answers.length);
  await expect(page.getByRole('region', { name: 'TA的提问' })).toBeVisible();

  await page.goto(`/shancheng/BangBang/QA/index/ask-special/detail?id=${reporter.userId}&page=9`);
  await expect(page.getByRole('region', { name: 'TA的回答' }).getByText('没有更多了')).toBeVisible();
  await expect(page.getByRole('region', { name: 'TA的提问' })).toHaveCount(0);
  expect((await page.goto(`/shancheng/BangBang/QA/index/ask-special/detail?id=${reporter.userId}&page=0`))?.status()).toBe(404);
});
