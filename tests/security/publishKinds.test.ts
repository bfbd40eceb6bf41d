/**
 * Attacks on the other kinds of story (ADR 025 "Kinds"; docs/security.md P13, P14): an external link or a
 * video address that would run script or lead into a private network is refused in Chinese with nothing
 * stored; script in a photo set's captions reaches readers as text only; a video file sent to the desk is taken
 * only from a signed-in person with the desk's permission, from our pages, as a whole MP4 or WebM of at most 50 MB.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleView, StoryKind } from '../../src/contract/publish.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { articles } from '../../src/server/db/schema/publish.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createStory, newsColumn, saveStory, staffPoster, uploadPicture, uploadVideo, type StoryPlace } from '../support/publishDesk.ts';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { VIDEO_MAX_BYTES } from '../../src/contract/uploadRules.ts';
import { VIDEO_MESSAGES } from '../../src/server/upload/storeVideo.ts';
import { sampleMp4 } from '../support/videoFixtures.ts';

const t = suiteApp();
let reporter: TestStaff;
let chief: TestStaff;
let place: StoryPlace;

beforeAll(async () => {
  reporter = await createTestStaff(t, 'reporter');
  chief = await createTestStaff(t, 'chief');
  place = await newsColumn(t);
});

const post = staffPoster(t);

const create = (kind: StoryKind) => createStory(t, reporter, kind);
const save = (story: ArticleView, fields: Partial<ArticleFields>) =>
  saveStory(t, reporter, story, { title: '一篇用来测试的稿件标题', channelId: place.channelId, classId: place.classId, ...fields });
async function stored(id: number) {
  const [row] = await t.database.db.select({ fields: articles.fields, revision: articles.revision }).from(articles).where(eq(articles.id, id));
  return row;
}

describe('external links and video addresses (P13)', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/',
    '/\\evil.example/',
    'https://user:pass@evil.example/',
    'file:///etc/passwd',
  ])('a link %j is refused in Chinese and nothing is stored', async (url) => {
    const story = await create('link');
    const before = await stored(story.id);
    const res = await save(story, { linkUrl: url });
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toMatch(/外链地址/);
    // Chinese, no English and no type names (the schemes the rule names aside).
    expect(res.message.replace(/https?:\/\//g, '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(await stored(story.id)).toEqual(before);
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://10.1.2.3/',
    'http://172.16.0.9/',
    'http://192.168.1.1/admin',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://localhost/',
    'http://router.local/',
    'http://intranet.internal/',
  ])('a link into a private network %s is refused', async (url) => {
    const story = await create('link');
    const before = await stored(story.id);
    const res = await save(story, { linkUrl: url });
    expect(res.message).toBe('外链地址不能指向内部网络');
    expect(await stored(story.id)).toEqual(before);
  });

  it.each(['javascript:alert(1)', 'data:video/mp4;base64,AAAA', 'http://video.example/a.mp4', 'https://user:pw@video.example/a.mp4'])(
    'a video address %j is refused',
    async (url) => {
      const story = await create('video');
      const before = await stored(story.id);
      const res = await save(story, { videoUrl: url });
      expect(res.message).toContain('视频地址须是以 https:// 开头的网址');
      expect(await stored(story.id)).toEqual(before);
    },
  );
});

describe('video addresses into a private network (P13)', () => {
  it.each(['https://127.0.0.1/a.mp4', 'https://2130706433/a.mp4', 'https://192.168.1.1/a.mp4', 'https://[::1]/a.mp4', 'https://nas.local/a.mp4'])(
    'a video address %s is refused',
    async (url) => {
      const story = await create('video');
      const before = await stored(story.id);
      const res = await save(story, { videoUrl: url });
      expect(res.message).toBe('视频地址不能指向内部网络');
      expect(await stored(story.id)).toEqual(before);
    },
  );
});

describe('photo set captions and pictures (P14)', () => {
  it('script in a caption is dropped at save and the rest reaches readers as text', async () => {
    const picture = await uploadPicture(t, reporter, { width: 300, height: 200 }, { r: 10, g: 20, b: 30 });
    const story = await create('photos');
    const saved = await save(story, {
      pictures: [
        { url: picture, caption: '<script>alert(1)</script>江景<img src=x onerror=alert(1)>' },
        { url: picture, caption: '"><svg onload=alert(1)>夜色 a < b & c' },
      ],
    });
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data.fields.pictures.map((p) => p.caption)).toEqual(['alert(1)江景', '">夜色 a < b & c']);
    // The chief publishes it at once (突发): what readers get is what matters here.
    const published = await post<ArticleView>(chief, '/publish/publish', { id: story.id });
    expect(published.statusCode, published.message).toBe(200);
    const [row] = await t.database.db.select({ content: news.content }).from(news).where(eq(news.id, published.data.newsId!));
    expect(row!.content).toBe('<p>alert(1)江景</p><p>&quot;&gt;夜色 a &lt; b &amp; c</p>');
    const detail = await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${published.data.newsId}`));
    expect(detail.data.allImage.map((p) => p.desc)).toEqual(['alert(1)江景', '">夜色 a < b & c']);
  });

  it.each(['javascript:alert(1)', 'https://evil.example/a.png', '//evil.example/a.png', '/media/../etc/passwd', 'data:image/png;base64,AAAA'])(
    'a picture %j outside the media store is refused',
    async (url) => {
      const story = await create('photos');
      const before = await stored(story.id);
      const res = await save(story, { pictures: [{ url, caption: '说明' }] });
      expect(res.message).toContain('图片须先上传到媒体库');
      expect(await stored(story.id)).toEqual(before);
    },
  );
});

describe('staff video uploads (P23)', () => {
  const files = (who: TestStaff): string[] => {
    const dir = path.join(t.mediaDir, 'newsroom', 'videos', String(who.id));
    return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')) : [];
  };

  it('refuses the signed-out, a write without the session’s CSRF token and a person without the desk’s permission, storing nothing', async () => {
    const moderator = await createTestStaff(t, 'moderator');
    const signedOut = await uploadVideo(t, null, new Uint8Array(sampleMp4()));
    expect(signedOut.res.status).toBe(401);
    const noCsrf = await uploadVideo(t, reporter, new Uint8Array(sampleMp4()), { 'x-csrf-token': 'forged' });
    expect(noCsrf.res.status).toBe(403);
    const foreign = await uploadVideo(t, reporter, new Uint8Array(sampleMp4()), { origin: 'https://evil.example' });
    expect(foreign.res.status).toBe(403);
    const notHers = await uploadVideo(t, moderator, new Uint8Array(sampleMp4()));
    expect(notHers).toMatchObject({ statusCode: 403, message: '无权操作' });
    expect(files(reporter)).toEqual([]);
    expect(files(moderator)).toEqual([]);
  });

  it.each([
    [
      'a picture sent as a video',
      { 'content-type': 'video/mp4' },
      () => new Uint8Array(Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(4096), 'binary')),
      VIDEO_MESSAGES.badType,
    ],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }, () => new Uint8Array(sampleMp4()), VIDEO_MESSAGES.badType],
    ['a cut-off video', { 'content-type': 'video/mp4' }, () => new Uint8Array(sampleMp4().subarray(0, 6000)), VIDEO_MESSAGES.broken],
    ['no key', { 'idempotency-key': '' }, () => new Uint8Array(sampleMp4()), VIDEO_MESSAGES.badKey],
  ])('refuses %s in Chinese and stores nothing', async (_, headers, body, message) => {
    const res = await uploadVideo(t, chief, body(), headers);
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toBe(message);
    expect(files(chief)).toEqual([]);
  });

  it('refuses a declared length over 50 MB before reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await uploadVideo(t, chief, body, { 'content-length': String(VIDEO_MAX_BYTES + 1) });
    expect(res.res.status).toBe(413);
    expect(res.message).toBe(VIDEO_MESSAGES.tooBig);
    expect(pulled).toBeLessThanOrEqual(1);
    expect(files(chief)).toEqual([]);
  });

  it('a video address is only https or a file uploaded here: other media paths and path tricks are refused', async () => {
    const story = await create('video');
    const before = await stored(story.id);
    for (const videoUrl of [
      '/media/videos/1/00000000-0000-4000-8000-000000000000.mp4',
      `/media/newsroom/videos/${reporter.id}/../../x.mp4`,
      '/media/newsroom/videos/1/evil.mp4',
      '/media/newsroom/videos/1/00000000-0000-4000-8000-000000000000.html',
    ]) {
      const res = await save(story, { videoUrl });
      expect(res.message, videoUrl).toContain('视频地址须是以 https:// 开头的网址');
    }
    expect(await stored(story.id)).toEqual(before);
  });
});
