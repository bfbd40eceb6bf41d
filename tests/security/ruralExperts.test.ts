/**
 * Attacks on the rural experts (docs/security.md "Section desks", rural experts rows): a reader who is not an
 * expert answering, an expert answering outside their fields, a refused or waiting applicant answering, a replayed
 * Idempotency-Key writing a second answer or bumping the count twice, a reader approving themself through the
 * reader API or the console, and a forged expert id in the answer body. Every refusal is Chinese and writes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Answer, MyExpert, Question } from '../../src/contract/rural.ts';
import { ruralAnswers, ruralExperts, ruralQuestions } from '../../src/server/db/schema/rural.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { postJson: post } = suiteRequests(() => t);
const CHINESE_ONLY = /^[^A-Za-z]*$/;

async function applied(tags: string[]): Promise<TestUser & { expertId: number }> {
  const reader = await createTestUser(t.database);
  const res = await post<MyExpert>('/v1/yunong/expert/apply', { name: '吴建国', title: '农艺师', org: '城口县农业技术推广中心', tags }, reader.headers);
  expect(res.statusCode, res.message).toBe(200);
  return { ...reader, expertId: res.data.expert!.id };
}

async function expertOf(tags: string[]): Promise<TestUser & { expertId: number }> {
  const who = await applied(tags);
  const editor = await createTestStaff(t, 'editor');
  expect((await consoleCall(t, 'POST', '/rural/experts/review', { id: who.expertId, decision: 'approve' }, editor.headers)).statusCode).toBe(200);
  return who;
}

async function question(tag: string, content: string): Promise<Question> {
  const farmer = await createTestUser(t.database);
  const res = await post<Question>('/v1/yunong/ask', { content, tag }, farmer.headers);
  expect(res.statusCode, res.message).toBe(200);
  return res.data;
}

async function answersOf(questionId: number) {
  const rows = await t.database.db.select().from(ruralAnswers).where(eq(ruralAnswers.questionId, questionId));
  const [q] = await t.database.db.select().from(ruralQuestions).where(eq(ruralQuestions.id, questionId));
  return { rows, count: q!.answerCount };
}

describe('who may answer', () => {
  it('refuses a reader who is not an expert, in Chinese, writing nothing', async () => {
    const q = await question('种植', '玉米叶子发黄卷曲是缺什么肥？');
    const reader = await createTestUser(t.database);
    const res = await post('/v1/yunong/answer', { questionId: q.id, content: '可能是缺氮肥，建议追施尿素。' }, reader.headers);
    expect(res.statusCode).toBe(403);
    expect(res.message).toMatch(CHINESE_ONLY);
    expect(await answersOf(q.id)).toEqual({ rows: [], count: 0 });
  });

  it('refuses an expert of another field', async () => {
    const q = await question('电商销售', '网店的脐橙怎么定价才不亏本？');
    const vet = await expertOf(['养殖']);
    const res = await post('/v1/yunong/answer', { questionId: q.id, content: '按成本加运费再加两成利润来定。' }, vet.headers);
    expect(res).toMatchObject({ statusCode: 403, message: '这个问题属于“电商销售”领域，不在你认证的擅长领域内，不能回答' });
    expect(await answersOf(q.id)).toEqual({ rows: [], count: 0 });
  });

  it('refuses an applicant still in review and one the editors refused', async () => {
    const q = await question('果树', '李子树流胶是什么病？');
    const waiting = await applied(['果树']);
    const refusedOne = await applied(['果树']);
    const editor = await createTestStaff(t, 'editor');
    const refused = await consoleCall(
      t,
      'POST',
      '/rural/experts/review',
      { id: refusedOne.expertId, decision: 'reject', reason: '单位无法核实' },
      editor.headers,
    );
    expect(refused.statusCode).toBe(200);
    for (const who of [waiting, refusedOne]) {
      const res = await post('/v1/yunong/answer', { questionId: q.id, content: '是流胶病，刮除病斑后涂药。' }, who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.message).toMatch(CHINESE_ONLY);
    }
    expect(await answersOf(q.id)).toEqual({ rows: [], count: 0 });
  });

  it('takes the expert from the token, never from the body', async () => {
    const q = await question('养殖', '小鸡出壳后几天可以喂青菜？');
    const vet = await expertOf(['养殖']);
    const [someoneElse] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.name, '冉光辉'));
    const res = await post<Answer>(
      '/v1/yunong/answer',
      { questionId: q.id, content: '一周后可以少量喂切碎的青菜。', expertId: someoneElse!.id, userId: 1, reviewState: 'approved' },
      vet.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.data.expert.id).toBe(vet.expertId);
    const { rows } = await answersOf(q.id);
    expect(rows.map((r) => [r.expertId, r.userId])).toEqual([[vet.expertId, vet.userId]]);
  });
});

describe('replays', () => {
  it('a replayed Idempotency-Key writes one answer and bumps the count once, even in parallel', async () => {
    const q = await question('病虫害', '白菜上的小青虫用什么药？');
    const expert = await expertOf(['病虫害']);
    const headers = { ...expert.headers, 'idempotency-key': `replay-${expert.userId}-answer` };
    const body = { questionId: q.id, content: '低龄幼虫期用苏云金杆菌喷雾，安全间隔期短。' };
    const results = await Promise.all(Array.from({ length: 5 }, () => post<Answer>('/v1/yunong/answer', body, headers)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.data.id)).size).toBe(1);
    const { rows, count } = await answersOf(q.id);
    expect(rows).toHaveLength(1);
    expect(count).toBe(1);
    // The key reused for another text is refused.
    const reused = await post('/v1/yunong/answer', { ...body, content: '换一个说法的回答内容' }, headers);
    expect(reused.statusCode).toBe(422);
  });
});

describe('who approves', () => {
  it('a reader cannot approve themself: not through the reader API, not with a reader token on the console', async () => {
    const who = await applied(['农机']);
    const again = await post<MyExpert>(
      '/v1/yunong/expert/apply',
      { name: '吴建国', title: '农艺师', org: '城口县农业技术推广中心', tags: ['农机'], state: 'approved' },
      who.headers,
    );
    expect(again.data.state).toBe('pending');
    const viaConsole = await consoleCall(t, 'POST', '/rural/experts/review', { id: who.expertId, decision: 'approve' }, who.headers);
    expect(viaConsole.statusCode).not.toBe(200);
    for (const role of ['reporter', 'department', 'mallOperator'] as const) {
      const staff = await createTestStaff(t, role);
      expect((await consoleCall(t, 'POST', '/rural/experts/review', { id: who.expertId, decision: 'approve' }, staff.headers)).statusCode, role).toBe(403);
      expect((await consoleCall(t, 'GET', '/rural/experts?page=1', undefined, staff.headers)).statusCode, role).toBe(403);
    }
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, who.expertId));
    expect(row!.state).toBe('pending');
  });

  it('refuses forged review bodies in Chinese, changing nothing', async () => {
    const who = await applied(['农机']);
    const editor = await createTestStaff(t, 'editor');
    for (const body of [
      { id: who.expertId, decision: 'promote' },
      { id: '1 or 1=1', decision: 'approve' },
      { id: who.expertId, decision: 'reject', reason: '理'.repeat(101) },
      { id: who.expertId, decision: 'reject', reason: '' },
    ]) {
      const res = await consoleCall(t, 'POST', '/rural/experts/review', body, editor.headers);
      expect(res.statusCode).toBe(400);
      expect(res.message).toMatch(CHINESE_ONLY);
    }
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, who.expertId));
    expect(row!.state).toBe('pending');
  });
});

describe('who revokes and corrects an expert', () => {
  it('a staff member without rural.desk, or a reader token, cannot revoke or edit an expert', async () => {
    const vet = await expertOf(['养殖']);
    const edit = { id: vet.expertId, name: '吴建国', title: '研究员', org: '城口县农业技术推广中心', tags: ['养殖', '果树'] };
    for (const role of ['reporter', 'department', 'mallOperator'] as const) {
      const staff = await createTestStaff(t, role);
      expect((await consoleCall(t, 'POST', '/rural/experts/revoke', { id: vet.expertId, reason: '冒充编辑撤销' }, staff.headers)).statusCode, role).toBe(403);
      expect((await consoleCall(t, 'POST', '/rural/experts/edit', edit, staff.headers)).statusCode, role).toBe(403);
    }
    expect((await consoleCall(t, 'POST', '/rural/experts/revoke', { id: vet.expertId, reason: '冒充编辑撤销' }, vet.headers)).statusCode).not.toBe(200);
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, vet.expertId));
    expect(row).toMatchObject({ state: 'approved', title: '农艺师', tags: '养殖' });
  });

  it('a revoked expert cannot answer, even with a fresh Idempotency-Key or a forged state in the body', async () => {
    const q = await question('养殖', '生猪出栏前要停药多少天？');
    const vet = await expertOf(['养殖']);
    const editor = await createTestStaff(t, 'editor');
    expect((await consoleCall(t, 'POST', '/rural/experts/revoke', { id: vet.expertId, reason: '资质证书已过期' }, editor.headers)).statusCode).toBe(200);
    for (const body of [
      { questionId: q.id, content: '按兽药说明书的休药期执行，一般二十八天。' },
      { questionId: q.id, content: '按兽药说明书的休药期执行。', state: 'approved', expertId: vet.expertId },
    ]) {
      const res = await post('/v1/yunong/answer', body, { ...vet.headers, 'idempotency-key': `revoked-${body.content.length}-${vet.userId}` });
      expect(res.statusCode).toBe(403);
      expect(res.message).toMatch(CHINESE_ONLY);
    }
    expect(await answersOf(q.id)).toEqual({ rows: [], count: 0 });
    // Applying again does not restore the standing: it goes back to review.
    const again = await post<MyExpert>(
      '/v1/yunong/expert/apply',
      { name: '吴建国', title: '农艺师', org: '城口县农业技术推广中心', tags: ['养殖'], state: 'approved' },
      vet.headers,
    );
    expect(again.data.state).toBe('pending');
    expect((await post('/v1/yunong/answer', { questionId: q.id, content: '按兽药说明书的休药期执行。' }, vet.headers)).statusCode).toBe(403);
  });

  it("an expert cannot edit another expert's fields: not on the console, not by naming them in the apply body", async () => {
    const mine = await expertOf(['农机']);
    const other = await expertOf(['果树']);
    const forged = { id: other.expertId, name: '冒名顶替', title: '研究员', org: '假单位名称', tags: ['农机', '果树', '种植'] };
    expect((await consoleCall(t, 'POST', '/rural/experts/edit', forged, mine.headers)).statusCode).not.toBe(200);
    const viaApply = await post('/v1/yunong/expert/apply', { ...forged, expertId: other.expertId, userId: other.userId }, mine.headers);
    expect(viaApply).toMatchObject({ statusCode: 100, message: '你已是认证的农技专家，无需再次申请' });
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, other.expertId));
    expect(row).toMatchObject({ name: '吴建国', title: '农艺师', tags: '果树', state: 'approved' });
  });

  it('refuses forged revoke and edit bodies in Chinese, changing nothing', async () => {
    const vet = await expertOf(['养殖']);
    const editor = await createTestStaff(t, 'editor');
    const [before] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, vet.expertId));
    for (const [path, body] of [
      ['/rural/experts/revoke', { id: vet.expertId }],
      ['/rural/experts/revoke', { id: vet.expertId, reason: '' }],
      ['/rural/experts/revoke', { id: vet.expertId, reason: '理'.repeat(101) }],
      ['/rural/experts/revoke', { id: '1 or 1=1', reason: '资质证书已过期' }],
      [
        '/rural/experts/edit',
        { id: vet.expertId, name: '吴建国', title: '农艺师', org: '城口县农业技术推广中心', tags: ['养殖'], userId: 1, extra: 1, state: 'x', sort: 'a' },
      ],
    ] as const) {
      const res = await consoleCall(t, 'POST', path, body, editor.headers);
      if (path === '/rural/experts/edit') {
        // Unknown fields are dropped: the edit is the expert's own four fields, nothing else.
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.message).toMatch(CHINESE_ONLY);
    }
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, vet.expertId));
    expect(row).toMatchObject({ state: 'approved', userId: vet.userId, sort: before!.sort, tags: '养殖' });
  });
});
