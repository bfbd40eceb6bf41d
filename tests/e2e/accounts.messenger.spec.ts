/** Messenger login in the messenger's browser (ADR 008; spec 4 auth code flow): authorise, bind a phone, log in. */
import { expect, test, type Page } from '@playwright/test';

let phoneSeq = Math.floor(Date.now() / 1000) % 10_000_000;
const nextPhone = (): string => `135${String(++phoneSeq).padStart(8, '0')}`;

async function slide(page: Page): Promise<void> {
  // A drag that starts before the form island hydrates does nothing, as for a reader.
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  const handle = page.getByRole('slider', { name: '滑块' });
  const track = page.getByLabel('滑动验证');
  const h = (await handle.boundingBox())!;
  const t = (await track.boundingBox())!;
  const y0 = h.y + h.height / 2;
  await page.mouse.move(h.x + h.width / 2, y0);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    const p = i / 30;
    await page.mouse.move(h.x + h.width / 2 + (t.width - h.width + 6) * (1 - (1 - p) ** 3), y0 + Math.sin(i) * 2);
    await page.waitForTimeout(10 + ((i * 7) % 15));
  }
  await page.mouse.up();
  await expect(page.getByText('已经滑动验证过，如有问题请刷新页面！')).toBeVisible();
}

async function authorise(page: Page, nickname: string): Promise<void> {
  await page.goto(`/shancheng/LoginPage?mastLogin=true&redirect=${encodeURIComponent('/shancheng/home/13')}`);
  // The entry is an island hydrated after load: wait for it, as the other account specs do.
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '微信登录' }).click();
  await expect(page).toHaveURL(/\/api\/dev\/oauth\/authorize/);
  await page.getByLabel('微信昵称').fill(nickname);
  await page.getByRole('button', { name: '允许' }).click();
}

test('an unbound messenger user binds a phone, then logs in by messenger alone', async ({ page }) => {
  const nickname = `微信读者${phoneSeq}`;
  await authorise(page, nickname);
  await expect(page).toHaveURL(/\/shancheng\/BindPhone\?redirect=/);
  // The single-use code never stays in the address (security.md C24).
  expect(page.url()).not.toContain('code=');
  const phone = nextPhone();
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('手机号').fill(phone);
  await slide(page);
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  const outbox = (await (await page.request.get(`/api/dev/outbox?phone=${phone}`)).json()) as { data: Array<{ text: string }> };
  await page.getByLabel('验证码第 1 位').fill(/验证码 (\d{6})/.exec(outbox.data[0]!.text)![1]!);
  await page.screenshot({ path: 'test-results/accounts-bind-phone.png' });
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/13$/);
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  expect(userId).toBeTruthy();

  // Log out locally, then the same messenger user comes back: bound, so straight in.
  await page.evaluate(() => ['token', 'tokenType', 'userId', 'syPhone', 'unionId'].forEach((k) => localStorage.removeItem(k)));
  await authorise(page, nickname);
  await expect(page).toHaveURL(/\/shancheng\/home\/13$/);
  expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(userId);
});
