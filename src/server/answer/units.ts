/**
 * The departments' people: linking a person of role 部门 to the department they answer for (answer.units),
 * and the demo's department accounts, one per demo department (README "Demo staff accounts"), seeded
 * outside production only like the rest of the demo staff (src/server/main.ts).
 */
import { StatusCode } from '../../contract/envelope.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../db/client.ts';
import { DEMO_UNITS } from '../db/seed/answerUnitsData.ts';
import { DEMO_SELLER_STAFF } from '../db/seed/complaintSellersData.ts';
import { seedOnce } from '../db/seed/seedOnce.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { AppDeps } from '../http/types.ts';
import { DEMO_STAFF_SECRET, demoPassword } from '../staff/demoStaff.ts';
import { findStaffByAccountRepo, insertDemoStaffRepo } from '../staff/repo.ts';
import { newTotpSecret } from '../staff/totp.ts';
import { getOrCreateSecretRepo } from '../tokens/repo.ts';
import { newSecret } from '../tokens/secrets.ts';
import type { DeskActor } from './politicsDesk.ts';
import { findStaffRoleRepo, findUnitByNameRepo, findUnitRepo, linkStaffRepo, unitOfStaffRepo } from './repo.ts';

export const UNIT_MESSAGES = {
  staffMissing: '人员不存在',
  notDepartment: '只有部门角色的人员可以关联部门',
  unitMissing: '部门不存在',
} as const;

/** The kind of unit ('department' or 'seller') a person is linked to, null when none (the console's navigation). */
export async function unitKindOfStaff(deps: AppDeps, staffId: number): Promise<string | null> {
  return (await unitOfStaffRepo(deps.database.db, staffId))?.kind ?? null;
}

export async function linkUnitStaffService(deps: AppDeps, actor: DeskActor, input: { staffId: number; unitId: number }) {
  const { db } = deps.database;
  const person = await findStaffRoleRepo(db, input.staffId);
  if (!person) throw new ApiFailure(StatusCode.notFound, UNIT_MESSAGES.staffMissing);
  if (person.role !== 'department') throw new ApiFailure(StatusCode.unprocessable, UNIT_MESSAGES.notDepartment);
  // A department (问政) or a seller (the complaint desk): both answer through their people of role 部门.
  const unit = (await findUnitRepo(db, input.unitId)) ?? (await findUnitRepo(db, input.unitId, 'seller'));
  if (!unit) throw new ApiFailure(StatusCode.unprocessable, UNIT_MESSAGES.unitMissing);
  await deps.database.write(async (tx) => {
    const before = await linkStaffRepo(tx, person.id, unit.id);
    await actor.audit(tx, {
      action: 'answer.link',
      itemKind: 'staff',
      itemId: person.id,
      before: { unitId: before },
      after: { unitId: unit.id, unit: unit.name },
    });
  });
  return { staffId: person.id, unitId: unit.id, unitName: unit.name };
}

export const UNIT_STAFF_SEED = 'answer-unit-staff';

/** The demo department accounts (enrolled, like every demo person) linked to their departments, once. */
export async function seedDepartmentStaff(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, UNIT_STAFF_SEED, async () => {
    const key = await getOrCreateSecretRepo(database, DEMO_STAFF_SECRET, newSecret);
    const rows: Parameters<typeof insertDemoStaffRepo>[1] = [];
    for (const u of DEMO_UNITS) {
      // seedDemoStaff made most of them already (DEMO_STAFF lists them): hash only the missing ones.
      if (await findStaffByAccountRepo(database.db, u.account)) continue;
      rows.push({
        account: u.account,
        name: u.staffName,
        role: 'department',
        scopes: [],
        passwordHash: await hashPassword(demoPassword(key, u.account)),
        totpSecret: newTotpSecret(),
      });
    }
    return async (tx) => {
      if (rows.length > 0) await insertDemoStaffRepo(tx, rows);
      for (const u of DEMO_UNITS) {
        const [person, unit] = await Promise.all([findStaffByAccountRepo(tx, u.account), findUnitByNameRepo(tx, u.name)]);
        if (person && unit && person.role === 'department') await linkStaffRepo(tx, person.id, unit.id);
      }
    };
  });
}

export const SELLER_STAFF_SEED = 'complaint-seller-staff';

/** The demo seller account (enrolled like every demo person) linked to its shop, once. */
export async function seedSellerStaff(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, SELLER_STAFF_SEED, async () => {
    const s = DEMO_SELLER_STAFF;
    const key = await getOrCreateSecretRepo(database, DEMO_STAFF_SECRET, newSecret);
    // seedDemoStaff made it already on a database seeded after it joined DEMO_STAFF: hash only when missing.
    const missing = !(await findStaffByAccountRepo(database.db, s.account));
    const row = missing
      ? {
          account: s.account,
          name: s.staffName,
          role: 'department',
          scopes: [],
          passwordHash: await hashPassword(demoPassword(key, s.account)),
          totpSecret: newTotpSecret(),
        }
      : null;
    return async (tx) => {
      if (row) await insertDemoStaffRepo(tx, [row]);
      const [person, unit] = await Promise.all([findStaffByAccountRepo(tx, s.account), findUnitByNameRepo(tx, s.unit, 'seller')]);
      if (person && unit && person.role === 'department') await linkStaffRepo(tx, person.id, unit.id);
    };
  });
}
