import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { APP_DOWNLOAD_TEST_URL } from './tests/support/e2eSettings.ts';

// Debian's Chromium (CHROMIUM_PATH is set by scripts/test.ts); Playwright never downloads a browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4399);
// `npm test` passes a folder it removes after the run (E2E_DATA_DIR); a direct `npx playwright test` uses one per process.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shancheng-e2e-${process.pid}`);
// Isolated data per worker: worker i talks to its own server on PORT + i with its own database and media
// (DATA_DIR/<i>), so two workers never see each other's likes, comments or sign-ins. `npm test` runs two
// (E2E_WORKERS=2); a direct `npx playwright test` runs one unless asked. Playwright loads this file again in
// each worker with TEST_PARALLEL_INDEX set, which picks the worker's server.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const serverPort = (index: number) => PORT + index;
// `npm test` seeds the demo once for the run (tests/support/seedSnapshot.ts): each server starts on a copy of
// that data folder instead of seeding every area itself. Without it a server seeds on its cold start.
const seedDir = process.env.E2E_SEED_DIR;
const workerPort = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

const phone = {
  ...devices['iPhone 13'],
  browserName: 'chromium' as const,
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  launchOptions: {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  workers: WORKERS,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${workerPort}`, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' },
  // Suffixes: .all runs on the three hosts, .browser/.app/.messenger on one, .tabbar on the two with a tab bar.
  projects: [
    { name: 'browser', use: { ...phone }, testMatch: /.*\.(all|browser|tabbar)\.spec\.ts/ },
    {
      name: 'app-webview',
      use: { ...phone, userAgent: `${devices['iPhone 13'].userAgent} ShanchengApp/7.1.0` },
      testMatch: /.*\.(all|app)\.spec\.ts/,
    },
    {
      name: 'messenger',
      use: { ...phone, userAgent: `${devices['iPhone 13'].userAgent} MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN` },
      testMatch: /.*\.(all|messenger|tabbar)\.spec\.ts/,
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const serverData = path.join(dataDir, String(index));
    return {
      command: `rm -rf ${serverData} && ${seedDir ? `mkdir -p ${dataDir} && cp -R ${seedDir} ${serverData} && ` : ''}node src/server/main.ts`,
      url: `http://127.0.0.1:${serverPort(index)}/readyz`,
      // Two servers seed the demo side by side on a 2-core machine.
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        PORT: String(serverPort(index)),
        HOST: '127.0.0.1',
        DATA_DIR: serverData,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        APP_DOWNLOAD_URL: APP_DOWNLOAD_TEST_URL,
        // The wires' browser test serves its feeds on 127.0.0.1 (honoured only with NODE_ENV=test).
        WIRES_TEST_PRIVATE_HOSTS: '1',
      },
    };
  }),
});
