/**
 * A seed run under its own name (`seed_runs`), so a database seeded before an area existed gets that area
 * on its next start, and only once: skipped when the name is recorded; else `prepare` writes the run's
 * files (pictures, videos; drawn once, then copied from the picture cache) and returns what writes the
 * rows, which runs with the record in one transaction (a concurrent start that recorded the name first
 * leaves this one writing nothing).
 */
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../client.ts';
import { seedRuns } from '../schema/core.ts';

/** Whether the seed run `name` is recorded. */
export async function seedRunDone(db: Pick<Database['db'], 'select'>, name: string): Promise<boolean> {
  return (await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, name)).limit(1)).length > 0;
}

export async function seedOnce(database: Database, name: string, prepare: () => Promise<(tx: Tx) => Promise<void>>): Promise<{ seeded: boolean }> {
  if (await seedRunDone(database.db, name)) return { seeded: false };
  const writeRows = await prepare();
  const seeded = await database.write(async (tx) => {
    if (await seedRunDone(tx, name)) return false;
    await writeRows(tx);
    await tx.insert(seedRuns).values({ name });
    return true;
  });
  return { seeded };
}
