/**
 * The demo's staff (README "Demo staff accounts"): one account per role, plus a second moderator and a
 * moderator scoped to 作文, seeded outside production only (src/server/main.ts). Their passwords are not written anywhere:
 * each is derived from a random key this database keeps (server_secrets 'demo-staff'), so no two
 * installations share one, and the development-only endpoint GET /newsroom/api/dev/demo-staff shows
 * them with the current TOTP codes (absent when NODE_ENV=production).
 */
import { createHmac } from 'node:crypto';
import { getOrCreateSecretRepo } from '../tokens/repo.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { newSecret } from '../tokens/secrets.ts';
import type { Database } from '../db/client.ts';
import { seedOnce } from '../db/seed/seedOnce.ts';
import { DEMO_UNITS } from '../db/seed/answerUnitsData.ts';
import { DEMO_SELLER_STAFF } from '../db/seed/complaintSellersData.ts';
import type { Role } from './permissions.ts';
import { insertDemoStaffRepo } from './repo.ts';
import { newTotpSecret } from './totp.ts';

export const DEMO_STAFF_SECRET = 'demo-staff';

export interface DemoStaff {
  account: string;
  name: string;
  role: Role;
  scopes: string[];
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { account: 'demo-admin', name: '张晓雨', role: 'admin', scopes: [] },
  { account: 'demo-chief', name: '李明轩', role: 'chief', scopes: [] },
  { account: 'demo-editor', name: '王静', role: 'editor', scopes: [] },
  { account: 'demo-moderator', name: '刘洋', role: 'moderator', scopes: [] },
  { account: 'demo-moderator-b', name: '陈思远', role: 'moderator', scopes: [] },
  { account: 'demo-moderator-zuowen', name: '杨帆', role: 'moderator', scopes: ['composition'] },
  { account: 'demo-reporter', name: '赵雪梅', role: 'reporter', scopes: [] },
  { account: 'demo-department', name: '渝中区城管局', role: 'department', scopes: [] },
  { account: 'demo-mall', name: '黄俊杰', role: 'mallOperator', scopes: [] },
  // One account of role 部门 per demo 问政 department (src/server/answer/units.ts links them).
  ...DEMO_UNITS.filter((u) => u.account !== 'demo-department').map((u) => ({ account: u.account, name: u.staffName, role: 'department' as const, scopes: [] })),
  // The demo seller's person on the complaint desk (src/server/answer/units.ts links it to its shop).
  { account: DEMO_SELLER_STAFF.account, name: DEMO_SELLER_STAFF.staffName, role: 'department', scopes: [] },
];

/** The demo password of `account` under this database's key. */
export function demoPassword(key: string, account: string): string {
  return `demo-${createHmac('sha256', key).update(`demo-staff:${account}`).digest('base64url').slice(0, 16)}`;
}

export const STAFF_SEED = 'demo-staff';

/** Enrolled demo accounts, once per database (its own seed-run name). */
export async function seedDemoStaff(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, STAFF_SEED, async () => {
    const key = await getOrCreateSecretRepo(database, DEMO_STAFF_SECRET, newSecret);
    const rows: Parameters<typeof insertDemoStaffRepo>[1] = [];
    for (const person of DEMO_STAFF) {
      rows.push({ ...person, passwordHash: await hashPassword(demoPassword(key, person.account)), totpSecret: newTotpSecret() });
    }
    return (tx) => insertDemoStaffRepo(tx, rows);
  });
}
