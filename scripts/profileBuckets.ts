/**
 * Where a server's CPU time goes (bench/where-time-goes.md): sums the self time of a `--cpu-prof` profile, from
 * its first page render on (start-up left out), by
 * the kind of work its functions do — Astro rendering, our API handlers, the in-process client, response
 * validation (zod), JSON, sanitising, database driver, compression — and prints a table.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof src/server/main.ts   (PAGE_CACHE=0 API_CACHE=0, then load it, then SIGTERM)
 *   node scripts/profileBuckets.ts /tmp/prof/<file>.cpuprofile
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: a function's bucket by its file (and name, for the engine's own entries). */
const BUCKETS: [string, RegExp][] = [
  ['idle (waiting for I/O)', /^\(idle\)$/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['response validation (zod)', /node_modules\/zod\//],
  [
    'sanitising HTML (sanitize-html, htmlparser2, jsdom, dompurify)',
    /node_modules\/(sanitize-html|htmlparser2|domhandler|domutils|entities|parse5|jsdom|dompurify|isomorphic-dompurify)\//,
  ],
  ['database driver (pglite, postgres, drizzle)', /node_modules\/(@electric-sql|postgres|drizzle-orm)\/|^wasm:/],
  ['compression (zlib)', /node:zlib|zlib/],
  ['Hono router and middleware', /node_modules\/(hono|@hono)\//],
  ['in-process client (src/client)', /\/src\/client\//],
  ['our API handlers (src/server)', /\/src\/server\//],
  ['Astro runtime', /node_modules\/astro\/|dist\/server\/chunks\/(astro|_@astro)/],
  ['our pages and sections (built)', /dist\/server\//],
  ['React server rendering', /node_modules\/react-dom\//],
  ['other libraries', /node_modules\//],
  ['Node internals (http, streams, timers)', /^node:/],
];

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/profileBuckets.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
/** True when a sample's stack runs built page code: the window starts at the first render, after start-up. */
const rendering = (id: number): boolean => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)!.callFrame.url.includes('/dist/server/')) return true;
  return false;
};
const first = profile.samples.findIndex(rendering);
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if (i >= first) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const totals = new Map<string, number>();
const jsonTime = { ms: 0 };
for (const [id, us] of self) {
  const frame = byId.get(id)!.callFrame;
  const key = frame.url === '' ? frame.functionName : frame.url;
  if (frame.url === '' && /^(JSON\.(parse|stringify)|parse|stringify)$/.test(frame.functionName)) jsonTime.ms += us / 1000;
  const bucket = BUCKETS.find(([, re]) => re.test(key))?.[0] ?? (frame.url === '' ? 'engine and built-ins (JSON, RegExp, strings…)' : 'other');
  totals.set(bucket, (totals.get(bucket) ?? 0) + us / 1000);
}
const busy = [...totals].filter(([b]) => !b.startsWith('idle')).reduce((a, [, ms]) => a + ms, 0);
console.log('| work | CPU ms | share of busy time |\n|---|---|---|');
for (const [bucket, ms] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${bucket} | ${ms.toFixed(0)} | ${bucket.startsWith('idle') ? '—' : `${((100 * ms) / busy).toFixed(1)} %`} |`);
}
console.log(
  `\nJSON.parse/stringify themselves (inside the built-ins row): ${jsonTime.ms.toFixed(0)} ms (${((100 * jsonTime.ms) / busy).toFixed(1)} % of busy time).`,
);
