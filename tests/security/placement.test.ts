/**
 * Attacks on the placement desk (docs/security.md "Placement desk", ADR 034): a role without `placement.edit` (a
 * reporter, a moderator, a seller's staff, a mall operator, a reader token) touching channel banners or hot-list picks;
 * a script, plain-http, protocol-relative or private-network link; a picture that is not the desk's upload; the cap
 * under concurrent adds; a retried add. Each is refused in Chinese with nothing written.
 */
import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_BANNER_MAX } from '../../src/contract/placementDesk.ts';
import type { Banner } from '../../src/contract/news.ts';
import { banners } from '../../src/server/db/schema/core.ts';
import { hotPicks } from '../../src/server/db/schema/placement.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { uploadBannerPicture } from '../support/bannerDesk.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get } = suiteRequests(() => t);

let editor: TestStaff;
let picture: string;
let bannerId: number;
let channelId: number;
let storyId: number;
let n = 0;
const key = () => `attack-placement-${++n}-${Date.now()}`;
const bannerRows = () => t.database.db.select().from(banners).orderBy(banners.id);
const pickRows = () => t.database.db.select().from(hotPicks).orderBy(hotPicks.id);
const hourLater = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor');
  picture = await uploadBannerPicture(t, '/placement/banners/picture', editor, { r: 120, g: 30, b: 60 });
  const [first] = await bannerRows();
  bannerId = first!.id;
  channelId = first!.channelId;
  storyId = (await consoleCall<{ items: { id: number }[] }>(t, 'GET', '/placement/stories', undefined, editor.headers)).data.items[0]!.id;
});

const writes = (): [string, Record<string, unknown>][] => [
  ['/placement/banners/save', { channelId, key: key(), title: '越权新增的轮播图', picture, newsId: 0, link: 'https://example.com/' }],
  ['/placement/banners/save', { id: bannerId, channelId, key: key(), title: '越权修改的轮播图', picture, newsId: 0, link: 'https://example.com/' }],
  ['/placement/banners/enable', { id: bannerId, enabled: false }],
  ['/placement/banners/order', { channelId, ids: [bannerId] }],
  ['/placement/banners/remove', { id: bannerId }],
  ['/placement/banners/restore', { id: bannerId }],
  ['/placement/hot/pin', { key: key(), newsId: storyId, position: 1, endsAt: hourLater() }],
  ['/placement/hot/unpin', { id: 1 }],
];

describe('placement desk: who may', () => {
  it('refuses a reporter, a moderator, a seller’s staff and a mall operator on every endpoint, writing nothing', async () => {
    const before = [await bannerRows(), await pickRows()];
    for (const role of ['reporter', 'moderator', 'department', 'mallOperator'] as const) {
      const who = await createTestStaff(t, role);
      for (const path of ['/placement/channels', `/placement/banners?channelId=${channelId}`, '/placement/stories', '/placement/hot'])
        expect((await consoleCall(t, 'GET', path, undefined, who.headers)).statusCode, `${role} GET ${path}`).toBe(403);
      expect((await consoleCall(t, 'POST', '/placement/banners/picture', { data: 'aGVsbG8gd29ybGQ=' }, who.headers)).statusCode).toBe(403);
      for (const [path, body] of writes()) {
        const res = await consoleCall(t, 'POST', path, body, who.headers);
        expect(res.statusCode, `${role} POST ${path}`).toBe(403);
        expect(res.message).toBe('无权操作');
      }
    }
    expect([await bannerRows(), await pickRows()]).toEqual(before);
    expect(await t.database.db.select().from(auditLog).where(like(auditLog.action, 'placement.%'))).toHaveLength(1); // the editor's upload
  });

  it('a reader token is not a console session', async () => {
    const before = await bannerRows();
    const reader = await createTestUser(t.database);
    for (const [path, body] of writes()) expect((await consoleCall(t, 'POST', path, body, reader.headers)).statusCode).not.toBe(200);
    expect(await bannerRows()).toEqual(before);
  });
});

describe('placement desk: what may', () => {
  it.each([
    ['javascript:alert(document.cookie)', '链接须以 https:// 开头'],
    [' JavaScript:alert(1)', '链接须以 https:// 开头'],
    ['data:text/html,<script>alert(1)</script>', '链接须以 https:// 开头'],
    ['http://example.com/', '链接须以 https:// 开头'],
    ['//evil.example/path', '链接须以 https:// 开头'],
    ['/shancheng/NewsDetail?newsId=1', '链接须以 https:// 开头'],
    ['/shancheng/SpecialPage?classId=105&next=//evil.example', '链接须以 https:// 开头'],
    ['/shancheng/SpecialPage?classId=0', '链接须以 https:// 开头'],
    ['/shancheng/SpecialPage?classId=999999999', '这个专题不存在'],
    ['https://user:pass@example.com/', '链接须以 https:// 开头'],
    ['https://127.0.0.1/admin', '链接不能指向内部网络地址'],
    ['https://192.168.1.1/', '链接不能指向内部网络地址'],
    ['https://[::1]/', '链接不能指向内部网络地址'],
    ['https://router.local/', '链接不能指向内部网络地址'],
    ['https://localhost:8443/', '链接不能指向内部网络地址'],
  ])('refuses the link %j in Chinese, writing nothing', async (link, message) => {
    const before = await bannerRows();
    const add = await consoleCall(
      t,
      'POST',
      '/placement/banners/save',
      { channelId, key: key(), title: '恶意链接的轮播图', picture, newsId: 0, link },
      editor.headers,
    );
    expect(add.statusCode).not.toBe(200);
    expect(add.message).toContain(message);
    const edit = await consoleCall(
      t,
      'POST',
      '/placement/banners/save',
      { id: bannerId, channelId, key: key(), title: '恶意链接的轮播图', picture, newsId: 0, link },
      editor.headers,
    );
    expect(edit.statusCode).not.toBe(200);
    expect(await bannerRows()).toEqual(before);
    const shown = (await get<{ banner: Banner[] }>(`/kratos/v1/channel/home?channelId=${channelId}&page=1`)).data.banner;
    expect(JSON.stringify(shown)).not.toMatch(/javascript|data:|127\.0\.0\.1|localhost/i);
  });

  it.each([
    [{ picture: 'https://evil.example/track.png' }, '图片地址不正确'],
    [{ picture: '/media/../../etc/passwd.png' }, '图片地址不正确'],
    [{ picture: '/media/newsroom/' + 'a'.repeat(64) + '.png' }, '图片未上传成功，请重新上传'],
    [{ newsId: '1 or 1=1', link: '' }, '稿件编号须为整数'],
    [{ enabled: 'yes' }, '请选择是否显示'],
  ])('refuses the forged field %j, writing nothing', async (change, message) => {
    const before = await bannerRows();
    const res = await consoleCall(
      t,
      'POST',
      '/placement/banners/save',
      { channelId, key: key(), title: '伪造的轮播图', picture, newsId: 0, link: 'https://example.com/', ...change },
      editor.headers,
    );
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await bannerRows()).toEqual(before);
  });

  it('a retried add (same key, even at once) makes one banner and one audit row', async () => {
    const body = { channelId, key: key(), title: '重复提交的轮播图', picture, newsId: 0, link: 'https://example.com/retry' };
    const answers = await Promise.all([1, 2, 3].map(() => consoleCall<{ id: number }>(t, 'POST', '/placement/banners/save', body, editor.headers)));
    for (const a of answers) expect(a.statusCode, a.message).toBe(200);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await t.database.db.select().from(banners).where(eq(banners.clientKey, body.key))).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'placement.banner.create'), eq(auditLog.itemId, String(answers[0]!.data.id)))),
    ).toHaveLength(1);
  });

  it(`holds the cap of ${CHANNEL_BANNER_MAX} per channel under 5 concurrent adds`, async () => {
    const current = (
      await t.database.db
        .select()
        .from(banners)
        .where(and(eq(banners.channelId, channelId), isNull(banners.deletedAt)))
    ).length;
    // Fill to two below the cap, then five adds at once: two pass, three are refused in Chinese.
    for (let i = current; i < CHANNEL_BANNER_MAX - 2; i++) {
      const res = await consoleCall(
        t,
        'POST',
        '/placement/banners/save',
        { channelId, key: key(), title: `填充轮播图${i}`, picture, link: 'https://example.com/' },
        editor.headers,
      );
      expect(res.statusCode, res.message).toBe(200);
    }
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        consoleCall(
          t,
          'POST',
          '/placement/banners/save',
          { channelId, key: key(), title: `并发轮播图${i}`, picture, link: 'https://example.com/' },
          editor.headers,
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.message).toBe(`每个频道的轮播图至多 ${CHANNEL_BANNER_MAX} 张，请先删除一张`);
    expect(
      await t.database.db
        .select()
        .from(banners)
        .where(and(eq(banners.channelId, channelId), isNull(banners.deletedAt))),
    ).toHaveLength(CHANNEL_BANNER_MAX);
  });

  it('holds the hot list’s cap of picks under concurrent pins', async () => {
    const stories = (await consoleCall<{ items: { id: number }[] }>(t, 'GET', '/placement/stories', undefined, editor.headers)).data.items;
    const answers = await Promise.all(
      stories
        .slice(0, 8)
        .map((s, i) => consoleCall(t, 'POST', '/placement/hot/pin', { key: key(), newsId: s.id, position: i + 1, endsAt: hourLater() }, editor.headers)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.message).toBe('热榜至多同时置顶 5 条，请先取消一条');
    expect(await t.database.db.select().from(hotPicks).where(isNull(hotPicks.deletedAt))).toHaveLength(5);
  });
});
