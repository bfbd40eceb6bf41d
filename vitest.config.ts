import { defineConfig } from 'vitest/config';

// 'unit' runs everything on the embedded database; 'services' runs the suites that touch the database
// (repositories and the API) again on PostgreSQL/Redis when DATABASE_URL / REDIS_URL are set.
//
// Each comes as two projects (`--project 'unit*'` takes both): most files share one module graph per worker
// (`isolate: false`: importing the app again for every file was about 30 % of the API suites' time), while the
// files below keep a fresh one each, because they change what outlives a file — mocks and spies, the environment,
// fake timers, globals, process listeners — or start servers whose hooks must not share a worker's imports.
// A new file that does any of that goes on this list.
export const ISOLATED = [
  'src/client/api.test.ts',
  'src/client/apiClient.test.ts',
  'src/client/socket.test.ts',
  'src/features/video/preroll.test.ts',
  'src/newsroom/pages/publish/pictureUpload.test.ts',
  'src/sections/detail/longPressSave.test.ts',
  'src/server/realtime/RealtimeHub.test.ts',
  'src/stores/host.test.ts',
  'src/stores/toast.test.ts',
  'tests/api/accounts-captcha.test.ts',
  'tests/api/accounts-lock.test.ts',
  'tests/api/accounts-messenger.test.ts',
  'tests/api/accounts.test.ts',
  'tests/api/share.test.ts',
  'tests/api/wires.test.ts',
  'tests/security/abuse.test.ts',
  'tests/security/contractFuzz.test.ts',
  'tests/security/transport.test.ts',
  'tests/security/wires.test.ts',
  'tests/server/findChromium.test.ts',
  'tests/server/realtime.test.ts',
  'tests/server/settingsStart.test.ts',
  'tests/services/crash.test.ts',
  'tests/services/mallCrash.test.ts',
  'tests/services/rateLimitRedis.test.ts',
  'tests/services/realtime-redis.test.ts',
  'tests/services/twoProcesses.test.ts',
];

const UNIT = ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/budgets/**/*.test.ts'];
const SERVICES = ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/services/**/*.test.ts'];

/** The listed files under one of the folders `include` names (each glob is a folder, then all its test files). */
function isolatedAmong(include: string[]): string[] {
  const folders = include.map((glob) => glob.slice(0, glob.indexOf('/**')));
  return ISOLATED.filter((file) => folders.some((folder) => file.startsWith(`${folder}/`)));
}

/** The shared-graph project `name` over `include`, and `name:isolated` over the listed files among them. */
function projectPair(name: string, include: string[]) {
  return [
    { extends: true, test: { name, include, exclude: ISOLATED, isolate: false } },
    { extends: true, test: { name: `${name}:isolated`, include: isolatedAmong(include) } },
  ];
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Two workers even on a 2-core machine (vitest's default there is one): a suite spends much of its time
    // waiting on PGlite, PostgreSQL or a child server process, so the second core would sit idle.
    maxWorkers: 2,
    // Suites that start a real server seed every area on a cold start (tests/support/serverProcess.ts).
    hookTimeout: 180_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    globalSetup: ['tests/support/globalSetup.ts'],
    projects: [...projectPair('unit', UNIT), ...projectPair('services', SERVICES)],
  },
});
