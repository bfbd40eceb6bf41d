/**
 * Readers for API suites: a user row and a live Bearer token, made through the accounts repo (the same
 * rows a real login writes), so suites need no SMS round trip.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { insertTokenRepo } from '../../src/server/tokens/repo.ts';
import { newOpaqueToken, sha256Hex } from '../../src/server/tokens/secrets.ts';
import type { Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/accounts.ts';

export interface TestUser {
  userId: number;
  nickname: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.request`. */
  headers: Record<string, string>;
}

let serial = 0;

export interface TestUserOptions {
  nickname?: string;
  /**
   * How long ago the account was created. Defaults to 48 h: an established reader, so suites about
   * other rules are not held by the new-account caps (security.md C2: <24 h → 30 s interval, 3 threads
   * and 10 replies on the first day). Pass 0 to test those caps.
   */
  ageHours?: number;
}

/** Creates a user (unique phone and nickname) with one token valid for a day. */
export async function createTestUser(database: Database, options: string | TestUserOptions = {}): Promise<TestUser> {
  const opts = typeof options === 'string' ? { nickname: options } : options;
  serial += 1;
  const name = opts.nickname ?? `读者${serial}`;
  const createdAt = new Date(Date.now() - (opts.ageHours ?? 48) * 3600_000);
  const phone = `139${String(process.pid % 10000).padStart(4, '0')}${String(serial).padStart(4, '0')}`;
  const token = newOpaqueToken();
  const now = new Date();
  const userId = await database.write(async (tx) => {
    const user = await createUserRepo(tx, { phone, nickname: name });
    await tx.update(users).set({ createdAt }).where(eq(users.id, user.id));
    await insertTokenRepo(tx, {
      userId: user.id,
      family: randomUUID(),
      tokenHash: sha256Hex(token),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 24 * 3600_000),
    });
    return user.id;
  });
  return { userId, nickname: name, token, headers: { authorization: `Bearer ${token}` } };
}

/** Creates `count` users in parallel-safe sequence. */
export async function createTestUsers(database: Database, count: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < count; i++) out.push(await createTestUser(database));
  return out;
}
