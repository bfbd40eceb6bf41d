/**
 * The bench's lite-mode figure (src/lib/liteMode.ts): what a phone downloads to open home and an article —
 * HTML, styles, scripts, pictures, everything fetched until the network is quiet after the load event, the
 * reader not scrolling — once as it is and once with `Save-Data: on`. A 375 × 812 screen at 3× (a common
 * phone, where 2× and 3× renditions matter). Bytes as transferred (compressed), from the browser's own count.
 * The goal: home in lite mode at most 40 % of its normal bytes.
 */
import type { Browser } from '@playwright/test';

export interface LiteRow {
  name: string;
  url: string;
  normal: number;
  lite: number;
}

/** Bytes transferred to open `url` (until the network is quiet), with the extra request headers given. */
async function transferred(browser: Browser, url: string, headers: Record<string, string>): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    extraHTTPHeaders: headers,
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Islands hydrate when the browser is idle after the load event: let them.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    return bytes;
  } finally {
    await context.close();
  }
}

/** Normal and lite bytes of each page. */
export async function measureLite(browser: Browser, origin: string, pages: readonly { name: string; url: string }[]): Promise<LiteRow[]> {
  const rows: LiteRow[] = [];
  for (const p of pages) {
    const normal = await transferred(browser, origin + p.url, {});
    const lite = await transferred(browser, origin + p.url, { 'Save-Data': 'on' });
    rows.push({ ...p, normal, lite });
  }
  return rows;
}

export function liteTable(rows: readonly LiteRow[]): string {
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  return [
    '| page | normal | lite (Save-Data: on) | lite / normal |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} (\`${r.url.replace('/shancheng', '')}\`) | ${kb(r.normal)} | ${kb(r.lite)} | ${r.normal > 0 ? Math.round((100 * r.lite) / r.normal) : 0} % |`,
    ),
  ].join('\n');
}
