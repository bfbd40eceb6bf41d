/**
 * Demo data of the news-browsing area: topics and time-line topics, the special topic of
 * column 105, publisher accounts (山城号) with their articles, search hot words, newspaper editions and
 * district centres. Every row links to existing demo news by id; deterministic (no clock, no random).
 */
import { beijingDay } from '../../../lib/beijingDay.ts';
import type { Tx } from '../client.ts';
import type { news } from '../schema/core.ts';
import {
  districtLocations,
  hotWords,
  newspapers,
  publisherAccountNews,
  publisherAccounts,
  specialCategories,
  specialCategoryNews,
  specialTopics,
  topicNews,
  topics,
} from '../schema/news.ts';
import { PictureSet, writePictures } from './demoPictures.ts';
import type { SceneKind } from './sceneSvg.ts';

type SeedNews = Pick<typeof news.$inferInsert, 'channelId' | 'classId' | 'dataType' | 'showType' | 'title' | 'publishTime' | 'imageUrls'> & {
  id: number;
};

/** Approximate centres of the 38 districts (ids 941–978 in districtsData order). */
const CENTRES: readonly (readonly [number, number])[] = [
  [29.556, 106.568],
  [29.484, 106.482],
  [29.606, 106.574],
  [29.541, 106.457],
  [29.502, 106.511],
  [29.523, 106.644],
  [29.805, 106.397],
  [29.718, 106.631],
  [29.402, 106.54],
  [29.703, 107.39],
  [29.857, 107.081],
  [29.29, 106.259],
  [29.972, 106.276],
  [29.356, 105.927],
  [29.157, 107.099],
  [29.028, 106.651],
  [29.707, 105.722],
  [29.592, 106.227],
  [29.845, 106.056],
  [30.191, 105.84],
  [29.405, 105.594],
  [30.808, 108.409],
  [31.161, 108.393],
  [30.674, 107.8],
  [31.948, 108.664],
  [29.864, 107.731],
  [30.327, 107.348],
  [30.3, 108.037],
  [30.931, 108.697],
  [31.018, 109.464],
  [31.075, 109.879],
  [31.399, 109.631],
  [29.533, 108.771],
  [29.325, 107.76],
  [29.999, 108.114],
  [28.448, 108.989],
  [28.841, 108.767],
  [29.294, 108.166],
];

const TOPICS: readonly { title: string; intro: string; words: readonly string[]; timeline: boolean }[] = [
  { title: '轨道上的重庆', intro: '一条条轨道线串起山城的通勤与烟火。', words: ['轨道', '地铁', '换乘'], timeline: true },
  { title: '长江边的新变化', intro: '看长江两岸的生态修复与城市更新。', words: ['长江', '江岸', '生态'], timeline: true },
  { title: '我家门口的好去处', intro: '周末去哪儿？晒出你家门口的好风景。', words: ['旅游', '景区', '游客', '步道'], timeline: false },
  { title: '一碗火锅里的重庆', intro: '说说你心中最地道的那口重庆味。', words: ['火锅', '美食'], timeline: false },
  { title: '乡村振兴进行时', intro: '田间地头的新故事。', words: ['乡村', '农', '村'], timeline: false },
];

const HOT_WORD_CANDIDATES = ['轨道交通', '火锅', '两江新区', '长江', '乡村振兴', '双城经济圈', '陆海新通道', '渝中区', '文旅', '教育', '直播', '科技'];

/**
 * An account's articles: its own (channel 11, its class id; buildDemoData.ts) and the items of the other
 * channels it would repost.
 */
const ACCOUNTS: readonly { classId: number; name: string; intro: string; isJump: boolean; match: (n: SeedNews) => boolean }[] = [
  {
    classId: 1101,
    name: '重庆发布',
    intro: '重庆市人民政府新闻办公室官方账号',
    isJump: true,
    match: (n) => n.channelId === 17 || (n.channelId === 1 && n.classId === 101),
  },
  { classId: 1102, name: '两江新区发布', intro: '两江新区官方信息发布平台', isJump: true, match: (n) => n.title.includes('两江') || n.classId === 1302 },
  {
    classId: 1103,
    name: '重庆交巡警',
    intro: '重庆市公安局交通巡逻警察总队',
    isJump: true,
    match: (n) => n.title.includes('交通') || n.title.includes('出行') || n.classId === 1303,
  },
  {
    classId: 1104,
    name: '重庆气象',
    intro: '重庆市气象局官方账号（主页维护中）',
    isJump: false,
    match: (n) => n.title.includes('大雾') || n.title.includes('降温') || n.title.includes('降雪'),
  },
  { classId: 1105, name: '渝中发布', intro: '渝中区委宣传部官方账号', isJump: true, match: (n) => n.classId === 941 },
];

const PAPER_PAGES = ['01版：要闻', '02版：综合', '03版：区县', '04版：文旅'] as const;

function take<T>(rows: readonly T[], start: number, count: number): T[] {
  if (rows.length === 0) return [];
  return Array.from({ length: Math.min(count, rows.length) }, (_, i) => rows[(start + i) % rows.length] as T);
}

export async function seedNewsBrowsing(tx: Tx, newsRows: readonly SeedNews[], mediaDir: string): Promise<void> {
  const images = new PictureSet();
  const image = (file: string, kind: SceneKind, width: number, height: number): string => images.add('browse', file, { kind, width, height });
  const plain = newsRows.filter((n) => n.dataType === 3 || n.dataType === 2 || n.dataType === 8);
  const newestFirst = [...newsRows].sort((a, b) => b.publishTime.getTime() - a.publishTime.getTime() || b.id - a.id);

  // Topics (column 105 专题 collects them): each links the news whose titles carry its words.
  const topicRows: (typeof topics.$inferInsert)[] = [];
  const topicNewsRows: (typeof topicNews.$inferInsert)[] = [];
  TOPICS.forEach((t, i) => {
    const id = i + 1;
    const linked = newestFirst.filter((n) => n.dataType !== 7 && t.words.some((w) => n.title.includes(w))).slice(0, 24);
    const fallback = linked.length >= 6 ? linked : [...linked, ...take(plain, i * 11, 12 - linked.length)];
    const pictures = fallback.flatMap((n) => n.imageUrls ?? []).slice(0, 3);
    topicRows.push({
      id,
      columnId: 105,
      title: t.title,
      logo: image(`topic-${id}`, 'emblem', 120, 120),
      pictures: pictures.length > 0 ? pictures : [image(`topic-${id}-cover`, 'river', 690, 300)],
      intro: t.intro,
      contentCount: fallback.length,
      commentCount: 37 + id * 53,
      isTimeline: t.timeline,
      sort: id,
    });
    fallback.forEach((n, k) => topicNewsRows.push({ topicId: id, newsId: n.id, sort: k + 1 }));
  });

  // The special topic of column 105 (every dataType-5 item of the demo leads to /SpecialPage?classId=105).
  const special = { classId: 105, title: '奋进新重庆 · 2026年度专题', intro: '聚焦重庆高质量发展的新实践、新成效。', sort: 1, img: '' };
  special.img = image('special-105', 'skyline', 750, 320);
  const categoryPlan: readonly [string, (n: SeedNews) => boolean][] = [
    ['重庆要闻', (n) => n.channelId === 13 && n.dataType === 3],
    ['区县动态', (n) => n.channelId === 2 && n.dataType === 3],
    ['图说重庆', (n) => n.dataType === 2],
    ['视频', (n) => n.dataType === 8],
  ];
  const categoryRows: (typeof specialCategories.$inferInsert)[] = [];
  const categoryNewsRows: (typeof specialCategoryNews.$inferInsert)[] = [];
  categoryPlan.forEach(([name, match], i) => {
    const id = 10501 + i;
    categoryRows.push({ id, classId: special.classId, name, sort: i + 1 });
    newestFirst
      .filter(match)
      .slice(0, 8)
      .forEach((n, k) => categoryNewsRows.push({ categoryId: id, newsId: n.id, sort: k + 1 }));
  });

  // Publisher accounts.
  const accountRows = ACCOUNTS.map((a, i) => ({
    classId: a.classId,
    name: a.name,
    img: `/media/logo/account-${a.classId}.webp`,
    intro: a.intro,
    isJump: a.isJump,
    fans: 12_800 + i * 37_519,
    sort: i + 1,
  }));
  const accountNewsRows = ACCOUNTS.flatMap((a) =>
    newestFirst
      .filter((n) => n.dataType !== 7 && n.showType !== 8 && n.showType !== 9 && (n.classId === a.classId || a.match(n)))
      .slice(0, 30)
      .map((n) => ({ classId: a.classId, newsId: n.id })),
  );

  // Hot words that find something in the demo news.
  const hotWordRows = HOT_WORD_CANDIDATES.filter((w) => newsRows.some((n) => n.title.includes(w)))
    .slice(0, 10)
    .map((word, i) => ({ id: i + 1, word, sort: i + 1 }));

  // Newspapers: three editions of 重庆日报, four pages each.
  const anchorMs = newestFirst[0]?.publishTime.getTime() ?? 0;
  const paperRows = [0, 1, 2].map((back) => {
    const id = back + 1;
    const date = beijingDay(anchorMs - back * 86_400_000);
    const pool = newestFirst.filter((n) => n.dataType === 3 && n.showType !== 8 && n.showType !== 9);
    return {
      id,
      name: '重庆日报',
      editionDate: date,
      cover: image(`paper-${id}`, 'paper', 480, 680),
      pages: PAPER_PAGES.map((name, p) => ({
        name,
        image: image(`paper-${id}-${p + 1}`, 'paper', 480, 680),
        newsIds: take(pool, back * 16 + p * 4, 4).map((n) => n.id),
      })),
      sort: id,
    };
  });

  const locationRows = CENTRES.map(([lat, lng], i) => ({ classId: 941 + i, lat, lng }));

  await writePictures(mediaDir, images);

  await tx.insert(topics).values(topicRows);
  await tx.insert(topicNews).values(topicNewsRows);
  await tx.insert(specialTopics).values(special);
  await tx.insert(specialCategories).values(categoryRows);
  await tx.insert(specialCategoryNews).values(categoryNewsRows);
  await tx.insert(publisherAccounts).values(accountRows);
  if (accountNewsRows.length > 0) await tx.insert(publisherAccountNews).values(accountNewsRows);
  await tx.insert(hotWords).values(hotWordRows);
  await tx.insert(newspapers).values(paperRows);
  await tx.insert(districtLocations).values(locationRows);
}
