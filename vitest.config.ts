import { defineConfig } from 'vitest/config';

// 'unit' runs everything on the embedded database; 'services' runs the suites that touch the database
// (repositories and the API) again on PostgreSQL/Redis when DATABASE_URL / REDIS_URL are set.
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/budgets/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'services',
          include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/services/**/*.test.ts'],
        },
      },
    ],
  },
});
