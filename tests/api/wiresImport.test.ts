/**
 * `npm run import` (src/server/wires/importArchive.ts): a small old-CMS export imported twice is imported
 * once (the second run skips every record); the stories are published where readers find them, cleaned;
 * a file with one bad record is refused with a Chinese message naming it and writes nothing.
 */
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { channels, columns, news } from '../../src/server/db/schema/core.ts';
import { specialTopics } from '../../src/server/db/schema/news.ts';
import { archiveImports } from '../../src/server/db/schema/wires.ts';
import { ImportError, importArchive } from '../../src/server/wires/importArchive.ts';
import { envelope, suiteApp } from '../support/testApp.ts';

const t = suiteApp();
let classId: number;

beforeAll(async () => {
  const [col] = await t.database.db
    .select({ classId: columns.id })
    .from(columns)
    .innerJoin(channels, eq(channels.id, columns.channelId))
    .where(eq(channels.kind, 'news'))
    .orderBy(columns.id)
    .limit(1);
  classId = col!.classId;
});

const records = () => [
  {
    newsId: 880001,
    classId,
    title: '2019 年重庆市政府工作报告全文',
    smallText: '市长在市五届人大二次会议上作政府工作报告。',
    originNewstext: '<p>各位代表：</p><p>现在，我代表市人民政府，向大会报告工作。</p><script>alert(1)</script>',
    befrom: '重庆日报',
    writer: '张燕',
    newsTime: '2019-01-28 09:00:00',
    keyboard: '政府工作报告,两会',
    permission: 8,
  },
  {
    newsId: '880002',
    classId: String(classId),
    title: '朝天门长江大桥通车十周年',
    intro: '大桥见证了南岸与江北的往来。',
    originNewstext: '<p>十年来，大桥日均通行车辆超过 8 万辆次。</p>',
    befrom: '重庆晨报',
    publishTime: 1556668800,
    allowPl: 0,
    showType: 1,
    imageUrl: ['https://img.old-cms.example/1.jpg'],
  },
];

describe('npm run import', () => {
  it('imports a small file as published stories, and a second run imports nothing again', async () => {
    const file = JSON.stringify(records());
    expect(await importArchive(t.database, file)).toEqual({ imported: 2, skipped: 0 });
    expect(await importArchive(t.database, file)).toEqual({ imported: 0, skipped: 2 });
    const rows = await t.database.db
      .select()
      .from(archiveImports)
      .where(inArray(archiveImports.sourceId, ['880001', '880002']));
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.sourceId === '880001')!;
    const detail = await envelope<{ title: string; originNewstext: string; befrom: string; permission: number }>(
      await t.app.request(`/kratos/v1/detail?classId=${classId}&newsId=${first.newsId}`),
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.data).toMatchObject({ title: '2019 年重庆市政府工作报告全文', befrom: '重庆日报', permission: 8 });
    expect(detail.data.originNewstext).toContain('向大会报告工作');
    expect(detail.data.originNewstext).not.toContain('<script');
    const [row] = await t.database.db.select({ publishTime: news.publishTime }).from(news).where(eq(news.id, first.newsId));
    expect(row!.publishTime.toISOString()).toBe('2019-01-28T01:00:00.000Z');
  });

  it('refuses a file with a bad record, naming it in Chinese, and writes nothing of the file', async () => {
    const bad = [
      { ...records()[0]!, newsId: 880010 },
      { newsId: 880011, classId, originNewstext: '<p>没有标题</p>' },
    ];
    await expect(importArchive(t.database, JSON.stringify(bad))).rejects.toThrow('第 2 条记录（newsId 880011）：缺少标题 title');
    const unknownColumn = [{ ...records()[0]!, newsId: 880012, classId: 999999 }];
    await expect(importArchive(t.database, JSON.stringify(unknownColumn))).rejects.toThrow('第 1 条记录（newsId 880012）：栏目 classId 999999 不存在');
    await expect(importArchive(t.database, '{"not":"a list"')).rejects.toThrow('文件不是有效的 JSON');
    const rows = await t.database.db
      .select()
      .from(archiveImports)
      .where(inArray(archiveImports.sourceId, ['880010', '880011', '880012']));
    expect(rows).toEqual([]);
  });

  it('refuses a column whose class id a 专题 already holds, naming the id in Chinese, and writes nothing of the file', async () => {
    // A 专题 made on the topic desk takes the id past every column's; a column added later with that id collides with it.
    const [top] = await t.database.db.select({ id: sql<number>`max(${columns.id})::int` }).from(columns);
    const held = top!.id + 1;
    const [channel] = await t.database.db.select({ channelId: columns.channelId }).from(columns).where(eq(columns.id, classId));
    await t.database.db.insert(specialTopics).values({ classId: held, title: '成渝地区双城经济圈建设', clientKey: 'desk-made-special' });
    await t.database.db.insert(columns).values({ id: held, channelId: channel!.channelId, name: '旧栏目' });
    const file = [
      { ...records()[0]!, newsId: 880020 },
      { ...records()[1]!, newsId: 880021, classId: held },
    ];
    const refused: unknown = await importArchive(t.database, JSON.stringify(file)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImportError);
    const message = (refused as ImportError).message;
    expect(message).toBe(`第 2 条记录：栏目编号 ${held} 已被专题“成渝地区双城经济圈建设”占用，不能作为栏目导入`);
    expect(message).not.toMatch(/[A-Za-z]/);
    const rows = await t.database.db
      .select()
      .from(archiveImports)
      .where(inArray(archiveImports.sourceId, ['880020', '880021']));
    expect(rows).toEqual([]);
    expect(await t.database.db.select({ id: news.id }).from(news).where(eq(news.classId, held))).toEqual([]);
  });

  it("imports into the old CMS's own 专题 column, whose 专题 shares its id (the seed's 105)", async () => {
    const [pair] = await t.database.db
      .select({ id: columns.id })
      .from(columns)
      .innerJoin(specialTopics, eq(specialTopics.classId, columns.id))
      .where(isNull(specialTopics.clientKey))
      .limit(1);
    expect(pair).toBeDefined();
    const result = await importArchive(t.database, JSON.stringify([{ ...records()[0]!, newsId: 880030, classId: pair!.id }]));
    expect(result.imported).toBe(1);
  });
});
