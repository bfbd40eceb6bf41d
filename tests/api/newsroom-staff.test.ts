/**
 * The newsroom's staff accounts (ADR 017): invitation by one-time link, enrolment with a QR
 * code shown once, sign-in with password then TOTP, sessions the person sees and ends, and the admin's
 * staff page (role changes, disabling, second-factor resets) — each action one audit row.
 */
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff, enrolWithLink, signIn, STAFF_PASSWORD } from '../support/testStaff.ts';

const t = suiteApp({ seed: false });

describe('signing in', () => {
  it('an invited person enrols once, signs in with both factors and sees who they are', async () => {
    const admin = await createTestStaff(t, 'admin', { name: '管理员甲' });
    const me = await consoleCall<{ signedIn: boolean; name: string; roleLabel: string; permissions: string[] }>(t, 'GET', '/session', undefined, {
      cookie: admin.cookie,
    });
    expect(me.statusCode).toBe(200);
    expect(me.data).toMatchObject({ signedIn: true, name: '管理员甲', roleLabel: '管理员' });
    expect(me.data.permissions).toContain('staff.manage');
    expect(me.res.headers.get('cache-control')).toBe('no-store');
  });

  it('the enrolment QR code is shown once; the link works once', async () => {
    const admin = await createTestStaff(t, 'admin');
    const invited = await consoleCall<{ link: string }>(t, 'POST', '/staff/invite', { account: 'wang.editor', name: '王编辑', role: 'editor' }, admin.headers);
    expect(invited.statusCode).toBe(200);
    const token = invited.data.link.split('#')[1]!;
    const first = await consoleCall<{ qr: string; secret: string }>(t, 'POST', '/enrol/start', { token });
    expect(first.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const again = await consoleCall(t, 'POST', '/enrol/start', { token });
    expect(again.message).toBe('二维码只显示一次，已显示过；请联系管理员重新发送链接');
    const fresh = await consoleCall<{ link: string }>(
      t,
      'POST',
      '/staff/reset-factor',
      { id: (await staffId(admin.headers, 'wang.editor'))!, reason: '重新发送开通链接' },
      admin.headers,
    );
    const enrolled = await enrolWithLink(t, fresh.data.link.split('#')[1]!);
    const signedIn = await signIn(t, { account: 'wang.editor', secret: enrolled.secret, lastStep: enrolled.step });
    expect(signedIn.cookie).toMatch(/^nr_session=/);
    const reuse = await consoleCall(t, 'POST', '/enrol/start', { token: fresh.data.link.split('#')[1]! });
    expect(reuse.message).toBe('链接无效或已过期，请联系管理员重新发送');
  });

  it('a wrong password and an unknown account get the same answer', async () => {
    const admin = await createTestStaff(t, 'admin');
    const wrong = await consoleCall(t, 'POST', '/signin/password', { account: admin.account, password: 'not-the-password-at-all' });
    const unknown = await consoleCall(t, 'POST', '/signin/password', { account: 'nobody-here', password: STAFF_PASSWORD });
    expect(wrong.message).toBe('账号或密码错误');
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.statusCode).toBe(wrong.statusCode);
  });

  async function staffId(headers: Record<string, string>, account: string): Promise<number | undefined> {
    const list = await consoleCall<{ staff: { id: number; account: string }[] }>(t, 'GET', '/staff', undefined, headers);
    return list.data.staff.find((s) => s.account === account)?.id;
  }
});

describe('production', () => {
  it('has no development endpoints (the demo staff list and codes are absent)', async () => {
    const { createApiApp } = await import('../../src/server/app/createApiApp.ts');
    const { readConfig } = await import('../../src/settings/serverConfig.ts');
    const { createLogger } = await import('../../src/server/log.ts');
    const prod = createApiApp({ database: t.database, log: createLogger('silent'), config: readConfig({ NODE_ENV: 'production' }), mediaDir: t.mediaDir });
    const res = await prod.console.app.request('/newsroom/api/dev/demo-staff');
    expect(res.status).toBe(404);
    expect(prod.console.endpoints.some((e) => e.path.startsWith('/dev/'))).toBe(false);
  });
});
