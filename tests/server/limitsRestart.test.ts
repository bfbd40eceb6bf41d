/**
 * Abuse limits survive a restart on the embedded database (security.md C1): an account
 * at its login limit is still refused after the server process is stopped and started again on the same
 * data. Without REDIS_URL the counts live in the database (src/server/http/DatabaseRateLimitStore.ts).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/server/accounts/service.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

const ENV = { LOG_LEVEL: 'warn', SEED_DEMO: '0', REDIS_URL: '' };
const PHONE = '13700001111';
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function login(origin: string): Promise<{ statusCode: number; message: string }> {
  const res = await fetch(`${origin}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone: PHONE, password: 'wrong-password-1' }).toString(),
  });
  return (await res.json()) as { statusCode: number; message: string };
}

describe('rate limits across a restart (embedded database, no Redis)', () => {
  it('an account at its hourly login limit is still refused after a restart', async () => {
    const perAccount = LIMITS.loginPerAccount[0]!.max;
    server = await startServer({ env: ENV });
    for (let i = 0; i < perAccount; i++) expect((await login(server.origin)).statusCode).not.toBe(429);
    expect(await login(server.origin)).toMatchObject({ statusCode: 429, message: '操作过于频繁，请稍后再试' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = await startServer({ dataDir: server.dataDir, env: ENV });
    expect(await login(server.origin)).toMatchObject({ statusCode: 429, message: '操作过于频繁，请稍后再试' });
  }, 240_000);
});
