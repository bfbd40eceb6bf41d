/**
 * The wires from the console (docs/security.md "The wires"), against a feed this test serves on
 * 127.0.0.1 (the servers run with the test-only WIRES_TEST_PRIVATE_HOSTS=1): the admin allows the host and adds
 * the feed in 订阅源; 立即抓取 takes its two items once, and a second fetch takes none; a broken feed is said in
 * Chinese there and in the tray; in 稿源池 the keyboard (J, Enter) makes a draft that keeps the source's name and
 * link, and the item then opens that draft instead. axe (WCAG 2.1 AA) on both pages, at 1440 and 375 px.
 */
import { expect, test } from '@playwright/test';
import { rss, startFeedServer, type FeedServer } from '../support/feedServer.ts';
import { axeReport, signInDemo } from './deskSupport.ts';

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true, viewport: { width: 1440, height: 900 } });

let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await startFeedServer();
});
test.afterAll(async () => {
  await feeds.close();
});

test('稿源池: a feed added, fetched once without duplicates, a broken one reported, and a draft made from the keyboard keeps its source', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const items = [
    {
      guid: `e2e-${stamp}-1`,
      link: `https://www.cqrb.cn/content/${stamp}-1.html`,
      title: `寸滩国际新城首批安置房交付（${stamp}）`,
      description: '<p>首批 1200 套安置房本周交付，配套学校同步开学。</p><script>alert(1)</script>',
      author: '陈曦',
    },
    {
      guid: `e2e-${stamp}-2`,
      link: `https://www.cqrb.cn/content/${stamp}-2.html`,
      title: `长嘉汇大景区夜游线路上新（${stamp}）`,
      description: '<p>两江游新增三条夜游线路。</p>',
    },
  ];
  feeds.set('/cqrb.xml', { type: 'application/rss+xml; charset=utf-8', body: rss(items) });
  feeds.set('/broken.xml', { type: 'application/rss+xml', body: '<rss><channel><item><title>没有结尾' });

  await signInDemo(page, request, 'demo-admin');
  const nav = page.getByRole('navigation', { name: '后台导航' });
  await nav.getByRole('link', { name: '订阅源' }).click();
  await expect(page.getByRole('heading', { name: '订阅源', level: 1 })).toBeVisible();

  const hostForm = page.getByRole('form', { name: '允许主机' });
  await hostForm.getByRole('textbox', { name: '主机名' }).fill('127.0.0.1');
  await hostForm.getByRole('button', { name: '允许主机' }).click();
  await expect(page.getByText('已允许主机 127.0.0.1')).toBeVisible();

  const add = page.getByRole('form', { name: '添加订阅源' });
  const addFeed = async (feedName: string, path: string) => {
    await add.getByRole('textbox', { name: '名称' }).fill(feedName);
    await add.getByRole('textbox', { name: /地址/ }).fill(`${feeds.origin}${path}`);
    await add.getByRole('button', { name: '添加订阅源' }).click();
    await expect(page.getByText(`已添加订阅源「${feedName}」，稍后开始抓取`)).toBeVisible();
  };
  const name = `重庆日报${stamp.slice(-4)}`;
  await addFeed(name, '/cqrb.xml');

  await page.getByRole('button', { name: `立即抓取 ${name}` }).click();
  await expect(page.getByText(`「${name}」抓取完成，新条目 2 条`)).toBeVisible();
  // The same items again: taken once, never twice.
  await page.getByRole('button', { name: `立即抓取 ${name}` }).click();
  await expect(page.getByText(`「${name}」抓取完成，新条目 0 条`)).toBeVisible();

  const broken = `坏订阅源${stamp.slice(-4)}`;
  await addFeed(broken, '/broken.xml');
  await page.getByRole('button', { name: `立即抓取 ${broken}` }).click();
  const feedList = page.getByRole('list', { name: '订阅源列表' });
  const brokenRow = feedList.getByRole('listitem').filter({ hasText: broken });
  await expect(brokenRow.getByText(/^上次抓取失败：/)).toBeVisible();
  await expect(brokenRow.getByText(/^上次抓取失败：.*[\u4e00-\u9fff]/)).toBeVisible();
  expect(await axeReport(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await axeReport(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  await nav.getByRole('link', { name: '稿源池' }).click();
  await expect(page.getByRole('heading', { name: '稿源池', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: '抓取失败的订阅源' }).getByText(broken)).toBeVisible();
  const tray = page.getByRole('list', { name: '稿源条目' });
  await expect(tray.getByRole('listitem', { name: items[0]!.title })).toBeVisible();
  await expect(tray.getByRole('listitem', { name: items[1]!.title })).toBeVisible();
  // The feed's markup arrives cleaned: no script, its text kept.
  const first = tray.getByRole('listitem', { name: items[0]!.title });
  await expect(first).toContainText('首批 1200 套安置房本周交付');
  await expect(first.locator('script')).toHaveCount(0);
  expect(await axeReport(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await axeReport(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Keyboard first: J moves through the items (newest first, the desk's order), Enter makes a draft of the one in focus.
  await page.getByRole('combobox', { name: '订阅源' }).selectOption({ label: name });
  await expect(tray.getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('j');
  const focused = tray.locator('li:focus');
  await expect(focused).toHaveCount(1);
  const chosen = (await focused.getAttribute('aria-label'))!;
  const item = items.find((i) => i.title === chosen)!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/newsroom\/articles\/edit\?id=\d+$/);
  const articleId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('textbox', { name: /^标题/ })).toHaveValue(item.title);
  await expect(page.getByRole('group', { name: '来源与署名' }).getByRole('textbox', { name: '来源' })).toHaveValue(name);

  // Back in the tray: the item has left 未生成草稿的, and under 全部条目 it opens that draft.
  await nav.getByRole('link', { name: '稿源池' }).click();
  await page.getByRole('combobox', { name: '订阅源' }).selectOption({ label: name });
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  await expect(tray.getByRole('listitem', { name: item.title })).toHaveCount(0);
  await page.getByRole('combobox', { name: '显示' }).selectOption('all');
  const drafted = tray.getByRole('listitem', { name: item.title });
  await expect(drafted.getByRole('link', { name: /^打开草稿（.+）$/ })).toHaveAttribute('href', new RegExp(`/articles/edit\\?id=${articleId}$`));
  await expect(drafted.getByRole('link', { name: '查看原文' })).toHaveAttribute('href', item.link);
});
