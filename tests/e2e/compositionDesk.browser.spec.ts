/**
 * The 作文栏目 desk (docs/security.md "Section desks") from the staff side to the reader's and back:
 * the demo editor picks a published essay for the newspaper, and 见报作文 lists it first with its edition and date;
 * the editor revokes a teacher's verification with a reason, the teacher (a seeded account, signed in by SMS code)
 * reads that reason in 我的 and can no longer review, and the desk's 撤销 gives the verification back. axe (WCAG 2.1
 * AA) on both tabs of the desk.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeReport, signInDemo } from './deskSupport.ts';
import { loginByApi, signIn } from './interactionSupport.ts';

// axe is injected as a script of its own: the console's CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

interface Summary {
  id: number;
  title: string;
  newspaperDate?: string;
}

async function essays(request: APIRequestContext, kind: 'all' | 'newspaper', page: number): Promise<Summary[]> {
  const res = await request.get(`/v1/composition/list?kind=${kind}&page=${page}`);
  return ((await res.json()) as { data: Summary[] }).data;
}

/** The day after `day` (YYYY-MM-DD). */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test('作文栏目: an essay picked for the newspaper heads 见报作文; a teacher revoked with a reason is told why, and 撤销 gives the verification back', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A published essay not in print yet, and a date after every printing so far: it will head 见报作文.
  const printed = await essays(request, 'newspaper', 1);
  const essay = (await essays(request, 'all', 1)).find((e) => !printed.some((p) => p.id === e.id))!;
  expect(essay, 'the newest page has an essay not in print').toBeTruthy();
  const date = dayAfter(printed[0]!.newspaperDate!);
  const edition = `第 ${(essay.id % 20) + 1} 版 · 校园`;

  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
  await signInDemo(desk, request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '作文栏目' }).click();
  await expect(desk.getByRole('heading', { name: '作文栏目', level: 1 })).toBeVisible();
  const search = desk.getByRole('search', { name: '搜索作文' });
  await search.getByRole('searchbox', { name: '标题、作者或学校' }).fill(essay.title);
  await search.getByRole('button', { name: '搜索' }).click();
  const card = desk.getByRole('article', { name: new RegExp(`^${essay.title}`) }).first();
  await expect(card).toBeVisible();
  expect(await axeReport(desk)).toEqual([]);

  await card.getByText('选入报纸刊登…').click();
  const paper = card.getByRole('form', { name: `选入报纸刊登：${essay.title}` });
  await paper.getByLabel('刊登日期').fill(date);
  await paper.getByLabel('版面').fill(edition);
  await paper.getByRole('button', { name: '选入报纸' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `《${essay.title}》已选入报纸刊登：${date} ${edition}` })).toBeVisible();
  await expect(card).toContainText(`已上报 ${date} ${edition}`);

  // A reader: 见报作文 lists it first (the reader pages' caches were told), with its edition and date.
  const reader = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage();
  await reader.goto('/shancheng/composition/NewspapersList');
  const first = reader.getByRole('main').getByRole('article').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(new RegExp(`${essay.title}$`));
  await expect(first).toContainText(`${edition} · ${date}`);

  // 老师认证: the seeded teacher of phone 137 1900 0010 (the composition spec uses the first three).
  const teacherContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const teacherPage = await teacherContext.newPage();
  const teacherLogin = await loginByApi(teacherPage.request, '13719000010');
  const role = (await (await request.get('/v1/composition/role', { headers: { authorization: `Bearer ${teacherLogin.token}` } })).json()) as {
    data: { teacher: { name: string } | null };
  };
  const teacher = role.data.teacher!;
  expect(teacher, 'phone 137 1900 0010 is a seeded teacher').toBeTruthy();
  await desk.getByRole('tab', { name: '老师认证' }).click();
  const row = desk.locator('li', { has: desk.getByRole('heading', { name: new RegExp(`^${teacher.name}`) }) });
  await expect(row).toContainText('已认证');
  expect(await axeReport(desk)).toEqual([]);
  const reason = '已调离该校，待新学校核实后恢复';
  await row.getByRole('textbox', { name: '原因（老师可见）' }).fill(reason);
  await row.getByRole('button', { name: '撤销认证' }).click();
  const done = desk.getByRole('status').filter({ hasText: `${teacher.name} 老师已撤销认证` });
  await expect(done).toBeVisible();
  await expect(row).toContainText('未认证');

  // The teacher, on their phone: the reason in 我的, and no reviewing until verified again.
  await signIn(teacherContext, teacherLogin);
  await teacherPage.goto('/shancheng/composition/userCenter');
  await expect(teacherPage.getByText(`老师认证已撤销：${reason}`)).toBeVisible();
  await teacherPage.goto('/shancheng/composition/TeacherReview');
  await expect(teacherPage.getByText('只有认证老师可以点评。老师认证请联系作文专区编辑。')).toBeVisible();

  // 撤销 on the desk gives the verification back; the teacher can review again.
  await done.getByRole('button', { name: '撤销' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${teacher.name} 老师已认证` })).toBeVisible();
  await expect(row).toContainText('已认证');
  await teacherPage.reload();
  await expect(teacherPage.getByText(/篇作文待点评/)).toBeVisible();
  await teacherContext.close();
});
