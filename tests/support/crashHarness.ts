/**
 * What the SIGKILL crash tests share (tests/support/crashScenario.ts: likes and comments; docs/security.md;
 * tests/support/mallCrashScenario.ts: exchanges, ADR 012): where the server's data lives (PGlite in a
 * temporary folder, or a fresh PostgreSQL database of the suite's own), sending a write that may die with
 * the server, and the load that kills the server after a random number of success answers with requests
 * still in flight.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { dropDatabase, openDatabase, type Database } from '../../src/server/db/client.ts';
import type { ServerProcess } from './serverProcess.ts';
import { seededDataDir } from './seededDataDir.ts';

export interface CrashTarget {
  dataDir: string;
  /** Opens the database the server will use (only while no server holds it, for PGlite). */
  open(): Promise<Database>;
  /** Extra environment of the server process (DATABASE_URL for PostgreSQL). */
  env: NodeJS.ProcessEnv;
}

/** A crash test's target on the embedded database in a temporary folder; `remove` deletes the folder. */
export async function pgliteCrashTarget(name: string): Promise<{ target: CrashTarget; remove(): void }> {
  const dataDir = await seededDataDir(`sc-${name}-`);
  return {
    target: { dataDir, open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }), env: {} },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A crash test's target on a PostgreSQL database of its own beside `url` (none when `url` is unset: the
 * suite is skipped); `remove` deletes the temporary folder and drops the database.
 */
export function postgresCrashTarget(name: string, url: string | undefined): { target: CrashTarget; remove(): Promise<void> } {
  const database = `t_${name}_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sc-${name}-pg-`));
  const own = url ? new URL(url) : null;
  if (own) own.pathname = `/${database}`;
  let created = false;
  return {
    target: {
      dataDir,
      // The first open creates the suite's own database; the server and later opens use it by URL.
      open: async () => {
        const opened = await openDatabase(created ? { url: own!.href } : { url, freshDatabase: database });
        created = true;
        return opened;
      },
      // Rate-limit keys of this run only: user ids restart at 1 in every fresh database, Redis outlives runs.
      env: { DATABASE_URL: own?.href ?? '', RATE_LIMIT_REDIS_PREFIX: `${database}:` },
    },
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (url) await dropDatabase(url, database);
    },
  };
}

/** The answer envelope of a write: only a 200 answer promises anything. */
export interface WriteAnswer {
  statusCode: number;
  data: { id?: number } | null;
}

/** POSTs a form; null when the HTTP status is not 200 or the server died under the request (nothing was promised). */
export async function postForm<A extends WriteAnswer>(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string | number>,
): Promise<A | null> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) return null;
    return (await res.json()) as A;
  } catch {
    // The server died under this request: no answer, so nothing was promised.
    return null;
  }
}

/** Shuffles in place (Fisher–Yates), so every run sends the jobs in another order. */
export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const k = randomInt(i + 1);
    [items[i], items[k]] = [items[k]!, items[i]!];
  }
  return items;
}

/**
 * Sends `jobs` from `workers` concurrent senders and kills the server with SIGKILL right after the
 * `killAfter`-th success answer, with requests in flight; waits for the process to be gone. `acked(job)` is
 * the job's success answer, or null when it got none (it may or may not have been written).
 */
export async function loadUntilKilled<J, A extends WriteAnswer>(
  server: ServerProcess,
  jobs: J[],
  options: { killAfter: number; workers: number; send(origin: string, job: J): Promise<A | null> },
): Promise<{ acknowledged: number; inFlightAtKill: number; acked(job: J): A | null }> {
  const answers = new Map<J, A | null>();
  let acknowledged = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length && server.child.exitCode === null && inFlightAtKill < 0) {
      const job = jobs[next++]!;
      inFlight++;
      const answer = await options.send(server.origin, job);
      inFlight--;
      answers.set(job, answer);
      if (answer?.statusCode === 200 && ++acknowledged === options.killAfter) {
        inFlightAtKill = inFlight;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  if (inFlightAtKill < 0) server.child.kill('SIGKILL');
  await server.exited;
  expect(acknowledged).toBeGreaterThanOrEqual(options.killAfter);
  expect(inFlightAtKill, 'requests were in flight when the server died').toBeGreaterThan(0);
  const acked = (job: J): A | null => {
    const a = answers.get(job);
    return a?.statusCode === 200 ? a : null;
  };
  return { acknowledged, inFlightAtKill, acked };
}
