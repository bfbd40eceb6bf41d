/**
 * The last clauses, on the three hosts: 小视频 keeps the home channel strip; a joined
 * group's member list shows the reader at once (and drops them on leaving); the photo page's app banner
 * sits where the article's does, below the title bar; the login pages end without a grey strip.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { hostIndex, islandReady, useSignedInReader } from './interactionSupport.ts';

test('小视频 (/home/HomeFlowVideoPage) keeps the home channel strip, 小视频 underlined', async ({ page }) => {
  await page.goto('/shancheng/home/HomeFlowVideoPage?classId=12');
  const strip = page.getByRole('navigation', { name: '频道' });
  await expect(strip).toBeVisible();
  await expect(strip.getByRole('link', { name: '小视频' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.fv-item').first()).toBeVisible();
  // The strip leads to the other home tabs.
  await strip.getByRole('link', { name: '推荐' }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
});

test.describe('a group', () => {
  const reader = useSignedInReader();

  test('its member list shows the reader right after joining, and not after leaving', async ({ page, request }) => {
    const groups = (await (await request.get('/v1/bangbang/groupownet/community?page=1&pageSize=20')).json()) as {
      data: Array<{ id: number; memberCount: number }>;
    };
    // One group per host, small enough that the whole list is on the page.
    const small = groups.data.filter((g) => g.memberCount < 15);
    const group = small[small.length - 1 - hostIndex()]!;
    const members = page.locator('[data-group-members] li');
    await page.goto(`/shancheng/BangBang/community/detail?id=${group.id}`);
    const join = page.getByRole('button', { name: '加入社群' });
    await islandReady(page, join);
    await islandReady(page, members.first());
    const before = await members.count();

    await join.click();
    await expect(page.getByRole('button', { name: '退出社群' })).toBeVisible();
    await expect(members).toHaveCount(before + 1);
    const list = (await (
      await request.get(`/v1/bangbang/groupownet/userlist?id=${group.id}&pageSize=20`, { headers: { Authorization: `Bearer ${reader().token}` } })
    ).json()) as {
      data: Array<{ userId: number; nickname: string }>;
    };
    const me = list.data.find((m) => m.userId === reader().userId);
    expect(me).toBeDefined();
    await expect(members.filter({ hasText: me!.nickname })).toHaveCount(1);

    await page.getByRole('button', { name: '退出社群' }).click();
    await expect(page.getByRole('button', { name: '加入社群' })).toBeVisible();
    await expect(members).toHaveCount(before);
  });
});

/** Opens the first item of `list` matching `link` as a reader would (so the title bar shows: not a first load). */
async function openFrom(page: Page, list: string, link: string): Promise<void> {
  await page.goto(list);
  await page.locator(`.news-list a[href*="${link}"]`).first().click();
  await page.waitForURL(new RegExp(link.replace('?', '\\?')));
}

test('the photo page puts the app banner below the title bar, as the article does, and keeps it there', async ({ page }, info) => {
  // Inside the app there is no app banner at all (spec 2.11).
  if (info.project.name === 'app-webview') {
    await page.goto('/shancheng/PictureDetail?classId=703&newsId=323');
    await expect(page.locator('.pv-title').first()).toBeVisible();
    await expect(page.getByRole('complementary', { name: '打开山城新闻App' })).toHaveCount(0);
    return;
  }
  for (const [list, link] of [
    ['/shancheng/home/1', '/NewsDetail?'],
    ['/shancheng/home/7', '/PictureDetail?'],
  ] as const) {
    await openFrom(page, list, link);
    const banner = page.getByRole('complementary', { name: '打开山城新闻App' });
    await expect(banner).toBeVisible();
    const nav = page.locator('header.nav');
    if (await nav.isVisible()) {
      const navBox = (await nav.boundingBox())!;
      const bannerBox = (await banner.boundingBox())!;
      expect(bannerBox.y, `${link}: the banner starts below the title bar`).toBeGreaterThanOrEqual(navBox.y + navBox.height - 1);
    }
  }
  // The photo page's banner stays on screen below the title bar while the reader scrolls.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const banner = page.getByRole('complementary', { name: '打开山城新闻App' });
  await expect(banner).toBeInViewport();
  const nav = page.locator('header.nav');
  if (await nav.isVisible()) expect((await banner.boundingBox())!.y).toBeGreaterThanOrEqual((await nav.boundingBox())!.height - 1);
});

for (const path of ['/LoginPage', '/PasswordLogin', '/MessageLogin', '/RegisterPage']) {
  test(`${path} ends without a grey strip below the page`, async ({ page }) => {
    await page.goto(`/shancheng${path}`);
    await expect(page.locator('main')).toBeVisible();
    // The bottom rows of the screen are the colour of the page beside the form, not a strip of another.
    const shot = await page.screenshot();
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number): string => {
      const i = (y * info.width + x) * 3;
      return `${data[i]},${data[i + 1]},${data[i + 2]}`;
    };
    const pageColour = at(2, Math.floor(info.height / 3));
    for (const y of [info.height - 1, info.height - 8, info.height - 24]) expect(at(2, y), `row ${y}`).toBe(pageColour);
  });
}
