/**
 * Work that must happen once (docs/architecture.md "Periodic jobs"): a periodic job runs once per period
 * across every process that shares the database — feed ingest, scheduled publishing and closing overdue
 * complaints register here, as do today's clean-ups (src/server/jobs/productJobs.ts).
 *
 * Time is cut into slots of the job's period (`slot = floor(now / everyMs)`). Each process ticks every
 * `tickMs`; for each job whose current slot has no row in `job_runs`, it inserts one (name, slot) — the
 * primary key lets exactly one insert win on PostgreSQL as on the embedded PGlite — and only the
 * winner runs the job, then notes when it finished and whether it failed. A process that dies mid-run
 * leaves its slot claimed: the job runs again in the next slot (at most once per slot, never twice).
 * Jobs must therefore be safe to run late, and each run does the whole backlog it finds.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { MediaStorage } from '../media/storage.ts';
import { claimJobSlotRepo, finishJobRunRepo, pruneJobRunsRepo } from './repo.ts';

export interface JobContext {
  database: Database;
  /** The media store (scheduled publishing reads a VR story's panorama again at its time). */
  media: MediaStorage;
  log: Logger;
  /** The time of the tick that started the run (a controlled clock in tests). */
  now: Date;
}

export interface Job {
  /** Unique, stable across releases (the claim rows name it). */
  name: string;
  /** The period: at most one run per slot of this many milliseconds. */
  everyMs: number;
  run(ctx: JobContext): Promise<unknown>;
}

export interface JobRunnerOptions {
  database: Database;
  media: MediaStorage;
  log: Logger;
  jobs: readonly Job[];
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /** How often `start` ticks (default 30 s). */
  tickMs?: number;
}

export type JobOutcome = { job: string; slot: number; ran: false } | { job: string; slot: number; ran: true; ok: boolean; error?: string };

/** Claim rows older than this are deleted by the runner's own clean-up job. */
export const JOB_RUNS_KEEP_MS = 30 * 24 * 3600_000;

export class JobRunner {
  /** Names this process in its claims. */
  readonly id = randomUUID();
  private readonly database: Database;
  private readonly media: MediaStorage;
  private readonly log: Logger;
  private readonly jobs: readonly Job[];
  private readonly now: () => number;
  private readonly tickMs: number;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<JobOutcome[]> | null = null;

  constructor(options: JobRunnerOptions) {
    const names = new Set<string>();
    for (const job of options.jobs) {
      if (names.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (!Number.isInteger(job.everyMs) || job.everyMs < 1_000) throw new Error(`job ${job.name}: everyMs must be a whole number of at least 1000`);
      names.add(job.name);
    }
    this.database = options.database;
    this.media = options.media;
    this.log = options.log;
    this.jobs = options.jobs;
    this.now = options.now ?? Date.now;
    this.tickMs = options.tickMs ?? 30_000;
  }

  /** Runs every job whose current slot no process has claimed yet; one tick at a time per process. */
  tick(): Promise<JobOutcome[]> {
    this.ticking ??= this.tickOnce().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Ticks now and every `tickMs` until `stop` (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for a tick under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  private async tickOnce(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const job of this.jobs) {
      const at = this.now();
      const slot = Math.floor(at / job.everyMs);
      let claimed = false;
      try {
        claimed = await this.claim(job.name, slot, new Date(at));
      } catch (err) {
        this.log.warn({ job: job.name, err: err instanceof Error ? err.message : String(err) }, 'job claim failed');
      }
      if (!claimed) {
        outcomes.push({ job: job.name, slot, ran: false });
        continue;
      }
      this.log.info({ job: job.name, slot }, 'job claimed');
      let error: string | undefined;
      try {
        await job.run({ database: this.database, media: this.media, log: this.log, now: new Date(at) });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        this.log.error({ job: job.name, slot, err: error }, 'job failed');
      }
      await this.database
        .write((tx) => finishJobRunRepo(tx, job.name, slot, new Date(this.now()), error))
        .catch((err: unknown) => this.log.warn({ job: job.name, err: err instanceof Error ? err.message : String(err) }, 'job finish not recorded'));
      outcomes.push(error === undefined ? { job: job.name, slot, ran: true, ok: true } : { job: job.name, slot, ran: true, ok: false, error });
    }
    return outcomes;
  }

  /** True when this process's row for (name, slot) went in: no other process has it. */
  private async claim(name: string, slot: number, at: Date): Promise<boolean> {
    return this.database.write((tx) => claimJobSlotRepo(tx, name, slot, this.id, at));
  }
}

/** The runner's own clean-up: claim rows older than `JOB_RUNS_KEEP_MS`. */
export const pruneJobRuns: Job = {
  name: 'jobs.prune-runs',
  everyMs: 24 * 3600_000,
  async run({ database, now }) {
    await database.write((tx) => pruneJobRunsRepo(tx, new Date(now.getTime() - JOB_RUNS_KEEP_MS)));
  },
};
