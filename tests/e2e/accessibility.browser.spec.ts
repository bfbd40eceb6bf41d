/**
 * Team rule "Accessible": every page passes axe-core's WCAG 2.1 A and AA rules. Each built route of the
 * route table is opened at its example URL on the phone browser (the hosts share the markup) and checked
 * with axe-core after its load event, islands hydrated. A failure names the rule, the page and the first
 * element, so the fix can start from the message.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { routes } from '../../src/routing/routes.ts';

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
async function axeViolations(page: Page): Promise<Violation[]> {
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForLoadState('networkidle');
    try {
      await page.addScriptTag({ content: AXE_SOURCE });
      return await page.evaluate(async (tags) => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
        return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
      }, TAGS);
    } catch (error) {
      const navigated = error instanceof Error && /context was destroyed|navigation/i.test(error.message);
      if (!navigated || attempt >= 3) throw error;
    }
  }
}

// axe is injected as a script of its own: the page's CSP (hash-only scripts) would refuse it.
test.use({ bypassCSP: true });

for (const route of routes.filter((r) => r.built)) {
  test(`${route.example} passes axe-core's WCAG 2.1 AA rules`, async ({ page }) => {
    const res = await page.goto(`/shancheng${route.example}`);
    expect(res?.status(), route.example).toBe(200);
    const violations = await axeViolations(page);
    const report = violations.map((v) => `${v.id} (${v.help}): ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
    expect(report, route.example).toEqual([]);
  });
}
