/**
 * The moderation desk's queue at 100,000 held items across kinds (ADR 017; docs/adr/018-one-review-model.md):
 * server time per queue page (p50, p95) on PGlite and, with DATABASE_URL, on PostgreSQL, and decisions per second.
 * Goal: p95 ≤ 50 ms. Runs in process against the desk's own service (no HTTP), on a fresh database of its own.
 *
 *   node scripts/benchModeration.ts          (this section alone; `npm run bench` includes it)
 *
 * Settings: BENCH_MODERATION_ROWS (100000), BENCH_MODERATION_DECISIONS (300).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { dropDatabase, openDatabase, type Database } from '../src/server/db/client.ts';
import { percentile } from './benchStats.ts';
import { decide, listQueue, type DeskDeps, type Moderator, type QueueQuery } from '../src/server/moderation/desk.ts';

const ROWS = Number(process.env.BENCH_MODERATION_ROWS ?? 100_000);
const DECISIONS = Number(process.env.BENCH_MODERATION_DECISIONS ?? 300);
const MODERATOR: Moderator = { staffId: 1, name: '压测审核员', areas: null, ip: '127.0.0.1' };

/**
 * 2,000 readers; 70 % of the held items are comments on news, 问政, 问答 and 发现, 30 % 爆料 tips, written over 30 days;
 * plus one waiting nickname change per reader (昵称与头像).
 */
async function fill(database: Database): Promise<void> {
  const comments = Math.round(ROWS * 0.7);
  const tips = ROWS - comments;
  await database.write(async (tx) => {
    await tx.execute(
      sql`insert into users (phone, nickname, created_at) select '150' || lpad(g::text, 8, '0'), '压测读者' || g, now() - (g % 400) * interval '1 day' from generate_series(1, 2000) g`,
    );
    await tx.execute(sql`insert into comments (scope, class_id, news_id, user_id, text, review_state, created_at)
      select (array['news', 'bang1', 'bang2', 'quan'])[1 + g % 4], 101, 1 + g % 500, (select min(id) from users) + g % 2000, '压测评论第' || g || '条，解放碑的夜景', 'pending', now() - (g * interval '25 seconds')
      from generate_series(1, ${comments}) g`);
    await tx.execute(sql`insert into bang_tips (user_id, content, review_state, created_at)
      select (select min(id) from users) + g % 2000, '压测爆料第' || g || '条', 'pending', now() - (g * interval '25 seconds')
      from generate_series(1, ${tips}) g`);
    await tx.execute(sql`insert into moderation_items (kind, item_id, area, user_id, excerpt, state, held_word, created_at)
      select 'comment', c.id, case c.scope when 'news' then 'news' when 'bang1' then 'wenzheng' when 'bang2' then 'bangbang' else 'discover' end,
        c.user_id, c.text, 'pending', case when c.id % 50 = 0 then '微信' else '' end, c.created_at from comments c`);
    await tx.execute(sql`insert into moderation_items (kind, item_id, area, user_id, excerpt, state, created_at)
      select 'bang_tip', t.id, 'baoliao', t.user_id, t.content, 'pending', t.created_at from bang_tips t`);
    // Each reader also has a nickname change waiting (one at a time per reader: profile_changes_one_pending).
    await tx.execute(sql`insert into profile_changes (user_id, nickname, old_nickname, review_state, created_at)
      select u.id, '渝北读者' || u.id, u.nickname, 'pending', now() - ((u.id % 1000) * interval '40 minutes') from users u`);
    await tx.execute(sql`insert into moderation_items (kind, item_id, area, user_id, excerpt, state, created_at)
      select 'profile_change', p.id, 'profile', p.user_id, p.nickname, 'pending', p.created_at from profile_changes p`);
    await tx.execute(sql`analyze`);
  });
}

interface Timing {
  p50: number;
  p95: number;
  pages: number;
}

/** Walks `pages` pages of one queue by keyset, timing each page (the desk's whole service call: rows, items, authors). */
async function walk(database: Database, query: Omit<QueueQuery, 'after'>, pages: number): Promise<Timing> {
  const times: number[] = [];
  let after: QueueQuery['after'];
  for (let i = 0; i < pages; i++) {
    const t0 = performance.now();
    const page = await listQueue(database.db, MODERATOR, { ...query, after });
    times.push(performance.now() - t0);
    if (!page.next) break;
    after = { at: page.next.at, id: page.next.id };
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), pages: times.length };
}

/** Where the run is, on stderr (the section itself is the return value). */
const progress = (what: string): void => void process.stderr.write(`  审核台 bench: ${what}\n`);

async function measure(database: Database): Promise<{ rows: string[]; decisionsPerSecond: number; p95: number }> {
  const filling = performance.now();
  await fill(database);
  progress(`${ROWS} held items written in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  // Warm the plans once, as a running server would be.
  await listQueue(database.db, MODERATOR, { tab: 'pending' });
  const cases: [string, Omit<QueueQuery, 'after'>][] = [
    ['待审 (all areas, oldest first)', { tab: 'pending' }],
    ['待审, area 新闻评论', { tab: 'pending', area: 'news' }],
    ['待审, area 昵称与头像', { tab: 'pending', area: 'profile' }],
    ['敏感词', { tab: 'words' }],
  ];
  const rows: string[] = [];
  let worst = 0;
  for (const [name, q] of cases) {
    const t = await walk(database, q, 100);
    progress(`${name}: ${t.pages} pages, p95 ${t.p95.toFixed(1)} ms`);
    worst = Math.max(worst, t.p95);
    rows.push(`| ${name} | ${t.pages} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} |`);
  }
  const desk: DeskDeps = { database, audit: async () => {} };
  // The comments to decide, page by page (the oldest held items may all be of other kinds).
  const ids: number[] = [];
  let after: QueueQuery['after'];
  while (ids.length < DECISIONS) {
    const page = await listQueue(database.db, MODERATOR, { tab: 'pending', area: 'news', limit: 100, after });
    ids.push(...page.items.filter((i) => i.kind === 'comment').map((i) => i.itemId));
    if (!page.next) break;
    after = { at: page.next.at, id: page.next.id };
  }
  const chosen = ids.slice(0, DECISIONS);
  const t0 = performance.now();
  for (const itemId of chosen) await decide(desk, MODERATOR, { kind: 'comment', itemId, action: 'approve' });
  const decisionsPerSecond = chosen.length / ((performance.now() - t0) / 1000);
  progress(`${chosen.length} decisions, ${decisionsPerSecond.toFixed(0)} a second`);
  // Patrol and decided now have rows too.
  for (const [name, q] of [
    ['巡查 (newest first)', { tab: 'patrol' }],
    ['已处理', { tab: 'decided' }],
  ] as [string, Omit<QueueQuery, 'after'>][]) {
    const t = await walk(database, q, 10);
    worst = Math.max(worst, t.p95);
    rows.push(`| ${name} | ${t.pages} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} |`);
  }
  return { rows, decisionsPerSecond, p95: worst };
}

/** The section's Markdown body. */
export async function moderationBench(): Promise<string> {
  const parts: string[] = [];
  const engines: { name: string; open: () => Promise<{ database: Database; done: () => Promise<void> }> }[] = [
    {
      name: 'PGlite (in memory)',
      open: async () => {
        const database = await openDatabase({});
        return { database, done: () => database.close() };
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bench_moderation_${randomUUID().slice(0, 8)}`;
    engines.push({
      name: 'PostgreSQL',
      open: async () => {
        const database = await openDatabase({ url, freshDatabase: name });
        return {
          database,
          done: async () => {
            await database.close();
            await dropDatabase(url, name);
          },
        };
      },
    });
  }
  for (const engine of engines) {
    const { database, done } = await engine.open();
    try {
      const r = await measure(database);
      parts.push(
        `**${engine.name}**: ${ROWS.toLocaleString('en')} held items, 20 a page; ${r.decisionsPerSecond.toFixed(0)} decisions/s (通过, one transaction each, ${DECISIONS} in a row). ` +
          `Worst p95 ${r.p95.toFixed(1)} ms (goal ≤ 50 ms): ${r.p95 <= 50 ? 'met' : 'NOT met'}.\n\n| queue | pages walked | p50 ms | p95 ms |\n|---|---|---|---|\n${r.rows.join('\n')}\n`,
      );
    } finally {
      await done();
    }
  }
  if (!url) parts.push('PostgreSQL: not measured (set DATABASE_URL).\n');
  return parts.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`## 审核台队列 (moderation desk)\n\n${await moderationBench()}`);
}
