/**
 * The board's writes end to end (ADR 010; spec 7.7), in the app webview only (ADR 028: a journey that never
 * branches on the host runs on one host, the journeys spread over the three): ask → answer → like → comment →
 * report on the new question; 问政 commit → the department's official reply → status 已回复 on the
 * timeline; a tip (its contact phone never shown); an identity application (审核中); a post in a group
 * (请先加入社群 until the reader joins, then published in the group's list). Readers log in
 * through the real accounts API; the department logs in with its seeded demo phone (one per host).
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { HOSTS, hostIndex, islandReady, loginByApi, signIn, type Reader } from './interactionSupport.ts';

let reader: Reader;
const stamp = () => `${HOSTS[hostIndex()]}-${Date.now() % 100000}`;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  reader = await loginByApi(request);
  await request.dispose();
});

test('ask → answer → like the answer → comment → report', async ({ page, context }) => {
  await signIn(context, reader);
  const title = `江北嘴哪里可以停车？${stamp()}`;
  await page.goto('/shancheng/BangBang/QA/ask');
  const titleBox = page.getByRole('textbox', { name: /问题标题/ });
  await islandReady(page, titleBox);
  // The server refuses a short title in Chinese and the reader's text stays.
  await titleBox.fill('停车');
  await page.getByRole('textbox', { name: /问题描述/ }).fill('周末带家人去江北嘴，想找个不贵的停车场。');
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(page.getByRole('alert')).toContainText('问题标题至少 5 个字');
  await expect(page.getByRole('textbox', { name: /问题描述/ })).toHaveValue('周末带家人去江北嘴，想找个不贵的停车场。');
  await titleBox.fill(title);
  await page.getByRole('button', { name: '发布问题' }).click();
  await expect(page).toHaveURL(/\/BangBang\/QA\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));

  await page.goto(`/shancheng/BangBang/QA/reply?id=${id}`);
  const answerBox = page.getByRole('textbox', { name: /回答内容/ });
  await islandReady(page, answerBox);
  await answerBox.fill('大剧院地下停车场晚上和周末都有空位，按小时收费，比商场便宜。');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/BangBang/QA/detail\\?id=${id}$`));
  await expect(page.getByText('大剧院地下停车场晚上和周末都有空位')).toBeVisible();

  const like = page.locator('[data-answer-like]').first();
  await like.scrollIntoViewIfNeeded();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-label', '已赞回答 1');

  await page.goto(`/shancheng/BangBang/PublishBangBang?from=bang&classid=2&id=${id}`);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);
  await box.fill(`这个回答有用 ${stamp()}`);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(new RegExp(`/BangBang/QA/detail\\?id=${id}#comments$`));
  await expect(page.locator('li.comment', { hasText: '这个回答有用' })).toBeVisible();

  await page.getByRole('button', { name: '举报', exact: true }).click();
  const popup = page.getByRole('dialog', { name: '举报' });
  await popup.getByRole('button', { name: '谣言虚假' }).click();
  await popup.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('举报成功')).toBeVisible();
});

test('问政: commit to a department → its official reply → 已回复 on the timeline', async ({ page, context, browser, playwright }) => {
  // The host's own department account: seeded demo phones 19900000001… in department-name order.
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const official = await loginByApi(request, `1990000${String(hostIndex() + 1).padStart(4, '0')}`);
  const info = (await (await request.get('/api/bangbang/member/getInfo', { headers: { authorization: `Bearer ${official.token}` } })).json()) as {
    data: { job: string };
  };
  await request.dispose();
  const department = info.data.job.replace(/ 问政回复账号$/, '');

  await signIn(context, reader);
  const title = `小区门口路灯不亮 ${stamp()}`;
  await page.goto('/shancheng/BangBang/politics/commit');
  const select = page.getByRole('combobox', { name: /问政部门/ });
  await islandReady(page, select);
  await select.selectOption({ label: department });
  await page.getByRole('textbox', { name: /^标题/ }).fill(title);
  await page.getByRole('textbox', { name: /问题内容/ }).fill('小区门口三盏路灯坏了半个月，晚上出门很黑，请尽快维修。');
  await page.getByRole('button', { name: '提交问政' }).click();
  await expect(page).toHaveURL(/\/BangBang\/politics\/detail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.locator('[data-politics-steps]')).toHaveAttribute('data-politics-steps', '已提交');
  await expect(page.getByText('待回复').first()).toBeVisible();

  // The asker cannot reply; the department can.
  await page.goto(`/shancheng/BangBang/politics/reply?id=${id}`);
  await expect(page.getByText('只有该部门的认证账号可以回复此问政')).toBeVisible();
  const deptContext = await browser.newContext({ ...test.info().project.use });
  await signIn(deptContext, official);
  const dept = await deptContext.newPage();
  await dept.goto(`/shancheng/BangBang/politics/reply?id=${id}`);
  const reply = dept.getByRole('textbox', { name: /回复内容/ });
  await islandReady(dept, reply);
  await reply.fill('您好！已安排维修人员到现场更换灯具，预计三天内修复，感谢您的反映。');
  await dept.getByRole('button', { name: '发布官方回复' }).click();
  await expect(dept).toHaveURL(new RegExp(`/BangBang/politics/detail\\?id=${id}$`));
  await deptContext.close();

  await page.goto(`/shancheng/BangBang/politics/detail?id=${id}`);
  await expect(page.locator('[data-politics-steps]')).toHaveAttribute('data-politics-steps', '已回复');
  await expect(page.getByText('已安排维修人员到现场更换灯具')).toBeVisible();
  await expect(page.getByText('已回复').first()).toBeVisible();
});

test('a tip: sent with a private phone, listed without it; the hot-line sheet', async ({ page, context }) => {
  await signIn(context, reader);
  const text = `观音桥轻轨站出口的扶梯停了一上午 ${stamp()}`;
  await page.goto('/shancheng/BangBang/exposure/index');
  const box = page.getByRole('textbox', { name: /爆料内容/ });
  await islandReady(page, box);
  await box.fill(text);
  await page.getByRole('textbox', { name: /地点/ }).fill('江北区观音桥');
  await page.getByRole('textbox', { name: /联系电话/ }).fill('13800138000');
  await page.getByRole('button', { name: '发送爆料' }).click();
  await expect(page.getByRole('region', { name: '我要爆料' }).getByRole('status')).toHaveText('爆料成功，感谢您提供线索');
  await page.reload();
  await expect(page.locator('[data-tip]', { hasText: text })).toBeVisible();
  expect(await page.content()).not.toContain('13800138000');

  await page.getByRole('button', { name: /爆料热线/ }).click();
  await expect(page.getByRole('link', { name: /^免费拨打 / })).toHaveAttribute('href', /^tel:/);
  await page.getByRole('button', { name: '取消' }).click();
});

test('one tip (jump 20 "tip detail"): the tip alone, the way to all tips; an unknown one is 404 in Chinese', async ({ page, request }) => {
  const list = (await (await request.get('/v1/bangbang/baoliao/list?page=1&pageSize=5')).json()) as { data: Array<{ id: number; content: string }> };
  const tip = list.data[2]!;
  await page.goto(`/shancheng/BangBang/exposure/index?id=${tip.id}`);
  const detail = page.getByRole('region', { name: '爆料详情' });
  await expect(detail.locator('[data-tip]')).toHaveCount(1);
  await expect(detail.locator(`[data-tip="${tip.id}"]`)).toContainText(tip.content.slice(0, 12));
  await expect(page.getByRole('region', { name: '网友爆料' })).toHaveCount(0);
  await detail.getByRole('link', { name: '查看全部爆料' }).click();
  await expect(page).toHaveURL(/\/BangBang\/exposure\/index$/);
  await expect(page.getByRole('region', { name: '网友爆料' }).locator('[data-tip]').first()).toBeVisible();

  const missing = await page.goto('/shancheng/BangBang/exposure/index?id=99999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('爆料不存在或已删除')).toBeVisible();
});

test('apply for identity: 记者 with a proof picture → 审核中', async ({ page, context }) => {
  await signIn(context, reader);
  await page.goto('/shancheng/BangBang/applyfor');
  const name = page.getByRole('textbox', { name: /真实姓名/ });
  await islandReady(page, name);
  await page.getByRole('radio', { name: '记者' }).check();
  await name.fill('周明');
  await page.getByRole('textbox', { name: /职业/ }).fill('重庆某报社 社会新闻记者');
  await page.getByRole('textbox', { name: /个人简介/ }).fill('跑社会新闻六年，熟悉城市管理和消费维权。');
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 90, b: 150 } } })
    .png()
    .toBuffer();
  await page.getByLabel('添加图片').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('上传中')).toHaveCount(0);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.locator('[data-apply-state]')).toHaveAttribute('data-apply-state', 'pending');
  await expect(page.getByText('认证状态：审核中')).toBeVisible();
  await page.reload();
  await expect(page.getByText('认证状态：审核中')).toBeVisible();
});

test('a group post: 请先加入社群 for a non-member (the text stays), then join and post', async ({ page, context, request }) => {
  await signIn(context, reader);
  const groups = (await (await request.get('/v1/bangbang/groupownet/community?page=1&pageSize=20')).json()) as { data: Array<{ id: number }> };
  const groupId = groups.data[hostIndex() + 1]!.id;
  await page.goto(`/shancheng/BangBang/community/detail?id=${groupId}`);
  const box = page.getByRole('textbox', { name: /帖子内容/ });
  await islandReady(page, box);
  const text = `周末江边步道有人组织捡垃圾，欢迎一起 ${stamp()}`;
  await box.fill(text);
  await page.getByRole('button', { name: '发布帖子' }).click();
  await expect(page.getByRole('alert')).toHaveText('请先加入社群');
  await expect(box).toHaveValue(text);

  const join = page.getByRole('button', { name: '加入社群' });
  await islandReady(page, join);
  await join.click();
  await expect(page.getByRole('button', { name: '退出社群' })).toBeVisible();
  await page.getByRole('button', { name: '发布帖子' }).click();
  await expect(page.getByRole('region', { name: '帖子', exact: true }).getByText(text)).toBeVisible();
});
