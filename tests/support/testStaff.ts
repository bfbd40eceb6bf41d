/**
 * Newsroom staff for API suites (ADR 017): a person invited, enrolled through the one-time link and
 * signed in with both factors, exactly as the console does it; `headers` carry the session cookie and the
 * CSRF token every write needs.
 */
import { currentTotp } from '../../src/server/staff/totp.ts';
import { inviteStaff } from '../../src/server/staff/service.ts';
import type { Role } from '../../src/server/staff/permissions.ts';
import type { TestApp } from './testApp.ts';
import { envelope } from './testApp.ts';

export const CONSOLE = '/newsroom/api';
export const STAFF_PASSWORD = 'night-desk-Password-2026';

export interface TestStaff {
  id: number;
  account: string;
  name: string;
  role: Role;
  secret: string;
  /** The last TOTP step this person used (the next code must be newer). */
  lastStep: number;
  cookie: string;
  csrf: string;
  /** Cookie and CSRF token: a signed-in browser's write. */
  headers: Record<string, string>;
}

const STEP_MS = 30_000;
let serial = 0;
let addresses = 0;

/** A code of `secret` newer than `lastStep` and within the server's ±1 step window; with its step. */
export function nextCode(secret: string, lastStep: number): { code: string; step: number } {
  const current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(current - 1, lastStep + 1);
  if (step > current + 1) throw new Error('no fresh TOTP step left in the window: the test used three codes within 30 s');
  return { code: currentTotp(secret, step * STEP_MS + 1), step };
}

/** Sends a console request; a JSON body for POST. */
export async function consoleCall<T>(t: Pick<TestApp, 'console'>, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await t.console.app.request(`${CONSOLE}${path}`, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json', 'x-newsroom': '1', ...headers } : headers,
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return { res, ...(await envelope<T>(res)) };
}

export function sessionCookieOf(res: Response): string | null {
  const set = res.headers.get('set-cookie') ?? '';
  const m = /nr_session=([^;]*)/.exec(set);
  return m && m[1] ? `nr_session=${m[1]}` : null;
}

/** Enrols a person from a link token (as the enrolment page does) and answers the secret and step used. */
export async function enrolWithLink(t: Pick<TestApp, 'console'>, token: string, password = STAFF_PASSWORD): Promise<{ secret: string; step: number }> {
  const started = await consoleCall<{ secret: string }>(t, 'POST', '/enrol/start', { token });
  if (started.statusCode !== 200) throw new Error(`enrol/start: ${started.message}`);
  // nextCode gives the oldest code the server takes, which stops being taken when the next step begins: close to
  // it, a request slowed by a loaded machine arrives too late and is refused as a wrong code (seen once in a CI
  // run), so wait for that step first. A sign-in has its own retry; an enrolment has none.
  const toNextStep = STEP_MS - (Date.now() % STEP_MS);
  if (toNextStep < 3_000) await new Promise((resolve) => setTimeout(resolve, toNextStep + 50));
  const { code, step } = nextCode(started.data.secret, 0);
  const finished = await consoleCall(t, 'POST', '/enrol/finish', { token, password, code });
  if (finished.statusCode !== 200) throw new Error(`enrol/finish: ${finished.message}`);
  return { secret: started.data.secret, step };
}

/** Signs `person` in with both factors; updates its cookie, CSRF token and last step. */
export async function signIn(
  t: Pick<TestApp, 'console'>,
  person: Pick<TestStaff, 'account' | 'secret' | 'lastStep'>,
  password = STAFF_PASSWORD,
): Promise<{ cookie: string; csrf: string; step: number }> {
  // Each sign-in from its own address: suites sign many people in, and in-process requests share one
  // address that the per-address limit would otherwise stop (tests/security/newsroom.test.ts tests that limit's lock).
  addresses += 1;
  const from = { 'x-forwarded-for': `10.${(addresses >> 8) & 255}.${addresses & 255}.7` };
  const first = await consoleCall<{ challenge: string }>(t, 'POST', '/signin/password', { account: person.account, password }, from);
  if (first.statusCode !== 200) throw new Error(`signin/password: ${first.message}`);
  let { code, step } = nextCode(person.secret, person.lastStep);
  let second = await consoleCall<{ csrfToken: string }>(t, 'POST', '/signin/code', { challenge: first.data.challenge, code });
  if (second.statusCode !== 200 && step + 1 <= Math.floor(Date.now() / STEP_MS) + 1) {
    // Once in a CI run a fresh code was refused (wall clock stepped?): as a person would, the next code on the same
    // challenge (a refused code does not spend it), with what was seen, so a repeat can be told apart.
    console.warn(`signin/code refused step ${step} (now ${Math.floor(Date.now() / STEP_MS)}, last ${person.lastStep}): ${second.message}`);
    ({ code, step } = { code: currentTotp(person.secret, (step + 1) * STEP_MS + 1), step: step + 1 });
    second = await consoleCall<{ csrfToken: string }>(t, 'POST', '/signin/code', { challenge: first.data.challenge, code });
  }
  if (second.statusCode !== 200)
    throw new Error(`signin/code: ${second.message} (step ${step}, now ${Math.floor(Date.now() / STEP_MS)}, last ${person.lastStep})`);
  const cookie = sessionCookieOf(second.res);
  if (!cookie) throw new Error('no session cookie');
  return { cookie, csrf: second.data.csrfToken, step };
}

/** A new person of `role` (scopes for a moderator), enrolled and signed in. */
export async function createTestStaff(
  t: Pick<TestApp, 'console' | 'database'>,
  role: Role,
  options: { scopes?: string[]; name?: string } = {},
): Promise<TestStaff> {
  serial += 1;
  const account = `t${process.pid}-${serial}-${role}`.toLowerCase().slice(0, 32);
  const name = options.name ?? `测试${serial}`;
  const invited = await inviteStaff(t.database, { staffId: null, name: '命令行', ip: '' }, { account, name, role, scopes: options.scopes ?? [] });
  const enrolled = await enrolWithLink(t, invited.token);
  const person = { account, secret: enrolled.secret, lastStep: enrolled.step };
  const session = await signIn(t, person);
  return {
    id: invited.staff.id,
    account,
    name,
    role,
    secret: enrolled.secret,
    lastStep: session.step,
    cookie: session.cookie,
    csrf: session.csrf,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
  };
}
