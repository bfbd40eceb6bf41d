import { expect, test, type Page } from '@playwright/test';
import { routes } from '../../src/routing/routes.ts';

/**
 * Spec 2.11 hides the back arrow on first load (a shared link: back leads nowhere), not the way home. Every
 * built route's example, opened directly as from a shared link, offers a visible way to 首页: the tab bar,
 * the promo bar's menu (首页 is its first entry), the bangbang bar whose back leads to the board, or the
 * 山城新闻首页 link (src/layouts/decideShell.ts needsHomeWay).
 */
const HOME = /^\/shancheng(\/home\/1)?\/?$/;

/** How many visible ways home the page offers, once it has settled (a redirect while loading starts over). */
async function waysHome(page: Page): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    await page.waitForLoadState('load');
    try {
      return await page.evaluate((home) => {
        const re = new RegExp(home);
        const visible = (el: Element): boolean => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => visible(a) && re.test(new URL(a.href).pathname));
        const menu = [...document.querySelectorAll('.promo-menu summary')].filter(visible);
        return links.length + menu.length;
      }, HOME.source);
    } catch (error) {
      if (attempt > 3 || !String(error).includes('context was destroyed')) throw error;
    }
  }
}

const groups = new Map<string, string[]>();
for (const route of routes) {
  if (route.built) groups.set(route.section, [...(groups.get(route.section) ?? []), route.example]);
}

for (const [section, examples] of groups) {
  test(`opened from a shared link, every ${section} page offers a way home`, async ({ page }) => {
    test.setTimeout(20_000 + examples.length * 4_000);
    const stranded: string[] = [];
    for (const example of examples) {
      // A page that needs a login sends the reader on to the login page as it loads: that page is judged.
      const answer = await page.goto(`/shancheng${example}`).catch(() => null);
      if (answer) expect(answer.status(), example).toBe(200);
      const ways = await waysHome(page);
      if (ways === 0) stranded.push(example);
    }
    expect(stranded).toEqual([]);
  });
}

test('the 首页 link shows on first load only, and leads home', async ({ page }) => {
  await page.goto('/shancheng/Discover');
  const home = page.getByRole('navigation', { name: '回到首页' }).getByRole('link', { name: '山城新闻首页' });
  await expect(home).toBeVisible();
  // Reached within the site, the bar's back arrow is there instead.
  await page.goto('/shancheng/home/1');
  await page.evaluate(() => location.assign('/shancheng/Discover'));
  await page.waitForURL(/\/Discover$/);
  await expect(home).toBeHidden();
  await page.goBack();
  await page.goto('/shancheng/Discover');
  await home.click();
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
});
