/**
 * The permission matrix (ADR 017), generated from the one permission table
 * (src/server/staff/permissions.ts) and the console's registered endpoints: every role against every
 * console endpoint — refused with 403 无权操作 exactly when the role lacks the endpoint's permission.
 * Empty input is sent: an allowed call then answers its data or a Chinese 400, never 403.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES, type Role } from '../../src/server/staff/permissions.ts';
import { suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp({ seed: false });
const people = new Map<Role, TestStaff>();

beforeAll(async () => {
  for (const role of ROLES) people.set(role, await createTestStaff(t, role));
});

describe('every role against every console endpoint', () => {
  it('the console declares endpoints, each with a permission or signed-out on purpose', () => {
    const guarded = t.console.endpoints.filter((e) => e.permission !== null);
    expect(guarded.length).toBeGreaterThan(5);
    // Signed-out endpoints are only the sign-in, enrolment and session-state ones (and development helpers).
    const open = t.console.endpoints.filter((e) => e.permission === null).map((e) => e.path);
    expect(open.every((p) => /^\/(session|signin\/|enrol\/|dev\/)/.test(p))).toBe(true);
  });

  for (const role of ROLES) {
    it(`${role}: allowed exactly what ROLE_PERMISSIONS grants`, async () => {
      const person = people.get(role)!;
      // Signing out ends the session the rest of the row uses: it goes last.
      const endpoints = t.console.endpoints.filter((e) => e.permission !== null).sort((a, b) => Number(a.path === '/signout') - Number(b.path === '/signout'));
      const outcomes: string[] = [];
      for (const e of endpoints) {
        const { res, statusCode, message } = await consoleCall(t, e.method, e.path, {}, person.headers);
        const allowed = ROLE_PERMISSIONS[role].includes(e.permission!);
        const refused = res.status === 403 && statusCode === 403;
        outcomes.push(`${e.method} ${e.path} ${allowed ? 'allowed' : 'refused'}: ${res.status} ${statusCode} ${message}`);
        expect(refused, outcomes.at(-1)).toBe(!allowed);
        if (allowed) expect([200, 400], outcomes.at(-1)).toContain(res.status);
        if (!allowed) expect(message).toBe('无权操作');
      }
    });
  }
});
