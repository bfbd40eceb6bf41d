/**
 * The rural section in a real browser on all three hosts: the 裕农朋友圈 home tab shows the
 * rural home in place (no frame, no CSP violation), then a reader goes home → prices → asks an expert →
 * posts and likes on 农友说.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandReady, loginByApi, signIn } from './interactionSupport.ts';

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy|content-security-policy/i.test(msg.text())) found.push(`console: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  return async () => [...found, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test('the 裕农朋友圈 home tab shows the rural home in place, without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/shancheng/home/yu-nong');
  expect(res?.status()).toBe(200);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '裕农服务' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: /今日行情/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /专家问答/ })).toBeVisible();
  // One page, one tab bar: the rural home is not a page inside the page.
  await expect(page.locator('[data-rural-home]')).toHaveCount(1);
  // Spec 9: the top stories are the shared banner carousel (autoplay 5000 ms, dots with more than one).
  const banner = page.locator('[data-rural-home] sc-banner');
  await expect(banner).toHaveAttribute('aria-roledescription', 'carousel');
  const count = Number(await banner.getAttribute('data-count'));
  expect(count).toBeGreaterThan(1);
  await expect(banner.locator('.dot')).toHaveCount(count);
  expect(await banner.locator('a').first().getAttribute('href')).toMatch(/^\/shancheng\/(NewsDetail|NewsVideoDetail|VideoDetail)\?classId=\d+/);
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await violations()).toEqual([]);
});

test('home → prices → ask an expert → farmer talk', async ({ page, context }) => {
  const reader = await loginByApi(page.request);
  await signIn(context, reader);
  const stamp = `${test.info().project.name}-${Date.now().toString(36)}`;

  await page.goto('/shancheng/home/yu-nong');
  const services = page.getByRole('navigation', { name: '裕农服务' });

  // Prices: ≥ 15 products, a trend line each, another market has other prices.
  await services.getByRole('link', { name: '农产品行情' }).click();
  await expect(page).toHaveURL(/\/yu-nong\/markPage/);
  const rows = page.locator('table tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(15);
  await expect(rows.first().locator('svg polyline')).toHaveCount(1);
  const firstPrice = await rows.first().locator('td').first().innerText();
  const second = page.getByRole('navigation', { name: '市场' }).getByRole('link').nth(1);
  await second.click();
  await expect(page.getByRole('navigation', { name: '市场' }).getByRole('link').nth(1)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('table tbody tr').first().locator('td').first()).not.toHaveText(firstPrice);

  // Ask an expert.
  await page.goto('/shancheng/home/yu-nong');
  await services.getByRole('link', { name: '乡村帮帮' }).click();
  await expect(page).toHaveURL(/\/yu-nong\/country-bangbang/);
  await expect(page.getByRole('heading', { name: '农技专家在线' })).toBeVisible();
  const ask = page.getByRole('region', { name: '向专家提问' });
  await islandReady(page, ask.getByRole('button', { name: '提交问题' }));
  const question = `柑橘树叶子卷起来发黄是什么原因（${stamp}）`;
  await ask.getByRole('textbox', { name: '问题内容' }).fill(question);
  await ask.getByText('果树', { exact: true }).click();
  await ask.getByRole('textbox', { name: '所在区县' }).fill('奉节');
  await ask.getByRole('button', { name: '提交问题' }).click();
  await expect(ask.getByRole('status')).toContainText('提问成功');
  await ask.getByRole('link', { name: '查看我的问题 ›' }).click();
  await expect(page.getByText(question)).toBeVisible();

  // Farmer talk: post, then like someone else's post.
  await page.goto('/shancheng/yu-nong/home');
  await page.getByRole('navigation', { name: '裕农服务' }).getByRole('link', { name: '农友说' }).click();
  await expect(page).toHaveURL(/\/yu-nong\/farmer-talk/);
  const composer = page.getByRole('form', { name: '发布农友说' });
  await islandReady(page, composer.getByRole('button', { name: '发布' }));
  const text = `今天把最后一茬白菜收完了，准备种豌豆（${stamp}）`;
  await composer.getByRole('textbox', { name: '说说你的农事' }).fill(text);
  await composer.getByRole('button', { name: '发布' }).click();
  await expect(page.locator('article').first()).toContainText(text);
  const other = page
    .locator('article')
    .filter({ hasNotText: stamp })
    .nth(test.info().project.name === 'browser' ? 3 : test.info().project.name === 'app-webview' ? 4 : 5);
  const like = other.getByRole('button', { name: /^点赞/ });
  await like.click();
  await expect(other.getByRole('button', { name: /^取消点赞/ })).toHaveAttribute('aria-pressed', 'true');
});

test("an expert's name under an answer stays on one line beside a long title and office", async ({ page }) => {
  // 陈永富 answers 农机 questions as 农机推广研究员 · 重庆市农业机械化技术推广总站: the longest line of the demo data.
  await page.goto(`/shancheng/yu-nong/country-bangbang?tag=${encodeURIComponent('农机')}`);
  const names = page.locator('.answer .expert strong');
  await expect(names.first()).toBeVisible();
  const broken = await names.evaluateAll((els) =>
    els.filter((el) => el.getBoundingClientRect().height > parseFloat(getComputedStyle(el).fontSize) * 1.8).map((el) => el.textContent),
  );
  expect(broken).toEqual([]);
});

test('the 信用村 band: its title starts where its text does', async ({ page }) => {
  await page.goto('/shancheng/yu-nong/credit');
  // Where the first character is drawn (a box's padding would hide an indent from boundingBox).
  const textX = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getClientRects()[0]!.x;
  };
  const title = await page.getByRole('heading', { name: /守信用就是/ }).evaluate(textX);
  const text = await page.getByText(/孝老爱亲、环境整治/).evaluate(textX);
  expect(title).toBe(text);
});
