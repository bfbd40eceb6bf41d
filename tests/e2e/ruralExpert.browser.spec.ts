/**
 * 乡村帮帮's experts are staff-approved reader accounts (docs/security.md "Section desks"): a reader applies on
 * 专家答题 (name, title, organisation, fields), the demo editor approves the application on the console's 裕农栏目
 * desk, the new expert finds a farmer's question of their field at the head of their list and answers it as their
 * own account, and the farmer reads the answer under the question. The same desk's 信用村 (figures, a household's
 * deed) and 轮播图 (a banner added and moved first by keyboard leads the reader's 裕农 home). axe (WCAG 2.1 AA) on the
 * reader's page and the desk's tabs.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeReport, signInDemo } from './deskSupport.ts';
import { islandReady, loginByApi, signIn } from './interactionSupport.ts';

// axe is injected as a script of its own: the pages' CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('a reader applies as an expert, the editor approves, the expert answers a farmer of their field, and the farmer reads it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const phone = { viewport: { width: 375, height: 812 }, baseURL, locale: 'zh-CN' };

  // A farmer asks a 农机 question.
  const farmerContext = await browser.newContext(phone);
  const farmerPage = await farmerContext.newPage();
  const farmer = await loginByApi(farmerPage.request);
  await signIn(farmerContext, farmer);
  const questionText = `旋耕机刀片磨得太快，是不是土里石头多（${stamp}）`;
  const asked = (await (
    await farmerPage.request.post('/v1/yunong/ask', { data: { content: questionText, tag: '农机' }, headers: { authorization: `Bearer ${farmer.token}` } })
  ).json()) as { statusCode: number; data: { id: number } };
  expect(asked.statusCode).toBe(200);

  // A reader applies on 专家答题, reached from 乡村帮帮.
  const expertContext = await browser.newContext(phone);
  const expertPage = await expertContext.newPage();
  const reader = await loginByApi(expertPage.request);
  await signIn(expertContext, reader);
  await expertPage.goto('/shancheng/yu-nong/country-bangbang');
  await expertPage.getByRole('link', { name: '我是农技专家：去答题或申请认证 ›' }).click();
  await expect(expertPage).toHaveURL(/\/yu-nong\/expert/);
  const apply = expertPage.getByRole('form', { name: '专家认证申请' });
  await islandReady(expertPage, apply.getByRole('button', { name: '提交申请' }));
  const name = `农机${stamp.slice(-4)}`;
  await apply.getByRole('textbox', { name: '真实姓名' }).fill(name);
  await apply.getByRole('textbox', { name: '职称' }).fill('农机推广研究员');
  await apply.getByRole('textbox', { name: '工作单位' }).fill('巫溪县农机技术推广站');
  await apply.getByText('农机', { exact: true }).click();
  await apply.getByText('政策补贴', { exact: true }).click();
  expect(await axeReport(expertPage)).toEqual([]);
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(expertPage.getByRole('status').filter({ hasText: '申请已提交' })).toBeVisible();

  // The demo editor approves it on the 裕农栏目 desk's 专家认证 tab.
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '裕农栏目' }).click();
  await desk.getByRole('tab', { name: '专家认证' }).click();
  const application = desk.getByRole('listitem', { name: `${name}的专家认证申请` });
  await expect(application).toContainText('擅长 农机、政策补贴');
  expect(await axeReport(desk)).toEqual([]);
  await application.getByRole('button', { name: `通过：${name}` }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${name}：已通过` })).toBeVisible();

  // The new expert: the farmer's question waits among 本领域待回答; the answer is written as the expert.
  await expertPage.reload();
  await expect(expertPage.getByRole('heading', { name: `${name} · 农机推广研究员` })).toBeVisible();
  const waiting = expertPage.getByRole('region', { name: /^本领域待回答/ });
  const card = waiting.getByRole('article', { name: questionText });
  await expect(card).toBeVisible();
  const answerText = `多半是土里碎石多，换耐磨的高锰钢刀片，入土前先把大石块捡出来（${stamp}）`;
  const form = card.getByRole('form', { name: /^回答：/ });
  await islandReady(expertPage, form.getByRole('button', { name: '提交回答' }));
  await form.getByRole('textbox', { name: '回答内容' }).fill(answerText);
  await form.getByRole('button', { name: '提交回答' }).click();
  await expect(card.getByRole('status')).toContainText('回答成功');
  expect(await axeReport(expertPage)).toEqual([]);

  // The farmer reads it under the question, with the expert's name and office.
  await farmerPage.goto(`/shancheng/yu-nong/country-bangbang?id=${asked.data.id}`);
  await expect(farmerPage.getByText(answerText)).toBeVisible();
  await expect(farmerPage.getByText(name, { exact: true })).toBeVisible();
  await expect(farmerPage.getByText('1 个专家回答', { exact: false })).toBeVisible();
});

test("an expert answers on the question's own page; the editor corrects the expert's fields, revokes with a reason the expert reads, and restores", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const phone = { viewport: { width: 375, height: 812 }, baseURL, locale: 'zh-CN' };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  // A farmer asks two 种植 questions; a reader applies as a 种植 expert.
  const farmerContext = await browser.newContext(phone);
  const farmerPage = await farmerContext.newPage();
  const farmer = await loginByApi(farmerPage.request);
  // Asking is paced (one question per reader every 10 s): a later question may come from another farmer.
  const ask = async (content: string, who: { token: string } = farmer) => {
    const res = (await (await farmerPage.request.post('/v1/yunong/ask', { data: { content, tag: '种植' }, headers: auth(who.token) })).json()) as {
      statusCode: number;
      data: { id: number };
    };
    expect(res.statusCode).toBe(200);
    return res.data.id;
  };
  const questionText = `玉米苗发紫是怎么回事，要补什么肥（${stamp}）`;
  const questionId = await ask(questionText);

  const expertContext = await browser.newContext(phone);
  const expertPage = await expertContext.newPage();
  const errors: string[] = [];
  expertPage.on('console', (m) => m.type() === 'error' && /hydrat|#418|#423|Minified React/i.test(m.text()) && errors.push(m.text()));
  expertPage.on('pageerror', (e) => errors.push(e.message));
  const reader = await loginByApi(expertPage.request);
  await signIn(expertContext, reader);
  const name = `种植${stamp.slice(-4)}`;
  const applied = (await (
    await expertPage.request.post('/v1/yunong/expert/apply', {
      data: { name, title: '农艺师', org: '开州区农业技术推广站', tags: '种植' },
      headers: auth(reader.token),
    })
  ).json()) as { statusCode: number };
  expect(applied.statusCode).toBe(200);

  // Before approval the question's page shows the reader nothing new.
  await expertPage.goto(`/shancheng/yu-nong/country-bangbang?id=${questionId}`);
  await expect(expertPage.locator('astro-island[component-url*="ExpertAnswer"]:not([ssr])')).toHaveCount(1);
  await expertPage.waitForLoadState('networkidle');
  await expect(expertPage.getByRole('form', { name: '专家回答这个问题' })).toHaveCount(0);

  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '裕农栏目' }).click();
  await desk.getByRole('tab', { name: '专家认证' }).click();
  await desk
    .getByRole('listitem', { name: `${name}的专家认证申请` })
    .getByRole('button', { name: `通过：${name}` })
    .click();
  await expect(desk.getByRole('status').filter({ hasText: `${name}：已通过` })).toBeVisible();

  // The expert answers from the question's own page.
  await expertPage.reload();
  const form = expertPage.getByRole('form', { name: '专家回答这个问题' });
  await expect(form).toBeVisible();
  await expect(expertPage.getByRole('heading', { name: '专家回答' })).toBeVisible();
  const answerText = `苗期发紫多是缺磷或低温，叶面喷磷酸二氢钾，天暖后会转绿（${stamp}）`;
  await form.getByRole('textbox', { name: '回答内容' }).fill(answerText);
  expect(await axeReport(expertPage)).toEqual([]);
  await expertPage.screenshot({ path: test.info().outputPath('expert-answer-form.png') });
  await form.getByRole('button', { name: '提交回答' }).click();
  await expect(expertPage.getByRole('region', { name: '我的回答' }).getByRole('status')).toContainText('回答成功');
  await farmerPage.goto(`/shancheng/yu-nong/country-bangbang?id=${questionId}`);
  await expect(farmerPage.getByText(answerText)).toBeVisible();
  // The farmer, who is no expert, sees no answer form.
  await expect(farmerPage.getByRole('form', { name: '专家回答这个问题' })).toHaveCount(0);

  // The editor corrects the expert's title and adds a field under 已通过.
  await desk.getByRole('tab', { name: '已通过' }).click();
  const row = desk.getByRole('listitem', { name: `${name}的专家认证申请` });
  await row.getByText('修改资料').click();
  const edit = row.getByRole('form', { name: `修改专家资料：${name}` });
  await edit.getByRole('textbox', { name: '职称' }).fill('高级农艺师');
  await edit.getByText('土壤肥料', { exact: true }).click();
  await edit.getByRole('button', { name: '保存资料' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${name}：资料已保存` })).toBeVisible();
  await expect(row).toContainText('擅长 种植、土壤肥料');
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('desk-experts-approved.png'), fullPage: true });

  // Revoked with a reason: the expert reads it, and no longer answers.
  const revoke = row.getByRole('form', { name: `撤销认证：${name}` });
  await revoke.getByRole('textbox', { name: '撤销原因（专家可见）' }).fill('职称证书已过期，请更新后重新申请');
  await revoke.getByRole('button', { name: '撤销认证' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${name}：已撤销认证` })).toBeVisible();

  await expertPage.goto('/shancheng/yu-nong/expert');
  await expect(expertPage.getByRole('status').filter({ hasText: '你的农技专家认证已被裕农栏目编辑撤销：职称证书已过期，请更新后重新申请' })).toBeVisible();
  await expertPage.screenshot({ path: test.info().outputPath('expert-revoked.png') });
  const other = await ask(`小麦播种后遇到连阴雨要不要补种（${stamp}）`, await loginByApi(farmerPage.request));
  await expertPage.goto(`/shancheng/yu-nong/country-bangbang?id=${other}`);
  await expect(expertPage.getByText('小麦播种后遇到连阴雨要不要补种', { exact: false })).toBeVisible();
  await expertPage.waitForLoadState('networkidle');
  await expect(expertPage.getByRole('form', { name: '专家回答这个问题' })).toHaveCount(0);

  // 已撤销 lists it; 恢复认证 gives the standing back, and the form comes back on the question's page.
  await desk.getByRole('tab', { name: '已撤销' }).click();
  const revoked = desk.getByRole('listitem', { name: `${name}的专家认证申请` });
  await expect(revoked).toContainText('撤销原因：职称证书已过期');
  await revoked.getByRole('button', { name: `恢复认证：${name}` }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${name}：已恢复认证` })).toBeVisible();
  await expertPage.reload();
  await expect(expertPage.getByRole('form', { name: '专家回答这个问题' })).toBeVisible();
  // No hydration mismatch on the question's page (React #418) or anything else.
  expect(errors).toEqual([]);
});

test("the editor corrects a credit village's figures on the 裕农 desk, and the reader's 信用村 page shows them", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '裕农栏目' }).click();
  await desk.getByRole('tab', { name: '信用村' }).click();
  const first = desk.locator('#nr-panel-villages').getByRole('listitem').first();
  const label = (await first.getAttribute('aria-label'))!;
  const villageName = label.replace('信用村：', '');
  await first.getByText('修改信用村').click();
  const form = first.getByRole('form', { name: `修改信用村：${villageName}` });
  const intro = `全村推行信用积分，积分可兑换农资与低息贷款（${stamp}）`;
  await form.getByRole('textbox', { name: '简介' }).fill(intro);
  await form.getByRole('spinbutton', { name: '户数' }).fill('512');
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('desk-villages.png') });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${villageName}：已保存` })).toBeVisible();
  await expect(first).toContainText('共 512 户');

  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto('/shancheng/yu-nong/credit');
  await reader
    .getByRole('link', { name: new RegExp(villageName) })
    .first()
    .click();
  await expect(reader.getByText(intro)).toBeVisible();
  await expect(reader.getByText('共 512 户', { exact: false })).toBeVisible();

  // The village's households: the editor records a deed for the first one; the reader's village page lists it.
  await first.getByText(/^农户与信用事迹/).click();
  const household = first.getByRole('listitem', { name: /^农户：/ }).first();
  const masked = (await household.getAttribute('aria-label'))!.replace('农户：', '');
  await household.getByText('记一条信用事迹').click();
  const deedForm = household.getByRole('form', { name: `记信用事迹：${masked}` });
  const deed = `雪后清扫村道两公里（${stamp.slice(-4)}）`;
  await deedForm.getByRole('combobox', { name: '类别' }).selectOption('志愿服务');
  await deedForm.getByRole('textbox', { name: /^事迹/ }).fill(deed);
  await deedForm.getByLabel('日期').fill('2026-11-21');
  expect(await axeReport(desk)).toEqual([]);
  await deedForm.getByRole('button', { name: '保存事迹' }).click();
  await expect(first.getByRole('status').filter({ hasText: `已为 ${masked} 记一条信用事迹` })).toBeVisible();
  await expect(household.getByRole('list', { name: `${masked}的信用事迹` })).toContainText(deed);
  await desk.screenshot({ path: test.info().outputPath('desk-households.png') });
  await desk.setViewportSize({ width: 375, height: 812 });
  await desk.screenshot({ path: test.info().outputPath('desk-households-phone.png') });
  await reader.reload();
  await expect(reader.getByText(deed)).toBeVisible();
});

test("the editor adds a banner on the 裕农 desk, moves it first by keyboard, and the reader's 裕农 home shows it first", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `梁平柚子开园${stamp.slice(-4)}`;
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '裕农栏目' }).click();
  await desk.getByRole('tab', { name: '轮播图' }).click();
  const list = desk.getByRole('list', { name: '轮播图顺序' });
  await expect(list.getByRole('listitem').first()).toContainText('奉节脐橙');

  // Add: a title, a picture through the desk's upload, a rural story to open (a story, so the carousel's first slide
  // still opens an article for the home spec running beside this one).
  const form = desk.getByRole('form', { name: '新增轮播图' });
  await form.getByRole('textbox', { name: /^标题/ }).fill(title);
  const png = await sharp({ create: { width: 750, height: 360, channels: 3, background: { r: 240, g: 190, b: 60 } } })
    .png()
    .toBuffer();
  await form.getByLabel('选择轮播图图片').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('img', { name: '已选的轮播图图片' })).toBeVisible();
  await form.getByRole('radio', { name: '链接' }).check();
  await expect(form.getByRole('textbox', { name: /^链接/ })).toBeVisible();
  await form.getByRole('radio', { name: '裕农稿件' }).check();
  const story = form.getByRole('combobox', { name: '裕农稿件' });
  await story.selectOption({ index: 2 });
  const storyTitle = (await story.locator('option:checked').textContent())!;
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('desk-banners.png'), fullPage: true });
  await form.getByRole('button', { name: '新增轮播图' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `已新增“${title}”` })).toBeVisible();
  const items = list.getByRole('listitem');
  await expect(items.last()).toContainText(title);

  // Move it first with the keyboard: focus stays on its 上移 button after each move.
  const count = await items.count();
  await list.getByRole('button', { name: `上移：${title}` }).focus();
  for (let i = count; i > 1; i--) {
    await desk.keyboard.press('Enter');
    await expect(desk.getByRole('status').filter({ hasText: `已上移到第 ${i - 1} 位` })).toBeVisible();
    if (i > 2) await expect(list.getByRole('button', { name: `上移：${title}` })).toBeFocused();
  }
  await expect(items.first()).toContainText(title);
  expect(await axeReport(desk)).toEqual([]);

  // The reader's 裕农 home: the new banner leads the carousel and opens its page.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto('/shancheng/yu-nong/home');
  const first = reader.locator('[data-rural-home] sc-banner .slide').first();
  await expect(first).toContainText(title);
  expect(await first.locator('a').getAttribute('href')).toMatch(/^\/shancheng\/(NewsDetail|NewsVideoDetail)\?classId=\d+&newsId=\d+/);
  await expect(list.getByRole('listitem').first()).toContainText(`打开稿件：${storyTitle}`);
  await reader.screenshot({ path: test.info().outputPath('reader-rural-home.png') });
  await desk.setViewportSize({ width: 375, height: 812 });
  await desk.screenshot({ path: test.info().outputPath('desk-banners-phone.png') });

  // Removing it (undoable) gives the readers back the carousel they had.
  await list.getByRole('button', { name: `删除：${title}` }).click();
  await expect(desk.getByRole('status').filter({ hasText: `“${title}”已删除` })).toBeVisible();
  await expect(desk.getByRole('status').getByRole('button', { name: '撤销' })).toBeVisible();
  await reader.reload();
  await expect(reader.locator('[data-rural-home] sc-banner .slide').first()).not.toContainText(title);
});
