/**
 * The one review model over every kind of reader-written content (docs/adr/018-one-review-model.md): each kind's
 * write passes the one gate and lands on the desk, and the desk's decisions reach what readers see. One table, one
 * set of flows — held → approved → public; rejected → its author reads the reason, others never see it; a muted
 * author is refused with the end date; the emergency switch closes the area — run through the endpoints a reader
 * calls. An area left on "publish then patrol" publishes at once (its existing tests assert so).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { bangGroups, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { compositionEssays, compositionSchools } from '../../src/server/db/schema/composition.ts';
import { discoverTopics } from '../../src/server/db/schema/discover.ts';
import { moderationItems } from '../../src/server/db/schema/moderation.ts';
import { ruralExperts, ruralQuestions } from '../../src/server/db/schema/rural.ts';
import { decide, muteReader, putWord, setEmergency, setReviewBeforePublish } from '../../src/server/moderation/desk.ts';
import type { Area } from '../../src/server/review/areas.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { TEST_MODERATOR, testDesk } from '../support/desk.ts';

/** The reader endpoints these tests call (spec paths). */
const COMPOSITION_PATHS = {
  contribute: '/v1/composition/contribute',
  detail: '/v1/composition/detail',
  like: '/v1/composition/like',
  comments: '/v1/composition/comment/list',
  commentStore: '/v1/composition/comment/store',
  report: '/v1/composition/report',
} as const;
const INTERACT_PATHS = { complaintCreate: '/api/complaints/create', complaintDetail: '/api/complaints/detail', myComplaints: '/api/mine/complaints' } as const;

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

type Written = { statusCode: number; message: string; data: { id: number } | null };
type Seen = { seen: boolean; reason: string };

interface KindCase {
  /** moderation_items.kind */
  kind: string;
  area: Area;
  /** Writes one item as `author`, with `text` somewhere the word list reads. */
  write: (author: TestUser, text: string) => Promise<Written>;
  /** Whether `viewer` (null: nobody signed in) sees the item, and the refusal reason shown to them ('' if none). */
  seenBy: (viewer: TestUser | null, id: number) => Promise<Seen>;
  /** false: the kind's reader calls carry the state but not the reason (the author reads it in their 我的 list). */
  showsReason?: false;
}

/** A list call that holds the item for whoever may see it. */
function inList(path: () => string, reasonOf: (row: Record<string, unknown>) => unknown = () => ''): KindCase['seenBy'] {
  return async (viewer, id) => {
    const res = await get<Record<string, unknown>[]>(path(), viewer?.headers ?? {});
    const found = res.data.find((r) => r['id'] === id);
    return { seen: found !== undefined, reason: found ? String(reasonOf(found) ?? '') : '' };
  };
}

/** A detail call that answers 200 with the item to whoever may see it, 404 to everyone else. */
function byDetail(path: (id: number) => string, reasonOf: (data: Record<string, unknown>) => unknown): KindCase['seenBy'] {
  return async (viewer, id) => {
    const res = await get<Record<string, unknown>>(path(id), viewer?.headers ?? {});
    return res.statusCode === 200 && res.data ? { seen: true, reason: String(reasonOf(res.data) ?? '') } : { seen: false, reason: '' };
  };
}

async function liveArticle(): Promise<{ id: number; classId: number }> {
  const [row] = await t.database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
    .where(and(eq(news.permission, 0), eq(news.allowPl, true), sql`coalesce(${newsDetailExtras.hideComments}, false) = false`))
    .orderBy(news.id)
    .limit(1)
    .offset(7);
  // The item is made a live broadcast (spec 2.11 data type 1): its comments are the 直播与视频 area's.
  await t.database.db.update(news).set({ dataType: 1 }).where(eq(news.id, row!.id));
  return row!;
}

let live: { id: number; classId: number } | null = null;
let quanTopic = 0;
let answered = 0;
/** The rural question the rural_answer case answers. */
let ruralAnswered = 0;
let groupId = 0;
let essayId = 0;
let counter = 0;
const unique = (text: string) => `${text}（${++counter}）`;

const KINDS: readonly KindCase[] = [
  {
    kind: 'comment',
    area: 'live',
    write: async (author, text) => {
      live ??= await liveArticle();
      return post('/v1/comment/store', { classId: live.classId, newsId: live.id, sayText: text }, author.headers);
    },
    seenBy: async (viewer, id) => {
      const list = await get<{ id: number; reviewReason: string }[]>(
        `/v1/comment/getList?classId=${live!.classId}&newsId=${live!.id}&pageSize=50`,
        viewer?.headers ?? {},
      );
      const found = list.data.find((c) => c.id === id);
      return { seen: found !== undefined, reason: found?.reviewReason ?? '' };
    },
  },
  {
    kind: 'bang_question',
    area: 'bangbang',
    write: (author, text) => post('/v1/bangbang/wenda/add', { title: unique('小区停车位怎么申请'), content: text }, author.headers),
    seenBy: byDetail(
      (id) => `/v1/bangbang/wenda/getAnswerDetail?id=${id}`,
      (d) => d['reviewReason'],
    ),
  },
  {
    kind: 'bang_politics',
    area: 'wenzheng',
    write: async (author, text) => {
      const departments = await get<{ id: number }[]>('/v1/bangbang/wenzheng/getMemberList?platformType=0');
      return post('/v1/bangbang/wenzheng/add', { departmentId: departments.data[0]!.id, title: unique('小区门口的路灯坏了'), content: text }, author.headers);
    },
    seenBy: byDetail(
      (id) => `/v1/bangbang/wenzheng/getDetail?id=${id}`,
      (d) => d['reviewReason'],
    ),
  },
  {
    kind: 'bang_tip',
    area: 'baoliao',
    write: (author, text) => post('/v1/bangbang/baoliao/add', { content: text, place: '九龙坡区石桥铺' }, author.headers),
    seenBy: byDetail(
      (id) => `/v1/bangbang/baoliao/detail?id=${id}`,
      (d) => d['reviewReason'],
    ),
  },
  {
    kind: 'discover_post',
    area: 'discover',
    write: async (author, text) => {
      const [topic] = await t.database.db.select({ id: discoverTopics.id }).from(discoverTopics).limit(1);
      quanTopic = topic!.id;
      return post('/v1/quan/publish', { content: text, HotTagsId: String(topic!.id) }, author.headers);
    },
    seenBy: byDetail(
      (id) => `/v1/quan/getDetail?classId=${quanTopic}&newsId=${id}`,
      (d) => d['rejectReason'],
    ),
  },
  {
    kind: 'essay',
    area: 'composition',
    write: async (author, text) => {
      const [school] = await t.database.db.select({ id: compositionSchools.id }).from(compositionSchools).limit(1);
      return post(
        COMPOSITION_PATHS.contribute,
        { grade: 5, studentName: '小林', schoolId: school!.id, title: unique('我家门口的山城步道'), content: text },
        author.headers,
      );
    },
    seenBy: byDetail(
      (id) => `${COMPOSITION_PATHS.detail}?id=${id}`,
      (d) => d['rejectReason'],
    ),
  },
  {
    kind: 'rural_question',
    area: 'rural',
    write: (author, text) => post('/v1/yunong/ask', { content: text, tag: '种植' }, author.headers),
    seenBy: byDetail(
      (id) => `/v1/yunong/question?id=${id}`,
      () => '',
    ),
    showsReason: false,
  },
  {
    kind: 'rural_answer',
    area: 'rural',
    write: async (author, text) => {
      // The author answers as an expert the 裕农 desk approved, on a question of their field.
      await t.database.db
        .insert(ruralExperts)
        .values({ userId: author.userId, name: '测试专家', title: '农艺师', org: '测试农技站', tags: '种植' })
        .onConflictDoNothing();
      const [question] = await t.database.db
        .select({ id: ruralQuestions.id })
        .from(ruralQuestions)
        .where(and(eq(ruralQuestions.reviewState, 'approved'), eq(ruralQuestions.tag, '种植'), isNull(ruralQuestions.deletedAt)))
        .orderBy(ruralQuestions.id)
        .limit(1);
      ruralAnswered = question!.id;
      return post('/v1/yunong/answer', { questionId: ruralAnswered, content: text }, author.headers);
    },
    seenBy: async (viewer, id) => {
      const res = await get<{ answers: { id: number; rejectReason: string }[] }>(`/v1/yunong/question?id=${ruralAnswered}`, viewer?.headers ?? {});
      const found = res.data.answers.find((a) => a.id === id);
      return { seen: found !== undefined, reason: found?.rejectReason ?? '' };
    },
  },
  {
    kind: 'rural_post',
    area: 'rural',
    write: (author, text) => post('/v1/yunong/publish', { content: text }, author.headers),
    seenBy: inList(() => '/v1/yunong/posts?page=1&pageSize=50'),
    showsReason: false,
  },
  {
    kind: 'bang_answer',
    area: 'bangbang',
    write: async (author, text) => {
      const [question] = await t.database.db
        .select({ id: bangQuestions.id })
        .from(bangQuestions)
        .where(and(eq(bangQuestions.reviewState, 'approved'), eq(bangQuestions.replyClosed, false), isNull(bangQuestions.deletedAt)))
        .orderBy(bangQuestions.id)
        .limit(1);
      answered = question!.id;
      return post('/v1/bangbang/wenda/reply', { id: answered, content: text }, author.headers);
    },
    seenBy: inList(() => `/v1/bangbang/wenda/getAnswerListById?id=${answered}&page=1&pageSize=50`),
    showsReason: false,
  },
  {
    kind: 'bang_group_post',
    area: 'group',
    write: async (author, text) => {
      const [group] = await t.database.db.select({ id: bangGroups.id }).from(bangGroups).orderBy(bangGroups.id).limit(1);
      groupId = group!.id;
      await post('/v1/bangbang/groupownet/join', { id: groupId }, author.headers);
      return post('/v1/bangbang/groupownet/post', { id: groupId, content: text }, author.headers);
    },
    seenBy: inList(
      () => `/v1/bangbang/groupownet/posts?id=${groupId}&pageSize=50`,
      (r) => r['reviewReason'],
    ),
  },
  {
    kind: 'essay_comment',
    area: 'composition',
    write: async (author, text) => {
      const [essay] = await t.database.db
        .select({ id: compositionEssays.id })
        .from(compositionEssays)
        .where(and(eq(compositionEssays.reviewState, 'approved'), isNull(compositionEssays.deletedAt)))
        .orderBy(compositionEssays.id)
        .limit(1);
      essayId = essay!.id;
      return post(COMPOSITION_PATHS.commentStore, { id: essayId, content: text }, author.headers);
    },
    seenBy: inList(
      () => `${COMPOSITION_PATHS.comments}?id=${essayId}&page=1&pageSize=50`,
      (r) => r['rejectReason'],
    ),
  },
  {
    kind: 'complaint',
    area: 'complaints',
    write: (author, text) =>
      post(
        INTERACT_PATHS.complaintCreate,
        {
          platform: '抖音',
          shopName: '测试直播间',
          orderNo: 'DY2026110100001',
          amount: '129.50',
          problemType: '货不对板',
          content: text,
          demand: '全额退款',
          contactPhone: '138 0013 8000',
        },
        author.headers,
      ),
    seenBy: async (viewer, id) => {
      const res = await get<{ state: string }>(`${INTERACT_PATHS.complaintDetail}?id=${id}`, viewer?.headers ?? {});
      if (res.statusCode !== 200) return { seen: false, reason: '' };
      const mine = viewer ? await get<{ id: number; state: string }[]>(`${INTERACT_PATHS.myComplaints}?page=1`, viewer.headers) : null;
      return { seen: true, reason: mine?.data.find((m) => m.id === id)?.state.replace(/^未通过：/, '') ?? '' };
    },
  },
];

const desk = () => testDesk(t.database);
const TEXT = '江北嘴的步道修好了，晚上散步的人很多，灯光也很漂亮。';

async function deskRow(kind: string, itemId: number) {
  const [row] = await t.database.db
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, kind), eq(moderationItems.itemId, itemId)));
  return row;
}

afterEach(async () => {
  for (const k of KINDS) {
    await setReviewBeforePublish(desk(), TEST_MODERATOR, k.area, false);
    await setEmergency(desk(), TEST_MODERATOR, k.area, { closed: false, message: '' });
  }
});

describe.each(KINDS)('$kind ($area)', (k) => {
  it('publishes at once while its area is left on "publish then patrol", and lands in 巡查', async () => {
    const author = await createTestUser(t.database);
    const res = await k.write(author, unique(TEXT));
    expect(res.statusCode, res.message).toBe(200);
    expect(await k.seenBy(null, res.data!.id)).toMatchObject({ seen: true });
    expect(await deskRow(k.kind, res.data!.id)).toMatchObject({ area: k.area, state: 'approved' });
  });

  it('held when its area reviews first: its author only sees it; approved, it is public', async () => {
    await setReviewBeforePublish(desk(), TEST_MODERATOR, k.area, true);
    const author = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const res = await k.write(author, unique(TEXT));
    expect(res.statusCode, res.message).toBe(200);
    expect(res.message).toMatch(/审核/);
    const id = res.data!.id;
    expect(await deskRow(k.kind, id)).toMatchObject({ area: k.area, state: 'pending', userId: author.userId });
    expect((await k.seenBy(null, id)).seen).toBe(false);
    expect((await k.seenBy(other, id)).seen).toBe(false);
    expect((await k.seenBy(author, id)).seen).toBe(true);
    await decide(desk(), TEST_MODERATOR, { kind: k.kind, itemId: id, action: 'approve' });
    expect((await k.seenBy(other, id)).seen).toBe(true);
    expect((await k.seenBy(null, id)).seen).toBe(true);
  });

  it('rejected with a reason: its author reads it, nobody else sees the item', async () => {
    await setReviewBeforePublish(desk(), TEST_MODERATOR, k.area, true);
    const author = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const res = await k.write(author, unique(TEXT));
    const id = res.data!.id;
    await decide(desk(), TEST_MODERATOR, { kind: k.kind, itemId: id, action: 'reject', reason: '内容与本栏目无关' });
    const own = await k.seenBy(author, id);
    expect(own.seen).toBe(true);
    if (k.showsReason !== false) expect(own.reason).toBe('内容与本栏目无关');
    expect((await k.seenBy(other, id)).seen).toBe(false);
    expect((await k.seenBy(null, id)).seen).toBe(false);
  });

  it('a hold word sends it to 待审 with the word even where the area publishes at once', async () => {
    const word = `审核测试词${k.kind}`.replace(/_/g, '');
    await putWord(desk(), TEST_MODERATOR, { word, action: 'hold' });
    try {
      const author = await createTestUser(t.database);
      const res = await k.write(author, unique(`${TEXT}${word}`));
      expect(res.statusCode, res.message).toBe(200);
      expect(await deskRow(k.kind, res.data!.id)).toMatchObject({ state: 'pending', heldWord: word.toLowerCase() });
      expect((await k.seenBy(null, res.data!.id)).seen).toBe(false);
    } finally {
      await t.database.db.execute(sql`delete from sensitive_words where word = ${word}`);
    }
  });

  it('a muted author is refused with the end date, and nothing is written', async () => {
    const author = await createTestUser(t.database);
    await muteReader(desk(), TEST_MODERATOR, { userId: author.userId, days: 7, reason: '多次发布广告' });
    const res = await k.write(author, unique(TEXT));
    expect(res.statusCode).toBe(403);
    expect(res.message).toMatch(/^你已被禁言，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前不能发表内容$/);
    const rows = await t.database.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.kind, k.kind), eq(moderationItems.userId, author.userId)));
    expect(rows).toEqual([]);
  });

  it('应急处置 closes the area with the moderators’ message; reopened, the write goes through', async () => {
    const author = await createTestUser(t.database);
    await setEmergency(desk(), TEST_MODERATOR, k.area, { closed: true, message: '突发事件，本栏目暂停发布' });
    const closed = await k.write(author, unique(TEXT));
    expect({ statusCode: closed.statusCode, message: closed.message }).toEqual({ statusCode: 403, message: '突发事件，本栏目暂停发布' });
    await setEmergency(desk(), TEST_MODERATOR, k.area, { closed: false, message: '' });
    expect((await k.write(author, unique(`${TEXT}再试一次`))).statusCode).toBe(200);
  });
});
