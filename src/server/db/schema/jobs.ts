/**
 * Runs of the periodic jobs (src/server/jobs/jobRunner.ts): one row per job and time slot, claimed by the
 * primary key, so a slot runs on exactly one process however many share the database.
 */
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    /** The job's time slot: epoch milliseconds divided by its period, rounded down. */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    /** The process that claimed it (random per start). */
    runner: text('runner').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot], name: 'job_runs_name_slot_pk' }), index('job_runs_started_idx').on(t.startedAt)],
);
