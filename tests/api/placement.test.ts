/**
 * The placement desk (ADR 034): an editor manages a channel's banners (add once per key with an uploaded picture and
 * a published story or an https link, edit, order by the whole list, first and last days, hide, remove and undo, each
 * with its audit row) and pins stories on the hot list at chosen positions until an end time. Readers' channel page and
 * hot list follow at once.
 */
import { and, eq, isNull, lte, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Banner, ListItem } from '../../src/contract/news.ts';
import { beijingDay } from '../../src/lib/beijingDay.ts';
import { decideBannerJump } from '../../src/routing/jump.ts';
import { banners, news } from '../../src/server/db/schema/core.ts';
import { hotPicks } from '../../src/server/db/schema/placement.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { uploadBannerPicture, type DeskBanner as AnyDeskBanner } from '../support/bannerDesk.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

type DeskBanner = AnyDeskBanner & { channelId: number };
interface Story {
  id: number;
  title: string;
}

let editor: TestStaff;
let picture: string;
let channelId: number;
let stories: Story[];
let keyN = 0;
const key = () => `placement-test-${++keyN}-${Date.now()}`;
const day = (plus: number) => beijingDay(new Date(Date.now() + plus * 86_400_000));

const list = async (channel = channelId) =>
  (await consoleCall<{ max: number; items: DeskBanner[] }>(t, 'GET', `/placement/banners?channelId=${channel}`, undefined, editor.headers)).data.items;
const save = (body: Record<string, unknown>) => consoleCall<DeskBanner>(t, 'POST', '/placement/banners/save', { channelId, ...body }, editor.headers);
const reader = async () => (await get<{ banner: Banner[] }>(`/kratos/v1/channel/home?channelId=${channelId}&page=1`)).data.banner;
const hot = async (page = 1, pageSize = 10) => (await get<ListItem[]>(`/v1/news/getHotLists?page=${page}&pageSize=${pageSize}`)).data;
const audits = (action: string, id: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.itemId, String(id))));

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor', { name: '版面编辑甲' });
  picture = await uploadBannerPicture(t, '/placement/banners/picture', editor, { r: 30, g: 90, b: 160 });
  const [seeded] = await t.database.db.select({ channelId: banners.channelId }).from(banners).limit(1);
  channelId = seeded!.channelId;
  const found = await consoleCall<{ items: Story[] }>(t, 'GET', '/placement/stories', undefined, editor.headers);
  expect(found.statusCode, found.message).toBe(200);
  stories = found.data.items;
  expect(stories.length).toBeGreaterThan(5);
});

describe('channel banners', () => {
  it('lists a channel’s seeded banners as readers see them', async () => {
    const items = await list();
    expect(items.length).toBeGreaterThan(0);
    expect((await reader()).map((b) => b.title)).toEqual(items.filter((b) => b.live).map((b) => b.title));
  });

  it('adds a story banner once per key, last, with its audit row; the reader sees it at once with its story’s type', async () => {
    const body = { key: key(), title: '测试频道轮播：山城夜景', picture, newsId: stories[0]!.id, link: '' };
    const made = await save(body);
    expect(made.statusCode, made.message).toBe(200);
    expect(made.data).toMatchObject({ title: body.title, newsId: stories[0]!.id, newsTitle: stories[0]!.title, live: true });
    expect((await save(body)).data.id).toBe(made.data.id);
    expect(await t.database.db.select().from(banners).where(eq(banners.clientKey, body.key))).toHaveLength(1);
    expect(await audits('placement.banner.create', made.data.id)).toHaveLength(1);
    expect((await list()).at(-1)!.id).toBe(made.data.id);
    expect((await reader()).at(-1)).toMatchObject({ id: stories[0]!.id, title: body.title, imageUrl: [picture] });
  });

  it('opens a story banner where its story is read: the video detail only for a story with a video', async () => {
    const storyOf = async (video: boolean) => {
      const [row] = await t.database.db
        .select({ id: news.id })
        .from(news)
        .where(and(eq(news.dataType, 3), ne(news.showType, 0), video ? ne(news.videoUrl, '') : eq(news.videoUrl, ''), lte(news.publishTime, new Date())))
        .limit(1);
      return row!.id;
    };
    const opened: Record<string, string | undefined> = {};
    for (const [name, video] of [
      ['picture', false],
      ['video', true],
    ] as const) {
      const newsId = await storyOf(video);
      const made = await save({ key: key(), title: `测试频道轮播：${name}`, picture, newsId, link: '' });
      expect(made.statusCode, made.message).toBe(200);
      const shown = (await reader()).find((b) => b.title === `测试频道轮播：${name}`)!;
      opened[name] = decideBannerJump(shown)?.href.split('?')[0];
      expect((await consoleCall(t, 'POST', '/placement/banners/remove', { id: made.data.id }, editor.headers)).statusCode).toBe(200);
    }
    expect(opened).toEqual({ picture: '/shancheng/NewsDetail', video: '/shancheng/NewsVideoDetail' });
  });

  it('adds a link banner as type 7, moves it first (retry-safe, stale order refused); the reader follows', async () => {
    const made = await save({ key: key(), title: '测试频道轮播：外部活动', picture, newsId: 0, link: 'https://example.com/event' });
    expect(made.statusCode, made.message).toBe(200);
    const before = await list();
    const order = [made.data.id, ...before.filter((b) => b.id !== made.data.id).map((b) => b.id)];
    const body = { channelId, ids: order };
    expect((await consoleCall(t, 'POST', '/placement/banners/order', body, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/placement/banners/order', body, editor.headers)).statusCode).toBe(200);
    expect(await audits('placement.banner.reorder', channelId)).toHaveLength(1);
    expect((await list()).map((b) => b.id)).toEqual(order);
    expect((await reader())[0]).toMatchObject({ dataType: 7, targetUrl: 'https://example.com/event', title: '测试频道轮播：外部活动' });
    const stale = await consoleCall(t, 'POST', '/placement/banners/order', { channelId, ids: order.slice(1) }, editor.headers);
    expect(stale).toMatchObject({ statusCode: 422, message: '轮播图刚被修改过，请刷新后再调整顺序' });
  });

  it('keeps a banner out of readers’ sight before its first day and after its last; edits write one audit row', async () => {
    const [first] = await list();
    const edit = { id: first!.id, key: key(), title: first!.title, picture: first!.picture, newsId: 0, link: first!.link, startDay: day(2), endDay: day(4) };
    const res = await save(edit);
    expect(res.data).toMatchObject({ live: false, window: 'waiting' });
    expect((await save(edit)).statusCode).toBe(200);
    expect(await audits('placement.banner.edit', first!.id)).toHaveLength(1);
    expect((await reader()).map((b) => b.title)).not.toContain(first!.title);
    const ended = await save({ ...edit, startDay: day(-5), endDay: day(-1) });
    expect(ended.data).toMatchObject({ live: false, window: 'ended' });
    expect((await reader()).map((b) => b.title)).not.toContain(first!.title);
    await save({ ...edit, startDay: day(0), endDay: day(0) });
    expect((await reader())[0]!.title).toBe(first!.title);
  });

  it('hides and shows; removes and undoes the removal at the old place', async () => {
    const items = await list();
    const target = items[0]!;
    await consoleCall(t, 'POST', '/placement/banners/enable', { id: target.id, enabled: false }, editor.headers);
    expect((await reader()).map((b) => b.title)).not.toContain(target.title);
    expect(await audits('placement.banner.hide', target.id)).toHaveLength(1);
    await consoleCall(t, 'POST', '/placement/banners/enable', { id: target.id, enabled: true }, editor.headers);
    expect((await reader())[0]!.title).toBe(target.title);

    expect((await consoleCall(t, 'POST', '/placement/banners/remove', { id: target.id }, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/placement/banners/remove', { id: target.id }, editor.headers)).statusCode).toBe(200);
    expect(await audits('placement.banner.remove', target.id)).toHaveLength(1);
    expect((await reader()).map((b) => b.title)).not.toContain(target.title);
    expect((await consoleCall(t, 'POST', '/placement/banners/restore', { id: target.id }, editor.headers)).statusCode).toBe(200);
    expect((await list()).map((b) => b.id)).toEqual(items.map((b) => b.id));
    expect(await audits('placement.banner.restore', target.id)).toHaveLength(1);
  });

  it.each([
    [{ title: '' }, '标题不能为空'],
    [{ picture: '' }, '请上传轮播图图片'],
    [{ newsId: 0, link: '' }, '请选择要打开的稿件或填写链接（二选一）'],
    [{ newsId: 999_999 }, '找不到这篇已发布的稿件，请重新选择'],
    [{ startDay: '2026-05-02', endDay: '2026-05-01' }, '结束日期不能早于开始日期'],
    [{ channelId: 987_654 }, '频道不存在'],
  ])('refuses %j in Chinese, writing nothing', async (change, message) => {
    const before = await t.database.db.select().from(banners);
    const res = await save({ key: key(), title: '测试频道轮播：不该写入', picture, newsId: stories[1]!.id, link: '', ...change });
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(banners)).toHaveLength(before.length);
  });
});

describe('hot list picks', () => {
  const endsAt = () => new Date(Date.now() + 3_600_000).toISOString();

  it('pins a story at a position; the rest keeps the measured order; unpinning restores it', async () => {
    const measured = await hot(1, 10);
    const chosen = measured[6]!;
    const pin = await consoleCall<{ id: number }>(
      t,
      'POST',
      '/placement/hot/pin',
      { key: key(), newsId: chosen.id, position: 2, endsAt: endsAt() },
      editor.headers,
    );
    expect(pin.statusCode, pin.message).toBe(200);
    const pinned = await hot(1, 10);
    expect(pinned.map((n) => n.id)).toEqual([
      measured[0]!.id,
      chosen.id,
      ...measured
        .filter((n) => n.id !== chosen.id)
        .slice(1, 9)
        .map((n) => n.id),
    ]);
    // Page 2 carries on where page 1 stopped: nothing lost, nothing twice.
    const page2 = await hot(2, 10);
    const whole = await hot(1, 20);
    expect([...pinned, ...page2].map((n) => n.id)).toEqual(whole.map((n) => n.id));
    expect(await audits('placement.hot.pin', chosen.id)).toHaveLength(1);

    expect((await consoleCall(t, 'POST', '/placement/hot/unpin', { id: pin.data.id }, editor.headers)).statusCode).toBe(200);
    expect((await hot(1, 10)).map((n) => n.id)).toEqual(measured.map((n) => n.id));
    expect(await audits('placement.hot.unpin', chosen.id)).toHaveLength(1);
  });

  it('a pin past its end time is not shown', async () => {
    const measured = await hot(1, 10);
    const chosen = measured[8]!;
    const pin = await consoleCall<{ id: number }>(
      t,
      'POST',
      '/placement/hot/pin',
      { key: key(), newsId: chosen.id, position: 1, endsAt: endsAt() },
      editor.headers,
    );
    expect((await hot(1, 10))[0]!.id).toBe(chosen.id);
    await t.database.db
      .update(hotPicks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(hotPicks.id, pin.data.id));
    expect((await hot(1, 10)).map((n) => n.id)).toEqual(measured.map((n) => n.id));
  });

  it.each([
    [{ position: 0 }, '位置须为 1–20 的整数'],
    [{ endsAt: new Date(Date.now() - 60_000).toISOString() }, '置顶结束时间须晚于现在'],
    [{ endsAt: new Date(Date.now() + 40 * 86_400_000).toISOString() }, '置顶至多 30 天'],
    [{ newsId: 999_999 }, '找不到这篇已发布的稿件，请重新选择'],
  ])('refuses %j in Chinese, writing nothing', async (change, message) => {
    const before = await t.database.db.select().from(hotPicks).where(isNull(hotPicks.deletedAt));
    const res = await consoleCall(
      t,
      'POST',
      '/placement/hot/pin',
      { key: key(), newsId: stories[2]!.id, position: 3, endsAt: endsAt(), ...change },
      editor.headers,
    );
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(hotPicks).where(isNull(hotPicks.deletedAt))).toHaveLength(before.length);
  });

  it.each([8, 9])('refuses to pin a story of show type %i (an entry card, not an article) in Chinese, writing nothing', async (showType) => {
    const [card] = await t.database.db
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.showType, showType), lte(news.publishTime, new Date()), ne(news.dataType, 7)))
      .limit(1);
    // The demo seed has few of them; make one of an ordinary story when there is none.
    const id = card?.id ?? stories[6]!.id;
    const [was] = await t.database.db.select({ showType: news.showType, title: news.title }).from(news).where(eq(news.id, id));
    if (!card) await t.database.db.update(news).set({ showType }).where(eq(news.id, id));
    try {
      const word = encodeURIComponent(was!.title.slice(0, 12));
      const found = await consoleCall<{ items: { id: number; pinnable: boolean }[] }>(
        t,
        'GET',
        `/placement/stories?keyword=${word}`,
        undefined,
        editor.headers,
      );
      expect(found.data.items.find((item) => item.id === id)?.pinnable).toBe(false);
      const picksBefore = await t.database.db.select().from(hotPicks);
      const auditsBefore = await audits('placement.hot.pin', id);
      const res = await consoleCall(t, 'POST', '/placement/hot/pin', { key: key(), newsId: id, position: 2, endsAt: endsAt() }, editor.headers);
      expect(res.statusCode).not.toBe(200);
      expect(res.message).toBe('这一条是区县或山城号的入口卡片，不是文章，不能置顶热榜，请换一篇稿件');
      expect(res.message).not.toMatch(/[A-Za-z0-9]/);
      expect(await t.database.db.select().from(hotPicks)).toHaveLength(picksBefore.length);
      expect(await audits('placement.hot.pin', id)).toHaveLength(auditsBefore.length);
      expect((await hot(1, 20)).map((n) => n.id)).not.toContain(id);
    } finally {
      if (!card) await t.database.db.update(news).set({ showType: was!.showType }).where(eq(news.id, id));
    }
  });

  it('refuses a taken position and a story pinned twice', async () => {
    const first = await consoleCall<{ id: number }>(
      t,
      'POST',
      '/placement/hot/pin',
      { key: key(), newsId: stories[3]!.id, position: 4, endsAt: endsAt() },
      editor.headers,
    );
    expect(first.statusCode, first.message).toBe(200);
    const taken = await consoleCall(t, 'POST', '/placement/hot/pin', { key: key(), newsId: stories[4]!.id, position: 4, endsAt: endsAt() }, editor.headers);
    expect(taken.message).toBe('热榜第 4 位已有置顶稿件，请先取消它或换一个位置');
    const twice = await consoleCall(t, 'POST', '/placement/hot/pin', { key: key(), newsId: stories[3]!.id, position: 5, endsAt: endsAt() }, editor.headers);
    expect(twice.message).toBe('这篇稿件已在热榜置顶');
    await consoleCall(t, 'POST', '/placement/hot/unpin', { id: first.data.id }, editor.headers);
  });
});
