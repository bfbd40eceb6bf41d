/**
 * Creating a collection on the topic desk (ADR 035): the demo editor opens 专题编排, presses 新建专题或话题, sends the
 * form empty (each field's Chinese message beside it, the focus on the first), fills it by keyboard — title, intro, a
 * cover through the desk's upload, two categories — and creates the 专题; its panel opens with the reader's address, and a
 * published story goes into its first category. A reader on a phone (375×812) then opens that address and sees the
 * title, the cover and the story. axe (WCAG 2.1 AA) on the desk.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeReport, signInDemo } from './deskSupport.ts';

// axe is injected as a script of its own: the pages' CSP (own scripts only) would refuse it.
test.use({ bypassCSP: true });

test('an editor creates a 专题 with a cover and puts a story in it; a reader on a phone opens it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const title = `两江四岸新生${Date.now().toString(36).slice(-4)}`;
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '专题编排' }).click();
  await expect(desk.getByRole('heading', { name: '专题编排', level: 1 })).toBeVisible();
  await desk.getByRole('button', { name: '新建专题或话题' }).focus();
  await desk.keyboard.press('Enter');
  const form = desk.getByRole('form', { name: '新建专题或话题' });
  await expect(form.getByRole('radio', { name: '专题', exact: true })).toBeChecked();

  // Sent empty: each field says what is wrong beside it, in Chinese, and the first one takes the focus.
  await form.getByRole('button', { name: '新建', exact: true }).focus();
  await desk.keyboard.press('Enter');
  const titleField = form.getByRole('textbox', { name: '标题' });
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField).toHaveAccessibleDescription('标题不能为空');
  await expect(form.getByRole('button', { name: '上传封面图片' })).toHaveAccessibleDescription(/请上传封面图片/);
  await expect(form.getByRole('textbox', { name: '栏目' })).toHaveAccessibleDescription(/专题至少需要 1 个栏目/);

  await desk.keyboard.type(title);
  await desk.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: '导语（可不填）' })).toBeFocused();
  await desk.keyboard.type('两江四岸的治理与新生。');
  const png = await sharp({ create: { width: 750, height: 320, channels: 3, background: { r: 30, g: 110, b: 150 } } })
    .png()
    .toBuffer();
  await form.getByLabel('选择封面图片').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('img', { name: '已选的封面图片' })).toBeVisible();
  await form.getByRole('textbox', { name: '栏目' }).focus();
  await desk.keyboard.type('江岸新貌');
  await desk.keyboard.press('Enter');
  await desk.keyboard.type('人物故事');
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('topic-create-form.png'), fullPage: true });
  await form.getByRole('button', { name: '新建', exact: true }).focus();
  await desk.keyboard.press('Enter');

  // Made: the desk says where readers find it, picks it, and its panel takes the focus.
  const made = desk.getByRole('status').filter({ hasText: `已新建专题“${title}”` });
  await expect(made).toBeVisible();
  const readerPath = /读者地址：(\/shancheng\/SpecialPage\?classId=\d+)/.exec((await made.textContent())!)![1]!;
  const heading = desk.getByRole('heading', { level: 2, name: `${title}（专题）` });
  await expect(heading).toBeFocused();
  await expect(desk.getByRole('link', { name: readerPath })).toBeVisible();
  await expect(desk.getByRole('combobox', { name: '要编排的专题或话题' }).locator('option:checked')).toContainText(title);
  const categories = desk.getByRole('list', { name: `${title}的栏目顺序` });
  await expect(categories.getByRole('listitem')).toHaveCount(2);
  await expect(categories.getByRole('listitem').first()).toContainText('江岸新貌');

  // A published story into its first category, by keyboard.
  const add = desk.getByRole('form', { name: '向栏目“江岸新貌”加入稿件' });
  const story = add.getByRole('combobox', { name: '要加入栏目“江岸新貌”的稿件' });
  await expect(story.locator('option')).not.toHaveCount(1);
  await story.focus();
  await desk.keyboard.press('ArrowDown');
  const storyTitle = (await story.locator('option:checked').textContent())!.replace(/（[^）]*）$/, '');
  await add.getByRole('button', { name: '加入', exact: true }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `“${storyTitle}”已加入栏目“江岸新貌”` })).toBeVisible();
  await expect(desk.getByRole('list', { name: '栏目“江岸新貌”的稿件顺序' }).getByRole('listitem')).toHaveCount(1);
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('topic-created-desk.png'), fullPage: true });
  await desk.setViewportSize({ width: 375, height: 812 });
  await desk.screenshot({ path: test.info().outputPath('topic-created-desk-phone.png'), fullPage: true });

  // The reader on a phone: the new special topic's page with its title, its cover and the story.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto(readerPath);
  await expect(reader.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(reader.getByText('两江四岸的治理与新生。')).toBeVisible();
  const cover = reader.locator('header.head img');
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(reader.getByRole('navigation', { name: '专题分类' }).getByRole('link', { name: '江岸新貌' })).toBeVisible();
  await expect(reader.locator('.news-list > li').first()).toContainText(storyTitle);
  await reader.screenshot({ path: test.info().outputPath('reader-new-special.png') });
});

test('an editor creates a 话题 without an icon and renames it; readers find it in the topic collection and on its page', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-4);
  const title = `江边夜跑${stamp}`;
  const renamed = `江边夜跑路线${stamp}`;
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL })).newPage();
  await signInDemo(desk, desk.request, 'demo-editor');
  await desk.goto('/newsroom/topics');
  await desk.getByRole('button', { name: '新建专题或话题' }).click();
  const form = desk.getByRole('form', { name: '新建专题或话题' });
  await form.getByRole('radio', { name: '专题', exact: true }).focus();
  await desk.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '话题', exact: true })).toBeChecked();
  // A 话题 has an icon (optional) and no categories.
  await expect(form.getByRole('button', { name: '上传图标' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: '栏目' })).toHaveCount(0);
  await form.getByRole('textbox', { name: '标题' }).fill(title);
  await form.getByRole('textbox', { name: '简介（可不填）' }).fill('晒出你的夜跑路线。');
  const png = await sharp({ create: { width: 750, height: 320, channels: 3, background: { r: 170, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  await form.getByLabel('选择封面图片').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('img', { name: '已选的封面图片' })).toBeVisible();
  await form.getByRole('button', { name: '新建', exact: true }).click();
  await expect(desk.getByRole('status').filter({ hasText: `已新建话题“${title}”` })).toBeVisible();
  const heading = desk.getByRole('heading', { level: 2, name: `${title}（话题）` });
  await expect(heading).toBeFocused();
  const readerPath = (await desk.getByRole('link', { name: /^\/shancheng\/timeTopic\?topicId=\d+$/ }).textContent())!;

  // 修改: the form opens with what the topic has; a title too short is refused beside the field; then renamed.
  await desk.getByText('修改话题的标题、简介与封面').click();
  const edit = desk.getByRole('form', { name: `修改话题：${title}` });
  const titleField = edit.getByRole('textbox', { name: '标题' });
  await expect(titleField).toHaveValue(title);
  await titleField.fill('跑');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(titleField).toHaveAccessibleDescription('标题至少 2 个字');
  await expect(titleField).toBeFocused();
  await titleField.fill(renamed);
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `话题“${renamed}”已保存` })).toBeVisible();
  await expect(desk.getByRole('heading', { level: 2, name: `${renamed}（话题）` })).toBeVisible();
  expect(await axeReport(desk)).toEqual([]);
  await desk.screenshot({ path: test.info().outputPath('topic-edit-desk.png'), fullPage: true });

  // Readers: the topic collection lists it (the cover standing in for the icon), and its page shows the new title.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL })).newPage();
  await reader.goto('/shancheng/timeTopic/home');
  const card = reader.locator('li.topic', { hasText: `#${renamed}#` });
  await expect(card).toBeVisible();
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await card.locator('a.main').click();
  await expect(reader).toHaveURL(new RegExp(`${readerPath.replace(/[?]/g, '\\?')}$`));
  await expect(reader.getByRole('heading', { level: 2, name: `#${renamed}#` })).toBeVisible();
  // A 话题 is titled 话题 on /timeTopic (a time line 时间线).
  await expect(reader.getByRole('heading', { level: 1, name: '话题', exact: true })).toBeVisible();
  await expect(reader.getByText('晒出你的夜跑路线。')).toBeVisible();
  await reader.screenshot({ path: test.info().outputPath('reader-new-topic.png') });
});
