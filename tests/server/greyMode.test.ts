/**
 * Grey mode (ADR 006; the whole site in greyscale on national mourning days), switched by the global
 * config's greyMode: the real server renders <html class="grey"> (reset.css: filter: grayscale(1)).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

let server: ServerProcess | null = null;

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

async function htmlTag(origin: string, path_: string): Promise<string> {
  const res = await fetch(`${origin}${path_}`);
  expect(res.status).toBe(200);
  return /<html[^>]*>/.exec(await res.text())?.[0] ?? '';
}

async function stop(s: ServerProcess): Promise<void> {
  s.child.kill('SIGTERM');
  await s.exited;
}

describe('grey mode from the global config', () => {
  it('is off by default and greys every page once the config turns it on', async () => {
    server = await startServer({ env: { PAGE_CACHE: '0' } });
    expect(await htmlTag(server.origin, '/shancheng/home/1')).not.toMatch(/class="[^"]*\bgrey\b/);
    const dataDir = server.dataDir;
    await stop(server);

    // An operator switches the config (the app_config 'init' row the /kratos/v1/init call reads).
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await database.write(async (tx) => {
      await tx.execute(sql`update app_config set value = jsonb_set(value, '{greyMode}', 'true') where key = 'init'`);
    });
    await database.close();

    server = await startServer({ dataDir, env: { PAGE_CACHE: '0' } });
    const init = (await (await fetch(`${server.origin}/kratos/v1/init`)).json()) as { data: { greyMode: boolean } };
    expect(init.data.greyMode).toBe(true);
    for (const page of ['/shancheng/home/1', '/shancheng/NewsDetail?classId=101&newsId=1']) {
      expect(await htmlTag(server.origin, page)).toMatch(/class="[^"]*\bgrey\b/);
    }
    await stop(server);
  }, 180_000);
});
