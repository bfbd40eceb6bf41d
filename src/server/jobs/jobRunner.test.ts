/** The job runner with a controlled clock: once per slot across runners sharing a database (PGlite here, PostgreSQL in test:services). */
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/testDatabase.ts';
import { createUserRepo } from '../accounts/repo.ts';
import { accountTickets, authTokens, smsCodes } from '../db/schema/accounts.ts';
import { jobRuns } from '../db/schema/jobs.ts';
import { localMediaStorage } from '../media/storage.ts';
import { JobRunner, JOB_RUNS_KEEP_MS, pruneJobRuns, type Job } from './jobRunner.ts';
import { expiredAccountRows } from './productJobs.ts';

const log = pino({ level: 'silent' });
// The runner hands every job the media store; these jobs never read it (a folder that is never made).
const media = localMediaStorage(path.join(os.tmpdir(), 'sc-job-runner-media'));
const HOUR = 3600_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function clock(start: number) {
  let t = start;
  return { now: () => t, set: (v: number) => (t = v) };
}

function counting(name: string, everyMs: number, fail = false): Job & { runs: Date[] } {
  const runs: Date[] = [];
  return {
    name,
    everyMs,
    runs,
    async run({ now }) {
      runs.push(now);
      if (fail) throw new Error('源不可用');
    },
  };
}

describe('JobRunner', () => {
  it('runs a job once per slot however many runners tick, and again in the next slot', async () => {
    const c = clock(Date.UTC(2026, 10, 27, 6, 0, 0));
    const job = counting('test.once', HOUR);
    const runners = [0, 1, 2].map(() => new JobRunner({ database, media, log, jobs: [job], now: c.now }));
    const first = (await Promise.all(runners.map((r) => r.tick()))).flat();
    expect(job.runs).toHaveLength(1);
    expect(first.filter((o) => o.ran)).toHaveLength(1);
    // Later in the same hour: nobody runs it.
    c.set(c.now() + 59 * 60_000);
    await Promise.all(runners.map((r) => r.tick()));
    expect(job.runs).toHaveLength(1);
    // The next hour: once more.
    c.set(c.now() + 60_000);
    await Promise.all(runners.map((r) => r.tick()));
    expect(job.runs).toHaveLength(2);
    const rows = await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'test.once'));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.ok === true && r.finishedAt !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.runner)).size).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => runners.some((x) => x.id === r.runner))).toBe(true);
  });

  it('records a failed run and does not retry it in the same slot', async () => {
    const c = clock(Date.UTC(2026, 10, 27, 7, 0, 0));
    const job = counting('test.fails', HOUR, true);
    const runner = new JobRunner({ database, media, log, jobs: [job], now: c.now });
    expect(await runner.tick()).toEqual([{ job: 'test.fails', slot: Math.floor(c.now() / HOUR), ran: true, ok: false, error: '源不可用' }]);
    await runner.tick();
    expect(job.runs).toHaveLength(1);
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'test.fails'));
    expect(row).toMatchObject({ ok: false, error: '源不可用' });
  });

  it('refuses a job registered twice or with a period under a second', () => {
    const job = counting('test.dup', HOUR);
    expect(() => new JobRunner({ database, media, log, jobs: [job, job] })).toThrow('registered twice');
    expect(() => new JobRunner({ database, media, log, jobs: [counting('test.fast', 10)] })).toThrow('everyMs');
  });

  it('prunes its own claim rows after JOB_RUNS_KEEP_MS', async () => {
    const c = clock(Date.UTC(2026, 10, 1, 0, 0, 0));
    await new JobRunner({ database, media, log, jobs: [counting('test.old', HOUR)], now: c.now }).tick();
    c.set(c.now() + JOB_RUNS_KEEP_MS + HOUR);
    await new JobRunner({ database, media, log, jobs: [pruneJobRuns], now: c.now }).tick();
    expect(await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'test.old'))).toHaveLength(0);
    expect(await database.db.select().from(jobRuns).where(eq(jobRuns.name, pruneJobRuns.name))).toHaveLength(1);
  });
});

describe('accounts.expired-rows', () => {
  it('deletes codes and tickets a day past expiry and tokens a week past it, and keeps the rest', async () => {
    const now = Date.UTC(2026, 10, 27, 8, 0, 0);
    const user = await database.write((tx) => createUserRepo(tx, { phone: '13955550001', nickname: '过期清理' }));
    const at = (ms: number) => new Date(now + ms);
    await database.write(async (tx) => {
      await tx.insert(smsCodes).values([
        { phone: '13955550001', purpose: 'login', codeHash: 'old', createdAt: at(-26 * HOUR), expiresAt: at(-25 * HOUR) },
        { phone: '13955550001', purpose: 'login', codeHash: 'recent', createdAt: at(-2 * HOUR), expiresAt: at(-HOUR) },
      ]);
      await tx.insert(accountTickets).values([
        { kind: 'reset', ticketHash: 'ticket-old', expiresAt: at(-25 * HOUR) },
        { kind: 'reset', ticketHash: 'ticket-live', expiresAt: at(HOUR) },
      ]);
      await tx.insert(authTokens).values([
        { userId: user.id, family: 'f-old', tokenHash: 'token-old', issuedAt: at(-40 * 24 * HOUR), expiresAt: at(-8 * 24 * HOUR) },
        { userId: user.id, family: 'f-week', tokenHash: 'token-week', issuedAt: at(-35 * 24 * HOUR), expiresAt: at(-5 * 24 * HOUR) },
        { userId: user.id, family: 'f-live', tokenHash: 'token-live', issuedAt: at(-HOUR), expiresAt: at(29 * 24 * HOUR) },
      ]);
    });
    const runner = new JobRunner({ database, media, log, jobs: [expiredAccountRows], now: () => now });
    expect(await runner.tick()).toEqual([expect.objectContaining({ ran: true, ok: true })]);
    const codes = await database.db.select({ h: smsCodes.codeHash }).from(smsCodes).where(eq(smsCodes.phone, '13955550001'));
    expect(codes.map((r) => r.h)).toEqual(['recent']);
    const tickets = (await database.db.select({ h: accountTickets.ticketHash }).from(accountTickets)).map((r) => r.h);
    expect(tickets).toContain('ticket-live');
    expect(tickets).not.toContain('ticket-old');
    const tokens = (await database.db.select({ h: authTokens.tokenHash }).from(authTokens).where(eq(authTokens.userId, user.id))).map((r) => r.h);
    expect(tokens.sort()).toEqual(['token-live', 'token-week']);
  });
});
