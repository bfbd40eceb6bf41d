/**
 * `npm run import -- FILE` (scripts/import.ts): an old CMS's archive — a JSON array of records in the shape
 * of spec 3's list item and news detail — brought in as published stories.
 *
 * Published, not drafts: the archive was published and read for years in the old CMS; sending thousands of
 * old stories through 三审 again would only bury the desk, and their links must keep answering. Each record
 * becomes a writing-desk story (ADR 025) in state `published` with its reader row, its original publication
 * time (so it sits in the lists where its date puts it, not on top), a version and an audit row by 档案导入 —
 * an editor can still correct or withdraw it like any other story.
 *
 * The whole file is one transaction: a bad record (named by its place and its newsId, in Chinese) writes
 * nothing at all; so does a record whose column's class id a 专题 made on the topic desk holds (named by its place and the id). A re-run skips the records already imported (`archive_imports`, by the old newsId).
 * Cover pictures of the old CMS are not taken (covers come only from our media store, docs/security.md P3):
 * the stories come in as text cards; pictures inside the body are kept as the sanitiser allows them.
 */
import { sanitizeHtml } from '../../features/richtext/sanitizeHtml.server.ts';
import { ArticleFields } from '../../contract/publish.ts';
import { z } from '../../contract/zod.ts';
import { appendAudit } from '../audit/repo.ts';
import type { Database } from '../db/client.ts';
import { addVersionRepo, createArticleRepo, nextNewsIdRepo, placementExistsRepo, updateArticleRepo, writeNewsRowRepo } from '../publish/repo.ts';
import { cleanFields } from '../publish/service.ts';
import { columnChannelRepo, importedRepo, recordImportRepo, deskSpecialTopicTitleRepo } from './repo.ts';

export const IMPORTER = '档案导入';

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

const Flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => v === true || v === 1 || v === '1');
const When = z.union([z.string(), z.number()]).transform((v, ctx) => {
  // The old CMS writes "2024-05-01 08:30:00" in Beijing time, or epoch seconds / milliseconds.
  const d =
    typeof v === 'number'
      ? new Date(v < 1e12 ? v * 1000 : v)
      : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(v.trim())
        ? new Date(`${v.trim().replace(' ', 'T')}+08:00`)
        : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: '发布时间格式不正确' });
    return z.NEVER;
  }
  return d;
});

/** One record as the old CMS exports it (spec 3 list item + news detail; extra fields are ignored). */
export const ArchiveRecord = z.object({
  newsId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)], { message: '缺少 newsId 或格式不正确' }).transform(String),
  classId: z.coerce.number({ message: '栏目 classId 不正确' }).int('栏目 classId 不正确').positive('缺少栏目 classId'),
  title: z.string({ message: '缺少标题 title' }).trim().min(1, '标题 title 不能为空'),
  originNewstext: z.string({ message: '缺少正文 originNewstext' }).max(200_000, '正文 originNewstext 过长'),
  smallText: z.string().optional(),
  intro: z.string().optional(),
  befrom: z.string().optional(),
  writer: z.string().optional(),
  execEditor: z.string().optional(),
  finalEditor: z.string().optional(),
  newsTime: When.optional(),
  publishTime: When.optional(),
  label: z.string().optional(),
  isTop: Flag.optional(),
  topTitle: z.string().optional(),
  keyboard: z.union([z.string(), z.array(z.string())]).optional(),
  region: z.string().optional(),
  titleType: z.coerce.number().optional(),
  allowPl: Flag.optional(),
  permission: z.coerce.number().int().optional(),
  disclaimer: z.string().optional(),
  isSYN: Flag.optional(),
});

function recordName(index: number, raw: unknown): string {
  const id = typeof raw === 'object' && raw !== null && 'newsId' in raw ? String((raw as { newsId: unknown }).newsId) : '';
  return `第 ${index + 1} 条记录${id ? `（newsId ${id}）` : ''}`;
}

/** Imports `text` (the export file's content); answers how many records went in and how many were there already. */
export async function importArchive(database: Database, text: string, now: Date = new Date()): Promise<{ imported: number; skipped: number }> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError('文件不是有效的 JSON');
  }
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && Array.isArray((data as { data?: unknown }).data)
      ? (data as { data: unknown[] }).data
      : null;
  if (list === null) throw new ImportError('文件应为记录数组（或 {"data": [...]}）');

  return database.write(async (tx) => {
    let imported = 0;
    let skipped = 0;
    const seen = new Set<string>();
    for (const [index, raw] of list.entries()) {
      const where = recordName(index, raw);
      const parsed = ArchiveRecord.safeParse(raw);
      if (!parsed.success) throw new ImportError(`${where}：${parsed.error.issues[0]?.message ?? '格式不正确'}`);
      const r = parsed.data;
      if (seen.has(r.newsId)) throw new ImportError(`${where}：newsId 在文件中重复`);
      seen.add(r.newsId);
      if (await importedRepo(tx, r.newsId)) {
        skipped += 1;
        continue;
      }
      // Columns, 专题 and 山城号 accounts share one class id space (spec 2.4 opens a 专题 by classId), and the topic desk gives
      // a new 专题 the id past every column's: a column added later with the old CMS's id may hold that 专题's id. It is
      // refused, naming the id (in the transaction: nothing of the file is kept). The old CMS's own 专题 column (a 专题 and
      // its column sharing one id, as the seed's 105) is not a clash and imports.
      const special = await deskSpecialTopicTitleRepo(tx, r.classId);
      if (special !== null) throw new ImportError(`第 ${index + 1} 条记录：栏目编号 ${r.classId} 已被专题“${special}”占用，不能作为栏目导入`);
      const channelId = await columnChannelRepo(tx, r.classId);
      if (channelId === null) throw new ImportError(`${where}：栏目 classId ${r.classId} 不存在`);
      const keyboard = (Array.isArray(r.keyboard) ? r.keyboard : (r.keyboard ?? '').split(/[,，]/))
        .map((k) => k.trim())
        .filter((k) => k !== '')
        .slice(0, 5);
      const fieldsParsed = ArticleFields.safeParse({
        title: r.title,
        smallText: r.smallText ?? r.intro ?? '',
        befrom: r.befrom ?? '',
        writer: r.writer ?? '',
        execEditor: r.execEditor ?? '',
        finalEditor: r.finalEditor ?? '',
        channelId,
        classId: r.classId,
        label: r.label ?? '',
        isTop: r.isTop ?? false,
        topTitle: r.topTitle ?? '',
        keyboard,
        region: r.region ?? '',
        titleType: r.titleType === 1 ? 1 : 0,
        disclaimer: r.disclaimer ?? '',
        isSyn: r.isSYN ?? false,
        allowPl: r.allowPl ?? true,
        hideLike: ((r.permission ?? 0) & 8) === 8,
      });
      if (!fieldsParsed.success) throw new ImportError(`${where}：${fieldsParsed.error.issues[0]?.message ?? '字段不正确'}`);
      const fields = cleanFields(fieldsParsed.data);
      if (fields.title === '') throw new ImportError(`${where}：标题 title 不能为空`);
      const found = await placementExistsRepo(tx, fields);
      if (!found.column) throw new ImportError(`${where}：栏目 classId ${r.classId} 不存在`);
      const content = sanitizeHtml(r.originNewstext);
      const publishTime = r.publishTime ?? r.newsTime ?? now;
      const { row } = await createArticleRepo(tx, { authorId: 0, authorName: IMPORTER, key: `import-${r.newsId}`, fields });
      const newsId = await nextNewsIdRepo(tx);
      await writeNewsRowRepo(tx, { newsId, fields, content, publishTime, authorName: IMPORTER });
      await updateArticleRepo(tx, row.id, { state: 'published', newsId, content, publishedAt: publishTime });
      await addVersionRepo(tx, { articleId: row.id, fields, content, savedBy: 0, savedByName: IMPORTER });
      await recordImportRepo(tx, { sourceId: r.newsId, newsId, articleId: row.id });
      await appendAudit(tx, {
        staffId: null,
        staffName: IMPORTER,
        action: 'wires.import',
        itemKind: 'article',
        itemId: row.id,
        after: { sourceNewsId: r.newsId, newsId },
      });
      imported += 1;
    }
    return { imported, skipped };
  });
}
