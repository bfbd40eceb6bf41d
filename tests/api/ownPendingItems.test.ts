/**
 * Reader-written items in review or refused (team rule: "a pending or rejected item is visible
 * only to its author, marked 审核中 or with the reason"): every detail call answers their author with the
 * item and its state, everyone else with 404, and the author's 我的 lists link to the item's page (which
 * shows it to the author, OwnItemPreview).
 */
import { describe, expect, it } from 'vitest';
import type { PoliticsDetail, QuestionDetail } from '../../src/contract/bangbang.ts';
import type { Essay } from '../../src/contract/composition.ts';
import type { Post } from '../../src/contract/discover.ts';
import type { ComplaintDetail, MyItem } from '../../src/contract/interact.ts';
import * as interactEndpoints from '../../src/contract/interact.ts';
import { bangPolitics, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { compositionEssays, compositionSchools } from '../../src/server/db/schema/composition.ts';
import { discoverPosts, discoverTopics } from '../../src/server/db/schema/discover.ts';
import { complaints } from '../../src/server/db/schema/community.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const P = {
  complaintDetail: interactEndpoints.complaintDetail.path,
  myQuestions: interactEndpoints.myQuestions.path,
  myComplaints: interactEndpoints.myComplaints.path,
} as const;

const t = suiteApp();
const { get } = suiteRequests(() => t);

type State = { reviewState: 'pending' | 'rejected'; reason: string };
const STATES: readonly State[] = [
  { reviewState: 'pending', reason: '' },
  { reviewState: 'rejected', reason: '内容与本栏目无关' },
];

/** Each kind: write one item of the author's in the given state, and the detail call for it. */
const KINDS: readonly {
  kind: string;
  write: (author: TestUser, s: State) => Promise<number>;
  detail: (id: number) => string;
  state: (data: never) => { reviewState: string; reason: string };
}[] = [
  {
    kind: 'composition essay',
    write: async (author, s) => {
      const [school] = await t.database.db.select({ id: compositionSchools.id }).from(compositionSchools).limit(1);
      const [row] = await t.database.db
        .insert(compositionEssays)
        .values({
          userId: author.userId,
          studentName: '小林',
          schoolId: school!.id,
          grade: 5,
          title: '我家门口的山城步道',
          content: '第一段。\n第二段。',
          reviewState: s.reviewState,
          rejectReason: s.reason,
        })
        .returning({ id: compositionEssays.id });
      return row!.id;
    },
    detail: (id) => `/v1/composition/detail?id=${id}`,
    state: (d: Essay) => ({ reviewState: d.reviewState, reason: d.rejectReason }),
  },
  {
    kind: 'discover post',
    write: async (author, s) => {
      const [topic] = await t.database.db.select({ id: discoverTopics.id }).from(discoverTopics).limit(1);
      const [row] = await t.database.db
        .insert(discoverPosts)
        .values({ topicId: topic!.id, userId: author.userId, content: '江边拍到的晚霞', reviewState: s.reviewState, rejectReason: s.reason })
        .returning({ id: discoverPosts.id });
      return row!.id;
    },
    detail: (id) => `/v1/quan/getDetail?newsId=${id}`,
    state: (d: Post) => ({ reviewState: d.reviewState, reason: d.rejectReason }),
  },
  {
    kind: 'bangbang question',
    write: async (author, s) => {
      const [row] = await t.database.db
        .insert(bangQuestions)
        .values({ userId: author.userId, title: '小区停车位怎么申请？', content: '想问问流程。', reviewState: s.reviewState, reviewReason: s.reason })
        .returning({ id: bangQuestions.id });
      return row!.id;
    },
    detail: (id) => `/v1/bangbang/wenda/getAnswerDetail?id=${id}`,
    state: (d: QuestionDetail) => ({ reviewState: d.reviewState, reason: d.reviewReason }),
  },
  {
    kind: '问政',
    write: async (author, s) => {
      const [row] = await t.database.db
        .insert(bangPolitics)
        .values({
          userId: author.userId,
          title: '路灯坏了一个月没人修',
          content: '在江北区某路口。',
          department: '江北区城市管理局',
          reviewState: s.reviewState,
          reviewReason: s.reason,
        })
        .returning({ id: bangPolitics.id });
      return row!.id;
    },
    detail: (id) => `/v1/bangbang/wenzheng/getDetail?id=${id}`,
    state: (d: PoliticsDetail) => ({ reviewState: d.reviewState, reason: d.reviewReason }),
  },
  {
    kind: 'complaint',
    write: async (author, s) => {
      const [row] = await t.database.db
        .insert(complaints)
        .values({
          userId: author.userId,
          platform: '抖音',
          shopName: '山城好物小店',
          problemType: '货不对板',
          content: '收到的货和直播间展示的不一样。',
          demand: '退货退款',
          contactPhone: '13800138000',
          reviewState: s.reviewState,
          reviewReason: s.reason,
        })
        .returning({ id: complaints.id });
      return row!.id;
    },
    detail: (id) => `${P.complaintDetail}?id=${id}`,
    state: (d: ComplaintDetail) => ({ reviewState: d.reviewState, reason: d.reviewReason }),
  },
];

describe('a reader-written item in review or refused', () => {
  it.each(KINDS.flatMap((k) => STATES.map((s) => [k.kind, s.reviewState, k, s] as const)))(
    '%s, %s: its author gets it with its state, nobody else does',
    async (_kind, _state, k, s) => {
      const author = await createTestUser(t.database);
      const other = await createTestUser(t.database);
      const id = await k.write(author, s);
      expect((await get(k.detail(id))).statusCode).toBe(404);
      expect((await get(k.detail(id), other.headers)).statusCode).toBe(404);
      const own = await get<never>(k.detail(id), author.headers);
      expect(own.statusCode).toBe(200);
      expect(k.state(own.data)).toEqual({ reviewState: s.reviewState, reason: s.reason });
    },
  );

  it('an approved question or 问政 says so, with no reason', async () => {
    const [question] = await t.database.db.select({ id: bangQuestions.id }).from(bangQuestions).limit(1);
    const q = await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${question!.id}`);
    expect([q.data.reviewState, q.data.reviewReason]).toEqual(['approved', '']);
    const [politics] = await t.database.db.select({ id: bangPolitics.id }).from(bangPolitics).limit(1);
    const p = await get<PoliticsDetail>(`/v1/bangbang/wenzheng/getDetail?id=${politics!.id}`);
    expect([p.data.reviewState, p.data.reviewReason]).toEqual(['approved', '']);
  });

  it('我的提问 and 我的投诉 link the author to the page of an item in review, with its state', async () => {
    const author = await createTestUser(t.database);
    const question = await KINDS[2]!.write(author, STATES[0]!);
    const politics = await KINDS[3]!.write(author, STATES[1]!);
    const complaint = await KINDS[4]!.write(author, STATES[0]!);
    const questions = (await get<MyItem[]>(P.myQuestions, author.headers)).data;
    expect(questions.find((i) => i.title === '小区停车位怎么申请？')).toMatchObject({ href: `/BangBang/QA/detail?id=${question}`, state: '审核中' });
    expect(questions.find((i) => i.title === '路灯坏了一个月没人修')).toMatchObject({
      href: `/BangBang/politics/detail?id=${politics}`,
      state: '未通过：内容与本栏目无关',
    });
    const mine = (await get<MyItem[]>(P.myComplaints, author.headers)).data;
    expect(mine.find((i) => i.id === complaint)).toMatchObject({ href: `/Complaints-platform/detail?id=${complaint}`, state: '审核中' });
  });
});
