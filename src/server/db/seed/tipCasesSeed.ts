/**
 * The demo 爆料 inbox's handling (docs/security.md "The 爆料 inbox"): of the demo tips (bangbangMoreData.ts TIPS),
 * some the desk adopted and gave to the demo reporter (已采纳), some led to a published demo story (已报道, linked to
 * a real story whose title matches the tip, else the latest one), some it did not use with the reason the tipster
 * reads (未采用); the rest stay 新线索. A seed run of its own, run after the demo staff (src/server/main.ts), so
 * the reporter is the demo reporter's account when it exists (its name alone otherwise).
 */
import { and, desc, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client.ts';
import { tipCases } from '../schema/answer.ts';
import { bangTips } from '../schema/bangbang.ts';
import { news } from '../schema/core.ts';
import { staff } from '../schema/staff.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { seedOnce } from './seedOnce.ts';

export const TIP_CASES_SEED = 'tip-cases';
const REPORTER = { account: 'demo-reporter', name: '赵雪梅' };
const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);

type DemoCase =
  { tip: string; state: 'adopted' } | { tip: string; state: 'reported'; storyWords: readonly string[] } | { tip: string; state: 'declined'; reason: string };

/** Each names its tip by the start of its text (TIPS are unique there). */
const CASES: readonly DemoCase[] = [
  { tip: '解放碑好吃街一家火锅店后门污水直排', state: 'adopted' },
  { tip: '沙坪坝小龙坎一栋老楼外墙瓷砖脱落', state: 'adopted' },
  { tip: '杨家坪一家健身房突然关门', state: 'adopted' },
  { tip: '大学城一家培训机构收了学费不开课', state: 'adopted' },
  { tip: '江北机场 T3 出租车排队一个多小时', state: 'adopted' },
  { tip: '南坪转盘下穿道积水很深', state: 'reported', storyWords: ['积水', '暴雨', '排水', '降雨'] },
  { tip: '鹅公岩大桥上一辆货车侧翻', state: 'reported', storyWords: ['大桥', '拥堵', '交通'] },
  { tip: '两路口皇冠大扶梯今天停运检修', state: 'reported', storyWords: ['扶梯', '轨道', '绕行'] },
  { tip: '长寿湖今天来了好多白鹭', state: 'reported', storyWords: ['白鹭', '湿地', '生态', '候鸟'] },
  { tip: '观音桥步行街有人冒充残疾人乞讨', state: 'declined', reason: '经核实为个别人员行为，已转观音桥街道和城管关注处理，暂不单独报道。感谢您的线索！' },
  { tip: '歌乐山上有人在林子里烧烤', state: 'declined', reason: '已转沙坪坝区森林防火部门到场处置，我们不再另行报道，谢谢提醒。' },
  { tip: '渝北两江幸福广场晚上广场舞音响太大', state: 'declined', reason: '类似噪音问题近期已集中报道过，已将线索转给属地派出所和街道跟进。' },
];

const HANDLING = { adopted: 1, reported: 2, declined: 3 } as const;

async function storyFor(tx: Tx, words: readonly string[]): Promise<{ id: number; classId: number; title: string } | null> {
  const published = sql`${news.publishTime} <= now()`;
  const pick = (where: ReturnType<typeof and>) =>
    tx.select({ id: news.id, classId: news.classId, title: news.title }).from(news).where(where).orderBy(desc(news.publishTime), desc(news.id)).limit(1);
  const [matched] = await pick(and(published, or(...words.map((w) => like(news.title, `%${w}%`)))));
  if (matched) return matched;
  const [latest] = await pick(and(published));
  return latest ?? null;
}

export async function seedTipCases(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, TIP_CASES_SEED, async () => async (tx) => {
    const [reporter] = await tx
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(and(eq(staff.account, REPORTER.account), isNull(staff.disabledAt)))
      .limit(1);
    for (const [i, c] of CASES.entries()) {
      const [tip] = await tx
        .select({ id: bangTips.id, createdAt: bangTips.createdAt })
        .from(bangTips)
        .where(and(like(bangTips.content, `${c.tip}%`), eq(bangTips.reviewState, 'approved')))
        .limit(1);
      if (!tip) continue;
      // The desk acted a few hours after the tip came in, the story a day later.
      const adoptedAt = new Date(Math.min(tip.createdAt.getTime() + (2 + i) * HOUR, ANCHOR_MS));
      const base = { tipId: tip.id, reporterId: reporter?.id ?? null, reporterName: reporter?.name ?? REPORTER.name };
      if (c.state === 'adopted') {
        await tx
          .insert(tipCases)
          .values({ ...base, state: 'adopted', adoptedAt, updatedAt: adoptedAt })
          .onConflictDoNothing();
      } else if (c.state === 'reported') {
        const story = await storyFor(tx, c.storyWords);
        if (!story) continue;
        const reportedAt = new Date(Math.min(adoptedAt.getTime() + 20 * HOUR, ANCHOR_MS));
        await tx
          .insert(tipCases)
          .values({
            ...base,
            state: 'reported',
            newsId: story.id,
            classId: story.classId,
            storyTitle: story.title,
            adoptedAt,
            reportedAt,
            updatedAt: reportedAt,
          })
          .onConflictDoNothing();
      } else {
        await tx
          .insert(tipCases)
          .values({
            tipId: tip.id,
            state: 'declined',
            reporterId: null,
            reporterName: '',
            declineReason: c.reason,
            declinedAt: adoptedAt,
            updatedAt: adoptedAt,
          })
          .onConflictDoNothing();
      }
      await tx.update(bangTips).set({ handling: HANDLING[c.state] }).where(eq(bangTips.id, tip.id));
    }
  });
}
