/**
 * The bench's per-process figures (docs/capacity.md): on one PostgreSQL and one Redis, one and then
 * two server processes behind a round-robin, in production mode —
 * - cached and uncached pages per second (home, article, live detail) and the Astro floor beside each:
 *   `/shancheng/bench-floor?page=…` (BENCH_FLOOR=1), an Astro page in the same server emitting that page's own HTML
 *   from a constant, and each page's uncached / floor ratio; then the same ratio side by side in one run: one
 *   uncached process on a core of its own, each page and its floor in turn for several short rounds, so the machine's
 *   drift falls on both alike (as scripts/benchPair.ts does with one root);
 * - API calls per second (the channel list, micro-cache on and off);
 * - database queries per page: the database's committed transactions (`pg_stat_database.xact_commit`; each
 *   statement outside a transaction is one) over a run of uncached renders, divided by the renders;
 * - memory per open realtime socket: a fresh process's resident memory before and after opening sockets.
 *
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… node scripts/benchScale.ts [--seconds=5] [--connections=20]
 *
 * `npm run bench` runs it as its "Per process" section (needs DATABASE_URL and REDIS_URL, skipped otherwise).
 * Load comes from scripts/loadClient.ts (Node, no wrk) on the same machine as the servers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import postgres from 'postgres';
import { dropDatabase } from '../src/server/db/client.ts';
import { startServer, type ServerProcess } from '../tests/support/serverProcess.ts';
import { SubClient } from '../tests/services/subClient.ts';
import { GoimOp } from '../src/lib/goim.ts';
import { runLoad, type LoadResult } from './loadClient.ts';
import { FLOOR_PAGES } from './benchFloors.ts';
import { cpuMsOf, seededBenchDatabase } from './benchSeed.ts';
import { median } from './benchStats.ts';

export interface ScaleOptions {
  seconds: number;
  connections: number;
  sockets: number;
}

const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid: number | undefined): number {
  if (!pid) return NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Rounds and seconds of the side-by-side floor run. */
const SIDE_ROUNDS = 8;
const SIDE_SECONDS = 3;

/** Pins a running process and its threads to `cores` (Linux `taskset`); false where it cannot. */
function pin(pid: number | undefined, cores: string): boolean {
  return pid !== undefined && spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' }).status === 0;
}

export async function scaleBench(options: ScaleOptions): Promise<string> {
  const base = process.env.DATABASE_URL;
  const redis = process.env.REDIS_URL;
  if (!base || !redis) return 'Needs DATABASE_URL and REDIS_URL (two processes share one PostgreSQL and one Redis): skipped.';
  const { name: dbName, url, dataDir } = await seededBenchDatabase(base, 'bench_scale');
  const stats = postgres(base, { max: 1, onnotice: () => {} });
  const servers: ServerProcess[] = [];
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    REDIS_URL: redis,
    REALTIME_REDIS_CHANNEL: `shancheng:bench:${dbName}`,
    RATE_LIMIT_REDIS_PREFIX: `bench:${dbName}:`,
    BENCH_FLOOR: '1',
    SEED_DEMO: '0',
    TRUSTED_PROXIES: '127.0.0.1',
    SUB_ACCEPT_RATE: '100000',
    SUB_ACCEPT_BURST: '100000',
  };
  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const s = await startServer({ env: { ...common, ...env }, dataDir });
    servers.push(s);
    return s;
  };
  try {
    // One at a time: a start costs seconds of CPU (the console's assets are compressed at start), four at once
    // on a loaded machine ran past the start-up bound.
    const cachedA = await start({});
    const cachedB = await start({});
    const offA = await start({ PAGE_CACHE: '0', API_CACHE: '0' });
    const offB = await start({ PAGE_CACHE: '0', API_CACHE: '0' });
    // Each page beside its own floor: the same page's HTML from a constant (src/pages/bench-floor.astro).
    const targets: { name: string; path: string; floor?: string }[] = [
      { name: 'home', path: FLOOR_PAGES.home, floor: 'Astro floor (home HTML from a constant)' },
      { name: 'article', path: FLOOR_PAGES.article, floor: 'Astro floor (article HTML from a constant)' },
      { name: 'live detail', path: FLOOR_PAGES.live, floor: 'Astro floor (live detail HTML from a constant)' },
      { name: 'Astro floor (home HTML from a constant)', path: '/shancheng/bench-floor' },
      { name: 'Astro floor (article HTML from a constant)', path: '/shancheng/bench-floor?page=article' },
      { name: 'Astro floor (live detail HTML from a constant)', path: '/shancheng/bench-floor?page=live' },
      { name: 'API channel list', path: '/kratos/v1/channel/list?channelId=1&page=1' },
    ];
    // A floor is the page's own HTML saved earlier (scripts/benchFloors.ts): say so when the page has moved since.
    const stale: string[] = [];
    for (const t of targets.filter((x) => x.floor !== undefined)) {
      const floorPath = targets.find((x) => x.name === t.floor)!.path;
      const [page, floor] = await Promise.all([t.path, floorPath].map(async (p) => (await (await fetch(offA.origin + p)).text()).length));
      if (Math.abs(page! - floor!) > 0.02 * page!) stale.push(`${t.name} ${page} characters, its floor ${floor}`);
    }
    // Every page on every process before any is measured: the first page measured would otherwise pay for warming
    // the code all pages share (the JIT's first compilations), and read slower than the same page measured later.
    for (const t of targets) await runLoad({ urls: servers.map((s) => s.origin + t.path), connections: options.connections, seconds: 2 });
    const load = async (group: ServerProcess[], path: string): Promise<LoadResult> => {
      const urls = group.map((s) => s.origin + path);
      await runLoad({ urls, connections: 4, seconds: 1 }); // this page's caches again (they may have aged)
      return runLoad({ urls, connections: options.connections, seconds: options.seconds });
    };
    const rows = [
      '| target | processes | cached: req/s (p99) | per process | uncached: req/s (p99) | per process | uncached CPU per request |',
      '|---|---|---|---|---|---|---|',
    ];
    const uncachedRps = new Map<string, number>();
    const uncachedCpu = new Map<string, number>();
    for (const t of targets) {
      for (const [n, cached, off] of [
        [1, [cachedA], [offA]],
        [2, [cachedA, cachedB], [offA, offB]],
      ] as const) {
        const c = await load([...cached], t.path);
        const cpuBefore = off.map((s) => cpuMsOf(s.child.pid));
        const u = await load([...off], t.path);
        // The server processes' own CPU per answer: steadier than a rate when the load client shares the cores.
        const cpuPerRequest = off.reduce((sum, s, i) => sum + cpuMsOf(s.child.pid) - (cpuBefore[i] ?? NaN), 0) / u.requests;
        if (n === 1) {
          uncachedRps.set(t.name, u.rps);
          uncachedCpu.set(t.name, cpuPerRequest);
        }
        const warn = [c, u].some((r) => r.bad + r.errors > 0) ? ` ⚠ ${c.bad + u.bad} non-2xx, ${c.errors + u.errors} failed` : '';
        rows.push(
          `| ${t.name} \`${t.path.replace('/shancheng', '')}\`${warn} | ${n} | ${fmt(c.rps)} (${fmt(c.p99, 1)} ms) | ${fmt(c.rps / n)} | ${fmt(u.rps)} (${fmt(u.p99, 1)} ms) | ${fmt(u.rps / n)} | ${fmt(cpuPerRequest, 1)} ms |`,
        );
        console.log(rows.at(-1));
      }
    }
    const ratios = targets
      .filter((t) => t.floor !== undefined)
      .map((t) => {
        const floorRps = uncachedRps.get(t.floor!) ?? NaN;
        const floorCpu = uncachedCpu.get(t.floor!) ?? NaN;
        return `${t.name} ${fmt((uncachedRps.get(t.name) ?? NaN) / floorRps, 2)}× by rate, ${fmt(floorCpu / (uncachedCpu.get(t.name) ?? NaN), 2)}× by CPU per request`;
      })
      .join('; ');

    // Side by side in one run: the one-process runs above measure each target once, minutes apart, and this machine's
    // pace drifts by more than the difference being measured. Here one uncached process, on a core of its own when
    // there are two (the load client on the rest), answers each page and then its floor, round after round.
    const cores = os.cpus().length;
    const pinned = cores > 1 && pin(offA.child.pid, String(cores - 1));
    const pairs = targets.filter((t) => t.floor !== undefined).map((t) => ({ page: t, floor: targets.find((x) => x.name === t.floor)! }));
    const sideCpu = new Map<string, number[]>(
      pairs.flatMap(({ page, floor }) => [[page.name, []] as [string, number[]], [floor.name, []] as [string, number[]]]),
    );
    for (let round = 0; round < SIDE_ROUNDS; round++) {
      for (const t of pairs.flatMap(({ page, floor }) => [page, floor])) {
        const before = cpuMsOf(offA.child.pid);
        const u = await runLoad({ urls: [offA.origin + t.path], connections: options.connections, seconds: SIDE_SECONDS });
        sideCpu.get(t.name)!.push((cpuMsOf(offA.child.pid) - before) / u.requests);
      }
    }
    if (pinned) pin(offA.child.pid, `0-${cores - 1}`);
    const sideBySide = pairs
      .map(({ page, floor }) => {
        const p = sideCpu.get(page.name)!;
        const f = sideCpu.get(floor.name)!;
        const perRound = p.map((x, k) => f[k]! / x);
        return `${page.name} ${fmt(median(p), 2)} ms against its floor's ${fmt(median(f), 2)} ms: **${fmt(median(perRound), 2)}×** (rounds ${perRound.map((r) => fmt(r, 2)).join(' ')})`;
      })
      .join('; ');

    // Database queries per page: committed transactions over RENDERS uncached renders, one at a time.
    const RENDERS = 40;
    const committed = async (): Promise<number> => {
      // Each connection reports its counts when idle (at most every 10 s in PostgreSQL 15+): wait for it.
      await pause(11_000);
      const [row] = await stats`select xact_commit::bigint as n from pg_stat_database where datname = ${dbName}`;
      return Number(row?.n ?? NaN);
    };
    const queryRows = ['| page | queries per uncached render |', '|---|---|'];
    for (const t of targets) {
      const before = await committed();
      for (let i = 0; i < RENDERS; i++) await (await fetch(offA.origin + t.path)).arrayBuffer();
      const after = await committed();
      queryRows.push(`| ${t.name} | ${fmt((after - before) / RENDERS, 1)} |`);
    }

    // Memory per open realtime socket: resident memory before and after opening them (authenticated to a room), on
    // a process of its own. One that has just rendered pages under load has megabytes of free heap that the
    // sockets' objects fill without the resident memory moving (runs on such a process read 0.2, 5.8 and -0.1 KB).
    const fresh = await start({});
    const openSocket = async (i: number): Promise<SubClient> => {
      // At most 20 sockets per address (MAX_SOCKETS_PER_IP): each ten leave from their own loopback address.
      const localAddress = `127.0.${1 + Math.floor(i / 2500)}.${1 + (Math.floor(i / 10) % 250)}`;
      const client = await SubClient.open(fresh.origin, { localAddress, headers: { 'x-forwarded-proto': 'https' } });
      client.auth({ room_id: 'news://101:1', platform: 'web', accepts: [GoimOp.counts] });
      return client;
    };
    // A first few open and close, so that the code a socket runs is loaded and compiled before the count.
    const warm = await Promise.all(Array.from({ length: 20 }, (_, i) => openSocket(i)));
    await Promise.all(warm.map((c) => c.end()));
    await pause(2_000);
    const sockets: SubClient[] = [];
    const rssBefore = rssOf(fresh.child.pid);
    for (let i = 0; i < options.sockets; i++) sockets.push(await openSocket(i));
    await pause(2_000);
    const rssAfter = rssOf(fresh.child.pid);
    await Promise.all(sockets.map((c) => c.end()));
    const perSocket = (rssAfter - rssBefore) / options.sockets;

    return [
      `Taken on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} with the load client on the same machine, ${options.connections} connections, ${options.seconds} s per run, ` +
        'production mode, PostgreSQL and Redis on loopback. The load client shares the cores with the processes: read the CPU per request and the ratios more than the rates. ' +
        'With two cores shared by the load client and the processes, a second process can add little: on a machine with a core per process the per-process column is what each adds.',
      '',
      rows.join('\n'),
      '',
      `Uncached against the Astro floor of the same HTML (one process, the runs above): ${ratios} (goal ≥ 0.5×; bench/where-time-goes.md says where the rest goes).`,
      '',
      `Side by side in one run (one uncached process${pinned ? ' on a core of its own, the load client on the other' : ''}; each page and then its floor, ${SIDE_ROUNDS} rounds of ${SIDE_SECONDS} s, ${options.connections} connections; median CPU per answer, and the median of the rounds' floor ÷ page): ${sideBySide}.`,
      ...(stale.length > 0 ? ['', `⚠ A floor no longer matches its page (refresh with scripts/benchFloors.ts): ${stale.join('; ')}.`] : []),
      '',
      queryRows.join('\n'),
      '',
      `Database queries: \`pg_stat_database.xact_commit\` over ${RENDERS} uncached renders of each page (page cache and API micro-cache off), one at a time; the floor's figure is what every request costs (session lookup, if any).`,
      '',
      `Memory per open realtime socket: ${fmt(perSocket / 1024, 1)} KB (${options.sockets} authenticated sockets; resident memory ${fmt(rssBefore / 2 ** 20)} → ${fmt(rssAfter / 2 ** 20)} MB).`,
    ].join('\n');
  } finally {
    await Promise.all(
      servers.map(async (s) => {
        if (s.child.exitCode === null) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
      }),
    );
    await stats.end();
    await dropDatabase(base, dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const arg = (name: string, fallback: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  console.log(await scaleBench({ seconds: arg('seconds', 5), connections: arg('connections', 20), sockets: arg('sockets', 500) }));
}
