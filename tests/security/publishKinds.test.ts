/**
 * Attacks on the other kinds of story (ADR 025 "Kinds"; docs/security.md P13, P14): an external link or a
 * video address that would run script or lead into a private network is refused in Chinese with nothing
 * stored; script in a photo set's captions reaches readers as text only.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleView, StoryKind } from '../../src/contract/publish.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { articles } from '../../src/server/db/schema/publish.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createStory, newsColumn, saveStory, staffPoster, uploadPicture, type StoryPlace } from '../support/publishDesk.ts';

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
