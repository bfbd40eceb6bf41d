/**
 * The board's home, search and services (ADR 010; spec 2.7 /BangBang/index, SearchPage, serve/index;
 * 7.6 home, home/hotsearch, home/search, wenda/search, wenzheng/search, member/top/search, service/getService) and the
 * answerer tags of spec 3/5/6 on the seeded board.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  Answer,
  BangHome,
  BangSearchResult,
  HotSearch,
  MemberItem,
  PoliticsListItem,
  QuestionDetail,
  QuestionListItem,
  ServiceGroup,
} from '../../src/contract/bangbang.ts';
import { safeUrl } from '../../src/lib/safeUrl.ts';
import { bangAnswers, bangMembers, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { seedRuns } from '../../src/server/db/schema/core.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

describe('the seeded board (ADR 010 demo data)', () => {
  it('has ≥ 30 questions answered by tagged members, reporters and official members, its own seed run', async () => {
    const questions = await t.database.db.select().from(bangQuestions);
    const members = await t.database.db.select().from(bangMembers);
    const memberIds = new Set(members.map((m) => m.userId));
    let answeredByMember = 0;
    for (const q of questions) {
      const answers = await t.database.db.select().from(bangAnswers).where(eq(bangAnswers.questionId, q.id));
      expect(answers.length).toBe(q.answerCount);
      if (answers.some((a) => memberIds.has(a.userId))) answeredByMember++;
    }
    expect(answeredByMember).toBeGreaterThanOrEqual(30);
    expect(members.filter((m) => m.userType === 2).length).toBeGreaterThanOrEqual(3);
    expect(members.filter((m) => m.userType !== 2).length).toBeGreaterThanOrEqual(6);
    expect(members.some((m) => !m.isJump)).toBe(true);
    expect(await t.database.db.select().from(seedRuns).where(eq(seedRuns.name, 'bangbang-board'))).toHaveLength(1);
  });

  it("lists every question's answers oldest first, each after its question, none after the seed's now", async () => {
    const questions = await t.database.db.select().from(bangQuestions);
    for (const q of questions.filter((row) => row.answerCount > 1)) {
      const res = await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${q.id}&pageSize=50`);
      const times = res.data.map((a) => a.createTime);
      expect(times, q.title).toEqual([...times].sort());
      expect(new Set(times).size, q.title).toBe(times.length);
    }
    const answers = await t.database.db.select().from(bangAnswers);
    const askedAt = new Map(questions.map((q) => [q.id, q.createdAt.getTime()]));
    for (const a of answers) expect(a.createdAt.getTime()).toBeGreaterThan(askedAt.get(a.questionId)!);
    expect(Math.max(...answers.map((a) => a.createdAt.getTime()))).toBeLessThanOrEqual(Date.parse('2026-11-20T10:00:00+08:00'));
  });
});

describe('GET /v1/bangbang/home and home/hotsearch', () => {
  it('gives the home grid, the latest and the hottest items of both kinds in order', async () => {
    const res = await get<BangHome>('/v1/bangbang/home');
    expect(res.statusCode).toBe(200);
    expect(res.data.services.length).toBeGreaterThanOrEqual(8);
    for (const s of res.data.services) expect(safeUrl(s.url)).not.toBeNull();
    expect(res.data.latest).toHaveLength(10);
    expect(new Set(res.data.latest.map((i) => i.kind))).toEqual(new Set(['qa', 'politics']));
    const pvs = res.data.hottest.map((i) => i.pv);
    expect(pvs).toEqual([...pvs].sort((a, b) => b - a));
    const times = res.data.latest.map((i) => i.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('lists the hot searches in order', async () => {
    const res = await get<HotSearch[]>('/v1/bangbang/home/hotsearch');
    expect(res.data.map((h) => h.word)).toContain('公积金');
    expect(res.data.length).toBeGreaterThanOrEqual(6);
  });

  it('never lists a question in review or refused', async () => {
    const author = await createTestUser(t.database);
    const [row] = await t.database.db
      .insert(bangQuestions)
      .values({
        userId: author.userId,
        title: '审核中的问题不应出现在首页',
        content: '内容',
        reviewState: 'pending',
        createdAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    const home = await get<BangHome>('/v1/bangbang/home');
    expect(home.data.latest.some((i) => i.kind === 'qa' && i.id === row!.id)).toBe(false);
    const search = await get<QuestionListItem[]>(`/v1/bangbang/wenda/search?keyword=${encodeURIComponent('审核中的问题')}`);
    expect(search.data).toEqual([]);
    // Its detail is the asker's alone.
    expect((await get(`/v1/bangbang/wenda/getAnswerDetail?id=${row!.id}`)).statusCode).toBe(404);
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${row!.id}`, author.headers)).data.title).toBe('审核中的问题不应出现在首页');
    await t.database.db.delete(bangQuestions).where(eq(bangQuestions.id, row!.id));
  });
});

describe('GET /v1/bangbang/service/getService', () => {
  it('groups the whole grid by category; every target passes the safe-URL rule', async () => {
    const res = await get<ServiceGroup[]>('/v1/bangbang/service/getService');
    expect(res.data.length).toBeGreaterThanOrEqual(5);
    const items = res.data.flatMap((g) => g.items);
    expect(items.length).toBeGreaterThanOrEqual(20);
    for (const item of items) expect(safeUrl(item.url)).not.toBeNull();
  });
});

describe('search (home/search, wenda/search, wenzheng/search, member/top/search)', () => {
  it('finds questions, politics items and members by kind', async () => {
    const res = await get<BangSearchResult>(`/v1/bangbang/home/search?keyword=${encodeURIComponent('医保')}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.questions.length).toBeGreaterThan(0);
    for (const q of res.data.questions) expect(`${q.title}${q.content}`).toContain('医保');
    const members = await get<MemberItem[]>(`/v1/bangbang/member/top/search?keyword=${encodeURIComponent('律师')}`);
    expect(members.data.length).toBeGreaterThanOrEqual(2);
    expect(members.data.every((m) => m.typeName === '律师' || m.job.includes('律师') || m.nickname.includes('律师'))).toBe(true);
    // Departments' reply accounts are not answerers: 局 finds their 问政, not the accounts.
    const bureau = await get<BangSearchResult>(`/v1/bangbang/home/search?keyword=${encodeURIComponent('局')}`);
    expect(bureau.data.politics.length).toBeGreaterThan(0);
    const departments = new Set((await t.database.db.select().from(bangMembers)).filter((m) => m.department !== '').map((m) => m.userId));
    expect(departments.size).toBeGreaterThan(0);
    expect(bureau.data.members.filter((m) => departments.has(m.userId))).toEqual([]);
    const politics = await get<BangSearchResult>(`/v1/bangbang/home/search?keyword=${encodeURIComponent('公交')}`);
    expect(politics.data.politics.length).toBeGreaterThan(0);
  });

  it('pages wenda/search until an empty array', async () => {
    const seen = new Set<number>();
    for (let page = 1; page < 20; page++) {
      const res = await get<QuestionListItem[]>(`/v1/bangbang/wenda/search?keyword=${encodeURIComponent('吗')}&page=${page}&pageSize=5`);
      if (res.data.length === 0) break;
      for (const q of res.data) {
        expect(seen.has(q.id)).toBe(false);
        seen.add(q.id);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it('pages wenzheng/search, newest first, until an empty array; the home search gives its first page', async () => {
    const seen: PoliticsListItem[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await get<PoliticsListItem[]>(`/v1/bangbang/wenzheng/search?keyword=${encodeURIComponent('区')}&page=${page}&pageSize=3`);
      expect(res.statusCode).toBe(200);
      if (res.data.length === 0) break;
      seen.push(...res.data);
    }
    expect(seen.length).toBeGreaterThan(3);
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    for (const p of seen) expect(`${p.title}${p.content}${p.department}`).toContain('区');
    const times = seen.map((p) => p.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const home = await get<BangSearchResult>(`/v1/bangbang/home/search?keyword=${encodeURIComponent('区')}&pageSize=3`);
    expect(home.data.politics.map((p) => p.id)).toEqual(seen.slice(0, 3).map((p) => p.id));
    expect((await get<PoliticsListItem[]>('/v1/bangbang/wenzheng/search?keyword=%25')).data).toEqual([]);
  });

  it('treats LIKE wildcards as text and refuses an empty or over-long keyword in Chinese', async () => {
    expect((await get<QuestionListItem[]>('/v1/bangbang/wenda/search?keyword=%25')).data).toEqual([]);
    expect((await get<QuestionListItem[]>('/v1/bangbang/wenda/search?keyword=_')).data).toEqual([]);
    const empty = await get('/v1/bangbang/home/search?keyword=');
    expect(empty.statusCode).toBe(400);
    expect(empty.message).toContain('搜索内容');
    const long = await get(`/v1/bangbang/wenda/search?keyword=${'长'.repeat(31)}`);
    expect(long.statusCode).toBe(400);
    expect(long.message).toMatch(/搜索内容不能超过 30 个字/);
  });
});

describe('answerers (spec 3, 5, 6: userType, isJump; 记者 blue, other official types red)', () => {
  it('answers carry the member type, tag, job and isJump; a reader answer carries type 0', async () => {
    const qs = await t.database.db.select().from(bangQuestions).orderBy(bangQuestions.id);
    const all: Answer[] = [];
    for (const q of qs.slice(0, 36)) all.push(...(await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${q.id}&pageSize=50`)).data);
    const reporter = all.find((a) => a.userType === 2)!;
    expect(reporter.typeName).toBe('记者');
    expect(reporter.isJump).toBe(1);
    const officialNoHome = all.find((a) => a.userType === 3 && a.isJump === 0)!;
    expect(officialNoHome.typeName).toBe('官方');
    const reader = all.find((a) => a.userType === 0)!;
    expect(reader).toMatchObject({ typeName: '', isJump: 0 });
  });

  it('a question says its status (0 待回答 / 1 答) and isShowReply', async () => {
    const waiting = (await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.answerCount, 0)))[0]!;
    const closed = (await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.replyClosed, true)))[0]!;
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${waiting.id}`)).data).toMatchObject({
      status: 0,
      statusText: '待回答',
      isShowReply: 1,
    });
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${closed.id}`)).data).toMatchObject({
      status: 1,
      statusText: '答',
      isShowReply: 0,
    });
  });
});
