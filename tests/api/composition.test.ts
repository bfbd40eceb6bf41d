/**
 * Composition (spec 2.8, 2.11, 7.5): reads on the seeded demo data, rankings, contributing
 * (school −1, own photos only, review state, idempotency, mass assignment, hostile text), the teacher
 * review (only the verified teacher an essay is assigned to), likes once per reader (also concurrent),
 * comments, the composition report variant, and the live counts published on the essay's room.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Essay, EssayComment, EssaySummary, InfoItem, Mine, Role, School, SearchResult, Student, Teacher } from '../../src/contract/composition.ts';
import { COMPOSITION_ROOM_CLASS } from '../../src/contract/compositionRules.ts';
import * as compositionEndpoints from '../../src/contract/composition.ts';
import { ESSAY_REVIEW_SETTING } from '../../src/server/composition/service.ts';
import { appConfig } from '../../src/server/db/schema/core.ts';
import { SEED_ANCHOR } from '../../src/server/db/seed/buildDemoData.ts';
import { compositionComments, compositionEssays, compositionTeachers } from '../../src/server/db/schema/composition.ts';
import { likes, reports } from '../../src/server/db/schema/interaction.ts';
import { envelope, recordingApp, suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const P = {
  schools: compositionEndpoints.listSchools.path,
  teachers: compositionEndpoints.listTeachers.path,
  list: compositionEndpoints.listEssays.path,
  news: compositionEndpoints.listInfo.path,
  reviews: compositionEndpoints.listReviews.path,
  rank: compositionEndpoints.rankEssays.path,
  detail: compositionEndpoints.essayDetail.path,
  teacher: compositionEndpoints.teacherDetail.path,
  school: compositionEndpoints.schoolDetail.path,
  student: compositionEndpoints.studentDetail.path,
  search: compositionEndpoints.searchComposition.path,
  contribute: compositionEndpoints.contributeEssay.path,
  mine: compositionEndpoints.myComposition.path,
  like: compositionEndpoints.likeEssay.path,
  review: compositionEndpoints.reviewEssay.path,
  role: compositionEndpoints.compositionRole.path,
  assigned: compositionEndpoints.assignedEssays.path,
  commentStore: compositionEndpoints.storeComment.path,
  comments: compositionEndpoints.listComments.path,
  report: compositionEndpoints.reportEssay.path,
} as const;

const t = suiteApp();
let schools: School[];
let teachers: Teacher[];

beforeAll(async () => {
  schools = (await get<School[]>(P.schools)).data;
  teachers = (await get<Teacher[]>(P.teachers)).data;
});

const { get, postJson: post } = suiteRequests(() => t);

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 8, height: 6 });

/** An account an operator verified as a teacher of `schoolId` (the operator's write is a row). */
async function makeTeacher(schoolId: number, verified = true): Promise<{ user: TestUser; teacherId: number }> {
  const user = await createTestUser(t.database);
  const [row] = await t.database.db
    .insert(compositionTeachers)
    .values({ userId: user.userId, schoolId, name: `测试老师${user.userId}`, verified })
    .returning({ id: compositionTeachers.id });
  return { user, teacherId: row!.id };
}

let keySerial = 0;
const key = () => `comp-key-${process.pid}-${++keySerial}`;

describe('composition reads', () => {
  it('seeds ≥ 60 essays across grades, ≥ 8 schools, ≥ 12 teachers, reviews with scores and newspaper printings', async () => {
    expect(schools.length).toBeGreaterThanOrEqual(8);
    expect(teachers.length).toBeGreaterThanOrEqual(12);
    const all: EssaySummary[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await get<EssaySummary[]>(`${P.list}?page=${page}&pageSize=20`);
      expect(res.statusCode).toBe(200);
      if (res.data.length === 0) break;
      all.push(...res.data);
    }
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(new Set(all.map((e) => e.title)).size).toBe(all.length);
    expect(new Set(all.map((e) => e.grade)).size).toBeGreaterThanOrEqual(10);
    expect(all.filter((e) => e.score !== null).length).toBeGreaterThanOrEqual(20);
    expect(all.some((e) => e.pictureCount > 0)).toBe(true);
    const printed = await get<EssaySummary[]>(`${P.list}?kind=newspaper&pageSize=50`);
    expect(printed.data.length).toBeGreaterThanOrEqual(5);
    expect(printed.data.every((e) => e.newspaperEdition.includes('山城晚报') && /^\d{4}-\d{2}-\d{2}$/.test(e.newspaperDate))).toBe(true);
    const info = await get<InfoItem[]>(P.news);
    expect(info.data.length).toBeGreaterThanOrEqual(5);
  });

  it("seeds no printing or review after the demo data's now, and numbers the daily paper's issues by date", async () => {
    const anchorDay = SEED_ANCHOR.slice(0, 10);
    const printed = (await get<EssaySummary[]>(`${P.list}?kind=newspaper&pageSize=50`)).data;
    expect(printed.length).toBeGreaterThanOrEqual(5);
    for (const e of printed) expect(e.newspaperDate <= anchorDay, `${e.title} 刊登于 ${e.newspaperDate}`).toBe(true);
    const issue = (e: EssaySummary) => Number(/第(\d+)期/.exec(e.newspaperEdition)?.[1]);
    for (const [i, e] of printed.entries()) {
      if (i === 0) continue;
      const prev = printed[i - 1]!;
      const days = (Date.parse(prev.newspaperDate) - Date.parse(e.newspaperDate)) / 86_400_000;
      expect(issue(prev) - issue(e), `${prev.newspaperEdition} ${prev.newspaperDate} / ${e.newspaperEdition} ${e.newspaperDate}`).toBe(days);
    }
    const reviews = (await get<Essay[]>(`${P.reviews}?pageSize=50`)).data;
    expect(reviews.length).toBeGreaterThan(0);
    const anchorTime = SEED_ANCHOR.slice(0, 16).replace('T', ' ');
    for (const e of reviews) expect(e.reviewTime <= anchorTime, `${e.title} 点评于 ${e.reviewTime}`).toBe(true);
  });

  it('seeds times that agree: reviewed after writing, printed days later, comments in order after the essay', async () => {
    const anchor = Date.parse(SEED_ANCHOR);
    const essays = await t.database.db.select().from(compositionEssays);
    const seeded = essays.filter((e) => e.createdAt.getTime() <= anchor);
    expect(seeded.length).toBeGreaterThanOrEqual(60);
    for (const e of seeded) {
      if (e.reviewedAt) {
        expect(e.reviewedAt.getTime(), e.title).toBeGreaterThan(e.createdAt.getTime());
        expect(e.reviewedAt.getTime(), e.title).toBeLessThanOrEqual(anchor);
      } else {
        expect(e.score, e.title).toBeNull();
      }
      if (e.newspaperDate !== '') {
        expect(e.reviewedAt, e.title).not.toBeNull();
        // Printed on a later day than it was written (the paper goes to press days after the review).
        expect(Date.parse(`${e.newspaperDate}T23:59:59+08:00`) - e.createdAt.getTime(), e.title).toBeGreaterThan(2 * 86_400_000);
      }
    }
    const comments = await t.database.db.select().from(compositionComments).orderBy(compositionComments.id);
    const byEssay = new Map<number, number[]>();
    for (const c of comments.filter((row) => row.createdAt.getTime() <= anchor))
      byEssay.set(c.essayId, [...(byEssay.get(c.essayId) ?? []), c.createdAt.getTime()]);
    const written = new Map(seeded.map((e) => [e.id, e.createdAt.getTime()]));
    for (const [essayId, times] of byEssay) {
      if (!written.has(essayId)) continue;
      expect(times, `essay ${essayId}`).toEqual([...times].sort((x, y) => x - y));
      expect(new Set(times).size, `essay ${essayId}`).toBe(times.length);
      expect(times[0]!, `essay ${essayId}`).toBeGreaterThan(written.get(essayId)!);
    }
  });

  it('filters by grade and school', async () => {
    const school = schools[0]!;
    const bySchool = await get<EssaySummary[]>(`${P.list}?schoolId=${school.id}&pageSize=50`);
    expect(bySchool.data.length).toBeGreaterThan(0);
    expect(bySchool.data.every((e) => e.schoolId === school.id && e.schoolName === school.name)).toBe(true);
    const grade = bySchool.data[0]!.grade;
    const byGrade = await get<EssaySummary[]>(`${P.list}?grade=${grade}&pageSize=50`);
    expect(byGrade.data.every((e) => e.grade === grade)).toBe(true);
    expect((await get(`${P.list}?grade=13`)).statusCode).toBe(400);
    expect((await get(`${P.list}?kind=hack`)).message).toContain('列表类型不正确');
  });

  it('ranks: type rank by views and likes, type start by teacher score', async () => {
    const pop = (await get<EssaySummary[]>(`${P.rank}?type=rank&pageSize=20`)).data;
    const heat = pop.map((e) => e.pv + e.like * 20);
    expect(heat).toEqual([...heat].sort((a, b) => b - a));
    const top = (await get<EssaySummary[]>(`${P.rank}?type=start&pageSize=20`)).data;
    expect(top.length).toBe(20);
    const scores = top.map((e) => e.score ?? -1);
    expect(scores.every((s) => s >= 0)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('the detail counts a view and names school, teacher and review; unknown ids are 404', async () => {
    const reviewed = (await get<Essay[]>(`${P.reviews}?pageSize=1`)).data[0]!;
    const a = await get<Essay>(`${P.detail}?id=${reviewed.id}`);
    const b = await get<Essay>(`${P.detail}?id=${reviewed.id}`);
    expect(b.data.pv).toBe(a.data.pv + 1);
    expect(a.data.teacherName).not.toBe('');
    expect(a.data.score).not.toBeNull();
    expect(a.data.reviewText.length).toBeGreaterThan(5);
    expect((await get(`${P.detail}?id=99999999`)).statusCode).toBe(404);
    expect((await get(`${P.detail}?id=1e3`)).statusCode).toBe(400);
  });

  it("each school's and teacher's counts are their own rows (a one-table select once made every count the same)", async () => {
    const db = t.database.db;
    const rows = await db.select().from(compositionEssays);
    const published = rows.filter((e) => e.deletedAt === null && e.reviewState === 'approved');
    const verified = await db.select().from(compositionTeachers).where(eq(compositionTeachers.verified, true));
    for (const s of schools) {
      expect(s.essayCount, s.name).toBe(published.filter((e) => e.schoolId === s.id).length);
      expect(s.teacherCount, s.name).toBe(verified.filter((v) => v.schoolId === s.id).length);
    }
    expect(new Set(schools.map((s) => s.essayCount)).size).toBeGreaterThan(1);
    for (const teacher of teachers) {
      const reviewed = published.filter((e) => e.teacherId === teacher.id && e.score !== null);
      expect(teacher.reviewCount, teacher.name).toBe(reviewed.length);
      const avg = reviewed.length === 0 ? 0 : Math.round((reviewed.reduce((n, e) => n + e.score!, 0) / reviewed.length) * 10) / 10;
      expect(teacher.avgScore, teacher.name).toBeCloseTo(avg, 1);
      expect(teacher.schoolName).toBe(schools.find((s) => s.id === teacher.schoolId)?.name ?? '');
    }
    expect(new Set(teachers.map((x) => x.reviewCount)).size).toBeGreaterThan(1);
  });

  it('school, teacher, student pages and search', async () => {
    const teacher = teachers[0]!;
    expect((await get<Teacher>(`${P.teacher}?id=${teacher.id}`)).data.name).toBe(teacher.name);
    expect((await get<School>(`${P.school}?id=${schools[1]!.id}`)).data.essayCount).toBeGreaterThanOrEqual(0);
    const essay = (await get<EssaySummary[]>(`${P.list}?pageSize=1`)).data[0]!;
    const student = await get<Student>(`${P.student}?id=${essay.userId}`);
    expect(student.data.essayCount).toBeGreaterThanOrEqual(1);
    expect((await get(`${P.student}?id=99999999`)).statusCode).toBe(404);
    const found = await get<SearchResult>(`${P.search}?keyword=${encodeURIComponent('重庆')}`);
    expect(found.data.essays.length + found.data.schools.length).toBeGreaterThan(0);
    const pct = await get<SearchResult>(`${P.search}?keyword=%25`);
    expect(pct.data.essays).toEqual([]);
    expect((await get(`${P.search}?keyword=`)).message).toContain('搜索词不能为空');
  });

  it('search gives essays 20 a page until an empty page, people and schools with the first page only', async () => {
    const word = encodeURIComponent('的');
    const first = await get<SearchResult>(`${P.search}?keyword=${word}`);
    expect(first.data.essays).toHaveLength(20);
    const seen = new Set(first.data.essays.map((e) => e.id));
    let page = 2;
    for (; page < 20; page++) {
      const next = await get<SearchResult>(`${P.search}?keyword=${word}&page=${page}`);
      expect(next.statusCode).toBe(200);
      expect([next.data.students, next.data.teachers, next.data.schools]).toEqual([[], [], []]);
      if (next.data.essays.length === 0) break;
      for (const e of next.data.essays) {
        expect(seen.has(e.id)).toBe(false);
        seen.add(e.id);
      }
    }
    expect(page).toBeGreaterThan(2);
    expect(seen.size).toBeGreaterThan(20);
    expect((await get(`${P.search}?keyword=${word}&page=0`)).statusCode).toBe(400);
  });
});

describe('contribute, my essays and the teacher review', () => {
  it('school −1 (请选择学校) is refused in Chinese; text or photos are required', async () => {
    const user = await createTestUser(t.database);
    const base = { grade: 5, studentName: '小明', title: '我的一天', content: '今天我很开心。' };
    const noSchool = await post(P.contribute, { ...base, schoolId: -1 }, user.headers);
    expect(noSchool.statusCode).toBe(400);
    expect(noSchool.message).toContain('请选择学校');
    const empty = await post(P.contribute, { ...base, schoolId: schools[0]!.id, content: '' }, user.headers);
    expect(empty.message).toContain('请填写正文或上传作文照片');
    expect((await post(P.contribute, { ...base, schoolId: schools[0]!.id })).statusCode).toBe(301);
  });

  it('writes an approved essay with own photos, shows it in 我的作文; retried keys write once; mass assignment ignored', async () => {
    const user = await createTestUser(t.database);
    const photo = await uploadPng(user);
    const teacher = teachers.find((x) => x.schoolId === schools[0]!.id)!;
    const k = key();
    const body = {
      schoolId: schools[0]!.id,
      grade: '4',
      teacherId: teacher.id,
      studentName: '<b>林小满</b>',
      title: '我家阳台的小菜园',
      content: '阳台上种了小葱和番茄。\n<script>alert(1)</script>',
      pictures: [photo],
      // Fields a client must not set:
      score: 100,
      reviewState: 'approved',
      isRecommend: true,
      userId: 1,
      likeNum: 999,
    };
    const first = await post<Essay>(P.contribute, body, { ...user.headers, 'idempotency-key': k });
    expect(first.statusCode).toBe(200);
    expect(first.message).toBe('投稿成功');
    expect(first.data).toMatchObject({
      userId: user.userId,
      score: null,
      like: 0,
      isRecommend: 0,
      reviewState: 'approved',
      teacherId: teacher.id,
      pictures: [photo],
    });
    expect(first.data.content).toContain('<script>');
    const again = await post<Essay>(P.contribute, body, { ...user.headers, 'idempotency-key': k });
    expect(again.data.id).toBe(first.data.id);
    const rows = await t.database.db.select().from(compositionEssays).where(eq(compositionEssays.userId, user.userId));
    expect(rows).toHaveLength(1);
    const other = await post(P.contribute, { ...body, title: '另一篇' }, { ...user.headers, 'idempotency-key': k });
    expect(other.statusCode).toBe(422);
    const mine = await get<Mine>(P.mine, user.headers);
    expect(mine.data.essays.map((e) => e.title)).toEqual(['我家阳台的小菜园']);
  });

  it('refuses someone else’s photo, outside URLs, more than 9 photos and a teacher of another school', async () => {
    const owner = await createTestUser(t.database);
    const thief = await createTestUser(t.database);
    const photo = await uploadPng(owner);
    const base = { schoolId: schools[0]!.id, grade: 3, studentName: '小红', title: '秋天' };
    expect((await post(P.contribute, { ...base, pictures: [photo] }, thief.headers)).message).toBe('图片无效，请重新上传');
    expect((await post(P.contribute, { ...base, pictures: ['https://evil.example/x.png'] }, thief.headers)).message).toBe('图片无效，请重新上传');
    expect((await post(P.contribute, { ...base, pictures: Array(10).fill(photo) }, owner.headers)).message).toContain('图片最多 9 张');
    const foreign = teachers.find((x) => x.schoolId !== schools[0]!.id)!;
    expect((await post(P.contribute, { ...base, content: '正文', teacherId: foreign.id }, owner.headers)).message).toBe('所选老师不在该学校，请重新选择');
  });

  it('with review-before-publish on, the essay is pending: seen by its author only, marked in 我的作文', async () => {
    await t.database.db
      .insert(appConfig)
      .values({ key: ESSAY_REVIEW_SETTING, value: true })
      .onConflictDoUpdate({ target: appConfig.key, set: { value: true } });
    try {
      const user = await createTestUser(t.database);
      const res = await post<Essay>(
        P.contribute,
        { schoolId: schools[1]!.id, grade: 2, studentName: '豆豆', title: '待审核的作文', content: '内容' },
        user.headers,
      );
      expect(res.data.reviewState).toBe('pending');
      expect(res.message).toContain('审核通过后');
      expect((await get(`${P.detail}?id=${res.data.id}`)).statusCode).toBe(404);
      expect((await get<Essay>(`${P.detail}?id=${res.data.id}`, user.headers)).data.reviewState).toBe('pending');
      const list = await get<EssaySummary[]>(`${P.list}?pageSize=5`);
      expect(list.data.some((e) => e.id === res.data.id)).toBe(false);
      expect((await post(P.like, { id: res.data.id }, (await createTestUser(t.database)).headers)).message).toBe('作文审核通过后才能点赞和评论');
    } finally {
      await t.database.db.delete(appConfig).where(eq(appConfig.key, ESSAY_REVIEW_SETTING));
    }
  });

  it('only the verified teacher the essay is assigned to reviews it; the score then shows on the detail and the rank', async () => {
    const school = schools[2]!;
    const assigned = await makeTeacher(school.id);
    const otherTeacher = await makeTeacher(school.id);
    const unverified = await makeTeacher(school.id, false);
    const student = await createTestUser(t.database);
    const essay = (
      await post<Essay>(
        P.contribute,
        { schoolId: school.id, grade: 6, teacherId: assigned.teacherId, studentName: '周小舟', title: '江上的船', content: '船慢慢地开过去了。' },
        student.headers,
      )
    ).data;
    const review = { id: essay.id, score: 93, content: '细节真实，语言生动。' };
    expect((await post(P.review, review, student.headers)).statusCode).toBe(403);
    expect((await post(P.review, review, otherTeacher.user.headers)).message).toBe('只能点评指定给你的作文');
    expect((await post(P.review, review, unverified.user.headers)).message).toBe('只有认证老师可以点评');
    expect((await post(P.review, { ...review, score: 101 }, assigned.user.headers)).message).toContain('0–100');
    expect((await post(P.review, { ...review, content: '好' }, assigned.user.headers)).message).toContain('评语至少 5 个字');
    const role = await get<Role>(P.role, assigned.user.headers);
    expect(role.data.role).toBe('teacher');
    expect((await get<Role>(P.role, student.headers)).data.role).toBe('student');
    const todo = await get<EssaySummary[]>(P.assigned, assigned.user.headers);
    expect(todo.data[0]!.id).toBe(essay.id);
    expect((await get(P.assigned, student.headers)).statusCode).toBe(403);
    const asTeacher = await get<Essay>(`${P.detail}?id=${essay.id}`, assigned.user.headers);
    expect(asTeacher.data.canReview).toBe(1);
    expect((await get<Essay>(`${P.detail}?id=${essay.id}`, otherTeacher.user.headers)).data.canReview).toBe(0);
    const done = await post<Essay>(P.review, review, assigned.user.headers);
    expect(done.statusCode).toBe(200);
    expect(done.data).toMatchObject({ score: 93, reviewText: '细节真实，语言生动。' });
    const mine = await get<Mine>(P.mine, student.headers);
    expect(mine.data.essays[0]).toMatchObject({ id: essay.id, score: 93 });
    const reviews = await get<Essay[]>(`${P.reviews}?teacherId=${assigned.teacherId}`);
    expect(reviews.data.map((e) => e.id)).toEqual([essay.id]);
  });
});

describe('likes, comments and reports', () => {
  async function someEssay(offset: number): Promise<EssaySummary> {
    return (await get<EssaySummary[]>(`${P.list}?page=3&pageSize=10`)).data[offset]!;
  }

  it('a reader likes once (also under concurrent taps); the count is published on the essay room', async () => {
    const essay = await someEssay(0);
    const user = await createTestUser(t.database);
    const { app, published } = recordingApp(t);
    const like = async () =>
      envelope<{ likeNum: number }>(
        await app.request(P.like, { method: 'POST', headers: { 'content-type': 'application/json', ...user.headers }, body: JSON.stringify({ id: essay.id }) }),
      );
    const answers = await Promise.all([1, 2, 3].map(() => like()));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.message === '你已经点过赞了').length).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.kind, 'composition'), eq(likes.targetId, essay.id), eq(likes.userId, user.userId)));
    expect(rows).toHaveLength(1);
    const detail = await get<Essay>(`${P.detail}?id=${essay.id}`, user.headers);
    expect(detail.data).toMatchObject({ like: essay.like + 1, isDoLike: 1 });
    expect(published).toEqual([
      { room: `news:${COMPOSITION_ROOM_CLASS}:${essay.id}`, op: 1001, body: { likeNum: essay.like + 1, commentCount: essay.commentCount } },
    ]);
  });

  it('comments: plain text stored as sent, replies to a comment of the same essay only, duplicates refused, keys replayed', async () => {
    const essay = await someEssay(1);
    const other = await someEssay(2);
    const user = await createTestUser(t.database);
    const k = key();
    const first = await post<EssayComment>(
      P.commentStore,
      { id: essay.id, content: '<img src=x onerror=alert(1)> 写得好' },
      { ...user.headers, 'idempotency-key': k },
    );
    expect(first.statusCode).toBe(200);
    expect(first.data.content).toBe('<img src=x onerror=alert(1)> 写得好');
    const replay = await post<EssayComment>(
      P.commentStore,
      { id: essay.id, content: '<img src=x onerror=alert(1)> 写得好' },
      { ...user.headers, 'idempotency-key': k },
    );
    expect(replay.data.id).toBe(first.data.id);
    const list = await get<EssayComment[]>(`${P.comments}?id=${essay.id}`);
    expect(list.data[0]!.id).toBe(first.data.id);
    expect((await get<Essay>(`${P.detail}?id=${essay.id}`)).data.commentCount).toBe(essay.commentCount + 1);
    const foreign = (await get<EssayComment[]>(`${P.comments}?id=${other.id}`)).data[0];
    if (foreign)
      expect((await post(P.commentStore, { id: essay.id, content: '回复', replayId: foreign.id }, user.headers)).message).toBe('回复的评论不存在或已删除');
    expect((await post(P.commentStore, { id: essay.id, content: '<img src=x onerror=alert(1)> 写得好' }, user.headers)).message).toBe('请勿重复发表相同的内容');
    expect((await post(P.commentStore, { id: essay.id, content: 'x'.repeat(301) }, user.headers)).message).toContain('不能超过 300 个字');
    const mine = await get<Mine>(P.mine, user.headers);
    expect(mine.data.comments[0]).toMatchObject({ essayId: essay.id, essayTitle: essay.title });
  });

  it('report (spec 7.5 composition variant): the essay or one of its comments, listed reasons only, once', async () => {
    const essay = await someEssay(3);
    const user = await createTestUser(t.database);
    const reasons = (await get<{ type: string[] }>('/v1/comment/reportContent')).data.type;
    expect(reasons.length).toBeGreaterThan(0);
    const body = { id: essay.id, isTitle: 1, type: 7, replayId: 0, content: reasons[0]! };
    expect((await post(P.report, { ...body, content: '我编的理由' }, user.headers)).message).toBe('举报理由不在可选范围内');
    expect((await post(P.report, { ...body, type: 3 }, user.headers)).message).toContain('举报类型不正确');
    expect((await post(P.report, body, user.headers)).message).toBe('举报成功');
    expect((await post(P.report, body, user.headers)).message).toBe('你已经举报过了，我们会尽快处理');
    expect((await post(P.report, { ...body, isTitle: 0, replayId: 99999999 }, user.headers)).message).toBe('评论不存在或已删除');
    const rows = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.kind, 'composition'), eq(reports.userId, user.userId)));
    expect(rows).toHaveLength(1);
  });
});
