/**
 * The rural section: the read calls on the seeded demo data (news by column and group, tabs,
 * experts, questions with answers, farmer posts, prices, credit), and the writes — asking an expert,
 * publishing a farmer post, liking, commenting — with review state, idempotency, rate limits, authz,
 * mass assignment, hostile text and concurrent submits.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  Deed,
  Expert,
  FarmerComment,
  FarmerPost,
  PriceBoard,
  Question,
  RuralColumn,
  RuralHome,
  RuralNews,
  RuralTab,
  Village,
} from '../../src/contract/rural.ts';
import { appConfig, news } from '../../src/server/db/schema/core.ts';
import { ruralAnswers, ruralPosts, ruralQuestions } from '../../src/server/db/schema/rural.ts';
import { RURAL_WAITING_QUESTIONS } from '../../src/server/db/seed/ruralExpertsSeed.ts';
import { RURAL_REVIEW_KEY } from '../../src/server/rural/service.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();

const { get, postJson: post } = suiteRequests(() => t);

async function all<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 30; page++) {
    const res = await get<T[]>(`${path}${path.includes('?') ? '&' : '?'}page=${page}&pageSize=20`);
    expect(res.statusCode).toBe(200);
    if (res.data.length === 0) break;
    out.push(...res.data);
  }
  return out;
}

async function setReview(on: boolean): Promise<void> {
  await t.database.write(async (tx) => {
    await tx.delete(appConfig).where(eq(appConfig.key, RURAL_REVIEW_KEY));
    if (on) await tx.insert(appConfig).values({ key: RURAL_REVIEW_KEY, value: true });
  });
}

describe('rural reads', () => {
  it('seeds ≥ 40 rural news in 8 columns, newest first, in three groups, with videos', async () => {
    const columns = await get<RuralColumn[]>('/v1/yunong/columns');
    expect(columns.data.length).toBe(8);
    expect(new Set(columns.data.map((c) => c.group))).toEqual(new Set(['rural', 'information', 'video']));
    const news = await all<RuralNews>('/v1/yunong/news');
    expect(news.length).toBeGreaterThanOrEqual(40);
    expect(new Set(news.map((n) => n.id)).size).toBe(news.length);
    const times = news.map((n) => n.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
    const videos = await all<RuralNews>('/v1/yunong/news?group=video');
    expect(videos.length).toBeGreaterThanOrEqual(5);
    for (const v of videos) expect(v.isVideo && v.dataType === 8 && v.videoUrl !== '').toBe(true);
    const one = await get<RuralNews[]>(`/v1/yunong/news?classId=${columns.data[0]!.id}`);
    expect(one.data.every((n) => n.classId === columns.data[0]!.id)).toBe(true);
  });

  it('refuses an unknown column and a bad group in Chinese', async () => {
    expect((await get('/v1/yunong/news?classId=101')).statusCode).toBe(404);
    const bad = await get('/v1/yunong/news?group=evil');
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toMatch(/栏目组不正确/);
  });

  it('gives the tabs of general-tab and sub-general-tab from configuration', async () => {
    const general = await get<RuralTab[]>('/v1/yunong/tabs?page=general');
    expect(general.data.length).toBeGreaterThanOrEqual(4);
    expect(general.data.every((tab) => tab.columnId > 0 && tab.children.length === 0)).toBe(true);
    const sub = await get<RuralTab[]>('/v1/yunong/tabs?page=sub');
    expect(sub.data.length).toBeGreaterThanOrEqual(3);
    expect(sub.data.every((tab) => tab.children.length >= 2)).toBe(true);
    // The two pages open on different lists (each its first tab, and sub-general-tab that tab's first child).
    expect(sub.data[0]!.children[0]!.columnId).not.toBe(general.data[0]!.columnId);
  });

  it('has ≥ 20 questions, every one answered by a tagged expert but the few waiting for one; search finds them', async () => {
    const experts = await get<Expert[]>('/v1/yunong/experts');
    expect(experts.data.length).toBeGreaterThanOrEqual(6);
    expect(experts.data.every((e) => e.tags.length > 0)).toBe(true);
    const questions = await all<Question>('/v1/yunong/questions');
    expect(questions.length).toBeGreaterThanOrEqual(20);
    expect(questions.every((q) => q.answerCount === q.answers.length)).toBe(true);
    // The demo keeps a few questions waiting, so a demo expert's 专家答题 leads with some (ruralExpertsSeed.ts).
    const waiting = questions.filter((q) => q.answers.length === 0).map((q) => q.content);
    expect(waiting.sort()).toEqual(RURAL_WAITING_QUESTIONS.map(([, , content]) => content).sort());
    const found = await get<Question[]>(`/v1/yunong/questions?keyword=${encodeURIComponent('脐橙')}`);
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((q) => `${q.content}${q.district}${q.answers.map((a) => a.content).join('')}`.includes('脐橙') || q.tag.includes('脐橙'))).toBe(
      true,
    );
    const none = await get<Question[]>(`/v1/yunong/questions?keyword=${encodeURIComponent('100%_')}`);
    expect(none.data).toEqual([]);
    // Words only an expert's answer uses find its question too.
    const asked = questions.find((q) => q.answers.length > 0 && !`${q.content}${q.tag}${q.district}`.includes(q.answers[0]!.content.slice(0, 6)))!;
    const word = asked.answers[0]!.content.slice(0, 6);
    const byAnswer = await all<Question>(`/v1/yunong/questions?keyword=${encodeURIComponent(word)}`);
    expect(byAnswer.map((q) => q.id)).toContain(asked.id);
    expect(byAnswer.every((q) => `${q.content}${q.tag}${q.district}${q.answers.map((a) => a.content).join('')}`.includes(word))).toBe(true);
  });

  it('has ≥ 30 farmer posts with pictures, likes and comments', async () => {
    const posts = await all<FarmerPost>('/v1/yunong/posts');
    expect(posts.length).toBeGreaterThanOrEqual(30);
    expect(posts.filter((p) => p.pictures.length > 0).length).toBeGreaterThanOrEqual(20);
    expect(posts.some((p) => p.likeNum > 0 && p.comments.length > 0)).toBe(true);
  });

  it('prices: ≥ 15 products in ≥ 3 markets over a month, change against the day before, 30-day trend', async () => {
    const board = await get<PriceBoard>('/v1/yunong/prices');
    expect(board.data.markets.length).toBeGreaterThanOrEqual(3);
    expect(board.data.dates.length).toBeGreaterThanOrEqual(30);
    expect(board.data.rows.length).toBeGreaterThanOrEqual(15);
    for (const row of board.data.rows) {
      expect(row.trend.length).toBe(30);
      expect(row.trend[row.trend.length - 1]).toBe(row.price);
      expect(row.change).toBeCloseTo(row.price - row.trend[row.trend.length - 2]!, 2);
    }
    const other = await get<PriceBoard>(`/v1/yunong/prices?marketId=${board.data.markets[2]!.id}&date=${board.data.dates[5]}`);
    expect(other.data.date).toBe(board.data.dates[5]);
    expect(other.data.rows[0]!.price).not.toBe(board.data.rows[0]!.price);
    expect((await get('/v1/yunong/prices?marketId=999')).statusCode).toBe(404);
    expect((await get('/v1/yunong/prices?date=2026-13')).message).toMatch(/日期格式/);
  });

  it("each village's average, share rated A or above and each expert's answer count are its own rows", async () => {
    const credit = await get<{ villages: Village[] }>('/v1/yunong/credit');
    for (const v of credit.data.villages) {
      const homes = await get<{ households: { points: number }[] }>(`/v1/yunong/credit/village?id=${v.id}`);
      const points = homes.data.households.map((h) => h.points);
      expect(v.avgPoints, v.name).toBe(Math.round(points.reduce((n, p) => n + p, 0) / points.length));
      expect(v.ratedPercent, v.name).toBe(Math.round((points.filter((p) => p >= 70).length / points.length) * 100));
    }
    expect(credit.data.villages.map((v) => v.avgPoints)).toEqual([...credit.data.villages.map((v) => v.avgPoints)].sort((a, b) => b - a));
    expect(new Set(credit.data.villages.map((v) => v.ratedPercent)).size).toBeGreaterThan(1);
    const answers = await t.database.db.select().from(ruralAnswers);
    const experts = await get<Expert[]>('/v1/yunong/experts');
    for (const e of experts.data) expect(e.answerCount, e.name).toBe(answers.filter((a) => a.expertId === e.id).length);
    expect(new Set(experts.data.map((e) => e.answerCount)).size).toBeGreaterThan(1);
  });

  it('credit: ≥ 5 villages ranked, levels with benefits, masked names only', async () => {
    const credit = await get<{ villages: Village[]; levels: { rating: string; benefits: string[] }[]; deeds: Deed[] }>('/v1/yunong/credit');
    expect(credit.data.villages.length).toBeGreaterThanOrEqual(5);
    expect(credit.data.villages.map((v) => v.rank)).toEqual(credit.data.villages.map((_, i) => i + 1));
    expect(credit.data.levels.every((l) => l.benefits.length > 0)).toBe(true);
    const village = await get<{ households: { maskedName: string; rating: string }[]; deeds: Deed[] }>(
      `/v1/yunong/credit/village?id=${credit.data.villages[0]!.id}`,
    );
    expect(village.data.households.length).toBeGreaterThan(10);
    for (const h of village.data.households) expect(h.maskedName).toMatch(/^.\*.$/u);
    for (const d of village.data.deeds) expect(d.maskedName).toMatch(/^.\*.$/u);
    const deeds = await get<Deed[]>('/v1/yunong/credit/deeds?page=2&pageSize=20');
    expect(deeds.data.length).toBe(20);
    expect((await get('/v1/yunong/credit/village?id=99999')).statusCode).toBe(404);
  });

  it('home: banners, columns, latest news, a price summary, questions and posts', async () => {
    const home = await get<RuralHome>('/v1/yunong/home');
    expect(home.data.banners.length).toBe(3);
    expect(home.data.latest.length).toBe(10);
    expect(home.data.prices.rows.length).toBeGreaterThan(0);
    expect(home.data.questions.length).toBe(3);
    expect(home.data.posts.length).toBe(2);
  });

  it('home: a newest item without a picture is listed under 最新资讯, not skipped', async () => {
    const [, second] = await all<RuralNews>('/v1/yunong/news');
    const row = (await t.database.db.select().from(news).where(eq(news.id, second!.id)))[0]!;
    await t.database.write((tx) => tx.update(news).set({ imageUrls: [] }).where(eq(news.id, row.id)));
    try {
      const home = await get<RuralHome>('/v1/yunong/home');
      const shown = [...home.data.banners, ...home.data.latest].map((n) => n.id);
      expect(home.data.latest.map((n) => n.id)).toContain(row.id);
      expect(new Set(shown).size).toBe(shown.length);
      expect(home.data.banners.length).toBe(3);
      expect(home.data.latest.length).toBe(10);
    } finally {
      await t.database.write((tx) => tx.update(news).set({ imageUrls: row.imageUrls }).where(eq(news.id, row.id)));
    }
  });
});

describe('asking an expert', () => {
  it('needs login', async () => {
    expect((await post('/v1/yunong/ask', { content: '玉米叶子发黄怎么办？', tag: '种植' })).statusCode).toBe(301);
  });

  it('stores plain text with the chosen field, shows it first, ignores extra fields', async () => {
    const user = await createTestUser(t.database);
    const res = await post<Question>(
      '/v1/yunong/ask',
      { content: '  <b>玉米</b>叶子发黄是缺肥吗？  ', tag: '种植', district: '城口', reviewState: 'approved', userId: 1, answerCount: 99 },
      user.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.data.content).toBe('<b>玉米</b>叶子发黄是缺肥吗？');
    expect(res.data.answerCount).toBe(0);
    expect(res.data.belongMyself).toBe(1);
    const [row] = await t.database.db.select().from(ruralQuestions).where(eq(ruralQuestions.id, res.data.id));
    expect(row!.userId).toBe(user.userId);
    const first = await get<Question[]>('/v1/yunong/questions?page=1&pageSize=1');
    expect(first.data[0]!.id).toBe(res.data.id);
  });

  it('refuses short, empty-field and NUL text in Chinese, writing nothing', async () => {
    const user = await createTestUser(t.database);
    const before = (await t.database.db.select().from(ruralQuestions)).length;
    for (const [body, message] of [
      [{ content: '怎么办', tag: '种植' }, /至少 5 个字/],
      [{ content: '玉米叶子发黄怎么办', tag: '炒股' }, /请选择问题领域/],
      [{ content: '玉米叶子\u0000发黄怎么办', tag: '种植' }, /非法字符/],
    ] as const) {
      const res = await post('/v1/yunong/ask', body, user.headers);
      expect(res.statusCode).toBe(400);
      expect(res.message).toMatch(message);
    }
    expect((await t.database.db.select().from(ruralQuestions)).length).toBe(before);
  });

  it('a retried send with the same Idempotency-Key writes one question, even concurrently', async () => {
    const user = await createTestUser(t.database);
    const headers = { ...user.headers, 'idempotency-key': 'ask-retry-000001' };
    const body = { content: '柑橘园里冬天要不要灌水？', tag: '果树' };
    const [a, b] = await Promise.all([post<Question>('/v1/yunong/ask', body, headers), post<Question>('/v1/yunong/ask', body, headers)]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const again = await post<Question>('/v1/yunong/ask', body, headers);
    expect(again.statusCode).toBe(200);
    expect(new Set([...ok, again].map((r) => r.data.id)).size).toBe(1);
    const rows = await t.database.db.select().from(ruralQuestions).where(eq(ruralQuestions.userId, user.userId));
    expect(rows.length).toBe(1);
    const reused = await post('/v1/yunong/ask', { content: '换了一个别的问题内容', tag: '果树' }, headers);
    expect(reused.statusCode).toBe(422);
  });

  it('is rate limited and refuses the same text twice', async () => {
    const user = await createTestUser(t.database);
    expect((await post('/v1/yunong/ask', { content: '第一个问题：猪不吃食怎么办', tag: '养殖' }, user.headers)).statusCode).toBe(200);
    const dup = await post('/v1/yunong/ask', { content: '第一个问题：猪不吃食怎么办', tag: '养殖' }, user.headers);
    expect(dup.message).toBe('请勿重复提交相同的内容');
    const fast = await post('/v1/yunong/ask', { content: '第二个问题：鸭子不下蛋怎么办', tag: '养殖' }, user.headers);
    expect(fast.statusCode).toBe(429);
  });

  it('with review on: pending, seen by the asker only', async () => {
    await setReview(true);
    try {
      const asker = await createTestUser(t.database);
      const other = await createTestUser(t.database);
      const res = await post<Question>('/v1/yunong/ask', { content: '审核中的问题：茶叶怎么保存', tag: '种植' }, asker.headers);
      expect(res.data.reviewState).toBe('pending');
      expect(res.message).toMatch(/审核/);
      expect((await get(`/v1/yunong/question?id=${res.data.id}`)).statusCode).toBe(404);
      expect((await get(`/v1/yunong/question?id=${res.data.id}`, other.headers)).statusCode).toBe(404);
      expect((await get<Question>(`/v1/yunong/question?id=${res.data.id}`, asker.headers)).data.reviewState).toBe('pending');
      const list = await get<Question[]>('/v1/yunong/questions?page=1&pageSize=5');
      expect(list.data.some((q) => q.id === res.data.id)).toBe(false);
    } finally {
      await setReview(false);
    }
  });
});

describe('farmer talk writes', () => {
  it('publishing needs login, stores text, refuses outside pictures', async () => {
    expect((await post('/v1/yunong/publish', { content: '今天收玉米' })).statusCode).toBe(301);
    const user = await createTestUser(t.database);
    const bad = await post('/v1/yunong/publish', { content: '看我的照片', imageUrl: ['https://evil.example/x.png'] }, user.headers);
    expect(bad.statusCode).toBe(400);
    const res = await post<FarmerPost>('/v1/yunong/publish', { content: '<script>alert(1)</script>今天收玉米', district: '巫溪', likeNum: 500 }, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.data.content).toBe('<script>alert(1)</script>今天收玉米');
    expect(res.data.likeNum).toBe(0);
    const first = await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=1');
    expect(first.data[0]!.id).toBe(res.data.id);
  });

  it('a retried publish with the same key writes one post', async () => {
    const user = await createTestUser(t.database);
    const headers = { ...user.headers, 'idempotency-key': 'publish-retry-01' };
    const body = { content: '重试也只发一条' };
    const [a, b] = await Promise.all([post<FarmerPost>('/v1/yunong/publish', body, headers), post<FarmerPost>('/v1/yunong/publish', body, headers)]);
    expect([a, b].some((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(ruralPosts).where(eq(ruralPosts.userId, user.userId));
    expect(rows.length).toBe(1);
  });

  it('likes are the wanted state: repeated or concurrent likes count once', async () => {
    const posts = await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=5');
    const target = posts.data.find((p) => p.reviewState === 'approved')!;
    const user = await createTestUser(t.database);
    const results = await Promise.all(
      [1, 2, 3].map(() => post<{ liked: boolean; likeNum: number }>('/v1/yunong/like', { postId: target.id, like: 1 }, user.headers)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const after = (await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=5', user.headers)).data.find((p) => p.id === target.id)!;
    expect(after.likeNum).toBe(target.likeNum + 1);
    expect(after.isDoLike).toBe(1);
    const off = await post<{ likeNum: number }>('/v1/yunong/like', { postId: target.id, like: 0 }, user.headers);
    expect(off.data.likeNum).toBe(target.likeNum);
    expect((await post('/v1/yunong/like', { postId: 999999, like: 1 }, user.headers)).statusCode).toBe(404);
    expect((await post('/v1/yunong/like', { postId: target.id, like: 2 }, user.headers)).message).toMatch(/点赞参数不正确/);
  });

  it('comments: login, plain text, counted, retry-safe, not on another reader’s pending post', async () => {
    const posts = await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=5');
    const target = posts.data[0]!;
    expect((await post('/v1/yunong/comment', { postId: target.id, text: '好' })).statusCode).toBe(301);
    const user = await createTestUser(t.database);
    const headers = { ...user.headers, 'idempotency-key': 'comment-retry-01' };
    const first = await post<FarmerComment>('/v1/yunong/comment', { postId: target.id, text: '<img src=x onerror=alert(1)>真不错' }, headers);
    expect(first.statusCode).toBe(200);
    const again = await post<FarmerComment>('/v1/yunong/comment', { postId: target.id, text: '<img src=x onerror=alert(1)>真不错' }, headers);
    expect(again.data.id).toBe(first.data.id);
    const after = (await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=5')).data.find((p) => p.id === target.id)!;
    expect(after.commentCount).toBe(target.commentCount + 1);
    expect(after.comments[0]!.text).toBe('<img src=x onerror=alert(1)>真不错');
    expect((await post('/v1/yunong/comment', { postId: target.id, text: '' }, user.headers)).message).toMatch(/评论不能为空/);

    await setReview(true);
    try {
      const author = await createTestUser(t.database);
      const pending = await post<FarmerPost>('/v1/yunong/publish', { content: '待审核的动态' }, author.headers);
      expect(pending.data.reviewState).toBe('pending');
      expect((await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=3')).data.some((p) => p.id === pending.data.id)).toBe(false);
      expect((await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=3', author.headers)).data.some((p) => p.id === pending.data.id)).toBe(true);
      const other = await createTestUser(t.database);
      expect((await post('/v1/yunong/comment', { postId: pending.data.id, text: '偷看' }, other.headers)).statusCode).toBe(404);
      expect((await post('/v1/yunong/like', { postId: pending.data.id, like: 1 }, other.headers)).statusCode).toBe(404);
    } finally {
      await setReview(false);
    }
  });
});
