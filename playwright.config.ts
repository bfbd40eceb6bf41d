import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// Debian's Chromium (CHROMIUM_PATH is set by scripts/test.ts); Playwright never downloads a browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4399);
// `npm test` passes a folder it removes after the run (E2E_DATA_DIR); a direct `npx playwright test` uses one per process.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shancheng-e2e-${process.pid}`);

const phone = {
  ...devices['iPhone 13'],
  browserName: 'chromium' as const,
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  launchOptions: {
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  workers: 1,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${PORT}`, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' },
  projects: [
    { name: 'browser', use: { ...phone }, testMatch: /.*\.(all|browser)\.spec\.ts/ },
    {
      name: 'app-webview',
      use: { ...phone, userAgent: `${devices['iPhone 13'].userAgent} ShanchengApp/7.1.0` },
      testMatch: /.*\.(all|app)\.spec\.ts/,
    },
    {
      name: 'messenger',
      use: { ...phone, userAgent: `${devices['iPhone 13'].userAgent} MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN` },
      testMatch: /.*\.(all|messenger)\.spec\.ts/,
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  },
});
