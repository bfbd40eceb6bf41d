/**
 * Demo data of the detail pages (spec 3), run inside the demo seed's transaction after the news rows:
 * - article HTML passes the sanitizer at ingest (every row, in batches), with a few CMS-style extras
 *   (an external link, inline styles, one long article that folds);
 * - playable sample media: the committed demo mp4 files (demoVideos.ts, generated scenes) are copied to the paths the rows reference
 *   (`/media/video/<id>.mp4`, `/media/live/<id>-hd|sd|ld.mp4`), so no stream is ever downloaded;
 * - per-article flags (pl, rel, ad), disclaimers, and the site-wide detail texts in app_config.
 * Deterministic: everything derives from row ids.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { sanitizeHtml } from '../../../features/richtext/sanitizeHtml.server.ts';
import type { Tx } from '../client.ts';
import { appConfig, news } from '../schema/core.ts';
import { newsDetailExtras } from '../schema/detail.ts';
import type { DemoData } from './buildDemoData.ts';
import { DEMO_VIDEO_DIR, demoVideoFor, LANDSCAPE_VIDEOS } from './demoVideos.ts';

const LANDSCAPE = path.join(DEMO_VIDEO_DIR, LANDSCAPE_VIDEOS[0]?.file ?? 'video-night.mp4');
const BATCH = 50;
/** The first pinned article on 推荐 is long enough to fold (spec 4: ≥ 1.2 window heights). */
/** A video whose flag ad hides its pre-roll (spec 5; tests/e2e/specRules.all.spec.ts). */
export const VIDEO_WITHOUT_PREROLL = 297;

export const LONG_ARTICLE_ID = 1;

export const DETAIL_SITE_TEXTS = {
  selfDiscipline: { title: '山城新闻网络信息内容自律公约', url: 'https://www.cqnews.net/html/zlgy/index.html' },
  repot: { tel: '023-63907110', type: ['政治敏感', '色情低俗', '违法犯罪', '谣言虚假', '广告营销', '侵权抄袭', '其他'] },
  disclaimers: ['本文内容仅代表作者观点，不代表山城新闻立场。', '凡注明“来源：山城新闻”的作品，版权均属山城新闻所有，未经授权不得转载。'],
};

type NewsRow = DemoData['news'][number];

/** The sentences of a block of article HTML (its text cut after each 。！？). */
function sentencesOf(block: string): string[] {
  return block
    .replace(/<[^>]*>/g, '')
    .split(/(?<=[。！？])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The long article's 延伸阅读: paragraphs of the channel's other articles, each kept only when none of its
 * sentences was printed before. Articles of one topic share leads and facts (articleText.ts), so borrowing
 * them whole repeated the article's first paragraph and its facts (spec 2.11 folds a long article; it must
 * still read as one).
 */
export function extendedReading(row: NewsRow, all: NewsRow[]): string {
  const seen = new Set(sentencesOf(row.content ?? ''));
  const blocks: string[] = [];
  for (const other of all.filter((r) => r.dataType === 3 && r.id !== row.id && r.channelId === row.channelId).slice(0, 6)) {
    for (const block of (other.content ?? '').split('\n')) {
      if (!/^<(p|h3)>/.test(block)) continue;
      const sentences = sentencesOf(block);
      if (sentences.length === 0 || sentences.some((s) => seen.has(s))) continue;
      for (const s of sentences) seen.add(s);
      blocks.push(block);
    }
  }
  // A subheading with no paragraph after it says nothing.
  const kept = blocks.filter((block, i) => !block.startsWith('<h3>') || blocks[i + 1]?.startsWith('<p>') === true);
  return ['<h3>延伸阅读</h3>', ...kept].join('\n');
}

/** CMS-style additions before the sanitizer runs: what an editor pastes, hostile bits included. */
function editedContent(row: NewsRow, all: NewsRow[]): string {
  let html = row.content ?? '';
  if (row.id === LONG_ARTICLE_ID) html = [html, extendedReading(row, all)].join('\n');
  if (row.dataType === 3 && row.id % 5 === 1) {
    html += '\n<p style="text-align:right;color:#666666;position:fixed;background:url(https://tracker.example/p.gif)">（责任编辑核对）</p>';
    html += `\n<p>更多报道请访问<a href="https://www.cqnews.net/html/2026-11/${String(row.id).padStart(3, '0')}.html" onclick="track()">华龙网</a>。</p>`;
  }
  if (row.dataType === 3 && row.id % 11 === 4)
    html += '\n<p>欢迎提供新闻线索<script>alert(1)</script><img src="x" onerror="alert(1)" style="display:none"></p>';
  return html;
}

function qualityKey(url: string): string {
  return /-(hd|sd|ld)\./.exec(url)?.[1] ?? 'hd';
}

async function copySamples(mediaDir: string, rows: NewsRow[]): Promise<void> {
  await mkdir(path.join(mediaDir, 'video'), { recursive: true });
  await mkdir(path.join(mediaDir, 'live'), { recursive: true });
  const copies: [string, string][] = [];
  for (const r of rows) {
    // Video items, and the news stories a video banner opens (buildDemoData.ts gives them a video).
    if (r.dataType === 8 || (r.dataType === 3 && r.videoUrl === `/media/video/${r.id}.mp4`))
      copies.push([path.join(DEMO_VIDEO_DIR, demoVideoFor(r.id, r.channelId === 12).file), path.join(mediaDir, 'video', `${r.id}.mp4`)]);
    if (r.dataType === 1) for (const s of r.videoUrls ?? []) copies.push([LANDSCAPE, path.join(mediaDir, 'live', `${r.id}-${qualityKey(s.videoUrl)}.mp4`)]);
  }
  for (let i = 0; i < copies.length; i += 32) await Promise.all(copies.slice(i, i + 32).map(([from, to]) => copyFile(from, to)));
}

export async function seedDetail(tx: Tx, data: DemoData, mediaDir: string): Promise<void> {
  // Live sources become the committed sample mp4 (a browser cannot play an .m3u8 that does not exist).
  for (const r of data.news) {
    if (r.dataType !== 1) continue;
    r.videoUrls = (r.videoUrls ?? []).map((s) => ({ name: s.name, videoUrl: `/media/live/${r.id}-${qualityKey(s.videoUrl)}.mp4` }));
    r.videoUrl = r.videoUrls[0]?.videoUrl ?? '';
    await tx.update(news).set({ videoUrls: r.videoUrls, videoUrl: r.videoUrl }).where(eq(news.id, r.id));
  }
  await copySamples(mediaDir, data.news);

  // Ingest: every article's HTML is stored sanitized (security.md G53).
  const cleaned = data.news.map((r) => ({ id: r.id, content: sanitizeHtml(editedContent(r, data.news)) }));
  for (let i = 0; i < cleaned.length; i += BATCH) {
    const values = sql.join(
      cleaned.slice(i, i + BATCH).map((c) => sql`(${c.id}::int, ${c.content}::text)`),
      sql`, `,
    );
    await tx.execute(sql`update news set content = v.content from (values ${values}) as v(id, content) where news.id = v.id`);
  }

  const extras = data.news
    .filter((r) => r.id % 17 === 3 || r.id % 29 === 5 || r.id % 31 === 7 || r.id % 13 === 2 || r.id === VIDEO_WITHOUT_PREROLL)
    .map((r) => ({
      newsId: r.id,
      hideComments: r.id % 17 === 3 && r.dataType !== 1,
      hideRelated: r.id % 29 === 5,
      hideAds: r.id % 31 === 7 || r.id === VIDEO_WITHOUT_PREROLL,
      disclaimer: r.id % 13 === 2 ? '本文图片由受访单位提供。' : '',
      isSyn: r.id % 13 === 2,
    }));
  for (let i = 0; i < extras.length; i += BATCH) await tx.insert(newsDetailExtras).values(extras.slice(i, i + BATCH));

  await tx.insert(appConfig).values({ key: 'detail', value: DETAIL_SITE_TEXTS }).onConflictDoNothing();
}
