/** `npm test`: unit and API tests (vitest, PGlite in memory), then browser tests (Playwright + Chromium). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { binPath as bin, childEnv, root } from './childEnv.ts';
import { ensureBuild } from './ensureBuild.ts';
import { CHROMIUM_MISSING, ensureChromium } from './findChromium.ts';
import { withDataDir } from './withDataDir.ts';

// No Chromium on this machine: install one (apt-get as root, else Playwright's installer) before the tests.
const chromium = ensureChromium();
if (!chromium) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}

function runStatus(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: childEnv(env) }).status ?? 1;
}

// The PostgreSQL run is `npm run test:services`; plain `npm test` is always the embedded database.
const embedded = { DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test' };
// The server-process suites and the browser tests need the built pages.
ensureBuild();
// The demo is seeded once for the whole run (tests/support/seedSnapshot.ts): the API suites load its dump, the
// server-process suites and the browser tests' servers start from a copy of its data folder. Both folders are
// removed after the run whatever its outcome (no ~50 MB folder left in /tmp per run).
const status = withDataDir('shancheng-seed-', (seedDir) => {
  const seeded = runStatus(process.execPath, ['scripts/seedSnapshot.ts', seedDir], { ...embedded, LOG_LEVEL: 'silent' });
  if (seeded !== 0) return seeded;
  const unit = runStatus(bin('vitest'), ['run', '--project', 'unit*', ...process.argv.slice(2)], { ...embedded, SEED_SNAPSHOT_DIR: seedDir });
  if (unit !== 0) return unit;
  return withDataDir('shancheng-e2e-', (e2eData) =>
    runStatus(bin('playwright'), ['test'], {
      ...embedded,
      CHROMIUM_PATH: chromium,
      E2E_DATA_DIR: e2eData,
      E2E_SEED_DIR: path.join(seedDir, 'data'),
      E2E_WORKERS: process.env.E2E_WORKERS ?? '2',
    }),
  );
});
process.exit(status);
