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
import { expect, test, type Page } from '@playwright/test';
import { routes } from '../../src/routing/routes.ts';
import { findLayoutFaults } from '../support/layoutFaults.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe on the page once it is quiet. A page may move on by itself after its load (the county page, with no
 * district in its address, locates the reader and then replaces itself with the domestic or the district
 * address, spec 2.1); if that happens while axe runs, the page it lands on is checked instead.
 */
async function axeViolations(page: Page, rules?: readonly string[], settledAlready = false): Promise<Violation[]> {
  for (let attempt = 1; ; attempt += 1) {
    // The second look at a page (dark mode) follows the first on a page already quiet: no second idle wait.
    if (!settledAlready || attempt > 1) await page.waitForLoadState('networkidle');
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

// axe is injected as a script of its own: the page's CSP (hash-only scripts) would refuse it.
test.use({ bypassCSP: true });
// One page a test, each on its own: the routes share the workers instead of one worker taking them all.
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
  test(`${route.example}: axe-core's WCAG 2.1 AA rules light and dark; large text holds`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const res = await page.goto(`/shancheng${route.example}`);
    expect(res?.status(), route.example).toBe(200);
    expect(describe(await axeViolations(page)), `${route.example} (light)`).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await settled(page);
    expect(describe(await axeViolations(page, COLOUR_RULES, true)), `${route.example} (dark)`).toEqual([]);
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
  });
}
