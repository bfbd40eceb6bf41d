/**
 * The newsroom console from the browser tests: the demo staff (the development-only demo-staff endpoint gives each
 * one's password and current code), signing one in at /newsroom/, axe's WCAG 2.1 AA report on a console page, and
 * approving held comments (docs/adr/018-one-review-model.md): news comments are reviewed before publication, so a test
 * that needs a reader's comment public approves it as the demo moderator would in the console. That moderator signs
 * in once per worker (each worker has its own server).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const CONSOLE = '/newsroom/api';
const WRITE = { 'content-type': 'application/json', 'x-newsroom': '1' };

export interface DemoStaff {
  account: string;
  name: string;
  password: string;
  code: string;
  /** The code of the next 30 s step: a code works once, and another test may have spent the current one. */
  next: string;
  /** How long until `code` is taken (0 but for a third sign-in of one person within one 30 s step). */
  validInMs?: number;
}

/** A demo staff member of this worker's server, by account (demo-admin, demo-editor, demo-moderator, …). */
export async function demoStaff(request: APIRequestContext, account: string): Promise<DemoStaff> {
  const body = (await (await request.get(`${CONSOLE}/dev/demo-staff`)).json()) as { data: DemoStaff[] };
  const person = body.data.find((d) => d.account === account);
  if (!person) throw new Error(`no demo account ${account}`);
  return person;
}

/**
 * Signs a staff member in at /newsroom/ with password and code, and waits for 工作台. When the code was spent
 * already (another test signed the same person in within its 30 s step), the next one.
 */
export async function signInStaff(page: Page, person: { account: string; password: string; code: string; next?: string }): Promise<void> {
  await page.goto('/newsroom/');
  await page.getByRole('textbox', { name: '账号' }).fill(person.account);
  await page.getByRole('textbox', { name: '密码' }).fill(person.password);
  await page.getByRole('button', { name: '下一步' }).click();
  const code = page.getByRole('textbox', { name: '动态验证码' });
  await code.fill(person.code);
  await page.getByRole('button', { name: '登录' }).click();
  const home = page.getByRole('heading', { name: '工作台' });
  if (person.next !== undefined) {
    await expect(home.or(page.getByRole('alert'))).toBeVisible();
    if (!(await home.isVisible())) {
      await code.fill(person.next);
      await page.getByRole('button', { name: '登录' }).click();
    }
  }
  await expect(home).toBeVisible();
}

/** A demo staff member signed in on `page`; answers who. */
export async function signInDemo(page: Page, request: APIRequestContext, account: string): Promise<DemoStaff> {
  let person = await demoStaff(request, account);
  if (person.validInMs) {
    // Both codes of this step are spent: wait for the step the offered code belongs to (no refused code, which
    // would count towards the account's lock), with the wait added to the test's time.
    test.info().setTimeout(test.info().timeout + person.validInMs + 5_000);
    await page.waitForTimeout(person.validInMs + 300);
    person = await demoStaff(request, account);
  }
  await signInStaff(page, person);
  return person;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 AA violations on the page, one line each. `settle` first waits for the network to go quiet
 * (a page still loading its lists); a desk that polls passes false. The spec needs `test.use({ bypassCSP: true })`:
 * axe is injected as a script of its own, which the console's CSP (own scripts only) refuses.
 */
export async function axeReport(page: Page, options: { settle?: boolean } = {}): Promise<string[]> {
  if (options.settle ?? true) await page.waitForLoadState('networkidle');
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')}`);
  });
}

let session: { cookie: string; csrf: string } | null = null;

async function signInModerator(request: APIRequestContext): Promise<{ cookie: string; csrf: string }> {
  const moderator = await demoStaff(request, 'demo-moderator');
  const first = await request.post(`${CONSOLE}/signin/password`, { headers: WRITE, data: { account: moderator.account, password: moderator.password } });
  const { data } = (await first.json()) as { data: { challenge: string } };
  // The current code, or the next one if the current was already used.
  for (const code of [moderator.code, moderator.next]) {
    const second = await request.post(`${CONSOLE}/signin/code`, { headers: WRITE, data: { challenge: data.challenge, code } });
    const body = (await second.json()) as { statusCode: number; data: { csrfToken: string } };
    const cookie = /nr_session=[^;]*/.exec(second.headers()['set-cookie'] ?? '')?.[0];
    if (body.statusCode === 200 && cookie) return { cookie, csrf: body.data.csrfToken };
  }
  throw new Error('the demo moderator could not sign in');
}

/** Approves every held comment whose text contains `text` (its last 20 characters, where a test puts what is unique); answers how many. */
export async function approveHeldComments(request: APIRequestContext, text: string): Promise<number> {
  session ??= await signInModerator(request);
  const word = text.slice(-20);
  const queue = await request.get(`${CONSOLE}/moderation/queue?tab=pending&word=${encodeURIComponent(word)}`, { headers: { cookie: session.cookie } });
  const { data } = (await queue.json()) as { data: { items: { kind: string; itemId: number }[] } };
  const held = data.items.filter((i) => i.kind === 'comment');
  for (const item of held) {
    const res = await request.post(`${CONSOLE}/moderation/decide`, {
      headers: { ...WRITE, cookie: session.cookie, 'x-csrf-token': session.csrf },
      data: { kind: item.kind, itemId: item.itemId, action: 'approve' },
    });
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
  }
  return held.length;
}
