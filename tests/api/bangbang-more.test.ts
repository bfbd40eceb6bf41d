/**
 * The rest of the board (ADR 010): the Q&A home and lists, members' homes, departments and the 问政
 * timeline, groups, tips, explainers (spec 7.6), and the writes of spec 7.7 with their attack tests
 * (docs/security.md "Bangbang board writes"): authorization of official replies, mass assignment,
 * concurrent likes and submits, hostile text, idempotency, rate limits (new accounts stricter).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Answer, MemberItem, PoliticsDetail, PoliticsListItem, QuestionDetail, QuestionListItem } from '../../src/contract/bangbang.ts';
import type {
  AnswerListItem,
  Department,
  Explainer,
  Group,
  GroupMember,
  GroupPost,
  MemberInfo,
  PoliticsProgress,
  Tip,
  WendaIndex,
} from '../../src/contract/bangbangBoard.ts';
import { bangGroups, bangMembers, bangPolitics, bangQuestions, bangTips } from '../../src/server/db/schema/bangbang.ts';
import { suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 10, height: 8 });

/** A department's account, as the seed made it (the first department by name). */
async function departmentAccount(name: string): Promise<TestUser> {
  const user = await createTestUser(t.database);
  await t.database.db.insert(bangMembers).values({ userId: user.userId, userType: 4, typeName: '官方', department: name, isJump: false });
  return user;
}

describe('the seeded rest of the board', () => {
  it('has ≥ 20 问政 across all three steps and several departments, ≥ 6 groups with members and posts, ≥ 20 tips, explainers', async () => {
    const politics = await t.database.db.select().from(bangPolitics);
    expect(politics.length).toBeGreaterThanOrEqual(20);
    expect(politics.some((p) => p.status === 1)).toBe(true);
    expect(politics.some((p) => p.status === 0 && p.acceptedAt !== null)).toBe(true);
    expect(politics.some((p) => p.status === 0 && p.acceptedAt === null)).toBe(true);
    expect(new Set(politics.map((p) => p.department)).size).toBeGreaterThanOrEqual(8);
    const groups = await get<Group[]>('/v1/bangbang/groupownet/community?page=1&pageSize=20');
    expect(groups.data.length).toBeGreaterThanOrEqual(6);
    for (const g of groups.data) {
      expect(g.memberCount).toBeGreaterThanOrEqual(3);
      expect((await get<GroupPost[]>(`/v1/bangbang/groupownet/posts?id=${g.id}`)).data.length).toBeGreaterThan(0);
    }
    const tips = await get<Tip[]>('/v1/bangbang/baoliao/list?page=1&pageSize=50');
    expect(tips.data.length).toBeGreaterThanOrEqual(20);
    expect((await get<Explainer[]>('/v1/bangbang/explain/list')).data.length).toBeGreaterThanOrEqual(6);
  });

  it('counts no comments on group posts and tips, which have none to show (a count matches its rows)', async () => {
    const groups = await get<Group[]>('/v1/bangbang/groupownet/community?page=1&pageSize=20');
    for (const g of groups.data) {
      for (const post of (await get<GroupPost[]>(`/v1/bangbang/groupownet/posts?id=${g.id}&pageSize=50`)).data) expect(post.commentCount, post.content).toBe(0);
    }
    for (const tip of (await get<Tip[]>('/v1/bangbang/baoliao/list?page=1&pageSize=50')).data) expect(tip.commentCount, tip.content).toBe(0);
  });
});

describe('the 问政 timeline on the lists (已提交 → 已受理 → 已回复)', () => {
  it('every item carries its step; the demo board has items at every step across several departments', async () => {
    const all = await get<PoliticsListItem[]>('/v1/bangbang/wenzheng/getNewList?page=1&pageSize=50');
    expect(all.statusCode).toBe(200);
    const rows = new Map((await t.database.db.select().from(bangPolitics)).map((r) => [r.id, r]));
    for (const item of all.data) {
      const row = rows.get(item.id)!;
      const step = row.status === 1 ? 3 : row.acceptedAt ? 2 : 1;
      expect(item).toMatchObject({ step, stepText: ['已提交', '已受理', '已回复'][step - 1] });
    }
    for (const step of [1, 2, 3]) {
      const departments = new Set(all.data.filter((i) => i.step === step).map((i) => i.department));
      expect(departments.size, `step ${step}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    ['submitted', 1],
    ['accepted', 2],
    ['replied', 3],
  ] as const)('step=%s keeps the items at that step only, on both orders, paged to an empty page', async (key, step) => {
    for (const list of ['getNewList', 'getHotList']) {
      const first = await get<PoliticsListItem[]>(`/v1/bangbang/wenzheng/${list}?step=${key}&page=1&pageSize=50`);
      expect(first.data.length).toBeGreaterThan(0);
      expect(first.data.every((i) => i.step === step)).toBe(true);
      expect((await get<PoliticsListItem[]>(`/v1/bangbang/wenzheng/${list}?step=${key}&page=2&pageSize=50`)).data).toEqual([]);
    }
  });

  it('an unknown step is refused in Chinese', async () => {
    const bad = await get('/v1/bangbang/wenzheng/getNewList?step=done');
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toContain('办理状态只能是已提交、已受理或已回复');
  });
});

describe('Q&A reads (spec 7.6 wenda)', () => {
  it('index, hot and new lists, newest answers with tags, recommenders, members by type', async () => {
    const index = await get<WendaIndex>('/v1/bangbang/wenda/index');
    expect(index.statusCode).toBe(200);
    expect(index.data.hot.length).toBe(5);
    expect(index.data.answers.some((a) => a.userType === 2 && a.typeName === '记者')).toBe(true);
    expect(index.data.recommenders.length).toBeGreaterThan(0);
    const hot = await get<QuestionListItem[]>('/v1/bangbang/wenda/getHotQuestionList?page=1');
    const pvs = hot.data.map((q) => q.pv);
    expect(pvs).toEqual([...pvs].sort((a, b) => b - a));
    const reporters = await get<MemberItem[]>('/v1/bangbang/wenda/getMemberList?type=2');
    expect(reporters.data.length).toBeGreaterThan(0);
    expect(reporters.data.every((m) => m.userType === 2)).toBe(true);
    const answerers = await get<MemberItem[]>('/v1/bangbang/wenda/getMemberList?type=1');
    expect(answerers.data.every((m) => m.userType !== 2)).toBe(true);
    expect((await get('/v1/bangbang/wenda/getMemberList?type=3')).message).toContain('类型只能是 1 或 2');
  });

  it("a member's home: answers and questions only when isJump; unknown ids are not found", async () => {
    const members = await t.database.db.select().from(bangMembers);
    const open = members.find((m) => m.isJump && m.reviewState === 'approved' && m.userType === 2)!;
    const closed = members.find((m) => !m.isJump && m.department === '')!;
    expect((await get<AnswerListItem[]>(`/v1/bangbang/wenda/getNewAnswerListByMemberId?id=${open.userId}`)).data.length).toBeGreaterThan(0);
    expect((await get<MemberItem>(`/v1/bangbang/wenda/getMember?id=${closed.userId}`)).data.isJump).toBe(0);
    expect((await get<AnswerListItem[]>(`/v1/bangbang/wenda/getNewAnswerListByMemberId?id=${closed.userId}`)).data).toEqual([]);
    expect((await get('/v1/bangbang/wenda/getMember?id=99999999')).statusCode).toBe(404);
  });
});

describe('ask → answer → like (spec 7.7 wenda/add, wenda/reply)', () => {
  it('asks with pictures, answers, the question becomes 答; a retry with the same key is the same item', async () => {
    const asker = await createTestUser(t.database);
    const pictures = [await uploadPng(asker), await uploadPng(asker)];
    const key = { 'idempotency-key': 'ask-key-0001' };
    const body = { title: '沙坪坝哪里可以办理港澳通行证续签？', content: '想周末去办，不知道要不要预约。', pictures: pictures.join(','), region: '沙坪坝区' };
    const first = await post<QuestionDetail & { reviewState: string }>('/v1/bangbang/wenda/add', body, { ...asker.headers, ...key });
    expect(first.statusCode, first.message).toBe(200);
    expect(first.message).toBe('提问成功');
    expect(first.data.reviewState).toBe('approved');
    expect(first.data.status).toBe(0);
    expect(first.data.pictures).toEqual(pictures);
    const again = await post<QuestionDetail>('/v1/bangbang/wenda/add', body, { ...asker.headers, ...key });
    expect(again.data.id).toBe(first.data.id);
    const reused = await post('/v1/bangbang/wenda/add', { ...body, title: '另一个完全不同的问题标题' }, { ...asker.headers, ...key });
    expect(reused.statusCode).toBe(422);

    const answerer = await createTestUser(t.database);
    const answer = await post<Answer>(
      '/v1/bangbang/wenda/reply',
      { id: first.data.id, content: '出入境接待大厅周末也开，建议先在公众号预约。' },
      answerer.headers,
    );
    expect(answer.statusCode, answer.message).toBe(200);
    expect(answer.data.userType).toBe(0);
    const detail = await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${first.data.id}`);
    expect(detail.data.status).toBe(1);
    expect(detail.data.answerCount).toBe(1);

    // Concurrent likes of the answer by one reader: one like, count 1 (security.md J77).
    const likes = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.request('/v1/like/do', {
          method: 'POST',
          headers: { ...answerer.headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: `bangId=${answer.data.id}&type=6`,
        }),
      ),
    );
    expect(likes.every((r) => r.status < 500)).toBe(true);
    const answers = await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${first.data.id}`);
    expect(answers.data[0]!.likeNum).toBe(1);
  });

  it('refuses empty titles, others’ pictures, too many pictures, non-https video links, in Chinese; keeps hostile text as text', async () => {
    const asker = await createTestUser(t.database);
    const stranger = await createTestUser(t.database);
    expect((await post('/v1/bangbang/wenda/add', { title: '   ' }, asker.headers)).message).toContain('问题标题');
    const theirs = await uploadPng(stranger);
    expect((await post('/v1/bangbang/wenda/add', { title: '这是一个正常的问题标题', pictures: theirs }, asker.headers)).statusCode).toBe(400);
    const ten = Array.from({ length: 10 }, (_, i) => `/media/comments/${asker.userId}/x${i}.png`).join(',');
    expect((await post('/v1/bangbang/wenda/add', { title: '这是一个正常的问题标题', pictures: ten }, asker.headers)).message).toContain('图片最多 9 张');
    expect((await post('/v1/bangbang/wenda/add', { title: '这是一个正常的问题标题', videoUrl: 'javascript:alert(1)' }, asker.headers)).message).toContain(
      'https://',
    );
    const hostile = await post<QuestionDetail>(
      '/v1/bangbang/wenda/add',
      { title: '<script>alert(1)</script>标题', content: '<img src=x onerror=alert(1)>' },
      asker.headers,
    );
    expect(hostile.statusCode).toBe(200);
    expect(hostile.data.title).toBe('<script>alert(1)</script>标题');
    const page = await t.app.request('/v1/bangbang/wenda/getAnswerDetail?id=' + hostile.data.id);
    expect(page.headers.get('content-type')).toContain('application/json');
  });

  it('refuses answers to a closed question and to a question in review; anonymous writes need login', async () => {
    const reader = await createTestUser(t.database);
    const [closed] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.replyClosed, true)).limit(1);
    expect((await post('/v1/bangbang/wenda/reply', { id: closed!.id, content: '补充一个回答内容' }, reader.headers)).message).toBe('该问题已关闭回答');
    expect((await post('/v1/bangbang/wenda/add', { title: '没有登录的人来提问' })).statusCode).toBe(301);
  });

  it('a new account is held to one question a minute (stricter than the 15 s of others)', async () => {
    const fresh = await createTestUser(t.database, { ageHours: 0 });
    expect((await post('/v1/bangbang/wenda/add', { title: '新用户的第一个问题是什么' }, fresh.headers)).statusCode).toBe(200);
    expect((await post('/v1/bangbang/wenda/add', { title: '新用户的第二个问题又是什么' }, fresh.headers)).statusCode).toBe(429);
  });
});

describe('问政: commit → official reply (spec 7.7 wenzheng/add, wenzheng/reply)', () => {
  it('commits to a department, only that department replies, once; the timeline reaches 已回复', async () => {
    const departments = await get<Department[]>('/v1/bangbang/wenzheng/getMemberList?platformType=0');
    expect(departments.data.length).toBeGreaterThanOrEqual(8);
    const target = departments.data[0]!;
    const asker = await createTestUser(t.database);
    const sent = await post<PoliticsDetail>(
      '/v1/bangbang/wenzheng/add',
      { departmentId: target.id, title: '小区门口的路灯坏了一个月', content: '晚上回家很黑，老人孩子走路不安全，希望尽快修好。' },
      asker.headers,
    );
    expect(sent.statusCode, sent.message).toBe(200);
    expect(sent.data.department).toBe(target.name);
    expect(sent.data.statusText).toBe('待回复');
    const before = await get<PoliticsProgress>(`/v1/bangbang/wenzheng/getProgress?id=${sent.data.id}`);
    expect(before.data.steps.map((s) => s.done)).toEqual([true, false, false]);

    // Authorization: the asker, an ordinary reader and another department's account are refused.
    const reply = { id: sent.data.id, content: '您好！已安排维修人员到现场更换灯具，感谢反映。' };
    expect((await post('/v1/bangbang/wenzheng/reply', reply, asker.headers)).statusCode).toBe(403);
    const other = await departmentAccount(departments.data[1]!.name);
    const refused = await post('/v1/bangbang/wenzheng/reply', reply, other.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toBe('只有该部门的认证账号可以回复');
    // A pending member row of that department is not enough either.
    const pending = await createTestUser(t.database);
    await t.database.db.insert(bangMembers).values({ userId: pending.userId, userType: 4, typeName: '官方', department: target.name, reviewState: 'pending' });
    expect((await post('/v1/bangbang/wenzheng/reply', reply, pending.headers)).statusCode).toBe(403);

    const official = await departmentAccount(target.name);
    expect((await get<PoliticsProgress>(`/v1/bangbang/wenzheng/getProgress?id=${sent.data.id}`, official.headers)).data.canReply).toBe(1);
    const [a, b] = await Promise.all([
      post<PoliticsDetail>('/v1/bangbang/wenzheng/reply', { ...reply, content: `${reply.content}<script>x</script>` }, official.headers),
      post<PoliticsDetail>('/v1/bangbang/wenzheng/reply', { ...reply, content: `${reply.content}（第二遍）` }, official.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422].sort());
    const detail = await get<PoliticsDetail>(`/v1/bangbang/wenzheng/getDetail?id=${sent.data.id}`);
    expect(detail.data.statusText).toBe('已回复');
    expect(detail.data.replyContent).not.toContain('<script');
    const after = await get<PoliticsProgress>(`/v1/bangbang/wenzheng/getProgress?id=${sent.data.id}`);
    expect(after.data.steps.map((s) => s.name)).toEqual(['已提交', '已受理', '已回复']);
    expect(after.data.steps.every((s) => s.done)).toBe(true);
  });

  it('refuses an unknown department and ignores a forged status or reply (mass assignment)', async () => {
    const asker = await createTestUser(t.database);
    expect(
      (await post('/v1/bangbang/wenzheng/add', { departmentId: 99999999, title: '一个正常的问政标题', content: '一段足够长的问政内容文字。' }, asker.headers))
        .message,
    ).toBe('请选择要问政的部门');
    const [dep] = (await get<Department[]>('/v1/bangbang/wenzheng/getMemberList')).data;
    const sent = await post<PoliticsDetail>(
      '/v1/bangbang/wenzheng/add',
      {
        departmentId: dep!.id,
        title: '一个正常的问政标题',
        content: '一段足够长的问政内容文字。',
        status: 1,
        replyHtml: '<p>已办结</p>',
        reviewState: 'approved',
        userId: 1,
      },
      asker.headers,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.data.status).toBe(0);
    expect(sent.data.replyContent).toBe('');
    expect(sent.data.userId).toBe(asker.userId);
  });
});

describe('tips (爆料)', () => {
  it('sends a tip; the contact phone is stored but never shown; the list has it', async () => {
    const reader = await createTestUser(t.database);
    const sent = await post<Tip>(
      '/v1/bangbang/baoliao/add',
      { content: '石桥铺转盘有一处井盖松动，车开过去哐哐响。', place: '九龙坡区石桥铺', contactPhone: '138 0013 8000' },
      reader.headers,
    );
    expect(sent.statusCode, sent.message).toBe(200);
    expect(JSON.stringify(sent.data)).not.toContain('13800138000');
    const [row] = await t.database.db.select().from(bangTips).where(eq(bangTips.id, sent.data.id));
    expect(row!.contactPhone).toBe('13800138000');
    const list = await get<Tip[]>('/v1/bangbang/baoliao/list?page=1&pageSize=5');
    expect(list.data[0]!.id).toBe(sent.data.id);
    expect(JSON.stringify(list.data)).not.toContain('contactPhone');
    expect((await post('/v1/bangbang/baoliao/add', { content: '有个井盖松了', contactPhone: '12345' }, reader.headers)).message).toContain(
      '联系电话格式不正确',
    );
  });
});

describe('one tip (/v1/bangbang/baoliao/detail, jump 20 "tip detail")', () => {
  it('answers a public tip without its contact phone; one in review only to its author; a bad or unknown id in Chinese', async () => {
    const [pub] = await t.database.db.select().from(bangTips).where(eq(bangTips.reviewState, 'approved')).limit(1);
    const one = await get<Tip>(`/v1/bangbang/baoliao/detail?id=${pub!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.data).toMatchObject({ id: pub!.id, content: pub!.content, reviewState: 'approved' });
    expect(JSON.stringify(one.data)).not.toContain('contactPhone');

    const author = await createTestUser(t.database);
    const [pending] = await t.database.db
      .insert(bangTips)
      .values({ userId: author.userId, content: '解放碑步行街一处地砖翘起，已经有人绊倒了。', reviewState: 'pending', contactPhone: '13800138001' })
      .returning({ id: bangTips.id });
    const hidden = await get<Tip>(`/v1/bangbang/baoliao/detail?id=${pending!.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.message).toBe('爆料不存在或已删除');
    const stranger = await createTestUser(t.database);
    expect((await get<Tip>(`/v1/bangbang/baoliao/detail?id=${pending!.id}`, stranger.headers)).statusCode).toBe(404);
    const own = await get<Tip>(`/v1/bangbang/baoliao/detail?id=${pending!.id}`, author.headers);
    expect(own.statusCode).toBe(200);
    expect(own.data.reviewState).toBe('pending');
    expect(JSON.stringify(own.data)).not.toContain('13800138001');

    expect((await get(`/v1/bangbang/baoliao/detail?id=99999999`)).statusCode).toBe(404);
    const bad = await get('/v1/bangbang/baoliao/detail?id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toMatch(/[\u4e00-\u9fff]/);
    expect(bad.message).not.toMatch(/[A-Za-z]{3,}/);
  });
});

describe('applications (身份认证, /api/bangbang/member/useredit)', () => {
  it('pending until approved; only the listed fields count; approved members get their tag on answers', async () => {
    const reader = await createTestUser(t.database);
    expect((await get<MemberInfo>('/api/bangbang/member/getInfo', reader.headers)).data.state).toBe('none');
    const proof = await uploadPng(reader);
    const body = {
      userType: 2,
      realName: '李想',
      job: '重庆某报社 记者',
      introduction: '跑社会新闻五年，熟悉城市管理和民生投诉。',
      proofPicture: proof,
      reviewState: 'approved',
      isJump: false,
      department: '市交通运输委',
      typeName: '官方',
    };
    const applied = await post<MemberInfo>('/api/bangbang/member/useredit', body, reader.headers);
    expect(applied.statusCode, applied.message).toBe(200);
    expect(applied.data.state).toBe('pending');
    expect(applied.data.typeName).toBe('记者');
    const [row] = await t.database.db.select().from(bangMembers).where(eq(bangMembers.userId, reader.userId));
    expect(row!.department).toBe('');
    expect(row!.reviewState).toBe('pending');
    // An official type cannot be asked for.
    expect((await post('/api/bangbang/member/useredit', { ...body, userType: 4 }, reader.headers)).message).toContain('请选择认证类型');
    // Twice is one row.
    await post('/api/bangbang/member/useredit', body, reader.headers);
    expect(await t.database.db.select().from(bangMembers).where(eq(bangMembers.userId, reader.userId))).toHaveLength(1);

    // While pending, an answer carries no tag; once approved it does.
    const [q] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.replyClosed, false)).limit(1);
    const untagged = await post<Answer>('/v1/bangbang/wenda/reply', { id: q!.id, content: '还在审核中的回答内容' }, reader.headers);
    expect(untagged.data.typeName).toBe('');
    await t.database.db.update(bangMembers).set({ reviewState: 'approved' }).where(eq(bangMembers.userId, reader.userId));
    const answers = await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${q!.id}&pageSize=50`);
    const mine = answers.data.find((a) => a.id === untagged.data.id)!;
    expect(mine.typeName).toBe('记者');
    expect(mine.userType).toBe(2);
    expect((await get<MemberInfo>('/api/bangbang/member/getInfo', reader.headers)).data.state).toBe('approved');
    expect((await post('/api/bangbang/member/useredit', body, reader.headers)).message).toBe('您已通过认证，无需重复申请');
  });
});

describe('groups (社群)', () => {
  it('join and leave are idempotent and counted; the owner cannot leave; members listed with roles', async () => {
    const reader = await createTestUser(t.database);
    const [group] = await t.database.db.select().from(bangGroups).limit(1);
    const before = group!.memberCount;
    const joins = await Promise.all([1, 2, 3].map(() => post<{ memberCount: number }>('/v1/bangbang/groupownet/join', { id: group!.id }, reader.headers)));
    expect(joins.every((j) => j.statusCode === 200)).toBe(true);
    expect((await get<Group>(`/v1/bangbang/groupownet/userInfo?id=${group!.id}`, reader.headers)).data).toMatchObject({ joined: 1, memberCount: before + 1 });
    const left = await post<{ memberCount: number }>('/v1/bangbang/groupownet/leave', { id: group!.id }, reader.headers);
    expect(left.data.memberCount).toBe(before);
    const members = await get<GroupMember[]>(`/v1/bangbang/groupownet/userlist?id=${group!.id}`);
    expect(members.data[0]!.roleName).toBe('群主');
    expect((await post('/v1/bangbang/groupownet/join', { id: 99999999 }, reader.headers)).statusCode).toBe(404);
  });
});
