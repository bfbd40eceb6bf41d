/**
 * Team rule "Accessible", and the reader comfort modes, over every page type: each built route of the route
 * table is opened once at its example URL on the phone browser (the hosts share the markup) and, after its
 * load event with islands hydrated, checked
 * - with axe-core's WCAG 2.1 A and AA rules as it is;
 * - in dark mode (the phone set to dark, followed live: src/client/readerPrefs.ts) with axe's colour rules,
 *   since the mode changes colours only;
 * - in elder mode (`data-text="large"`) and at 200 % text (the messenger's enlargement; every size is rem)
 *   for sideways scrolling, cut text and text over text (tests/support/layoutFaults.ts).
 * The modes are CSS on <html>, so one visit serves all four; that the boot script sets them from the phone's
 * setting and the stored choice before the first paint is tried in readerComfort.all.spec.ts. A failure
 * names the rule, the page and the first element, so the fix can start from the message.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { routes } from '../../src/routing/routes.ts';
import { findLayoutFaults } from '../support/layoutFaults.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** How long the page goes without a request before it counts as quiet (Playwright's `networkidle` waits 500 ms). */
const QUIET_MS = 150;

/**
 * Follows the page's requests from its first one, and gives the wait for quiet: the load event passed, every island
 * that hydrates by itself has (their first requests start then), and no request has been in flight for QUIET_MS.
 * It finds the page `networkidle` finds, without its half second per page.
 */
function followRequests(page: Page): { quiet: () => Promise<void>; stop: () => void } {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request): void => {
    open.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request): void => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const stop = (): void => {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
  const quiet = async (): Promise<void> => {
    await page.waitForLoadState('load');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
          const value = (JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown }).value;
          return typeof value === 'string' && value !== '';
        }),
      undefined,
      { polling: 50 },
    );
    await expect.poll(() => open.size === 0 && Date.now() - lastChange >= QUIET_MS, { intervals: [50] }).toBe(true);
  };
  return { quiet, stop };
}

/**
 * Runs axe on the page once it is quiet. A page may move on by itself after its load (the county page, with no
 * district in its address, locates the reader and then replaces itself with the domestic or the district
 * address, spec 2.1); if that happens while axe runs, the page it lands on is checked instead.
 */
async function axeViolations(page: Page, quiet: () => Promise<void>, rules?: readonly string[], settledAlready = false): Promise<Violation[]> {
  for (let attempt = 1; ; attempt += 1) {
    // The second look at a page (dark mode) follows the first on a page already quiet: no second wait.
    if (!settledAlready || attempt > 1) await quiet();
    try {
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
      return await page.evaluate(
        async ({ tags, only }) => {
          const axe = (window as unknown as { axe?: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
          if (!axe) throw new Error('axe is not on the page');
          const result = await axe.run(document, { runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: tags } });
          return result.violations.map((v) => ({
            id: v.id,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          }));
        },
        { tags: TAGS, only: rules ?? null },
      );
    } catch (error) {
      const navigated = error instanceof Error && /context was destroyed|navigation/i.test(error.message);
      if (!navigated || attempt >= 3) throw error;
    }
  }
}

/**
 * One tab per worker, as a reader going from page to page: a new tab for each route cost a renderer's start
 * and axe's compilation each time (V8 keeps a compiled script for the same source within the tab's process).
 * Its context has the project's phone settings; axe is injected as a script of its own, so the page's CSP
 * (hash-only scripts) is bypassed. Each route starts from a blank page in light mode with nothing stored.
 */
const it = test.extend<{ tab: Page }, { workerTab: Page }>({
  workerTab: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, baseURL, bypassCSP: true });
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
  tab: async ({ workerTab }, use) => {
    if (workerTab.url().startsWith('http')) await workerTab.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    await workerTab.context().clearCookies();
    await workerTab.goto('about:blank');
    await workerTab.emulateMedia({ colorScheme: 'light' });
    await use(workerTab);
  },
});
// The routes share the workers instead of one worker taking them all.
test.describe.configure({ mode: 'parallel' });

/** The axe rules a change of colours alone can break. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

function describe(violations: Violation[]): string[] {
  return violations.map(
    (v) => `${v.id} (${v.help}): ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
  );
}

/** Lets the page lay itself out again after a change on <html>. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

for (const route of routes.filter((r) => r.built)) {
  it(`${route.example}: axe-core's WCAG 2.1 AA rules light and dark; large text holds`, async ({ tab: page }) => {
    const { quiet, stop } = followRequests(page);
    try {
      const res = await page.goto(`/shancheng${route.example}`);
      expect(res?.status(), route.example).toBe(200);
      expect(describe(await axeViolations(page, quiet)), `${route.example} (light)`).toEqual([]);

      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await settled(page);
      expect(describe(await axeViolations(page, quiet, COLOUR_RULES, true)), `${route.example} (dark)`).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      await page.evaluate(() => document.documentElement.setAttribute('data-text', 'large'));
      await settled(page);
      expect(await page.evaluate(findLayoutFaults), `${route.example} (elder mode)`).toEqual([]);

      await page.evaluate(() => {
        document.documentElement.removeAttribute('data-text');
        document.documentElement.style.fontSize = '200%';
      });
      await settled(page);
      expect(await page.evaluate(findLayoutFaults), `${route.example} (200 % text)`).toEqual([]);
    } finally {
      stop();
    }
  });
}
