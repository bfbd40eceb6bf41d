/**
 * Rate limits kept in the database: the store when no REDIS_URL is set, so a phone at
 * its hourly code limit or an account at its login limit is still limited after a restart. Same sliding
 * windows as MemoryRateLimitStore, one row per hit (schema/rateLimit.ts). `take` checks every rule of
 * every key and records the hit in one transaction, holding a transaction-scoped advisory lock per key
 * (in a fixed order), so concurrent takes — also from several processes on one PostgreSQL — never both
 * get the last slot. Redis (RedisRateLimitStore) stays the shared store between processes.
 */
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import { rateLimitClaims, rateLimitHits } from '../db/schema/rateLimit.ts';
import type { RateEntry, RateLimitStore } from './rateLimit.ts';

/** record(): a hit kept one day, like the other stores. */
const RECORD_KEEP_MS = 24 * 3600_000;
/** Expired rows are swept every this many writes. */
const SWEEP_EVERY = 500;

export class DatabaseRateLimitStore implements RateLimitStore {
  private writes = 0;
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  private async lock(tx: Tx, keys: readonly string[]): Promise<void> {
    for (const key of [...new Set(keys)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rl:${key}`}, 0))`);
  }

  private async countIn(tx: Tx | Database['db'], key: string, windowMs: number, now: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, now - windowMs)));
    return row?.n ?? 0;
  }

  private async sweep(tx: Tx, now: number): Promise<void> {
    if (++this.writes % SWEEP_EVERY !== 0) return;
    await tx.delete(rateLimitHits).where(lte(rateLimitHits.keepUntil, now));
    await tx.delete(rateLimitClaims).where(lte(rateLimitClaims.until, now));
  }

  async take(entries: readonly RateEntry[], now: number): Promise<boolean> {
    if (entries.length === 0) return true;
    return this.database.write(async (tx) => {
      await this.lock(
        tx,
        entries.map((e) => e.key),
      );
      for (const { key, rules } of entries) {
        for (const rule of rules) if ((await this.countIn(tx, key, rule.windowMs, now)) >= rule.max) return false;
      }
      await tx.insert(rateLimitHits).values(entries.map(({ key, rules }) => ({ key, at: now, keepUntil: now + Math.max(...rules.map((r) => r.windowMs)) })));
      await this.sweep(tx, now);
      return true;
    });
  }

  async record(key: string, now: number): Promise<void> {
    await this.database.write(async (tx) => {
      await tx.insert(rateLimitHits).values({ key, at: now, keepUntil: now + RECORD_KEEP_MS });
      await this.sweep(tx, now);
    });
  }

  count(key: string, windowMs: number, now: number): Promise<number> {
    return this.countIn(this.database.db, key, windowMs, now);
  }

  async clear(key: string): Promise<void> {
    await this.database.write(async (tx) => {
      await this.lock(tx, [key]);
      await tx.delete(rateLimitHits).where(inArray(rateLimitHits.key, [key]));
    });
  }

  async claimOnce(key: string, ttlMs: number, now: number): Promise<boolean> {
    return this.database.write(async (tx) => {
      const rows = await tx
        .insert(rateLimitClaims)
        .values({ key, until: now + ttlMs })
        .onConflictDoUpdate({ target: rateLimitClaims.key, set: { until: now + ttlMs }, setWhere: lte(rateLimitClaims.until, now) })
        .returning({ key: rateLimitClaims.key });
      return rows.length === 1;
    });
  }
}
