/**
 * The route table's `built` field is true on the real server: every route marked
 * built answers 200 with the app shell at its example URL; every route marked unbuilt still answers
 * something else there (so a page that is built but not marked fails too). Building a page? Set
 * `built: true` on its entry in src/routing/routes.ts (see its header). Needs the built pages (`npm run
 * build`; `npm test` builds them when stale).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteEntry } from '../../src/routing/routes.ts';
import { startServer, stopServer, type ServerProcess } from '../support/serverProcess.ts';

/** Only AppShell.astro renders this element: the answer is a page of the app, not a bare error text. */
const SHELL_MARK = 'id="toast-host"';

let server: ServerProcess;

beforeAll(async () => {
  // Limits in memory (a shared Redis would carry hits over); page cache off: every answer is a render.
  server = await startServer({ env: { LOG_LEVEL: 'warn', PAGE_CACHE: '0', REDIS_URL: '' } });
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  rmSync(server.dataDir, { recursive: true, force: true });
});

async function visit(r: RouteEntry): Promise<{ status: number; shell: boolean }> {
  // Redirects followed: the root route's example `/` lands on /home/1.
  const res = await fetch(`${server.origin}/shancheng${r.example}`, { redirect: 'follow' });
  const body = await res.text();
  return { status: res.status, shell: body.includes(SHELL_MARK) };
}

describe('the route table says which routes are built', () => {
  it('marks some routes built and says so for every route', () => {
    expect(routes.filter((r) => r.built).length).toBeGreaterThan(0);
    for (const r of routes) expect(typeof r.built).toBe('boolean');
  });

  it('every route marked built answers 200 with the app shell at its example URL', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.built)) {
      const got = await visit(r);
      if (got.status !== 200 || !got.shell) wrong.push(`${r.example} → ${got.status}${got.shell ? '' : ' without the app shell'}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('every route marked unbuilt does not answer 200 at its example URL (mark it built when it does)', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => !x.built)) {
      const got = await visit(r);
      if (got.status === 200) wrong.push(`${r.path}: ${r.example} answers 200 — set built: true`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
