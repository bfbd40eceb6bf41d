/**
 * Two versions of the server side by side under one load (bench/where-time-goes.md "Side by side under one load"):
 * each root's server process on the same core, one round-robin load over both, so whatever else the machine does
 * falls on both alike; per page and round each process's own CPU per answer, and the second's over the first's.
 * A page against its Astro floor is the same with one root: name the floors among the pages.
 *
 *   DATABASE_URL=postgres://… node scripts/benchPair.ts <root A> [<root B>] [--pages=home,article,live] [--rounds=5]
 *     [--seconds=3] [--connections=50] [--core=1]
 *
 * A root is a checkout of this repository with its own `node_modules` (a symbolic link will do) and `dist/` (built,
 * or a link to another root's when only src/server differs). The demo seed goes once into a fresh database of its
 * own on the server `DATABASE_URL` names, which is dropped at the end; processes run in production mode with the page
 * and API caches off. `--core` pins them with Linux's `taskset` (the load client then runs on the other cores); a
 * rate here means nothing, only CPU per answer does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '../src/server/db/client.ts';
import { freePort } from '../tests/support/serverProcess.ts';
import { FLOOR_PAGES } from './benchFloors.ts';
import { runLoad } from './loadClient.ts';
import { cpuMsOf, seededBenchDatabase } from './benchSeed.ts';
import { median } from './benchStats.ts';

const PAGES: Record<string, string> = {
  ...FLOOR_PAGES,
  'floor-home': '/shancheng/bench-floor',
  'floor-article': '/shancheng/bench-floor?page=article',
  'floor-live': '/shancheng/bench-floor?page=live',
};

const flags = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => a.slice(2).split('=') as [string, string]),
);
const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const pages = (flags.get('pages') ?? 'home,article,live').split(',');
const rounds = Number(flags.get('rounds') ?? 5);
const seconds = Number(flags.get('seconds') ?? 3);
const connections = Number(flags.get('connections') ?? 50);
const core = flags.get('core') ?? (os.cpus().length > 1 ? '1' : undefined);
const base = process.env.DATABASE_URL;
if (!base || roots.length === 0 || roots.length > 2 || pages.some((p) => !PAGES[p])) {
  throw new Error(`usage: DATABASE_URL=postgres://… node scripts/benchPair.ts <root A> [<root B>] [--pages=${Object.keys(PAGES).join(',')}]`);
}

const { name: dbName, url, dataDir } = await seededBenchDatabase(base, 'bench_pair');
const servers: { name: string; origin: string; child: ChildProcess }[] = [];
try {
  for (const [i, root] of roots.entries()) {
    const port = await freePort();
    const node = [process.execPath, path.join(path.resolve(root), 'src/server/main.ts')];
    const child = spawn(core ? 'taskset' : node[0]!, core ? ['-c', core, ...node] : node.slice(1), {
      cwd: path.resolve(root),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        REDIS_URL: '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PAGE_CACHE: '0',
        API_CACHE: '0',
        BENCH_FLOOR: '1',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const origin = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 120_000; ;) {
      if (child.exitCode !== null) throw new Error(`${root}: the server exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error(`${root}: the server did not become ready`);
      try {
        if ((await fetch(`${origin}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    servers.push({ name: `${String.fromCharCode(65 + i)} ${root}`, origin, child });
  }
  // Every page on both before any is measured (the JIT's first compilations).
  for (const page of pages) await runLoad({ urls: servers.map((s) => s.origin + PAGES[page]), connections, seconds: 3 });
  const cpu = new Map<string, number[][]>(pages.map((p) => [p, servers.map(() => [])]));
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      const before = servers.map((s) => cpuMsOf(s.child.pid));
      const load = await runLoad({ urls: servers.map((s) => s.origin + PAGES[page]), connections, seconds });
      if (load.bad + load.errors > 0) throw new Error(`${page}: ${load.bad} answers not 2xx, ${load.errors} failed`);
      // Round-robin: each process answered its share of the requests.
      servers.forEach((s, i) => cpu.get(page)![i]!.push((cpuMsOf(s.child.pid) - before[i]!) / (load.requests / servers.length)));
    }
  }
  console.log(
    `${rounds} rounds of ${seconds} s, ${connections} connections${core ? `, the servers on core ${core}` : ''}; CPU ms per answer, median (each round):`,
  );
  for (const page of pages) {
    const [a, b] = cpu.get(page)!;
    servers.forEach((s, i) => {
      const xs = cpu.get(page)![i]!;
      console.log(`${page.padEnd(14)} ${s.name}: ${median(xs).toFixed(2)} (${xs.map((x) => x.toFixed(2)).join(' ')})`);
    });
    if (b) console.log(`${page.padEnd(14)} B/A: ${median(a!.map((x, k) => b[k]! / x)).toFixed(3)} (${a!.map((x, k) => (b[k]! / x).toFixed(3)).join(' ')})`);
  }
  for (const page of pages.filter((p) => pages.includes(`floor-${p}`))) {
    servers.forEach((s, i) => {
      const ratios = cpu.get(page)![i]!.map((x, k) => cpu.get(`floor-${page}`)![i]![k]! / x);
      console.log(`${page.padEnd(14)} ${s.name}: ${median(ratios).toFixed(2)}× its floor (${ratios.map((r) => r.toFixed(2)).join(' ')})`);
    });
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => (s.child.exitCode === null ? new Promise((r) => s.child.once('exit', r)) : null)));
  await dropDatabase(base, dbName);
  rmSync(dataDir, { recursive: true, force: true });
}
