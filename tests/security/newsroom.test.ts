/**
 * Attacks on the newsroom's staff side (ADR 017; docs/security.md "Newsroom
 * staff"): password guessing meets a lock that says nothing about whether the account exists; a TOTP code
 * works once; a session id planted before sign-in is never adopted; every write needs the session's CSRF
 * token and our own Origin; an editor cannot make itself admin; the audit trail cannot be changed; a
 * reader's token opens nothing in the console and a staff cookie nothing in the reader API.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../support/testUsers.ts';
import { suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff, nextCode, sessionCookieOf, signIn, STAFF_PASSWORD } from '../support/testStaff.ts';

const t = suiteApp({ seed: false });

/** PGlite answers `{ rows }`, postgres-js an array of rows. */
const rowsOf = <R>(result: unknown): R[] => (Array.isArray(result) ? (result as R[]) : ((result as { rows: R[] }).rows ?? []));

describe('password guessing', () => {
  it('five failures lock the account: even the right password is refused, with the same words for an unknown account', async () => {
    const person = await createTestStaff(t, 'moderator');
    for (let i = 0; i < 5; i++) {
      const wrong = await consoleCall(t, 'POST', '/signin/password', { account: person.account, password: `guess-number-${i}-xx` });
      expect(wrong.message).toBe('账号或密码错误');
    }
    const right = await consoleCall(t, 'POST', '/signin/password', { account: person.account, password: STAFF_PASSWORD });
    expect(right.message).toBe('登录失败次数过多，账号已暂时锁定，请 15 分钟后再试');
    for (let i = 0; i < 5; i++) await consoleCall(t, 'POST', '/signin/password', { account: 'no-such-person', password: `guess-number-${i}-xx` });
    const ghost = await consoleCall(t, 'POST', '/signin/password', { account: 'no-such-person', password: STAFF_PASSWORD });
    expect(ghost.message).toBe(right.message);
    expect(ghost.statusCode).toBe(right.statusCode);
  });

  it('wrong second-factor codes count towards the same lock', async () => {
    const person = await createTestStaff(t, 'moderator');
    for (let i = 0; i < 5; i++) {
      const first = await consoleCall<{ challenge: string }>(t, 'POST', '/signin/password', { account: person.account, password: STAFF_PASSWORD });
      const code = await consoleCall(t, 'POST', '/signin/code', {
        challenge: first.data.challenge,
        code: '000000' === nextCode(person.secret, person.lastStep).code ? '111111' : '000000',
      });
      expect(code.message).toBe('动态验证码错误或已使用，请等下一个验证码');
    }
    const locked = await consoleCall(t, 'POST', '/signin/password', { account: person.account, password: STAFF_PASSWORD });
    expect(locked.message).toBe('登录失败次数过多，账号已暂时锁定，请 15 分钟后再试');
  });
});

describe('TOTP replay', () => {
  it('a code that signed in once is refused the second time', async () => {
    const person = await createTestStaff(t, 'editor');
    const used = nextCode(person.secret, person.lastStep - 1); // the very code of the last sign-in
    expect(used.step).toBe(person.lastStep);
    const first = await consoleCall<{ challenge: string }>(t, 'POST', '/signin/password', { account: person.account, password: STAFF_PASSWORD });
    const replay = await consoleCall(t, 'POST', '/signin/code', { challenge: first.data.challenge, code: used.code });
    expect(replay.message).toBe('动态验证码错误或已使用，请等下一个验证码');
    expect(sessionCookieOf(replay.res)).toBeNull();
  });

  it('a challenge is used once: a second code on it is refused', async () => {
    const person = await createTestStaff(t, 'editor');
    const first = await consoleCall<{ challenge: string }>(t, 'POST', '/signin/password', { account: person.account, password: STAFF_PASSWORD });
    const a = nextCode(person.secret, person.lastStep);
    expect((await consoleCall(t, 'POST', '/signin/code', { challenge: first.data.challenge, code: a.code })).statusCode).toBe(200);
    // Whatever code comes next, the spent challenge is refused first.
    const again = await consoleCall(t, 'POST', '/signin/code', { challenge: first.data.challenge, code: '123456' });
    expect(again.message).toBe('登录已超时，请重新输入账号和密码');
  });
});

describe('session fixation', () => {
  it('a session id planted before sign-in is replaced, and grants nothing', async () => {
    const person = await createTestStaff(t, 'admin');
    const planted = 'nr_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const first = await consoleCall<{ challenge: string }>(
      t,
      'POST',
      '/signin/password',
      { account: person.account, password: STAFF_PASSWORD },
      { cookie: planted },
    );
    const { code } = nextCode(person.secret, person.lastStep);
    const second = await consoleCall(t, 'POST', '/signin/code', { challenge: first.data.challenge, code }, { cookie: planted });
    const issued = sessionCookieOf(second.res);
    expect(issued).not.toBeNull();
    expect(issued).not.toBe(planted);
    expect(second.res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(second.res.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(second.res.headers.get('set-cookie')).toMatch(/Path=\/newsroom/);
    const withPlanted = await consoleCall(t, 'GET', '/staff', undefined, { cookie: planted });
    expect(withPlanted.res.status).toBe(401);
  });

  it('an ended session stops working at once', async () => {
    const person = await createTestStaff(t, 'reporter');
    const list = await consoleCall<{ id: number; current: boolean }[]>(t, 'GET', '/sessions', undefined, person.headers);
    const current = list.data.find((s) => s.current)!;
    expect((await consoleCall(t, 'POST', '/sessions/end', { id: current.id }, person.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'GET', '/sessions', undefined, person.headers)).res.status).toBe(401);
  });
});

describe('CSRF on every write', () => {
  it('each console write without the CSRF token, with a wrong one, or from another origin is refused and changes nothing', async () => {
    const admin = await createTestStaff(t, 'admin');
    const writes = t.console.endpoints.filter((e) => e.method === 'POST' && e.permission !== null);
    expect(writes.length).toBeGreaterThan(4);
    for (const e of writes) {
      const none = await consoleCall(t, 'POST', e.path, {}, { cookie: admin.cookie });
      expect([none.res.status, none.message], e.path).toEqual([403, '请求来源无效，请刷新页面后重试']);
      const wrong = await consoleCall(t, 'POST', e.path, {}, { cookie: admin.cookie, 'x-csrf-token': `${admin.csrf}x` });
      expect(wrong.res.status, e.path).toBe(403);
      const foreign = await consoleCall(t, 'POST', e.path, {}, { ...admin.headers, origin: 'https://evil.example' });
      expect(foreign.res.status, e.path).toBe(403);
    }
    // A cross-site form cannot send JSON with our header: a form-encoded post is refused before anything runs.
    const form = await t.console.app.request('/newsroom/api/staff/invite', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=evil&name=x&role=admin',
    });
    expect(form.status).toBe(415);
    const staff = await consoleCall<{ staff: { account: string }[] }>(t, 'GET', '/staff', undefined, admin.headers);
    expect(staff.data.staff.some((s) => s.account === 'evil')).toBe(false);
  });

  it('signed-out writes need the console header (a cross-site form cannot log a browser into our console)', async () => {
    const res = await t.console.app.request('/newsroom/api/signin/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'someone', password: 'whatever-password' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('privilege', () => {
  it('an editor cannot grant itself admin, nor invite an admin', async () => {
    const editor = await createTestStaff(t, 'editor');
    const self = await consoleCall(t, 'POST', '/staff/role', { id: editor.id, role: 'admin', scopes: [], reason: '我要当管理员' }, editor.headers);
    expect([self.res.status, self.message]).toEqual([403, '无权操作']);
    const invite = await consoleCall(t, 'POST', '/staff/invite', { account: 'editors-friend', name: '朋友', role: 'admin' }, editor.headers);
    expect(invite.res.status).toBe(403);
    const me = await consoleCall<{ role: string }>(t, 'GET', '/session', undefined, { cookie: editor.cookie });
    expect(me.data.role).toBe('editor');
  });

  it('an admin cannot change or disable itself (no lock-out of the last admin by accident)', async () => {
    const admin = await createTestStaff(t, 'admin');
    const demote = await consoleCall(t, 'POST', '/staff/role', { id: admin.id, role: 'editor', scopes: [], reason: '试一试' }, admin.headers);
    expect(demote.message).toBe('不能修改自己的角色或停用自己');
  });

  it("a role change ends the person's sessions (new rights from the next sign-in) and is audited with before and after", async () => {
    const admin = await createTestStaff(t, 'admin');
    const editor = await createTestStaff(t, 'editor');
    const changed = await consoleCall(
      t,
      'POST',
      '/staff/role',
      { id: editor.id, role: 'moderator', scopes: ['composition'], reason: '调到作文审核' },
      admin.headers,
    );
    expect(changed.statusCode).toBe(200);
    expect((await consoleCall(t, 'GET', '/sessions', undefined, editor.headers)).res.status).toBe(401);
    const audit = await consoleCall<{ rows: { action: string; before: unknown; after: unknown; reason: string; staffName: string }[] }>(
      t,
      'GET',
      `/audit?itemKind=staff&itemId=${editor.id}`,
      undefined,
      admin.headers,
    );
    expect(audit.data.rows[0]).toMatchObject({
      action: 'staff.role',
      before: { role: 'editor' },
      after: { role: 'moderator', scopes: ['composition'] },
      reason: '调到作文审核',
      staffName: admin.name,
    });
  });
});

describe('the audit trail cannot be changed', () => {
  it('UPDATE, DELETE and TRUNCATE on audit_log are refused by the database', async () => {
    await createTestStaff(t, 'admin'); // its sign-in wrote a row
    const before = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    await expect(t.database.write((tx) => tx.execute(sql`update audit_log set reason = 'tampered'`))).rejects.toThrow();
    await expect(t.database.write((tx) => tx.execute(sql`delete from audit_log`))).rejects.toThrow();
    await expect(t.database.write((tx) => tx.execute(sql`truncate audit_log`))).rejects.toThrow();
    const after = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where reason = 'tampered'`);
    expect(Number(rowsOf<{ n: number }>(after)[0]?.n)).toBe(0);
    expect(Number(rowsOf<{ n: number }>(before)[0]?.n)).toBeGreaterThan(0);
  });

  it('no console endpoint writes to the trail except by appending (none is named for it)', () => {
    expect(t.console.endpoints.filter((e) => e.path.startsWith('/audit') && e.method !== 'GET')).toEqual([]);
  });
});

describe('readers and staff stay apart', () => {
  it('a reader token opens no console endpoint', async () => {
    const reader = await createTestUser(t.database);
    for (const e of t.console.endpoints.filter((x) => x.permission !== null)) {
      const res = await consoleCall(t, e.method, e.path, {}, reader.headers);
      expect([res.res.status, res.statusCode, res.message], e.path).toEqual([401, 301, '请先登录']);
    }
  });

  it('a staff cookie signs nobody in on the reader API', async () => {
    const admin = await createTestStaff(t, 'admin');
    const res = await t.app.request('/v1/user/baseInfo', { headers: { cookie: admin.cookie } });
    const body = (await res.json()) as { statusCode: number };
    expect(body.statusCode).toBe(301);
  });

  it('the console answers are never stored', async () => {
    const admin = await createTestStaff(t, 'admin');
    const res = await consoleCall(t, 'GET', '/staff', undefined, admin.headers);
    expect(res.res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('enrolment links', () => {
  it('a used or unknown link is refused; a password too short or common is refused with nothing written', async () => {
    const admin = await createTestStaff(t, 'admin');
    const invited = await consoleCall<{ link: string }>(t, 'POST', '/staff/invite', { account: 'new.person', name: '新人', role: 'reporter' }, admin.headers);
    const token = invited.data.link.split('#')[1]!;
    const started = await consoleCall<{ secret: string }>(t, 'POST', '/enrol/start', { token });
    const { code } = nextCode(started.data.secret, 0);
    const short = await consoleCall(t, 'POST', '/enrol/finish', { token, password: 'short', code });
    expect(short.message).toBe('密码至少 12 位');
    const common = await consoleCall(t, 'POST', '/enrol/finish', { token, password: 'administrator', code });
    expect(common.message).toBe('密码过于简单，请换一个');
    const unknown = await consoleCall(t, 'POST', '/enrol/start', { token: 'A'.repeat(43) });
    expect(unknown.message).toBe('链接无效或已过期，请联系管理员重新发送');
    // The refused attempts left the person unenrolled: a sign-in is refused like any wrong password.
    const signin = await consoleCall(t, 'POST', '/signin/password', { account: 'new.person', password: 'administrator' });
    expect(signin.message).toBe('账号或密码错误');
    await expect(signIn(t, { account: 'new.person', secret: started.data.secret, lastStep: 0 }, 'administrator')).rejects.toThrow();
  });
});
