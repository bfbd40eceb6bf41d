/** `npm test`: unit and API tests (vitest, PGlite in memory), then browser tests (Playwright + Chromium). */
import { spawnSync } from 'node:child_process';
import { binPath as bin, childEnv, root } from './childEnv.ts';
import { ensureBuild } from './ensureBuild.ts';
import { CHROMIUM_MISSING, findChromium } from './findChromium.ts';


const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: childEnv(env) });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The PostgreSQL run is `npm run test:services`; plain `npm test` is always the embedded database.
const embedded = { DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test' };
// The server-process suites and the browser tests need the built pages.
ensureBuild();
run(bin('vitest'), ['run', '--project', 'unit', ...process.argv.slice(2)], embedded);
run(bin('playwright'), ['test'], { ...embedded, CHROMIUM_PATH: chromium });
