/** Settings the browser tests' servers run with (playwright.config.ts), for the specs that check them. */

/** APP_DOWNLOAD_URL: the app's download page; no request leaves the machine, tests/e2e/openApp.browser.spec.ts answers it. */
export const APP_DOWNLOAD_TEST_URL = 'https://download.shancheng.example/app';
