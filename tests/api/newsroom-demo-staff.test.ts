/**
 * The development-only list of demo staff (README "Demo staff accounts"): its code signs in, and again right
 * after — a sign-in earlier in the same 30 s step has spent the current code, so the list gives the next
 * step's, which the server's ±1 step window accepts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStaff } from '../../src/server/staff/demoStaff.ts';
import { suiteApp } from '../support/testApp.ts';
import { consoleCall, sessionCookieOf } from '../support/testStaff.ts';

const t = suiteApp();

// As a development server starts (main.ts).
beforeAll(async () => {
  await seedDemoStaff(t.database);
});

interface DemoStaff {
  account: string;
  password: string;
  code: string;
}

async function signInAsListed(account: string) {
  const list = await consoleCall<DemoStaff[]>(t, 'GET', '/dev/demo-staff');
  const who = list.data.find((d) => d.account === account)!;
  const first = await consoleCall<{ challenge: string }>(t, 'POST', '/signin/password', { account: who.account, password: who.password });
  expect(first.statusCode, first.message).toBe(200);
  return consoleCall(t, 'POST', '/signin/code', { challenge: first.data.challenge, code: who.code });
}

describe('the demo staff list', () => {
  it('gives a code that signs in, and a fresh one for a second sign-in in the same step', async () => {
    const once = await signInAsListed('demo-editor');
    expect(once.statusCode, once.message).toBe(200);
    expect(sessionCookieOf(once.res)).not.toBeNull();
    const twice = await signInAsListed('demo-editor');
    expect(twice.statusCode, twice.message).toBe(200);
    expect(sessionCookieOf(twice.res)).not.toBeNull();
  });
});
