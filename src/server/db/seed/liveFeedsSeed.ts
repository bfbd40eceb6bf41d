/**
 * The seeded lives' 图文直播 feeds (ADR 025 "Live events"), as the group's old CMS would bring them in with the lives:
 * one feed per live title (topicsData.ts, topic `live`), its updates some minutes apart from the live's start. A
 * live that has not started has none; one that is on (直播中) has those whose time has come, without the closing
 * ones; a replay has them all (seededFeed). The posts belong to no desk story (`article_id` null: the lives came from the old
 * CMS) and were sent by the old CMS's live team. Under its own seed-run name, so a database seeded before the feed
 * existed gets it on its next start.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { news } from '../schema/core.ts';
import { livePosts } from '../schema/publish.ts';
import { seedOnce } from './seedOnce.ts';

export const LIVE_FEEDS_SEED = 'live-feeds';

const MINUTE = 60_000;

interface SeedPost {
  /** Minutes after the live's start. */
  at: number;
  text: string;
  /** A closing update: not shown while the live is still on. */
  closing?: true;
}

/** The feeds, by the live title's pattern (`{p}` is the place the seed put in). */
export const LIVE_FEEDS: readonly (readonly [RegExp, readonly SeedPost[]])[] = [
  [
    /秋季农产品展销会现场/,
    [
      { at: 2, text: '展销会开幕，现场设特色农产品、预制菜和电商直播三个展区，120 余家企业参展。' },
      { at: 15, text: '特色农产品展区里，脆李、青花椒、老腊肉前排起了长队，不少市民一买就是好几袋。' },
      { at: 31, text: '电商直播区，几位返乡创业的年轻人正在带货，半小时卖出柑橘 800 多箱。' },
      { at: 48, text: '农技咨询台前，农技专家为种植户讲解冬季果园清园和防冻管护。' },
      { at: 75, text: '截至中午，展销会现场签约的采购意向金额已超过 3000 万元。本场直播到此结束，感谢收看。', closing: true },
    ],
  ],
  [
    /新闻发布会：介绍冬季民生保障工作/,
    [
      { at: 1, text: '发布会开始。主持人介绍出席发布会的市级有关部门负责人。' },
      { at: 9, text: '市发展改革委：今冬明春全市天然气保供能力比去年同期提高 8%，优先保障居民生活用气。' },
      { at: 18, text: '市民政局：将向困难群众发放一次性生活补贴，预计惠及 30 余万人，春节前发放到位。' },
      { at: 27, text: '市住房城乡建设委：今年已完成 1200 余个老旧小区供水、供气管网检修。' },
      { at: 38, text: '答记者问：针对春运返乡出行，市交通运输委表示将加密主要客运线路班次。' },
      { at: 52, text: '发布会结束。发布会全文稍后将在山城新闻客户端刊发。', closing: true },
    ],
  ],
  [
    /云端赏红叶/,
    [
      { at: 3, text: '早上 8 点，无人机从山脚升空。云雾还没散去，半山腰的红叶若隐若现。' },
      { at: 16, text: '太阳出来了！云海翻涌，满山红叶在阳光下格外鲜亮。' },
      { at: 34, text: '当地文旅部门介绍，今年红叶观赏期预计持续到 12 月中旬。' },
      { at: 50, text: '景区提醒：周末游客较多，建议错峰出行；山路弯多，请减速慢行。' },
      { at: 66, text: '今天的云端赏红叶就到这里，错过的网友可以观看回放。', closing: true },
    ],
  ],
  [
    /长江索道夜景实时看/,
    [
      { at: 2, text: '晚上 7 点，两江沿岸灯光亮起，长江索道迎来今晚第一个客流高峰。' },
      { at: 14, text: '镜头跟随轿厢缓缓驶过江面，洪崖洞、来福士一带灯火通明。' },
      { at: 29, text: '索道工作人员介绍，节假日期间运营时间延长至晚上 10 点，请游客合理安排行程。' },
      { at: 43, text: '两江游船陆续出发，江面上的倒影和岸上的灯光连成一片。' },
    ],
  ],
  [
    /“村晚”开演/,
    [
      { at: 1, text: '村晚在村文化广场开演，台下坐满了从各个院子赶来的乡亲。' },
      { at: 8, text: '开场节目：村里的腰鼓队带来《红红火火》。' },
      { at: 22, text: '70 多岁的老支书登台唱起山歌，台下掌声不断。' },
      { at: 37, text: '留守儿童合唱《让我们荡起双桨》，不少返乡的家长举起手机录像。' },
      { at: 55, text: '抽奖环节到了，奖品是村合作社产的腊肉和土蜂蜜。今晚的村晚圆满结束！', closing: true },
    ],
  ],
  [
    /重庆马拉松全程直播/,
    [
      { at: 0, text: '7:30 鸣枪开跑！3 万名跑者从海棠溪出发。' },
      { at: 25, text: '领先集团已通过长江大桥，配速保持在每公里 3 分钟左右。' },
      { at: 58, text: '沿途补给站的志愿者为跑者递上水和香蕉，市民在路边加油助威。' },
      { at: 129, text: '男子组冠军冲线，成绩 2 小时 09 分。', closing: true },
      { at: 146, text: '女子组冠军冲线，成绩 2 小时 26 分，刷新赛会纪录。', closing: true },
    ],
  ],
  [
    /西部陆海新通道重庆国际物流枢纽园区/,
    [
      { at: 2, text: '记者来到园区铁路集装箱中心站，一列满载汽车零部件的班列正在编组。' },
      { at: 17, text: '园区负责人介绍，今年以来经西部陆海新通道发运的货物同比增长两成以上。' },
      { at: 33, text: '海关监管作业场所里，智能卡口让货车通关时间缩短到 1 分钟以内。' },
      { at: 47, text: '一列开往广西钦州港的班列鸣笛出发，货物将在那里换船运往东南亚。本场探访到此结束。', closing: true },
    ],
  ],
];

/**
 * The feed of a live, as of `now`: none before it starts; on air, its updates whose time has come without the
 * closing ones; a replay, all of them — ending by `now` (a replay that the seed dated only minutes after its start
 * has its feed moved back to end then).
 */
export function seededFeed(title: string, liveType: number, start: Date | null, now: Date): { text: string; at: Date }[] {
  const feed = LIVE_FEEDS.find(([pattern]) => pattern.test(title))?.[1];
  if (!feed || !start || liveType === 0) return [];
  const last = feed.at(-1)?.at ?? 0;
  const from = liveType === 2 ? Math.min(start.getTime(), now.getTime() - last * MINUTE) : start.getTime();
  return feed
    .filter((p) => !(liveType === 1 && p.closing))
    .map((p) => ({ text: p.text, at: new Date(from + p.at * MINUTE) }))
    .filter((p) => p.at.getTime() <= now.getTime());
}

export async function seedLiveFeeds(database: Database, now: Date = new Date()): Promise<{ seeded: boolean }> {
  return seedOnce(database, LIVE_FEEDS_SEED, async () => async (tx) => {
    const lives = await tx
      .select({ id: news.id, title: news.title, liveType: news.liveType, start: news.liveStartTime })
      .from(news)
      .where(eq(news.dataType, 1));
    const rows = lives.flatMap((live) =>
      seededFeed(live.title, live.liveType, live.start, now).map((p, i) => ({
        articleId: null,
        newsId: live.id,
        text: p.text,
        staffId: 0,
        staffName: '山城新闻直播组',
        createKey: `seed-${live.id}-${i}`,
        createdAt: p.at,
      })),
    );
    if (rows.length > 0) await tx.insert(livePosts).values(rows);
  });
}
