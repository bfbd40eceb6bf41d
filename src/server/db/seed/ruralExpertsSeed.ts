/**
 * The rural experts as reader accounts (an expert is an account the 裕农 desk approved): each seeded expert not
 * linked yet gets an account with a phone (RURAL_EXPERT_PHONE_PREFIX + 001…, signed in by SMS code; in development
 * the code is in the outbox) and its demo answers are written by that account. One reader's application waits in
 * the desk (审核中), so the console shows one to decide, and a few farmers' questions wait for an answer, so a demo
 * expert's 专家答题 leads with questions of their field. Under its own seed-run name, after the rural seed; a
 * database seeded before experts had accounts gets them on its next start. It runs last of the demo runs (demoSeed.ts).
 */
import { asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { ruralAnswers, ruralExperts, ruralQuestions } from '../schema/rural.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { seedRunDone } from './seedOnce.ts';
import { seedRuns } from '../schema/core.ts';

export const RURAL_EXPERTS_SEED = 'rural-expert-accounts';
/** The demo experts' phones: 13719005001 … (the composition teachers use 1371900 0001…, the own-items reader 13719008800). */
export const RURAL_EXPERT_PHONE_PREFIX = '13719005';
/** The n-th demo expert's phone (0-based, in the experts' order). */
export function ruralExpertPhone(index: number): string {
  return `${RURAL_EXPERT_PHONE_PREFIX}${String(index + 1).padStart(3, '0')}`;
}
/** The demo reader whose expert application waits in the desk. */
export const RURAL_APPLICANT = {
  phone: '13719005101',
  nickname: '黔江蚕桑技术员',
  name: '何远志',
  title: '农艺师',
  org: '黔江区蚕桑技术推广站',
  tags: '种植,病虫害',
};
const DAY = 24 * 3600_000;

/** Questions no expert answered yet: [field, district, text, hours before the seed anchor]. */
export const RURAL_WAITING_QUESTIONS = [
  ['农机', '巫溪', '家里的微耕机冬天放了两个月，现在拉不着火，火花塞换了也不行，咋个整？', 5],
  ['养殖', '城口', '山羊这几天咳嗽流鼻涕，晚上圈里冷，要不要单独隔开喂？', 9],
  ['政策补贴', '奉节', '今年买的小型收割机，农机购置补贴在哪里申请？要带哪些材料？', 14],
  ['种植', '酉阳', '冬天种的油菜苗叶子发紫，是冻着了还是缺肥？', 20],
] as const;

export async function seedRuralExpertAccounts(database: Database): Promise<{ seeded: boolean }> {
  const seeded = await database.write(async (tx) => {
    if (await seedRunDone(tx, RURAL_EXPERTS_SEED)) return false;
    const experts = await tx.select().from(ruralExperts).where(isNull(ruralExperts.userId)).orderBy(asc(ruralExperts.sort), asc(ruralExperts.id));
    // The rural seed writes the experts first; a database without them gets the accounts once they exist.
    if (experts.length === 0) return false;
    const anchor = Date.parse(SEED_ANCHOR);
    for (const [i, e] of experts.entries()) {
      const [account] = await tx
        .insert(users)
        .values({ nickname: `${e.name}（${e.title}）`, phone: ruralExpertPhone(i), userPic: e.avatar, createdAt: new Date(anchor - (500 - i) * DAY) })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!account) continue;
      await tx
        .update(ruralExperts)
        .set({ userId: account.id, reviewedAt: new Date(anchor - (480 - i) * DAY) })
        .where(eq(ruralExperts.id, e.id));
      await tx.update(ruralAnswers).set({ userId: account.id }).where(eq(ruralAnswers.expertId, e.id));
    }
    const [applicant] = await tx
      .insert(users)
      .values({ nickname: RURAL_APPLICANT.nickname, phone: RURAL_APPLICANT.phone, createdAt: new Date(anchor - 60 * DAY) })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (applicant) {
      const { name, title, org, tags } = RURAL_APPLICANT;
      await tx
        .insert(ruralExperts)
        .values({ userId: applicant.id, name, title, org, tags, state: 'pending', sort: 1000, createdAt: new Date(anchor - 2 * DAY) });
    }
    // Asked by farmers who already asked on 乡村帮帮 (the rural seed's people).
    const askers = await tx
      .selectDistinct({ userId: ruralQuestions.userId })
      .from(ruralQuestions)
      .orderBy(asc(ruralQuestions.userId))
      .limit(RURAL_WAITING_QUESTIONS.length);
    if (askers.length > 0) {
      await tx.insert(ruralQuestions).values(
        RURAL_WAITING_QUESTIONS.map(([tag, district, content, hours], i) => ({
          userId: askers[i % askers.length]!.userId,
          tag,
          district,
          content,
          createdAt: new Date(anchor - hours * 3600_000),
        })),
      );
    }
    await tx.insert(seedRuns).values({ name: RURAL_EXPERTS_SEED });
    return true;
  });
  return { seeded };
}
