/**
 * SIGKILL in the middle of a tracking-number import (docs/security.md "Points mall desk"): 600 waiting
 * orders, a 商城运营 operator imports the warehouse's file, and the server is killed at a random moment while
 * the import runs. After a restart on the same data every order is either shipped with its number or still
 * waiting — never a part of the batch — and importing the file again ships the rest, each order once, with
 * one audit row each.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/passwords.ts';
import { mallCategories, mallExchanges, mallGoods } from '../../src/server/db/schema/mall.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { insertDemoStaffRepo } from '../../src/server/staff/repo.ts';
import { newTotpSecret } from '../../src/server/staff/totp.ts';
import { nextCode } from '../support/testStaff.ts';
import { pgliteCrashTarget } from '../support/crashHarness.ts';
import { startServer, stopServer, type ServerProcess } from '../support/serverProcess.ts';
import { createTestUser } from '../support/testUsers.ts';

const ORDERS = 600;
const PASSWORD = 'warehouse-night-2026-x';
const { target, remove } = await pgliteCrashTarget('mallimport');
afterAll(remove);

const JSON_WRITE = { 'content-type': 'application/json', 'x-newsroom': '1' };

async function signIn(server: ServerProcess, secret: string, lastStep: number): Promise<{ cookie: string; csrf: string; step: number }> {
  const first = await fetch(`${server.origin}/newsroom/api/signin/password`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ account: 'crash-mall', password: PASSWORD }),
  });
  const { data } = (await first.json()) as { data: { challenge: string } };
  // The code is taken after the password step (seconds on a loaded machine), so its step is still current.
  const { code, step } = nextCode(secret, lastStep);
  const second = await fetch(`${server.origin}/newsroom/api/signin/code`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ challenge: data.challenge, code }),
  });
  const body = (await second.json()) as { statusCode: number; message: string; data: { csrfToken: string } };
  expect(body.statusCode, body.message).toBe(200);
  const cookie = /nr_session=[^;]*/.exec(second.headers.get('set-cookie') ?? '')![0];
  return { cookie, csrf: body.data.csrfToken, step };
}

async function importFile(server: ServerProcess, session: { cookie: string; csrf: string }, csv: string) {
  try {
    const res = await fetch(`${server.origin}/newsroom/api/mall/orders/import`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie: session.cookie, 'x-csrf-token': session.csrf },
      body: JSON.stringify({ csv }),
      signal: AbortSignal.timeout(300_000),
    });
    return (await res.json()) as { statusCode: number; data: { shipped: number; unchanged: number; refused: unknown[] } };
  } catch {
    // The server died under the request: nothing was promised.
    return null;
  }
}

describe('a server killed with SIGKILL during a tracking import (PGlite)', () => {
  it('leaves every order shipped or waiting, never half a batch; the second import finishes it once', { timeout: 400_000 }, async () => {
    let database = await target.open();
    const [category] = await database.db.insert(mallCategories).values({ name: '崩溃测试' }).returning({ id: mallCategories.id });
    const [goods] = await database.db
      .insert(mallGoods)
      .values({ categoryId: category!.id, kind: 'physical', name: '崩溃测试保温杯', price: 10, stock: 0 })
      .returning({ id: mallGoods.id });
    const reader = await createTestUser(database);
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i += 300) {
      const rows = Array.from({ length: 300 }, (_, k) => ({
        userId: reader.userId,
        goodsId: goods!.id,
        kind: 'physical',
        points: 10,
        status: 1,
        address: { name: '周强', phone: '13983005678', region: '重庆市 沙坪坝区', detail: `大学城南路 ${i + k} 号` },
        idemKey: `crash-import-${i + k}`,
      }));
      ids.push(...(await database.db.insert(mallExchanges).values(rows).returning({ id: mallExchanges.id })).map((r) => r.id));
    }
    const secret = newTotpSecret();
    await database.write(async (tx) =>
      insertDemoStaffRepo(tx, [
        { account: 'crash-mall', name: '夜班运营', role: 'mallOperator', scopes: [], passwordHash: await hashPassword(PASSWORD), totpSecret: secret },
      ]),
    );
    await database.close();
    const csv = ['兑换单号,快递公司,快递单号', ...ids.map((id) => `${id},中通快递,ZT${String(id).padStart(10, '0')}`)].join('\n');

    let server = await startServer({ dataDir: target.dataDir, env: { SEED_DEMO: '0' } });
    const session = await signIn(server, secret, 0);
    const answer = importFile(server, session, csv);
    await new Promise((r) => setTimeout(r, randomInt(100, 4000)));
    server.child.kill('SIGKILL');
    await server.exited;
    const first = await answer;

    database = await target.open();
    const shippedAfterKill = (
      await database.db
        .select({ id: mallExchanges.id })
        .from(mallExchanges)
        .where(and(inArray(mallExchanges.id, ids), eq(mallExchanges.status, 2)))
    ).length;
    await database.close();
    // All or none; and a success answer means all.
    expect([0, ORDERS]).toContain(shippedAfterKill);
    if (first?.statusCode === 200) expect(shippedAfterKill).toBe(ORDERS);

    server = await startServer({ dataDir: target.dataDir, env: { SEED_DEMO: '0' } });
    try {
      const again = await importFile(server, await signIn(server, secret, session.step), csv);
      expect(again?.statusCode).toBe(200);
      expect(again?.data).toEqual({ shipped: ORDERS - shippedAfterKill, unchanged: shippedAfterKill, refused: [] });
    } finally {
      await stopServer(server);
    }

    database = await target.open();
    try {
      const rows = await database.db.select().from(mallExchanges).where(inArray(mallExchanges.id, ids));
      expect(rows.every((r) => r.status === 2 && r.expressNo === `ZT${String(r.id).padStart(10, '0')}`)).toBe(true);
      const audits = await database.db.select({ itemId: auditLog.itemId }).from(auditLog).where(eq(auditLog.action, 'mall.ship')).orderBy(auditLog.id);
      expect(audits.length).toBe(ORDERS);
      expect(new Set(audits.map((a) => a.itemId)).size).toBe(ORDERS);
    } finally {
      await database.close();
    }
  });
});
