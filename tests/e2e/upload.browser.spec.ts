/**
 * Comment pictures in a real browser (ADR 007 conpic, docs/security.md uploads): pick pictures on
 * /PublishComment, see thumbnails, remove one, refuse a non-image, send, and find the comment with its
 * pictures in the spec 9 grid on /CommentPage. The reader logs in through the real accounts API.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { islandReady, pickArticle, useSignedInReader } from './interactionSupport.ts';
import { approveHeldComments } from './deskSupport.ts';

const reader = useSignedInReader();

const colours = ['#c0392b', '#27ae60', '#2980b9', '#f39c12', '#8e44ad'];

async function picture(i: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 80 + i, height: 60, channels: 3, background: colours[i % colours.length]! } })
    .jpeg()
    .toBuffer();
  return { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer };
}

test('uploads pictures with a comment: thumbnails, remove, refuse an SVG, then the grid on the comment page', async ({ page, request }) => {
  test.setTimeout(60_000);
  const article = await pickArticle(request, 5);
  const text = `带图评论 ${Date.now()}`;
  await page.goto(`/shancheng/PublishComment?classId=${article.classId}&newsId=${article.newsId}`);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);

  const uploads: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/upload/image') uploads.push(String(res.status()));
  });
  const input = page.locator('input[type="file"]');
  await input.setInputFiles(await Promise.all([0, 1, 2, 3, 4].map(picture)));
  const thumbs = page.getByRole('list', { name: '已选图片' }).getByRole('img');
  await expect(thumbs).toHaveCount(5);
  await expect(page.getByText('上传中')).toHaveCount(0);
  expect(uploads).toEqual(['200', '200', '200', '200', '200']);

  await page.getByRole('button', { name: '删除图片 2' }).click();
  await expect(thumbs).toHaveCount(4);

  // An SVG is refused on the page (and would be by the server, which judges the bytes).
  await input.setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByText('仅支持 JPG、PNG、GIF、WebP 格式的图片')).toBeVisible();
  await expect(thumbs).toHaveCount(4);

  await box.fill(text);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('评论成功')).toBeVisible();
  await expect(page).toHaveURL(/\/CommentPage\?/);

  // News comments are reviewed before publication: the desk approves it, then it is on the comment page.
  expect(await approveHeldComments(request, text)).toBe(1);
  await page.reload();
  const mine = page.locator('li.comment', { hasText: text });
  await expect(mine).toBeVisible();
  // spec 9: four pictures in two columns.
  const grid = mine.locator('.pics');
  await expect(grid).toHaveClass(/pics-2/);
  const shown = grid.getByRole('img', { name: '评论图片' });
  await expect(shown).toHaveCount(4);
  const src = await shown.first().getAttribute('src');
  // Served at its display size (?w= resizes on the server).
  expect(src).toMatch(new RegExp(`^/media/comments/${reader().userId}/[0-9a-f-]{36}\\.jpg(\\?w=\\d+)?$`));
  await expect.poll(() => shown.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const served = await request.get(src!);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
});

test('keeps uploaded pictures with the draft across a reload', async ({ page, request }) => {
  const article = await pickArticle(request, 5);
  await page.goto(`/shancheng/PublishComment?classId=${article.classId}&newsId=${article.newsId}`);
  const box = page.getByRole('textbox', { name: '评论内容' });
  await islandReady(page, box);
  await page.locator('input[type="file"]').setInputFiles([await picture(0)]);
  const thumbs = page.getByRole('list', { name: '已选图片' }).getByRole('img');
  await expect(thumbs).toHaveCount(1);
  await expect(page.getByText('上传中')).toHaveCount(0);
  await page.reload();
  await islandReady(page, box);
  await expect(thumbs).toHaveCount(1);
  await expect(thumbs.first()).toHaveAttribute('src', /^\/media\/comments\//);
});
