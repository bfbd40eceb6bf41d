import { expect, test, type Page } from '@playwright/test';
import { routes } from '../../src/routing/routes.ts';
import { useSignedInReader } from './interactionSupport.ts';

/**
 * Islands render the server's HTML first and the reader's state after (docs/adr/011-islands-and-the-design-card.md;
 * src/features/login-gate/useSession.ts): with a reader signed in, no built page's islands log a hydration
 * error (React #418, "Hydration failed", a text or attribute mismatch) in the browser console. Every built
 * route's example is opened, its page scrolled through so islands that wait to be seen hydrate too, and the
 * test waits until every island that hydrates by itself has.
 */
useSignedInReader();

const HYDRATION_ERROR = /#418|#423|#425|hydrat/i;

/** Resolves once every `client:afterload` island that hydrates without being asked (no directive value) has. */
async function islandsHydrated(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('astro-island[ssr]')].filter((el) => {
            const value = (JSON.parse(el.getAttribute('opts') ?? '{}') as { value?: unknown }).value;
            return typeof value !== 'string' || value === '';
          }).length,
      ),
    )
    .toBe(0);
}

// The pages readers met the error on first, then every other built page, in groups by area.
const named = ['/AccumulatedPoints/index', '/mine/complaints', '/mine/comments'];
const groups = new Map<string, string[]>([['named', named]]);
for (const route of routes) {
  if (!route.built || named.includes(route.example)) continue;
  groups.set(route.section, [...(groups.get(route.section) ?? []), route.example]);
}

for (const [group, examples] of groups) {
  test(`signed in, no hydration error on the ${group} pages`, async ({ page }) => {
    test.setTimeout(30_000 + examples.length * 6_000);
    const errors: string[] = [];
    let current = '';
    page.on('console', (message) => {
      if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(`${current}: ${message.text()}`);
    });
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) errors.push(`${current}: ${error.message}`);
    });
    for (const example of examples) {
      current = example;
      await page.goto(`/shancheng${example}`);
      await islandsHydrated(page);
    }
    expect(errors).toEqual([]);
  });
}
