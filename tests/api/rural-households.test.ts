/**
 * 信用村 households and their deeds on the 裕农 desk: the village's published households with their deeds; add (once
 * per key, never beyond the village's 户数), edit and remove a household (masked name, points) and its deeds, each with
 * its audit row, shown at once on the reader's 信用村 page; bad input refused in Chinese with nothing written.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruralCreditDeeds, ruralHouseholds } from '../../src/server/db/schema/rural.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

interface DeskHousehold {
  id: number;
  maskedName: string;
  points: number;
  deeds: { id: number; kind: string; description: string; points: number; day: string }[];
}
interface ReaderVillage {
  village: { households: number };
  households: { id: number; maskedName: string; points: number; rating: string }[];
  deeds: { id: number; maskedName: string; description: string; points: number }[];
}

let editor: TestStaff;
let villageId: number;
let n = 0;
const key = () => `household-test-${++n}-${Date.now()}`;
const call = <T>(path: string, body: Record<string, unknown>) => consoleCall<T>(t, 'POST', path, body, editor.headers);
const households = async () =>
  (await consoleCall<{ households: DeskHousehold[] }>(t, 'GET', `/rural/villages/households?villageId=${villageId}`, undefined, editor.headers)).data
    .households;
const reader = async () => (await get<ReaderVillage>(`/v1/yunong/credit/village?id=${villageId}`)).data;
const audits = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.itemId, String(id))))
    .orderBy(auditLog.id);

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor', { name: '裕农编辑乙' });
  const list = await consoleCall<{ items: { id: number; households: number; published: number }[] }>(t, 'GET', '/rural/villages', undefined, editor.headers);
  const village = list.data.items[1]!;
  villageId = village.id;
  // Room for the households this file adds.
  await consoleCall(
    t,
    'POST',
    '/rural/villages/edit',
    { ...village, name: '测试村', district: '巫溪', town: '红池坝镇', households: village.published + 2, intro: '' },
    editor.headers,
  );
});

describe('households', () => {
  it("lists the village's households with their deeds, as the reader's page publishes them", async () => {
    const desk = await households();
    const page = await reader();
    expect(desk.map((h) => h.id)).toEqual(page.households.map((h) => h.id));
    expect(desk.some((h) => h.deeds.length > 0)).toBe(true);
    expect((await consoleCall(t, 'GET', '/rural/villages/households?villageId=999999', undefined, editor.headers)).message).toBe('信用村不存在');
  });

  it('adds a household once per key, edits it, and the reader sees it; the village never publishes more than its 户数', async () => {
    const k = key();
    const made = await call<{ id: number }>('/rural/households/save', { villageId, key: k, maskedName: '冉*秀', points: 88 });
    expect(made.statusCode, made.message).toBe(200);
    expect((await call<{ id: number }>('/rural/households/save', { villageId, key: k, maskedName: '冉*秀', points: 88 })).data.id).toBe(made.data.id);
    expect(await t.database.db.select().from(ruralHouseholds).where(eq(ruralHouseholds.clientKey, k))).toHaveLength(1);
    expect(await audits('rural.household.create', made.data.id)).toHaveLength(1);
    expect((await reader()).households.find((h) => h.id === made.data.id)).toMatchObject({ maskedName: '冉*秀', points: 88 });

    const edit = { id: made.data.id, villageId, key: key(), maskedName: '冉*红', points: 91 };
    expect((await call('/rural/households/save', edit)).statusCode).toBe(200);
    expect((await call('/rural/households/save', edit)).statusCode).toBe(200);
    expect(await audits('rural.household.edit', made.data.id)).toHaveLength(1);
    expect((await reader()).households.find((h) => h.id === made.data.id)).toMatchObject({ maskedName: '冉*红', points: 91 });
    // A 复姓 keeps its two characters before the *.
    expect((await call('/rural/households/save', { ...edit, key: key(), maskedName: '欧阳*红' })).statusCode).toBe(200);
    expect((await reader()).households.find((h) => h.id === made.data.id)).toMatchObject({ maskedName: '欧阳*红', points: 91 });

    expect((await call('/rural/households/save', { villageId, key: key(), maskedName: '谭*平', points: 70 })).statusCode).toBe(200);
    const full = await call('/rural/households/save', { villageId, key: key(), maskedName: '向*林', points: 70 });
    expect(full.message).toMatch(/^已公示的农户不能多于全村 \d+ 户，请先修改户数$/);
    expect((await reader()).households.map((h) => h.maskedName)).not.toContain('向*林');
  });

  it.each([
    [{ maskedName: '冉小秀' }, '姓名须打码'],
    [{ maskedName: '冉秀' }, '姓名须打码'],
    [{ maskedName: '冉小*秀' }, '姓名须打码'],
    [{ maskedName: '欧阳小*秀' }, '姓名须打码'],
    [{ maskedName: 'A*B' }, '姓名须打码'],
    [{ maskedName: '<b>*秀' }, '姓名须打码'],
    [{ points: 101 }, '信用积分须为 0–100 的整数'],
    [{ points: -1 }, '信用积分须为 0–100 的整数'],
    [{ points: 'many' }, '信用积分须为 0–100 的整数'],
    [{ villageId: 999_999 }, '信用村不存在'],
  ])('refuses %j with nothing written', async (change, message) => {
    const before = await t.database.db.select().from(ruralHouseholds);
    const res = await call('/rural/households/save', { villageId, key: key(), maskedName: '彭*安', points: 80, ...change });
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(ruralHouseholds)).toHaveLength(before.length);
  });
});

describe('deeds', () => {
  it('records a deed once per key, corrects it, removes it, each with its audit row; the reader sees each change', async () => {
    const [household] = await households();
    const k = key();
    const body = { householdId: household!.id, key: k, kind: '志愿服务', description: '冬天义务为村里老人修补屋顶', points: 3, day: '2026-11-20' };
    const made = await call<{ id: number }>('/rural/deeds/save', body);
    expect(made.statusCode, made.message).toBe(200);
    expect((await call<{ id: number }>('/rural/deeds/save', body)).data.id).toBe(made.data.id);
    expect(await t.database.db.select().from(ruralCreditDeeds).where(eq(ruralCreditDeeds.clientKey, k))).toHaveLength(1);
    expect(await audits('rural.deed.create', made.data.id)).toHaveLength(1);
    expect((await reader()).deeds.find((d) => d.id === made.data.id)).toMatchObject({ maskedName: household!.maskedName, description: body.description });

    const edit = { ...body, id: made.data.id, key: key(), description: '冬天义务为村里五位老人修补屋顶', points: 4 };
    expect((await call('/rural/deeds/save', edit)).statusCode).toBe(200);
    expect((await call('/rural/deeds/save', edit)).statusCode).toBe(200);
    expect(await audits('rural.deed.edit', made.data.id)).toHaveLength(1);
    expect((await reader()).deeds.find((d) => d.id === made.data.id)).toMatchObject({ description: edit.description, points: 4 });
    // Another household's deed is not this household's to correct.
    const [, other] = await households();
    expect((await call('/rural/deeds/save', { ...edit, householdId: other!.id })).message).toBe('信用事迹不存在或已删除');

    expect((await call('/rural/deeds/remove', { id: made.data.id })).statusCode).toBe(200);
    expect((await call('/rural/deeds/remove', { id: made.data.id })).statusCode).toBe(200);
    expect(await audits('rural.deed.remove', made.data.id)).toHaveLength(1);
    expect((await reader()).deeds.map((d) => d.id)).not.toContain(made.data.id);
  });

  it("moves the household's credit points by each deed, cut at 100 and 0, and takes back exactly that on a correction or removal", async () => {
    const [household] = await households();
    const id = household!.id;
    const points = async () => (await reader()).households.find((h) => h.id === id)!.points;
    const set = await call('/rural/households/save', { id, villageId, key: key(), maskedName: household!.maskedName, points: 97 });
    expect(set.statusCode, set.message).toBe(200);
    const deed = { householdId: id, kind: '产业带动', description: '带动六户种植脆李', day: '2026-11-02' };
    const add = { ...deed, key: key(), points: 5 };
    const good = await call<{ id: number }>('/rural/deeds/save', add);
    expect(good.statusCode, good.message).toBe(200);
    expect(await points()).toBe(100);
    // A retry of the same add moves nothing again.
    expect((await call<{ id: number }>('/rural/deeds/save', add)).data.id).toBe(good.data.id);
    expect(await points()).toBe(100);
    expect((await call('/rural/deeds/save', { ...deed, id: good.data.id, key: key(), points: 2 })).statusCode).toBe(200);
    expect(await points()).toBe(99);
    const [edited] = await audits('rural.deed.edit', good.data.id);
    expect(edited).toMatchObject({ after: { points: 2, householdPoints: { before: 100, after: 99 } } });
    const fine = await call<{ id: number }>('/rural/deeds/save', { ...deed, key: key(), kind: '违规扣分', description: '秸秆露天焚烧', points: -10 });
    expect(await points()).toBe(89);
    expect((await call('/rural/deeds/remove', { id: good.data.id })).statusCode).toBe(200);
    expect((await call('/rural/deeds/remove', { id: good.data.id })).statusCode).toBe(200);
    expect(await points()).toBe(87);
    expect((await call('/rural/deeds/remove', { id: fine.data.id })).statusCode).toBe(200);
    expect(await points()).toBe(97);
    // At the bottom: a deduction takes the score to 0 and no lower; removing it gives back what it took.
    await call('/rural/households/save', { id, villageId, key: key(), maskedName: household!.maskedName, points: 6 });
    const low = await call<{ id: number }>('/rural/deeds/save', { ...deed, key: key(), kind: '违规扣分', description: '违规占用耕地建房', points: -20 });
    expect(await points()).toBe(0);
    await call('/rural/deeds/remove', { id: low.data.id });
    expect(await points()).toBe(6);
    await call('/rural/households/save', { id, villageId, key: key(), maskedName: household!.maskedName, points: household!.points });
  });

  it.each([
    [{ kind: '好人' }, '请选择事迹类别'],
    [{ description: '好' }, '事迹至少 4 个字'],
    [{ points: 0 }, '分值不能为 0'],
    [{ points: 30 }, '分值须为 -20 到 20 的整数'],
    [{ points: -3 }, '违规扣分的分值须为负数，其他事迹须为正数'],
    [{ kind: '违规扣分', points: 3 }, '违规扣分的分值须为负数，其他事迹须为正数'],
    [{ day: '2026-02-31' }, '日期格式不正确'],
    [{ householdId: 999_999 }, '农户不存在或已删除'],
  ])('refuses the deed %j with nothing written', async (change, message) => {
    const [household] = await households();
    const before = await t.database.db.select().from(ruralCreditDeeds);
    const res = await call('/rural/deeds/save', {
      householdId: household!.id,
      key: key(),
      kind: '孝老爱亲',
      description: '照顾独居老人三年',
      points: 5,
      day: '2026-11-01',
      ...change,
    });
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(ruralCreditDeeds)).toHaveLength(before.length);
  });

  it('removing a household removes its deeds in the same transaction; the audit row keeps them', async () => {
    // The village is full from the tests above: one household leaves first.
    const [last] = (await households()).slice(-1);
    expect((await call('/rural/households/remove', { id: last!.id })).statusCode).toBe(200);
    const made = await call<{ id: number }>('/rural/households/save', { villageId, key: key(), maskedName: '邓*勇', points: 75 });
    expect(made.statusCode, made.message).toBe(200);
    const id = made.data.id;
    await call('/rural/deeds/save', { householdId: id, key: key(), kind: '按时还贷', description: '小额信贷提前还清', points: 4, day: '2026-10-02' });
    expect((await call('/rural/households/remove', { id })).statusCode).toBe(200);
    expect((await call('/rural/households/remove', { id })).statusCode).toBe(200);
    expect(await t.database.db.select().from(ruralCreditDeeds).where(eq(ruralCreditDeeds.householdId, id))).toEqual([]);
    const [row] = await audits('rural.household.remove', id);
    expect(row).toMatchObject({ itemKind: 'ruralHousehold', before: { maskedName: '邓*勇', deeds: [{ description: '小额信贷提前还清' }] } });
    expect(await audits('rural.household.remove', id)).toHaveLength(1);
    expect((await reader()).households.map((h) => h.id)).not.toContain(id);
  });
});

describe('the 户数 cap under editors adding at once', () => {
  it('two places left and six adds at once: two households are published, four refused, each add with its own key', async () => {
    const list = await consoleCall<{
      items: { id: number; name: string; district: string; town: string; households: number; published: number; intro: string }[];
    }>(t, 'GET', '/rural/villages', undefined, editor.headers);
    const village = list.data.items[2]!;
    const edited = await call('/rural/villages/edit', { ...village, households: village.published + 2 });
    expect(edited.statusCode, edited.message).toBe(200);
    const answers = await Promise.all(
      ['秦*兰', '熊*伟', '龚*芳', '罗*军', '蒋*敏', '欧阳*强'].map((maskedName) =>
        call('/rural/households/save', { villageId: village.id, key: key(), maskedName, points: 60 }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(refused.message).toBe(`已公示的农户不能多于全村 ${village.published + 2} 户，请先修改户数`);
    expect(await t.database.db.select().from(ruralHouseholds).where(eq(ruralHouseholds.villageId, village.id))).toHaveLength(village.published + 2);
  });
});
