/**
 * The 裕农 home's banners (轮播图) run by the section's editors on the 裕农 desk: list in order, create (once per
 * key) with an uploaded picture and a rural story or a link, edit, show or hide, reorder (the whole order, retry-safe),
 * remove and undo the removal, each with its audit row; the reader's home shows the live ones in order within their
 * dates, and falls back to its newest stories with a picture when none are live.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RuralHome, RuralNews } from '../../src/contract/rural.ts';
import { beijingDay } from '../../src/lib/beijingDay.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { ruralBanners } from '../../src/server/db/schema/rural.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { uploadBannerPicture, type DeskBanner } from '../support/bannerDesk.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

let editor: TestStaff;
let picture: string;
let story: RuralNews;
let keyN = 0;
const key = () => `banner-test-${++keyN}-${Date.now()}`;

const list = async () => (await consoleCall<{ max: number; items: DeskBanner[] }>(t, 'GET', '/rural/banners', undefined, editor.headers)).data.items;
const save = (body: Record<string, unknown>, who: TestStaff = editor) => consoleCall<DeskBanner>(t, 'POST', '/rural/banners/save', body, who.headers);
const home = async () => (await get<RuralHome>('/v1/yunong/home')).data;
const audits = (action: string, id: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.itemId, String(id))))
    .orderBy(auditLog.id);
const day = (plus: number) => beijingDay(new Date(Date.now() + plus * 86_400_000));

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor', { name: '裕农编辑甲' });
  picture = await uploadBannerPicture(t, '/rural/banners/picture', editor, { r: 60, g: 140, b: 70 });
  story = (await get<RuralNews[]>('/v1/yunong/news?page=1&pageSize=10')).data[4]!;
});

describe('the desk lists and the reader sees the seeded banners', () => {
  it('lists the demo banners in order; the reader home shows the live ones, in that order', async () => {
    const items = await list();
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.map((b) => b.title)).toContain('奉节脐橙开园：测糖分级卖好价');
    const live = items.filter((b) => b.live);
    expect(live.length).toBeGreaterThan(0);
    expect((await home()).banners.map((b) => b.title)).toEqual(live.map((b) => b.title));
    // A link banner opens its page (spec 2.4 type 7); a story banner its story.
    const shown = (await home()).banners;
    expect(shown.find((b) => b.title.startsWith('涪陵榨菜'))).toMatchObject({ dataType: 7, targetUrl: '/shancheng/yu-nong/markPage' });
    expect(shown.find((b) => b.title.startsWith('奉节脐橙'))!.dataType).toBe(3);
  });
});

describe('creating, editing and ordering banners', () => {
  it('creates a story banner once per key, last in the order, with its audit row, and readers see it', async () => {
    const k = key();
    const body = { key: k, title: '测试轮播：山地鸡扫码溯源', picture, newsId: story.id, link: '', startDay: '', endDay: '', enabled: true };
    const made = await save(body);
    expect(made.statusCode, made.message).toBe(200);
    expect(made.data).toMatchObject({ title: body.title, newsId: story.id, newsTitle: story.title, live: true });
    // A retry of the same create adds nothing.
    expect((await save(body)).data.id).toBe(made.data.id);
    expect(await t.database.db.select().from(ruralBanners).where(eq(ruralBanners.clientKey, k))).toHaveLength(1);
    expect((await list()).at(-1)!.id).toBe(made.data.id);
    expect(await audits('rural.banner.create', made.data.id)).toHaveLength(1);
    const shown = (await home()).banners;
    expect(shown.at(-1)).toMatchObject({ id: story.id, classId: story.classId, title: body.title, imageUrl: [picture] });
    // The story a banner opens is not listed again under 最新资讯.
    expect((await home()).latest.map((n) => n.id)).not.toContain(story.id);
  });

  it('reorders with the whole order (retry-safe, stale lists refused), and the reader follows the order', async () => {
    const before = await list();
    const last = before.at(-1)!;
    const order = [last.id, ...before.slice(0, -1).map((b) => b.id)];
    expect((await consoleCall(t, 'POST', '/rural/banners/order', { ids: order }, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/rural/banners/order', { ids: order }, editor.headers)).statusCode).toBe(200);
    expect((await list()).map((b) => b.id)).toEqual(order);
    expect((await home()).banners[0]!.title).toBe(last.title);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rural.banner.reorder')).orderBy(auditLog.id);
    expect(rows.filter((r) => JSON.stringify((r.after as { ids: number[] }).ids) === JSON.stringify(order))).toHaveLength(1);
    const stale = await consoleCall(t, 'POST', '/rural/banners/order', { ids: order.slice(1) }, editor.headers);
    expect(stale).toMatchObject({ statusCode: 422, message: '轮播图刚被修改过，请刷新后再调整顺序' });
    expect((await list()).map((b) => b.id)).toEqual(order);
  });

  it('edits a banner into a link banner within dates; the same edit again writes no second audit row', async () => {
    const [first] = await list();
    const edit = {
      id: first!.id,
      key: key(),
      title: '测试轮播：城口老腊肉年货节',
      picture: first!.picture,
      newsId: 0,
      link: 'https://example.com/lard',
      startDay: day(-1),
      endDay: day(3),
      enabled: true,
    };
    const res = await save(edit);
    expect(res.statusCode, res.message).toBe(200);
    expect(res.data).toMatchObject({ link: edit.link, newsId: 0, live: true, window: '' });
    expect((await save(edit)).statusCode).toBe(200);
    expect(await audits('rural.banner.edit', first!.id)).toHaveLength(1);
    expect((await home()).banners[0]).toMatchObject({ dataType: 7, targetUrl: edit.link, title: edit.title });
    // Not started yet: kept, but not shown to readers.
    const later = await save({ ...edit, startDay: day(2), endDay: day(5) });
    expect(later.data).toMatchObject({ live: false, window: 'waiting' });
    expect((await home()).banners.map((b) => b.title)).not.toContain(edit.title);
    await save(edit);
  });

  it('hides and shows a banner, and removes one and undoes the removal at its old place', async () => {
    const items = await list();
    const target = items[1]!;
    const hide = await consoleCall<DeskBanner>(t, 'POST', '/rural/banners/enable', { id: target.id, enabled: false }, editor.headers);
    expect(hide.data).toMatchObject({ enabled: false, live: false });
    expect((await home()).banners.map((b) => b.title)).not.toContain(target.title);
    expect((await consoleCall(t, 'POST', '/rural/banners/enable', { id: target.id, enabled: false }, editor.headers)).statusCode).toBe(200);
    expect(await audits('rural.banner.hide', target.id)).toHaveLength(1);
    await consoleCall(t, 'POST', '/rural/banners/enable', { id: target.id, enabled: true }, editor.headers);

    expect((await consoleCall(t, 'POST', '/rural/banners/remove', { id: target.id }, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/rural/banners/remove', { id: target.id }, editor.headers)).statusCode).toBe(200);
    expect(await audits('rural.banner.remove', target.id)).toHaveLength(1);
    expect((await list()).map((b) => b.id)).not.toContain(target.id);
    expect((await home()).banners.map((b) => b.title)).not.toContain(target.title);
    const editRemoved = await save({
      id: target.id,
      key: key(),
      title: target.title,
      picture: target.picture,
      newsId: target.newsId,
      link: target.link,
      enabled: true,
    });
    expect(editRemoved.message).toBe('这张轮播图已删除，请先撤销删除');
    expect((await consoleCall(t, 'POST', '/rural/banners/restore', { id: target.id }, editor.headers)).statusCode).toBe(200);
    expect((await list()).map((b) => b.id)).toEqual(items.map((b) => b.id));
    expect(await audits('rural.banner.restore', target.id)).toHaveLength(1);
  });
});

describe('refusals: clear Chinese messages and nothing written', () => {
  it.each([
    [{ title: '' }, '标题不能为空'],
    [{ title: '长'.repeat(31) }, '标题不能超过 30 个字'],
    [{ picture: '' }, '请上传轮播图图片'],
    [{ picture: '/media/newsroom/not-uploaded.png' }, '图片未上传成功，请重新上传'],
    [{ picture: 'https://evil.example/x.png' }, '图片地址不正确'],
    [{ newsId: 0, link: '' }, '请填写要打开的裕农稿件编号或链接（二选一）'],
    [{ link: 'https://example.com/both' }, '请填写要打开的裕农稿件编号或链接（二选一）'],
    [{ newsId: 0, link: 'javascript:alert(1)' }, '链接须以 https:// 开头，或是本站的页面地址（/shancheng/…）'],
    [{ newsId: 0, link: 'http://example.com/' }, '链接须以 https:// 开头，或是本站的页面地址（/shancheng/…）'],
    [{ newsId: 0, link: '//evil.example/' }, '链接须以 https:// 开头，或是本站的页面地址（/shancheng/…）'],
    [{ newsId: 0, link: '/shancheng/../admin' }, '链接须以 https:// 开头，或是本站的页面地址（/shancheng/…）'],
    [{ newsId: 999_999 }, '找不到这篇裕农稿件，请核对稿件编号'],
    [{ startDay: '2026-02-31' }, '日期格式不正确，应为 年-月-日'],
    [{ startDay: '2026-05-02', endDay: '2026-05-01' }, '结束日期不能早于开始日期'],
    [{ key: '' }, '请求缺少防重复标识，请刷新页面后重试'],
  ])('refuses %j', async (change, message) => {
    const before = await t.database.db.select().from(ruralBanners);
    const res = await save({ key: key(), title: '测试轮播：不该写入', picture, newsId: story.id, link: '', ...change });
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(ruralBanners)).toHaveLength(before.length);
  });

  it('a news story outside the 裕农 channel is refused', async () => {
    const [other] = await t.database.db.select({ id: news.id }).from(news).where(ne(news.channelId, 10)).limit(1);
    const id = other!.id;
    expect((await save({ key: key(), title: '测试轮播：别的频道', picture, newsId: id })).message).toBe('找不到这篇裕农稿件，请核对稿件编号');
  });
});

describe('the fallback', () => {
  it('with no live banner the home takes its newest three stories with a picture', async () => {
    const rows = await t.database.db.select().from(ruralBanners).where(isNull(ruralBanners.deletedAt));
    await t.database.write((tx) => tx.update(ruralBanners).set({ enabled: false }));
    try {
      const h = await home();
      const newest = (await get<RuralNews[]>('/v1/yunong/news?page=1&pageSize=10')).data.filter((n) => n.cover !== '').slice(0, 3);
      expect(h.banners.map((b) => b.id)).toEqual(newest.map((n) => n.id));
    } finally {
      await t.database.write(async (tx) => {
        for (const r of rows) await tx.update(ruralBanners).set({ enabled: r.enabled }).where(eq(ruralBanners.id, r.id));
      });
    }
  });
});

describe('the cap of 12', () => {
  it('adds up to 12 banners; editors adding the last ones at once get exactly the room left, the rest refused in Chinese', async () => {
    const live = () => t.database.db.select().from(ruralBanners).where(isNull(ruralBanners.deletedAt));
    const body = () => ({
      key: key(),
      title: '测试轮播：秀山金银花开采',
      picture,
      newsId: 0,
      link: 'https://www.cq.gov.cn/',
      startDay: '',
      endDay: '',
      enabled: false,
    });
    while ((await live()).length < 10) expect((await save(body())).statusCode).toBe(200);
    // Two places left and five adds at once: two go in, three are refused, and none is half-written.
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(body())));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.message)).toEqual(Array(3).fill('轮播图至多 12 张，请先删除一张'));
    expect(await live()).toHaveLength(12);
    const made = answers.filter((a) => a.statusCode === 200).map((a) => a.data.id);
    const created = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rural.banner.create')).orderBy(auditLog.id);
    expect(created.filter((row) => made.includes(Number(row.itemId)))).toHaveLength(2);
  });
});
