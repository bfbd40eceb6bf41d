/**
 * The wires (docs/security.md "The wires") against feeds this test serves on 127.0.0.1 (the test-only
 * allowance WIRES_TEST_PRIVATE_HOSTS=1, honoured only with NODE_ENV=test): an admin allows a host and adds
 * feeds; the ingest takes new items once and duplicates never, whatever the format (RSS 2.0, Atom, JSON
 * Feed); bad feeds are reported in Chinese and never stop the others; two processes fetching at once fetch
 * each feed once; an editor makes a draft from the tray that keeps the source's name and link.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleView } from '../../src/contract/publish.ts';
import type { FetchReport, WireFeedView, WireTray } from '../../src/contract/wires.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { createLogger } from '../../src/server/log.ts';
import { JobRunner } from '../../src/server/jobs/jobRunner.ts';
import { wiresIngest } from '../../src/server/jobs/productJobs.ts';
import { ingestDue } from '../../src/server/wires/service.ts';
import { mediaOf } from '../../src/server/media/storage.ts';
import { suiteApp } from '../support/testApp.ts';
import { rss, startFeedServer, type FeedServer } from '../support/feedServer.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { newsColumn } from '../support/publishDesk.ts';

const t = suiteApp();
const log = createLogger('silent');
let feeds: FeedServer;
let admin: TestStaff;
let editor: TestStaff;
let place: { channelId: number; classId: number };
const OPTIONS = { timeoutMs: 800, maxBytes: 64 * 1024 };

const FIRST = [
  {
    guid: 'cqrb-1001',
    link: 'https://www.cqrb.cn/content/1001.html',
    title: '两江新区今年新开工重点项目 86 个',
    description: '<p>记者从两江新区获悉，今年以来新区新开工重点项目 86 个，总投资超过 900 亿元。</p>',
    author: '李静',
  },
  {
    guid: 'cqrb-1002',
    link: 'https://www.cqrb.cn/content/1002.html',
    title: '轨道交通 15 号线二期开通初期运营',
    description: '<p>沿线设站 9 座，串联沙坪坝、九龙坡与璧山。</p>',
  },
];

beforeAll(async () => {
  process.env.WIRES_TEST_PRIVATE_HOSTS = '1';
  feeds = await startFeedServer();
  admin = await createTestStaff(t, 'admin', { name: '管理员周敏' });
  editor = await createTestStaff(t, 'editor', { name: '编辑王芳' });
  place = await newsColumn(t);
  feeds.set('/cqrb.xml', { type: 'application/rss+xml; charset=utf-8', body: rss(FIRST) });
  feeds.set('/atom.xml', {
    type: 'application/atom+xml',
    body: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>华龙网·区县</title><id>urn:hualong</id><updated>2026-11-27T00:00:00Z</updated><entry><id>urn:hualong:77</id><title>万州区三峡移民纪念馆恢复夜间开放</title><link href="https://www.cqnews.net/77.html"/><updated>2026-11-27T01:00:00Z</updated><summary>每周五至周日开放至晚上 9 点。</summary><author><name>陈晓</name></author></entry></feed>`,
  });
  feeds.set('/feed.json', {
    type: 'application/feed+json',
    body: JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: '上游新闻',
      items: [{ id: 'sy-5', url: 'https://www.cqcb.com/5.html', title: '渝中区解放碑步行街试点夜间经济', content_html: '<p>试点持续到明年春节。</p>' }],
    }),
  });
  feeds.set('/broken.xml', { type: 'application/rss+xml', body: '<rss version="2.0"><channel><title>断了的源</title><item><title>没写完' });
  feeds.set('/page.html', { type: 'text/html', body: '<html><body>不是订阅源</body></html>' });
  feeds.set('/slow.xml', { hang: true });
  feeds.set('/huge.xml', { type: 'application/rss+xml', body: Buffer.alloc(200 * 1024, 0x20) });
  feeds.set('/loop-a', { status: 302, location: '/loop-b' });
  feeds.set('/loop-b', { status: 302, location: '/loop-a' });
});

afterAll(async () => {
  delete process.env.WIRES_TEST_PRIVATE_HOSTS;
  await feeds.close();
});

const post = <T>(who: TestStaff, path: string, body: Record<string, unknown>) => consoleCall<T>(t, 'POST', path, body, who.headers);

async function addFeed(name: string, path: string): Promise<WireFeedView> {
  const res = await post<WireFeedView>(admin, '/wires/feed', {
    name,
    url: `${feeds.origin}${path}`,
    everyMinutes: 30,
    channelId: place.channelId,
    classId: place.classId,
  });
  expect(res.statusCode, res.message).toBe(200);
  return res.data;
}

describe('the wires', () => {
  const ids: Record<string, number> = {};
  let start: Date;

  it('refuses a feed on a host not on the list, then adds it once the admin allowed the host', async () => {
    const refused = await post(admin, '/wires/feed', { name: '重庆日报', url: `${feeds.origin}/cqrb.xml`, everyMinutes: 30 });
    expect(refused.message).toBe('该主机不在允许的订阅源主机名单中');
    const hosts = await post<{ host: string }[]>(admin, '/wires/host', { host: '127.0.0.1' });
    expect(hosts.data.map((h) => h.host)).toContain('127.0.0.1');
    for (const [key, name, path] of [
      ['cqrb', '重庆日报', '/cqrb.xml'],
      ['atom', '华龙网', '/atom.xml'],
      ['json', '上游新闻', '/feed.json'],
      ['broken', '断了的源', '/broken.xml'],
      ['html', '网页不是源', '/page.html'],
      ['slow', '很慢的源', '/slow.xml'],
      ['huge', '很大的源', '/huge.xml'],
      ['loop', '绕圈的源', '/loop-a'],
    ] as const)
      ids[key] = (await addFeed(name, path)).id;
    const again = await post(admin, '/wires/feed', { name: '另一个名字', url: `${feeds.origin}/cqrb.xml`, everyMinutes: 30 });
    expect(again.message).toBe('这个订阅源地址已经添加过了');
    expect(await post(editor, '/wires/feed', { name: '编辑加源', url: `${feeds.origin}/x.xml`, everyMinutes: 30 }).then((r) => r.res.status)).toBe(403);
  });

  it('takes new items once, reports each bad feed in Chinese and goes on with the others', async () => {
    start = new Date(Date.now() + 1000);
    const reports = await ingestDue(t.database, log, start, OPTIONS);
    const by = new Map<number, FetchReport>(reports.map((r) => [r.feedId, r]));
    expect(by.get(ids.cqrb!)).toEqual({ feedId: ids.cqrb, newItems: 2, error: '' });
    expect(by.get(ids.atom!)).toEqual({ feedId: ids.atom, newItems: 1, error: '' });
    expect(by.get(ids.json!)).toEqual({ feedId: ids.json, newItems: 1, error: '' });
    expect(by.get(ids.broken!)?.error).toBe('订阅源格式错误，无法解析（XML 或 JSON 不完整）');
    expect(by.get(ids.html!)?.error).toBe('订阅源内容类型不是 RSS、Atom 或 JSON Feed');
    expect(by.get(ids.slow!)?.error).toBe('订阅源响应超时');
    expect(by.get(ids.huge!)?.error).toBe('订阅源内容过大，已放弃');
    expect(by.get(ids.loop!)?.error).toBe('订阅源重定向循环');
    // Not due again within its period: nothing is fetched twice.
    expect(await ingestDue(t.database, log, new Date(start.getTime() + 60_000), OPTIONS)).toEqual([]);
    const tray = await consoleCall<WireTray>(t, 'GET', '/wires/tray', undefined, editor.headers);
    expect(tray.data.items.map((i) => i.title).sort()).toEqual(
      ['万州区三峡移民纪念馆恢复夜间开放', '两江新区今年新开工重点项目 86 个', '渝中区解放碑步行街试点夜间经济', '轨道交通 15 号线二期开通初期运营'].sort(),
    );
    const broken = tray.data.feeds.find((f) => f.id === ids.broken);
    expect(broken?.lastError).toBe('订阅源格式错误，无法解析（XML 或 JSON 不完整）');
  });

  it('never takes an item twice: the same guid, or the same link under a new guid, is a duplicate', async () => {
    feeds.set('/cqrb.xml', {
      type: 'application/rss+xml',
      body: rss([
        ...FIRST,
        { guid: 'cqrb-1001-edited', link: FIRST[0]!.link, title: '两江新区今年新开工重点项目 86 个（更新）', description: '<p>更新稿</p>' },
        { guid: 'cqrb-1003', link: 'https://www.cqrb.cn/content/1003.html', title: '南岸区广阳岛生态修复二期完工', description: '<p>新增湿地 1200 亩。</p>' },
      ]),
    });
    const later = new Date(start.getTime() + 31 * 60_000);
    const reports = await ingestDue(t.database, log, later, OPTIONS);
    expect(reports.find((r) => r.feedId === ids.cqrb)).toEqual({ feedId: ids.cqrb, newItems: 1, error: '' });
    const tray = await consoleCall<WireTray>(t, 'GET', `/wires/tray?feedId=${ids.cqrb}`, undefined, editor.headers);
    expect(tray.data.items.map((i) => i.title).sort()).toEqual(
      ['两江新区今年新开工重点项目 86 个', '南岸区广阳岛生态修复二期完工', '轨道交通 15 号线二期开通初期运营'].sort(),
    );
  });

  it('fetches each feed once when two processes run the ingest job at the same moment', async () => {
    const at = start.getTime() + 62 * 60_000;
    const before = feeds.hits('/cqrb.xml');
    const runners = [0, 1].map(() => new JobRunner({ database: t.database, media: mediaOf(t), log, jobs: [wiresIngest], now: () => at }));
    await Promise.all(runners.map((r) => r.tick()));
    // And two direct runs racing on the feed rows (the claim on the row, beneath the job's slot).
    const again = at + 31 * 60_000;
    await Promise.all([ingestDue(t.database, log, new Date(again), OPTIONS), ingestDue(t.database, log, new Date(again), OPTIONS)]);
    expect(feeds.hits('/cqrb.xml') - before).toBe(2);
  });

  it('makes a draft with one click that keeps the source and its link; a second click answers the same draft', async () => {
    const tray = await consoleCall<WireTray>(t, 'GET', `/wires/tray?feedId=${ids.cqrb}`, undefined, editor.headers);
    const item = tray.data.items.find((i) => i.title === '南岸区广阳岛生态修复二期完工')!;
    const made = await post<{ articleId: number; created: boolean }>(editor, '/wires/draft', { itemId: item.id });
    expect(made.statusCode, made.message).toBe(200);
    expect(made.data.created).toBe(true);
    const twice = await post<{ articleId: number; created: boolean }>(editor, '/wires/draft', { itemId: item.id });
    expect(twice.data).toEqual({ articleId: made.data.articleId, created: false });
    const story = await consoleCall<ArticleView>(t, 'GET', `/publish/article?id=${made.data.articleId}`, undefined, editor.headers);
    expect(story.data.state).toBe('draft');
    expect(story.data.fields).toMatchObject({ title: '南岸区广阳岛生态修复二期完工', befrom: '重庆日报', channelId: place.channelId, classId: place.classId });
    expect(story.data.content).toContain('新增湿地 1200 亩。');
    expect(story.data.content).toContain('href="https://www.cqrb.cn/content/1003.html"');
    const open = await consoleCall<WireTray>(t, 'GET', `/wires/tray?feedId=${ids.cqrb}`, undefined, editor.headers);
    expect(open.data.items.some((i) => i.id === item.id)).toBe(false);
    const all = await consoleCall<WireTray>(t, 'GET', `/wires/tray?feedId=${ids.cqrb}&show=all`, undefined, editor.headers);
    expect(all.data.items.find((i) => i.id === item.id)).toMatchObject({ articleId: made.data.articleId, draftedBy: '编辑王芳' });
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'article'), eq(auditLog.itemId, String(made.data.articleId))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['wires.draft']);
  });

  it('writes an audit row for each admin action', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action, itemId: auditLog.itemId })
      .from(auditLog)
      .where(eq(auditLog.staffId, admin.id))
      .orderBy(auditLog.id);
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('wires.host.add');
    expect(actions.filter((a) => a === 'wires.feed.add')).toHaveLength(8);
  });
});
