/**
 * `npm run test:services`: the repository and API suites again on PostgreSQL (DATABASE_URL), and the
 * Redis suites when REDIS_URL is set. Without DATABASE_URL there is nothing to run against: say so.
 */
import { spawnSync } from 'node:child_process';
import { binPath, childEnv, root } from './childEnv.ts';
import { ensureBuild } from './ensureBuild.ts';

if (!process.env.DATABASE_URL) {
  console.error('test:services needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); REDIS_URL is optional.');
  process.exit(1);
}
// The server-process suites (crash, two processes, pages) start the built server: build it when it is missing or stale.
ensureBuild();
const result = spawnSync(binPath('vitest'), ['run', '--project', 'services*', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: childEnv({ NODE_ENV: 'test' }),
});
process.exit(result.status ?? 1);
