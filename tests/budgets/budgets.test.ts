/**
 * Byte budgets of ADR 001, enforced: build the pages, run the real server on the demo data, weigh
 * every page type that exists (each route of src/routing/routes.ts whose example answers 200 HTML)
 * and compare with the budgets table. How a page is weighed: scripts/budgetBytes.ts.
 * Routes not built yet are simply not in the table (the log says which were measured).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../../scripts/ensureBuild.ts';
import { bytesTable, measureRoutes, overBudget, type MeasureResult, type PageType } from '../../scripts/budgetBytes.ts';
import { routes } from '../../src/routing/routes.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

/**
 * Pages a route serves at another address than its example, weighed too under the route's budget: the 乡村帮帮
 * question page (`?id=`) carries the expert's answer island, which the list at the example does not.
 */
const VARIANTS: { path: string; example: string }[] = [{ path: '/yu-nong/country-bangbang', example: '/yu-nong/country-bangbang?id=1' }];
const variantRoutes = VARIANTS.map((variant) => {
  const route = routes.find((r) => r.path === variant.path);
  if (!route) throw new Error(`no route ${variant.path}`);
  return { ...route, example: variant.example };
});

let server: ServerProcess | undefined;
let result: MeasureResult;

beforeAll(async () => {
  ensureBuild();
  server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  result = await measureRoutes(server.origin, [...routes, ...variantRoutes]);
  console.log(`Byte budgets: ${result.pages.length} pages measured, ${result.absent.length} routes not built yet\n${bytesTable(result.pages)}`);
}, 600_000);

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

describe('byte budgets (ADR 011; replacing ADR 001)', () => {
  it('weighs the pages that exist, the home channel at least', () => {
    expect(result.pages.map((p) => p.path)).toContain('/home/1');
    expect(result.pages.find((p) => p.path === '/home/1')?.firstScreenEnd).toBe('list');
    for (const variant of VARIANTS) expect(result.pages.map((p) => p.url)).toContain(`/shancheng${variant.example}`);
  });

  it.each<PageType>(['list', 'detail', 'interactive', 'feed'])('%s pages stay within their JS, HTML and first-screen budgets', (type) => {
    expect(result.pages.filter((p) => p.type === type).flatMap(overBudget)).toEqual([]);
  });

  it('every page gives its images width and height, one high-priority first-screen image, no web fonts, no unused preloads', () => {
    expect(result.pages.flatMap((p) => p.problems.map((problem) => `${p.url}: ${problem}`))).toEqual([]);
  });
});
