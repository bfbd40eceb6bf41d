import { expect, test, type Page } from '@playwright/test';

/**
 * The Content-Security-Policy (docs/security.md; ADR 009) must not break any page: every script and style the
 * pages use is hashed or same-origin. Each page is loaded, scrolled (islands hydrate client:visible) and
 * left to settle; any `securitypolicyviolation` event or CSP console message fails the test.
 */
const PAGES = [
  ['home', '/shancheng/home/1'],
  ['column', '/shancheng/columns?columnId=101'],
  // Article 1 carries a sanitised style attribute and an external link (src/server/db/seed/detailSeed.ts).
  ['article', '/shancheng/NewsDetail?classId=101&newsId=1'],
  ['live detail', '/shancheng/LiveDetail?classId=601&newsId=309'],
  ['login', '/shancheng/LoginPage'],
  ['comments', '/shancheng/CommentPage?classId=101&newsId=1'],
] as const;

async function violations(page: Page, url: string): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy|content-security-policy/i.test(msg.text())) found.push(`console: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(200);
  // The policy arrives as a header, with frame-ancestors (a <meta> could not carry it).
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 4000);
  // networkidle: no request for 500 ms after what the scroll started (lazy pictures, the next page).
  await page.waitForLoadState('networkidle');
  found.push(...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)));
  return found;
}

for (const [name, url] of PAGES) {
  test(`the ${name} page runs without a CSP violation`, async ({ page }) => {
    expect(await violations(page, url)).toEqual([]);
  });
}

test('an injected inline script is blocked (the policy is in force)', async ({ page }) => {
  await page.goto('/shancheng/home/1');
  const ran = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const w = window as unknown as { __injected?: boolean };
        document.addEventListener('securitypolicyviolation', () => resolve(w.__injected === true), { once: true });
        const s = document.createElement('script');
        s.textContent = 'window.__injected = true';
        document.body.append(s);
        setTimeout(() => resolve(w.__injected === true), 1000);
      }),
  );
  expect(ran).toBe(false);
});
