/** Builds the pages with Astro when dist/ is missing or older than the sources it is built from. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { binPath, childEnv, root } from './childEnv.ts';

const stamp = path.join(root, 'dist', '.build-stamp');
// The bench floors are bundled into the page build too (src/pages/bench-floor.astro imports them).
const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'bench/floor-home.html', 'bench/floor-article.html', 'bench/floor-live.html'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const info = statSync(p);
  if (!info.isDirectory()) return info.mtimeMs;
  // The API server is not part of the page build (it is loaded by main.ts from source).
  if (p === path.join(root, 'src', 'server')) return 0;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

export function buildIsStale(): boolean {
  if (!existsSync(stamp) || !existsSync(path.join(root, 'dist/server/entry.mjs'))) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newest(path.join(root, input)) > built);
}

export function ensureBuild(force = false): void {
  if (!force && !buildIsStale()) return;
  console.log('Building pages (astro build)…');
  // Always a production build: under vitest NODE_ENV is 'test', and a build inheriting it bundles React's
  // development JSX runtime (jsxDEV: ~+25 KB gzip per island page, and server renders of islands fail).
  // Vitest also mirrors its own import.meta.env into process.env (BASE_URL '/', MODE, DEV, PROD, SSR); a build
  // inheriting BASE_URL made every import.meta.env.BASE_URL link '/' instead of the base path.
  const env = childEnv({ ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' });
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST']) delete env[key];
  const result = spawnSync(binPath('astro'), ['build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('astro build failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
}
