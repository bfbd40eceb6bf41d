/**
 * Rural experts as staff-approved reader accounts: a reader applies (fields, title, organisation), the 裕农 desk
 * approves (the account is shown on 乡村帮帮 and may answer) or refuses with a reason the applicant reads; an
 * expert's list leads with the unanswered questions of their fields; an answer is written as the expert's
 * account, passes the one review gate, and moves the question's answer count. The seeded experts are accounts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Answer, Expert, ExpertQuestion, MyExpert, Question } from '../../src/contract/rural.ts';
import { moderationItems } from '../../src/server/db/schema/moderation.ts';
import { ruralAnswers, ruralExperts, ruralQuestions } from '../../src/server/db/schema/rural.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { ruralExpertPhone } from '../../src/server/db/seed/ruralExpertsSeed.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

const APPLY = { name: '周正华', title: '高级兽医师', org: '巫溪县畜牧兽医中心', tags: ['养殖', '病虫害'] };

/** A reader who applied and whom the editor approved: an expert of `tags`. */
async function approvedExpert(tags: string[] = APPLY.tags): Promise<TestUser & { expertId: number }> {
  const reader = await createTestUser(t.database);
  const applied = await post<MyExpert>('/v1/yunong/expert/apply', { ...APPLY, tags }, reader.headers);
  expect(applied.statusCode, applied.message).toBe(200);
  const editor = await createTestStaff(t, 'editor');
  const id = applied.data.expert!.id;
  expect((await consoleCall(t, 'POST', '/rural/experts/review', { id, decision: 'approve' }, editor.headers)).statusCode).toBe(200);
  return { ...reader, expertId: id };
}

async function askAs(author: TestUser, content: string, tag: string): Promise<Question> {
  const res = await post<Question>('/v1/yunong/ask', { content, tag }, author.headers);
  expect(res.statusCode, res.message).toBe(200);
  return res.data;
}

describe('applying to be an expert', () => {
  it('a reader applies, reads 审核中, is not shown on 乡村帮帮 until the editor approves, then is', async () => {
    const reader = await createTestUser(t.database);
    expect((await get<MyExpert>('/v1/yunong/expert/me', reader.headers)).data).toEqual({ state: 'none', rejectReason: '', expert: null });
    const applied = await post<MyExpert>('/v1/yunong/expert/apply', APPLY, reader.headers);
    expect(applied).toMatchObject({
      statusCode: 200,
      message: '申请已提交，裕农栏目编辑审核后会通知你',
      data: { state: 'pending', expert: { name: '周正华', tags: ['养殖', '病虫害'] } },
    });
    // The same application sent again is one row, unchanged.
    expect((await post<MyExpert>('/v1/yunong/expert/apply', APPLY, reader.headers)).statusCode).toBe(200);
    expect(await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.userId, reader.userId))).toHaveLength(1);
    const shown = async () => (await get<Expert[]>('/v1/yunong/experts')).data.some((e) => e.id === applied.data.expert!.id);
    expect(await shown()).toBe(false);

    const editor = await createTestStaff(t, 'editor');
    const queue = await consoleCall<{ items: { id: number; name: string; nickname: string; tags: string[] }[] }>(
      t,
      'GET',
      '/rural/experts?page=1',
      undefined,
      editor.headers,
    );
    expect(queue.data.items.find((i) => i.id === applied.data.expert!.id)).toMatchObject({
      name: '周正华',
      nickname: reader.nickname,
      tags: ['养殖', '病虫害'],
    });
    const approved = await consoleCall(t, 'POST', '/rural/experts/review', { id: applied.data.expert!.id, decision: 'approve' }, editor.headers);
    expect(approved).toMatchObject({ statusCode: 200, data: { state: 'approved' } });
    expect(await shown()).toBe(true);
    expect((await get<MyExpert>('/v1/yunong/expert/me', reader.headers)).data.state).toBe('approved');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rural.expert.approve'), eq(auditLog.itemId, String(applied.data.expert!.id))))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({ staffName: editor.name, itemKind: 'ruralExpert', before: { state: 'pending' }, after: { state: 'approved' } });
    // An expert does not apply again; a decided application is not decided twice.
    expect((await post('/v1/yunong/expert/apply', APPLY, reader.headers)).message).toBe('你已是认证的农技专家，无需再次申请');
    expect(
      (await consoleCall(t, 'POST', '/rural/experts/review', { id: applied.data.expert!.id, decision: 'reject', reason: '资料不全' }, editor.headers)).message,
    ).toBe('这份申请已经审核过了');
  });

  it('a refused applicant reads the reason, and applying again puts the application back in review', async () => {
    const reader = await createTestUser(t.database);
    const applied = await post<MyExpert>('/v1/yunong/expert/apply', { ...APPLY, tags: '果树,土壤肥料' }, reader.headers);
    expect(applied.data.expert!.tags).toEqual(['果树', '土壤肥料']);
    const editor = await createTestStaff(t, 'editor');
    const noReason = await consoleCall(t, 'POST', '/rural/experts/review', { id: applied.data.expert!.id, decision: 'reject' }, editor.headers);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.message).toContain('不通过时请写明原因（至少 2 个字）');
    const refused = await consoleCall(
      t,
      'POST',
      '/rural/experts/review',
      { id: applied.data.expert!.id, decision: 'reject', reason: '请补充职称证书所在单位' },
      editor.headers,
    );
    expect(refused.statusCode).toBe(200);
    expect((await get<MyExpert>('/v1/yunong/expert/me', reader.headers)).data).toMatchObject({ state: 'rejected', rejectReason: '请补充职称证书所在单位' });
    const again = await post<MyExpert>('/v1/yunong/expert/apply', { ...APPLY, org: '巫溪县农业农村委员会', tags: ['果树'] }, reader.headers);
    expect(again.data).toMatchObject({ state: 'pending', rejectReason: '', expert: { id: applied.data.expert!.id, org: '巫溪县农业农村委员会' } });
  });

  it.each([
    [{ ...APPLY, tags: [] }, '请至少选择一个擅长领域'],
    [{ ...APPLY, tags: ['种植', '养殖', '果树', '农机'] }, '擅长领域最多选 3 个'],
    [{ ...APPLY, tags: ['炼丹'] }, '擅长领域不正确'],
    [{ ...APPLY, name: '' }, /真实姓名/],
    [{ ...APPLY, org: '单'.repeat(41) }, /工作单位/],
  ])('refuses a bad application in Chinese, writing nothing (%#)', async (body, message) => {
    const reader = await createTestUser(t.database);
    const res = await post('/v1/yunong/expert/apply', body, reader.headers);
    expect(res.statusCode).toBe(400);
    expect(res.message).toMatch(message);
    expect(await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.userId, reader.userId))).toHaveLength(0);
  });
});

describe('an expert answers', () => {
  it("leads the expert's list with the unanswered questions of their fields, then the others", async () => {
    const expert = await approvedExpert(['农机']);
    const farmer = await createTestUser(t.database);
    const waiting = await askAs(farmer, '微耕机打不着火了，火花塞换过还是不行', '农机');
    const list = await get<ExpertQuestion[]>('/v1/yunong/expert/questions', expert.headers);
    expect(list.statusCode).toBe(200);
    const firstOther = list.data.findIndex((q) => !(q.mine && q.answerCount === 0));
    expect(firstOther).toBeGreaterThan(0);
    expect(list.data.slice(0, firstOther).every((q) => q.tag === '农机' && q.answers.length === 0)).toBe(true);
    expect(list.data.slice(firstOther).some((q) => q.mine && q.answerCount === 0)).toBe(false);
    expect(list.data.slice(0, firstOther).map((q) => q.id)).toContain(waiting.id);
  });

  it('writes the answer as the expert, bumps the answer count once, and the farmer reads it', async () => {
    const expert = await approvedExpert(['养殖']);
    const farmer = await createTestUser(t.database);
    const question = await askAs(farmer, '山羊拉稀三天了，不怎么吃草，怎么办？', '养殖');
    const headers = { ...expert.headers, 'idempotency-key': `answer-${expert.userId}-0001` };
    const body = { questionId: question.id, content: '先停喂精料，补充口服补液盐，观察两天不好转请就近找兽医站。' };
    const [a, b] = await Promise.all([post<Answer>('/v1/yunong/answer', body, headers), post<Answer>('/v1/yunong/answer', body, headers)]);
    expect([a, b].filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const again = await post<Answer>('/v1/yunong/answer', body, headers);
    expect(again).toMatchObject({ statusCode: 200, message: '回答成功', data: { expert: { id: expert.expertId, name: '周正华' }, reviewState: 'approved' } });
    const rows = await t.database.db.select().from(ruralAnswers).where(eq(ruralAnswers.questionId, question.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: expert.userId, expertId: expert.expertId });
    const seen = await get<Question>(`/v1/yunong/question?id=${question.id}`);
    expect(seen.data.answerCount).toBe(1);
    expect(seen.data.answers.map((x) => x.content)).toEqual([body.content]);
    // It is on the moderation desk (published at once while the area is left on "publish then patrol").
    const [item] = await t.database.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.kind, 'rural_answer'), eq(moderationItems.itemId, rows[0]!.id)));
    expect(item).toMatchObject({ area: 'rural', userId: expert.userId });
    // The desk files it under 裕农 (the section), not under 农友说 (one of its boards).
    const moderator = await createTestStaff(t, 'moderator');
    const patrol = await consoleCall<{ items: { kind: string; itemId: number; areaLabel: string; kindLabel: string }[] }>(
      t,
      'GET',
      '/moderation/queue?tab=patrol&area=rural',
      undefined,
      moderator.headers,
    );
    expect(patrol.data.items.find((i) => i.kind === 'rural_answer' && i.itemId === rows[0]!.id)).toMatchObject({ areaLabel: '裕农', kindLabel: '专家回答' });
    // Now answered: it leaves the head of the expert's list.
    const list = await get<ExpertQuestion[]>('/v1/yunong/expert/questions', expert.headers);
    const shown = list.data.find((q) => q.id === question.id);
    if (shown) expect(shown).toMatchObject({ answeredByMe: true });
  });

  it('refuses a non-expert, an applicant in review and an expert of another field, in Chinese, writing nothing', async () => {
    const farmer = await createTestUser(t.database);
    const question = await askAs(farmer, '果树冬季修剪应该剪掉哪些枝条？', '果树');
    const body = { questionId: question.id, content: '剪掉病虫枝、交叉枝和徒长枝，保留健壮的结果枝。' };
    const reader = await createTestUser(t.database);
    expect(await post('/v1/yunong/answer', body, reader.headers)).toMatchObject({
      statusCode: 403,
      message: '只有通过认证的农技专家才能回答问题，可在“专家答题”页申请认证',
    });
    expect((await get('/v1/yunong/expert/questions', reader.headers)).statusCode).toBe(403);
    const applicant = await createTestUser(t.database);
    await post('/v1/yunong/expert/apply', { ...APPLY, tags: ['果树'] }, applicant.headers);
    expect((await post('/v1/yunong/answer', body, applicant.headers)).statusCode).toBe(403);
    const vet = await approvedExpert(['养殖']);
    expect(await post('/v1/yunong/answer', body, vet.headers)).toMatchObject({
      statusCode: 403,
      message: '这个问题属于“果树”领域，不在你认证的擅长领域内，不能回答',
    });
    expect(await t.database.db.select().from(ruralAnswers).where(eq(ruralAnswers.questionId, question.id))).toHaveLength(0);
    const [q] = await t.database.db.select().from(ruralQuestions).where(eq(ruralQuestions.id, question.id));
    expect(q!.answerCount).toBe(0);
  });
});

describe('the demo experts', () => {
  it('are reader accounts with phones, shown on 乡村帮帮, and the authors of their demo answers', async () => {
    const experts = (await get<Expert[]>('/v1/yunong/experts')).data;
    expect(experts.length).toBeGreaterThanOrEqual(8);
    const [first] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.phone, ruralExpertPhone(0)));
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.userId, first!.id));
    expect(row).toMatchObject({ name: '杨德明', state: 'approved' });
    const answers = await t.database.db.select().from(ruralAnswers).where(eq(ruralAnswers.expertId, row!.id));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.userId === first!.id)).toBe(true);
  });
});

describe('the 裕农 desk revokes and corrects an expert', () => {
  it('revokes with a reason the expert reads: gone from 乡村帮帮, no longer answering, answers kept; approving again restores', async () => {
    const expert = await approvedExpert(['种植']);
    const farmer = await createTestUser(t.database);
    const question = await askAs(farmer, '红薯藤要不要翻？翻了会不会减产？', '种植');
    const body = { questionId: question.id, content: '不建议翻藤，翻藤伤叶反而减产，可以提蔓断根。' };
    expect((await post('/v1/yunong/answer', body, expert.headers)).statusCode).toBe(200);
    const answeredAt = Date.now();
    const editor = await createTestStaff(t, 'editor');
    const shown = async () => (await get<Expert[]>('/v1/yunong/experts')).data.some((e) => e.id === expert.expertId);
    expect(await shown()).toBe(true);

    const revoke = { id: expert.expertId, reason: '单位核实后已调离农技岗位' };
    const [first, second] = [
      await consoleCall(t, 'POST', '/rural/experts/revoke', revoke, editor.headers),
      await consoleCall(t, 'POST', '/rural/experts/revoke', revoke, editor.headers),
    ];
    expect(first).toMatchObject({ statusCode: 200, data: { state: 'revoked', rejectReason: '单位核实后已调离农技岗位' } });
    // A retried revocation changes nothing and writes no second audit row.
    expect(second).toMatchObject({ statusCode: 200, data: { state: 'revoked' } });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rural.expert.revoke'), eq(auditLog.itemId, String(expert.expertId))))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staffName: editor.name,
      itemKind: 'ruralExpert',
      before: { state: 'approved' },
      after: { state: 'revoked' },
      reason: revoke.reason,
    });

    expect(await shown()).toBe(false);
    expect((await get<MyExpert>('/v1/yunong/expert/me', expert.headers)).data).toMatchObject({ state: 'revoked', rejectReason: '单位核实后已调离农技岗位' });
    const other = await askAs(await createTestUser(t.database), '大棚辣椒开花不坐果怎么办？', '种植');
    expect(await post('/v1/yunong/answer', { questionId: other.id, content: '控制夜温，人工辅助授粉，少施氮肥。' }, expert.headers)).toMatchObject({
      statusCode: 403,
      message: '你的农技专家认证已被裕农栏目编辑撤销，不能回答问题',
    });
    expect((await get('/v1/yunong/expert/questions', expert.headers)).statusCode).toBe(403);
    // What the expert answered before stays published.
    expect((await get<Question>(`/v1/yunong/question?id=${question.id}`)).data.answers.map((a) => a.content)).toEqual([body.content]);
    // Only an approved expert is revoked; a revoked one appears under 已撤销.
    const revokedList = await consoleCall<{ items: { id: number; rejectReason: string }[] }>(
      t,
      'GET',
      '/rural/experts?state=revoked&page=1',
      undefined,
      editor.headers,
    );
    expect(revokedList.data.items.find((i) => i.id === expert.expertId)).toMatchObject({ rejectReason: '单位核实后已调离农技岗位' });
    expect((await consoleCall(t, 'POST', '/rural/experts/revoke', { ...revoke, reason: '另一个原因' }, editor.headers)).message).toBe(
      '只能撤销已通过认证的专家',
    );

    const restored = await consoleCall(t, 'POST', '/rural/experts/review', { id: expert.expertId, decision: 'approve' }, editor.headers);
    expect(restored).toMatchObject({ statusCode: 200, data: { state: 'approved', rejectReason: '' } });
    expect(await shown()).toBe(true);
    // An expert's answers are paced (one per 5 s): the restored expert's next answer waits out the first one's.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answeredAt + 5_200 - Date.now())));
    expect((await post('/v1/yunong/answer', { questionId: other.id, content: '控制夜温，人工辅助授粉，少施氮肥。' }, expert.headers)).statusCode).toBe(200);
  });

  it('a revoked expert may apply again, which goes back to review', async () => {
    const expert = await approvedExpert(['农机']);
    const editor = await createTestStaff(t, 'editor');
    expect((await consoleCall(t, 'POST', '/rural/experts/revoke', { id: expert.expertId, reason: '长期未回答问题' }, editor.headers)).statusCode).toBe(200);
    const again = await post<MyExpert>('/v1/yunong/expert/apply', { ...APPLY, tags: ['农机'] }, expert.headers);
    expect(again.data).toMatchObject({ state: 'pending', rejectReason: '', expert: { id: expert.expertId } });
  });

  it("corrects an expert's name, title, organisation and fields with the rules of applying, audited, the same edit twice once", async () => {
    const expert = await approvedExpert(['养殖']);
    const editor = await createTestStaff(t, 'editor');
    const edit = { id: expert.expertId, name: '周正华', title: '正高级兽医师', org: '巫溪县畜牧兽医中心', tags: ['养殖', '病虫害', '政策补贴'] };
    const res = await consoleCall(t, 'POST', '/rural/experts/edit', edit, editor.headers);
    expect(res).toMatchObject({ statusCode: 200, data: { title: '正高级兽医师', tags: ['养殖', '病虫害', '政策补贴'] } });
    expect((await consoleCall(t, 'POST', '/rural/experts/edit', edit, editor.headers)).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rural.expert.edit'), eq(auditLog.itemId, String(expert.expertId))))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { title: '高级兽医师', tags: '养殖' }, after: { title: '正高级兽医师', tags: '养殖,病虫害,政策补贴' } });
    const shown = (await get<Expert[]>('/v1/yunong/experts')).data.find((e) => e.id === expert.expertId);
    expect(shown).toMatchObject({ title: '正高级兽医师', tags: ['养殖', '病虫害', '政策补贴'] });
    // The new field counts at once: the expert may answer a 政策补贴 question.
    const farmer = await createTestUser(t.database);
    const q = await askAs(farmer, '农机购置补贴今年怎么申请？', '政策补贴');
    expect((await post('/v1/yunong/answer', { questionId: q.id, content: '带身份证和购机发票到乡镇农业服务中心申请。' }, expert.headers)).statusCode).toBe(200);
  });

  it.each([
    [{ tags: [] }, '请至少选择一个擅长领域'],
    [{ tags: ['种植', '养殖', '果树', '农机'] }, '擅长领域最多选 3 个'],
    [{ tags: ['炼丹'] }, '擅长领域不正确'],
    [{ name: '周' }, /真实姓名/],
    [{ org: '单'.repeat(41) }, /工作单位/],
  ])('refuses a bad edit in Chinese, changing nothing (%#)', async (change, message) => {
    const expert = await approvedExpert(['果树']);
    const editor = await createTestStaff(t, 'editor');
    const res = await consoleCall(t, 'POST', '/rural/experts/edit', { id: expert.expertId, ...APPLY, tags: ['果树'], ...change }, editor.headers);
    expect(res.statusCode).toBe(400);
    expect(res.message).toMatch(message);
    const [row] = await t.database.db.select().from(ruralExperts).where(eq(ruralExperts.id, expert.expertId));
    expect(row).toMatchObject({ name: APPLY.name, org: APPLY.org, tags: '果树' });
  });

  it('edits only an expert, not an application in review', async () => {
    const reader = await createTestUser(t.database);
    const applied = await post<MyExpert>('/v1/yunong/expert/apply', APPLY, reader.headers);
    const editor = await createTestStaff(t, 'editor');
    const res = await consoleCall(t, 'POST', '/rural/experts/edit', { id: applied.data.expert!.id, ...APPLY, title: '研究员' }, editor.headers);
    expect(res).toMatchObject({ statusCode: 422, message: '这份申请还没有通过认证，请先审核' });
  });
});

describe("an expert's refused answer", () => {
  it("shows the moderator's reason to its expert only", async () => {
    const expert = await approvedExpert(['土壤肥料']);
    const farmer = await createTestUser(t.database);
    const q = await askAs(farmer, '酸性土壤种蔬菜要怎么改良？', '土壤肥料');
    const res = await post<Answer>('/v1/yunong/answer', { questionId: q.id, content: '每亩撒石灰五十公斤，深翻后再种。' }, expert.headers);
    expect(res.data.rejectReason).toBe('');
    await t.database.db.update(ruralAnswers).set({ reviewState: 'rejected', rejectReason: '用量表述不准确' }).where(eq(ruralAnswers.id, res.data.id));
    const own = (await get<Question>(`/v1/yunong/question?id=${q.id}`, expert.headers)).data.answers.find((a) => a.id === res.data.id);
    expect(own).toMatchObject({ reviewState: 'rejected', rejectReason: '用量表述不准确' });
    const mine = (await get<ExpertQuestion[]>('/v1/yunong/expert/questions', expert.headers)).data.find((x) => x.id === q.id);
    if (mine) expect(mine.answers.find((a) => a.id === res.data.id)?.rejectReason).toBe('用量表述不准确');
    expect((await get<Question>(`/v1/yunong/question?id=${q.id}`, farmer.headers)).data.answers).toEqual([]);
  });
});

describe('the 裕农 desk edits the credit villages', () => {
  it("changes the figures the reader's 信用村 page shows, audited, the same edit twice once; refuses bad figures in Chinese", async () => {
    const editor = await createTestStaff(t, 'editor');
    const list = await consoleCall<{ items: { id: number; name: string; households: number; published: number; intro: string }[] }>(
      t,
      'GET',
      '/rural/villages',
      undefined,
      editor.headers,
    );
    expect(list.statusCode).toBe(200);
    const village = list.data.items[0]!;
    expect(village.published).toBeGreaterThan(0);
    const edit = {
      id: village.id,
      name: `${village.name}`,
      district: '巫溪',
      town: '红池坝镇',
      households: village.published + 300,
      intro: '以茶叶和洋芋为主业，信用积分用于小额贷款与评优。',
    };
    expect((await consoleCall(t, 'POST', '/rural/villages/edit', edit, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/rural/villages/edit', edit, editor.headers)).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rural.village.edit'), eq(auditLog.itemId, String(village.id))))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffName: editor.name, itemKind: 'ruralVillage', after: { town: '红池坝镇', households: edit.households } });
    const credit = await get<{ village: { households: number; town: string; intro: string } }>(`/v1/yunong/credit/village?id=${village.id}`);
    expect(credit.data.village).toMatchObject({ households: edit.households, town: '红池坝镇', intro: edit.intro });

    for (const [change, message] of [
      [{ households: village.published - 1 }, `户数不能少于已公示的 ${village.published} 户`],
      [{ households: 0 }, '户数至少为 1'],
      [{ households: 'many' }, '户数须为整数'],
      [{ name: '' }, /村名/],
      [{ intro: '简'.repeat(201) }, /简介/],
    ] as const) {
      const res = await consoleCall(t, 'POST', '/rural/villages/edit', { ...edit, ...change }, editor.headers);
      expect(res.statusCode, JSON.stringify(change)).not.toBe(200);
      expect(res.message).toMatch(message);
    }
    expect((await get<{ village: { households: number } }>(`/v1/yunong/credit/village?id=${village.id}`)).data.village.households).toBe(edit.households);
    const reporter = await createTestStaff(t, 'reporter');
    expect((await consoleCall(t, 'POST', '/rural/villages/edit', { ...edit, households: 9 }, reporter.headers)).statusCode).toBe(403);
  });
});
