/**
 * The demo's 问政 departments and the handling of the seeded questions, its own seed run ('answer-units'):
 * a department per name in DEMO_UNITS; each seeded question that was taken on gets its case (assigned to
 * its department, signed for, replied; some replies rated by their askers), so every figure of a
 * department's page comes from these rows. Questions never taken on stay 待受理 for the desk.
 */
import { and, asc, isNotNull, isNull, or, eq } from 'drizzle-orm';
import { addWorkingDays } from '../../../lib/workingDays.ts';
import type { Database } from '../client.ts';
import { answerUnits, politicsCaseEvents, politicsCases } from '../schema/answer.ts';
import { bangPolitics } from '../schema/bangbang.ts';
import { DEMO_UNITS } from './answerUnitsData.ts';
import { createRng } from './createRng.ts';
import { seedOnce } from './seedOnce.ts';

export const ANSWER_UNITS_SEED = 'answer-units';
const HOUR = 3600_000;

export async function seedAnswerUnits(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, ANSWER_UNITS_SEED, async () => async (tx) => {
    const units = await tx
      .insert(answerUnits)
      .values(DEMO_UNITS.map((u, i) => ({ kind: 'department', name: u.name, intro: u.intro, sort: i })))
      .onConflictDoNothing()
      .returning({ id: answerUnits.id, name: answerUnits.name });
    const unitOf = new Map(units.map((u) => [u.name, u.id]));
    const rng = createRng(3434);
    const taken = await tx
      .select()
      .from(bangPolitics)
      .where(and(isNull(bangPolitics.deletedAt), or(isNotNull(bangPolitics.acceptedAt), eq(bangPolitics.status, 1))))
      .orderBy(asc(bangPolitics.id));
    for (const row of taken) {
      const unitId = unitOf.get(row.department);
      const acceptedAt = row.acceptedAt ?? row.repliedAt;
      if (unitId === undefined || !acceptedAt) continue;
      const replied = row.status === 1 && row.repliedAt !== null;
      const startedAt = new Date(Math.min(acceptedAt.getTime() + 4 * HOUR, (row.repliedAt ?? acceptedAt).getTime()));
      // Three in four askers of a replied question rated it; most were satisfied.
      const rating = replied && rng.int(0, 3) > 0 ? (rng.int(0, 4) > 0 ? 1 : 2) : null;
      const ratedAt = rating && row.repliedAt ? new Date(row.repliedAt.getTime() + 6 * HOUR) : null;
      const signed = replied || row.id % 2 === 0;
      await tx.insert(politicsCases).values({
        politicsId: row.id,
        state: replied ? 'replied' : signed ? 'processing' : 'accepted',
        unitId,
        acceptedAt,
        startedAt: signed ? startedAt : null,
        dueAt: addWorkingDays(acceptedAt, 5),
        repliedAt: replied ? row.repliedAt : null,
        rating,
        ratedAt,
        updatedAt: row.repliedAt ?? acceptedAt,
      });
      const events: (typeof politicsCaseEvents.$inferInsert)[] = [{ politicsId: row.id, kind: 'accepted', unitId, at: acceptedAt }];
      if (signed) events.push({ politicsId: row.id, kind: 'started', unitId, at: startedAt });
      if (replied) events.push({ politicsId: row.id, kind: 'replied', unitId, at: row.repliedAt! });
      if (rating && ratedAt) events.push({ politicsId: row.id, kind: 'rated', unitId, at: ratedAt, reason: rating === 1 ? '满意' : '不满意' });
      await tx.insert(politicsCaseEvents).values(events);
    }
  });
}
