/**
 * The periodic jobs of the product today (src/server/jobs/jobRunner.ts runs each once per period across
 * processes). The newsroom's feed ingest, scheduled publishing and overdue complaints join this list.
 */
import { deleteExpiredCodesAndTicketsRepo } from '../accounts/repo.ts';
import { deleteExpiredTokensRepo } from '../tokens/repo.ts';
import { expirePoints } from '../points/service.ts';
import { publishDue } from '../publish/service.ts';
import { ingestDue } from '../wires/service.ts';
import { closeUnconfirmed } from '../answer/complaints/complaintDesk.ts';
import { dropEndedHotPicks } from '../placementDesk/service.ts';
import { pruneJobRuns, type Job } from './jobRunner.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Codes and tickets live minutes; a day later nothing reads them (security.md C1). */
export const EXPIRED_CODES_KEEP_MS = DAY;
/** Expired bearer tokens are kept a week past their expiry (room for clock skew and for looking into a reported sign-in problem). */
export const EXPIRED_TOKENS_KEEP_MS = 7 * DAY;

/** Expired SMS codes, tickets and bearer tokens, hourly. */
export const expiredAccountRows: Job = {
  name: 'accounts.expired-rows',
  everyMs: HOUR,
  async run({ database, log, now }) {
    const deleted = await database.write(async (tx) => ({
      ...(await deleteExpiredCodesAndTicketsRepo(tx, new Date(now.getTime() - EXPIRED_CODES_KEEP_MS))),
      tokens: await deleteExpiredTokensRepo(tx, new Date(now.getTime() - EXPIRED_TOKENS_KEEP_MS)),
    }));
    if (deleted.codes + deleted.tickets + deleted.tokens > 0) log.info(deleted, 'expired sign-in rows deleted');
    return deleted;
  },
};

/** The yearly points expiry (spec 2.10 积分, src/server/points/service.ts): checked daily, applied within a day of the year's turn. */
export const pointsExpiry: Job = {
  name: 'points.expiry',
  everyMs: DAY,
  async run({ database, log, now }) {
    const result = await expirePoints(database, now);
    if (result && result.readers > 0) log.info(result, 'points expired');
    return result;
  },
};

/** Scheduled stories whose time has come go live (ADR 025); each is published once however runs overlap. */
export const scheduledPublishing: Job = {
  name: 'publish.scheduled',
  everyMs: 15_000,
  async run({ database, media, log, now }) {
    const published = await publishDue(database, media, now);
    if (published.length > 0) log.info({ articles: published }, 'scheduled stories published');
    return published;
  },
};

/**
 * The wires (docs/security.md "The wires"): every minute the feeds whose time has come are fetched; each
 * is claimed on its row first, so with several processes exactly one fetches it, and a bad one is noted
 * on its row without stopping the rest.
 */
export const wiresIngest: Job = {
  name: 'wires.ingest',
  everyMs: 60_000,
  async run({ database, log, now }) {
    const reports = await ingestDue(database, log, now);
    if (reports.length > 0) log.info({ feeds: reports }, 'feeds fetched');
    return reports;
  },
};

/**
 * The complaint desk's 7-day rule (src/server/answer/complaints/complaintDesk.ts): a reply its complainant neither
 * confirmed nor followed up within 7 days closes itself (已完结), hourly; a conditional update, so overlapping runs
 * close each once.
 */
export const complaintAutoClose: Job = {
  name: 'complaints.auto-close',
  everyMs: HOUR,
  async run({ database, log, now }) {
    const closed = await closeUnconfirmed(database, now);
    if (closed.length > 0) log.info({ complaints: closed }, 'unconfirmed complaints closed');
    return closed;
  },
};

/**
 * A hot-list pick's end time passing changes what readers see (ADR 034): the run that first sees an end drops the reader
 * caches. It looks back two periods, so an end is seen although a tick came late or a slot was skipped (the runner
 * ticks every 30 s); seeing one twice only drops the caches twice.
 */
export const hotPickEnds: Job = {
  name: 'placement.hot-pick-ends',
  everyMs: 30_000,
  async run({ database, log, now }) {
    const ended = await dropEndedHotPicks(database, new Date(now.getTime() - 2 * hotPickEnds.everyMs), now);
    if (ended.length > 0) log.info({ picks: ended }, 'hot-list picks ended; reader caches dropped');
    return ended;
  },
};

export const PRODUCT_JOBS: readonly Job[] = [expiredAccountRows, pointsExpiry, scheduledPublishing, wiresIngest, complaintAutoClose, hotPickEnds, pruneJobRuns];
