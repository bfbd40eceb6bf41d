/**
 * A reader's new nickname through review, end to end (docs/adr/018-one-review-model.md, kind profile_change): the
 * reader changes it on 个人资料 and sees it marked 审核中; another reader still sees the old one beside the reader's
 * photo; a moderator finds the change on the desk with the old and the new side by side and approves it; the other
 * reader then sees the new one, and the author's 审核中 is gone.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { loginByApi, signIn, type Reader } from './interactionSupport.ts';
import { signInDemo } from './deskSupport.ts';

/** The reader publishes a photo (published at once), so their nickname shows on the photo wall. */
async function publishPhoto(request: APIRequestContext, reader: Reader, caption: string): Promise<void> {
  const headers = { authorization: `Bearer ${reader.token}` };
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  const up = (await (
    await request.post('/api/upload/image', { headers, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: png } } })
  ).json()) as { statusCode: number; data: { url: string } };
  expect(up.statusCode).toBe(200);
  const sent = (await (await request.post('/api/interact/photos/publish', { headers, data: { url: up.data.url, caption } })).json()) as {
    statusCode: number;
    message: string;
  };
  expect(sent.statusCode, sent.message).toBe(200);
}

test.use({ viewport: { width: 375, height: 812 } });

test("a reader's new nickname: 审核中 for them, the old one for others until a moderator approves it", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36).slice(-6);
  const author = await loginByApi(request);
  const caption = `洪崖洞夜景 ${run}`;
  await publishPhoto(request, author, caption);
  const own = (await (await request.get('/v1/user/profile', { headers: { authorization: `Bearer ${author.token}` } })).json()) as {
    data: { nickname: string };
  };
  const oldName = own.data.nickname;
  const newName = `渝中夜归人${run}`;

  // The author changes the nickname on 个人资料, reached from the 我的 popup.
  const authorContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await signIn(authorContext, author);
  const page = await authorContext.newPage();
  await page.goto('/shancheng/mine/profile');
  await expect(page.getByText(oldName, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '新昵称' }).fill('<b>坏</b>');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('alert')).toHaveText('昵称只能使用汉字、字母、数字和 _ - ·');
  await page.getByRole('textbox', { name: '新昵称' }).fill(newName);
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('status')).toHaveText('已提交，审核通过后其他读者才能看到');
  await expect(page.getByText(newName, { exact: true })).toBeVisible();
  await expect(page.getByText(/^审核中/)).toBeVisible();

  // Another reader still sees the old nickname beside the photo.
  const other = await (await browser.newContext()).newPage();
  const card = other.locator('li', { hasText: caption });
  await other.goto('/shancheng/interact/imagePage');
  await expect(card).toContainText(oldName);
  await expect(card).not.toContainText(newName);

  // The moderator finds it on the desk, the old beside the new, and approves it.
  const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInDemo(desk, request, 'demo-moderator-b');
  await desk.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '审核台', exact: true }).click();
  await desk.getByRole('tab', { name: '待审' }).click();
  const filters = desk.getByRole('form', { name: '筛选队列' });
  if (!(await filters.isVisible())) await desk.getByText(/^筛选（/).click();
  await filters.getByRole('textbox', { name: '内容或敏感词' }).fill(newName);
  await filters.getByRole('button', { name: '筛选' }).click();
  const item = desk.locator('.nr-queue article', { hasText: newName });
  await expect(item).toHaveCount(1);
  const compare = item.getByRole('group', { name: '修改前后对比' });
  await expect(compare).toContainText(`原来昵称：${oldName}`);
  await expect(compare).toContainText(`改为昵称：${newName}`);
  await item.getByRole('button', { name: /^通过/ }).click();
  await expect(item).toHaveCount(0);

  // Everyone now sees the new nickname; the author's 审核中 is gone.
  await expect(async () => {
    await other.reload();
    await expect(card).toContainText(newName, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByText(newName, { exact: true })).toBeVisible();
  await expect(page.getByText(/^审核中/)).toHaveCount(0);
});
