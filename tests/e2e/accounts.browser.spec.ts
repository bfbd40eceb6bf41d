/** Accounts in a phone browser (ADR 008): code login via the outbox, logout, register, password login, redirect. */
import { expect, test, type Page } from '@playwright/test';

let phoneSeq = Math.floor(Date.now() / 1000) % 10_000_000;
const nextPhone = (): string => `136${String(++phoneSeq).padStart(8, '0')}`;

/** Drags the slider like a person: uneven speed, the finger drifting a little. */
async function slide(page: Page): Promise<void> {
  // A drag that starts before the form island hydrates does nothing, as for a reader.
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  const handle = page.getByRole('slider', { name: '滑块' });
  const track = page.getByLabel('滑动验证');
  const h = (await handle.boundingBox())!;
  const t = (await track.boundingBox())!;
  const y0 = h.y + h.height / 2;
  let x = h.x + h.width / 2;
  await page.mouse.move(x, y0);
  await page.mouse.down();
  const distance = t.width - h.width + 6;
  for (let i = 1; i <= 30; i++) {
    const p = i / 30;
    x = h.x + h.width / 2 + distance * (1 - (1 - p) ** 3);
    await page.mouse.move(x, y0 + Math.sin(i) * 2);
    await page.waitForTimeout(10 + ((i * 7) % 15));
  }
  await page.mouse.up();
  await expect(page.getByText('已经滑动验证过，如有问题请刷新页面！')).toBeVisible();
}

async function codeFromOutbox(page: Page, phone: string): Promise<string> {
  const res = await page.request.get(`/api/dev/outbox?phone=${phone}`);
  const body = (await res.json()) as { data: Array<{ text: string }> };
  const m = /验证码 (\d{6})/.exec(body.data[0]?.text ?? '');
  expect(m, 'a code in the outbox').not.toBeNull();
  return m![1]!;
}

async function sendAndFillCode(page: Page, phone: string, shot?: string): Promise<void> {
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('手机号').fill(phone);
  if (shot) await page.screenshot({ path: shot });
  await slide(page);
  if (shot) await page.screenshot({ path: shot.replace('.png', '-solved.png') });
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await page.getByLabel('验证码第 1 位').fill(await codeFromOutbox(page, phone));
}

/** Opens the mine popup once its island has hydrated (before that, 我的 is a plain link to /LoginPage). */
async function openMine(page: Page): Promise<void> {
  // The popup is a React island or the <sc-mine-popup> custom element; wait until either is live.
  await page.waitForFunction(
    () => customElements.get('sc-mine-popup') !== undefined || document.querySelector('astro-island[component-url*="MinePopup"]:not([ssr])') !== null,
  );
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click();
}

async function logoutFromMine(page: Page): Promise<void> {
  await openMine(page);
  const mine = page.getByRole('dialog', { name: '我的' });
  await expect(mine.getByText('积分', { exact: true })).toBeVisible();
  // Spec 4: logging out clears token, tokenType, userId and syPhone, then reloads.
  const reloaded = page.waitForEvent('load');
  await mine.getByRole('button', { name: '退出登录' }).click();
  await reloaded;
  expect(await page.evaluate(() => ['token', 'tokenType', 'userId', 'syPhone'].map((k) => localStorage.getItem(k)))).toEqual([null, null, null, null]);
  await expect(page.getByRole('dialog', { name: '我的' })).toBeHidden();
}

test('log in by code from the login entry, land back on redirect, see the mine popup, log out', async ({ page }) => {
  const phone = nextPhone();
  await page.goto(`/shancheng/LoginPage?mastLogin=true&redirect=${encodeURIComponent('/shancheng/home/13')}`);
  await expect(page.getByRole('link', { name: '验证码登录' })).toBeVisible();
  await page.screenshot({ path: 'test-results/accounts-login-entry.png' });
  await page.getByRole('link', { name: '验证码登录' }).click();
  await expect(page).toHaveURL(/\/shancheng\/MessageLogin\?redirect=/);
  await expect(page.getByText('中国+86')).toBeVisible();
  await expect(page.getByRole('group', { name: '验证码' }).getByRole('textbox')).toHaveCount(6);
  await sendAndFillCode(page, phone, 'test-results/accounts-slide.png');
  await page.screenshot({ path: 'test-results/accounts-message-login.png' });
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/13$/);
  expect(await page.evaluate(() => localStorage.getItem('tokenType'))).toBe('Bearer');

  await openMine(page);
  const mine = page.getByRole('dialog', { name: '我的' });
  await expect(mine.getByText(`山城网友${phone.slice(-4)}`)).toBeVisible();
  await expect(mine.getByText('Lv1')).toBeVisible();
  await page.screenshot({ path: 'test-results/accounts-mine-logged-in.png', animations: 'disabled' });
  await mine.getByRole('button', { name: '关闭' }).click();

  await logoutFromMine(page);
  await openMine(page);
  const anon = page.getByRole('dialog', { name: '我的' });
  await expect(anon.getByText('未登录')).toBeVisible();
  // Spec 9: the login button is allowed only after 1800 ms without an auth code.
  await expect(anon.getByRole('button', { name: '登录 / 注册' })).toBeDisabled();
  await expect(anon.getByRole('button', { name: '登录 / 注册' })).toBeEnabled({ timeout: 4000 });
  await page.screenshot({ path: 'test-results/accounts-mine-anonymous.png', animations: 'disabled' });
});

test('register with a password, log out, log in by password and land back on redirect', async ({ page }) => {
  const phone = nextPhone();
  const password = '山城夜景 2024';
  await page.goto(`/shancheng/RegisterPage`);
  await sendAndFillCode(page, phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  // Registration needs consent to the user agreement and the privacy policy.
  await page.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }).check();
  await page.screenshot({ path: 'test-results/accounts-register.png' });
  await page.getByRole('button', { name: '注册并登录' }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
  await logoutFromMine(page);

  await page.goto(`/shancheng/PasswordLogin?redirect=${encodeURIComponent('/shancheng/home/13')}`);
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('手机号').fill(`+86 ${phone}`);
  await page.getByLabel('密码', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('手机号或密码错误')).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/13$/);
});

test('an off-site redirect lands on the home channel instead (security.md H62)', async ({ page }) => {
  const phone = nextPhone();
  await page.goto(`/shancheng/MessageLogin?redirect=${encodeURIComponent('//evil.example/x')}`);
  await sendAndFillCode(page, phone);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
});

test('修改密码 asks a logged-out reader to log in first and comes back to send the code to the bound phone', async ({ page }) => {
  await page.goto('/shancheng/ChangeCheckPage');
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  await expect(page.getByText('请先登录，再修改密码')).toBeVisible();
  await expect(page.getByRole('button', { name: '获取验证码' })).toHaveCount(0);
  await page.getByRole('link', { name: '去登录' }).click();
  await expect(page).toHaveURL(/\/shancheng\/LoginPage\?redirect=%2Fshancheng%2FChangeCheckPage$/);

  const phone = nextPhone();
  await page.goto(`/shancheng/MessageLogin?redirect=${encodeURIComponent('/shancheng/ChangeCheckPage')}`);
  await sendAndFillCode(page, phone);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/shancheng\/ChangeCheckPage$/);
  await expect(page.getByText(/^验证码将发送至 /)).toBeVisible();
  await expect(page.getByText('请先登录，再修改密码')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await expect(page.getByRole('button', { name: '下一步' })).toBeVisible();
});

test('a reader who cannot drag passes the slide check with the keyboard alone and logs in by code', async ({ page }) => {
  const phone = nextPhone();
  await page.goto('/shancheng/MessageLogin');
  await page.locator('astro-island[component-url*=".island"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('手机号').fill(phone);
  // The slider says, to a screen reader, how to move it without a drag.
  const handle = page.getByRole('slider', { name: '滑块' });
  await expect(handle).toHaveAccessibleDescription(/按右方向键/);
  await handle.focus();
  // A step back starts again from the left; ten presses of the right arrow, at a person's pace, reach the end.
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuetext', '已移动 10%');
  await page.screenshot({ path: 'test-results/accounts-slide-keys.png' });
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  for (let i = 0; i < 10 && (await handle.count()) > 0; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(90);
  }
  // The result is spoken where the focus lands, and 获取验证码 is next in the tab order.
  const done = page.getByRole('status').filter({ hasText: '已经滑动验证过，如有问题请刷新页面！' });
  await expect(done).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await page.getByLabel('验证码第 1 位').fill(await codeFromOutbox(page, phone));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/shancheng\/home\/1$/);
  expect(await page.evaluate(() => localStorage.getItem('tokenType'))).toBe('Bearer');
});
