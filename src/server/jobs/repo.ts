/** Job runs data access (src/server/jobs/jobRunner.ts): claim a slot, note its end, prune old claims. */
import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { jobRuns } from '../db/schema/jobs.ts';

/** True when this runner's row for (name, slot) went in: no other runner has that slot. */
export async function claimJobSlotRepo(tx: Tx, name: string, slot: number, runner: string, at: Date): Promise<boolean> {
  const rows = await tx.insert(jobRuns).values({ name, slot, runner, startedAt: at }).onConflictDoNothing().returning({ slot: jobRuns.slot });
  return rows.length === 1;
}

export async function finishJobRunRepo(tx: Tx, name: string, slot: number, at: Date, error: string | undefined): Promise<void> {
  await tx
    .update(jobRuns)
    .set({ finishedAt: at, ok: error === undefined, error: error ?? null })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.slot, slot)));
}

export async function pruneJobRunsRepo(tx: Tx, before: Date): Promise<void> {
  await tx.delete(jobRuns).where(lt(jobRuns.startedAt, before));
}
