/**
 * A demo reader whose writing is still with the editors (team rule: "a pending or rejected item
 * is visible only to its author, marked 审核中 or with the reason"): an essay, a discover post, a complaint
 * and a 问答 question in review, and a 问政 item the editors turned down (with its reason).
 * The reader signs in by SMS code
 * (OWN_ITEMS_PHONE; in development the code is in the outbox), so a demo shows what an author sees on
 * their own pages while everyone else gets 404. Under its own seed-run name, after the areas it writes
 * into; deterministic (times stepped back from the seed anchor).
 */
import { asc } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { bangPolitics, bangQuestions } from '../schema/bangbang.ts';
import { compositionEssays, compositionSchools } from '../schema/composition.ts';
import { seedRuns } from '../schema/core.ts';
import { discoverPosts, discoverTopics } from '../schema/discover.ts';
import { complaintEvents, complaints } from '../schema/community.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { seedRunDone } from './seedOnce.ts';

export const OWN_ITEMS_SEED = 'own-items-in-review';
/** The demo reader's phone (the composition teachers use 1371900 0001…). */
export const OWN_ITEMS_PHONE = '13719008800';
const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);
const at = (hoursAgo: number): Date => new Date(ANCHOR_MS - hoursAgo * HOUR);

export const OWN_ITEMS = {
  essay: { title: '外婆的吊脚楼' },
  post: { content: '傍晚在朝天门看两江交汇，江面被夕阳染成了金色，货船一艘接一艘往下游走。' },
  complaint: { shop: '山货直供旗舰店' },
  question: { title: '南滨路周末晚上几点开始交通管制？' },
  politics: { title: '小区门口的共享单车堆满人行道，能否规划停放点？', reason: '内容与已受理的问政重复，请在原问政下补充' },
} as const;

export async function seedOwnItems(database: Database): Promise<{ seeded: boolean }> {
  const seeded = await database.write(async (tx) => {
    if (await seedRunDone(tx, OWN_ITEMS_SEED)) return false;
    const [school] = await tx.select({ id: compositionSchools.id }).from(compositionSchools).orderBy(asc(compositionSchools.id)).limit(1);
    const [topic] = await tx.select({ id: discoverTopics.id }).from(discoverTopics).orderBy(asc(discoverTopics.id)).limit(1);
    // The areas it writes into seed first; a database without them gets this reader once they exist.
    if (!school || !topic) return false;
    const [reader] = await tx
      .insert(users)
      .values({ nickname: '林小雨', phone: OWN_ITEMS_PHONE, createdAt: at(90 * 24) })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!reader) return false;
    const userId = reader.id;
    await tx.insert(compositionEssays).values({
      userId,
      studentName: '林小雨',
      schoolId: school.id,
      grade: 5,
      title: OWN_ITEMS.essay.title,
      content:
        '外婆家在江边的老街上，是一座木头搭的吊脚楼。楼下是石梯坎，楼上是外婆的小厨房。\n每到周末，我都会踩着吱呀作响的楼梯爬上去，外婆总是端出一碗热乎乎的醪糟汤圆。\n站在窗边往外看，长江就在脚下流过，江上的船鸣着汽笛，好像在和外婆打招呼。',
      reviewState: 'pending',
      createdAt: at(5),
    });
    await tx.insert(discoverPosts).values({ topicId: topic.id, userId, content: OWN_ITEMS.post.content, reviewState: 'pending', createdAt: at(4) });
    const [complaint] = await tx
      .insert(complaints)
      .values({
        userId,
        platform: '快手',
        shopName: OWN_ITEMS.complaint.shop,
        orderNo: 'KS2026111800231',
        amountFen: 12_800,
        problemType: '货不对板',
        content: '直播间里说是城口老腊肉，收到的却是普通的烟熏肉，肥瘦也和展示的不一样，联系客服一直没人回。',
        demand: '退货退款',
        contactPhone: OWN_ITEMS_PHONE,
        reviewState: 'pending',
        createdAt: at(2),
        updatedAt: at(2),
      })
      .returning({ id: complaints.id });
    await tx
      .insert(complaintEvents)
      .values({ complaintId: complaint!.id, status: 'submitted', note: '投诉已提交，平台将在 3 个工作日内审核受理', createdAt: at(2) });
    await tx.insert(bangQuestions).values({
      userId,
      title: OWN_ITEMS.question.title,
      content: '想周六晚上带家人去南滨路看夜景，听说周末晚上会交通管制，请问大概几点开始？开车的话停在哪里比较方便？',
      region: '南岸区',
      reviewState: 'pending',
      createdAt: at(3),
    });
    await tx.insert(bangPolitics).values({
      userId,
      title: OWN_ITEMS.politics.title,
      content: '我们小区门口的人行道上每天都停满了共享单车，推着婴儿车根本过不去，希望有关部门规划一下停放点。',
      department: '沙坪坝区城市管理局',
      reviewState: 'rejected',
      reviewReason: OWN_ITEMS.politics.reason,
      createdAt: at(30),
    });
    await tx.insert(seedRuns).values({ name: OWN_ITEMS_SEED });
    return true;
  });
  return { seeded };
}
