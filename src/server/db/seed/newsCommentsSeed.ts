/**
 * News articles carry readers' comments and replies, several with pictures, the pinned stories
 * included. Its own seed-run name, so a database seeded before gets them once on its next start. Readers
 * are demo users; comment pictures live where uploads do (/media/comments/<user>/<uuid>.webp) and are
 * raster scenes (demoPictures.ts). Counters (news.comment_count, comments.reply_num) match the rows.
 * Deterministic: a fixed PRNG, times step forward from each article's publish time, never past the anchor.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { news, seedRuns } from '../schema/core.ts';
import { newsDetailExtras } from '../schema/detail.ts';
import { comments } from '../schema/interaction.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng, hashString } from './createRng.ts';
import { PictureSet, writePictures } from './demoPictures.ts';
import { sceneForCaption } from './sceneSvg.ts';
import { seedRunDone } from './seedOnce.ts';

export const NEWS_COMMENTS_SEED = 'news-comments';
const ANCHOR_MS = Date.parse(SEED_ANCHOR);
const MINUTE = 60_000;

const READERS = [
  '山城老李',
  '解放碑的风',
  '嘉陵江边散步',
  '南岸小周',
  '爱吃小面的猫',
  '两路口打工人',
  '北碚阿香',
  '渝北跑者',
  '沙坪坝学长',
  '观音桥小陈',
  '江津柑橘王',
  '巫山云雨',
  '磁器口老茶客',
  '大渡口钢城人',
  '永川茶山竹海',
  '酉阳小桃',
  '长寿湖钓鱼佬',
  '万州烤鱼爱好者',
  '合川钓鱼城',
  '奉节脐橙妹',
  '黔江骑行侠',
  '涪陵榨菜哥',
  '九龙坡退休教师',
  '綦江版画迷',
  '彭水苗家妹',
  '荣昌夏布人',
  '铜梁舞龙队',
  '石柱辣椒',
  '城口山里人',
  '璧山绿岛',
  '李子坝看轻轨',
  '歌乐山下',
  '南山看雾',
  '鹅岭二厂',
] as const;

/** Top-level comments: reader reactions of a regional news app, none tied to one topic's wording. */
const COMMENTS = [
  '这个必须点赞，家门口的变化看得见。',
  '上周刚去过，确实比以前方便多了，就是周末人有点多。',
  '希望后续的配套也能跟上，特别是停车问题。',
  '作为老重庆，看到这些变化真的很感慨。',
  '请问具体什么时候开始？有没有详细的时间安排？',
  '记者辛苦了，报道很详细，转给家里老人看看。',
  '我们小区楼下就是，施工期间晚上能不能早点停工？',
  '支持！早就盼着了。',
  '去年回老家还没有，今年一看完全变样了。',
  '建议在公众号上出个路线图，外地朋友来了好找。',
  '周末带娃去看了，娃娃耍得好开心。',
  '说得好，但还是要看落实情况，期待后续报道。',
  '这才是我们想看的新闻，接地气。',
  '有没有人一起组队去？评论区集合。',
  '昨天路过看到很多人在排队，原来是这个事。',
  '为家乡打call，欢迎大家来重庆耍！',
  '图片拍得好漂亮，是哪个位置拍的？',
  '早上送娃上学经过，确实堵车少了。',
  '希望能多关注一下偏远乡镇，我们那边也需要。',
  '这个政策好，身边不少人已经受益了。',
  '晚上去拍了几张，灯一亮太巴适了。',
  '老人家问能不能用社保卡，有知道的吗？',
  '说实话比预想的快，点赞效率。',
  '外地来重庆工作三年了，越来越喜欢这座城市。',
  '我们单位也组织去参观了，很受启发。',
  '文章里说的那家店我吃过，味道确实地道。',
  '下雨天路滑，大家出行注意安全。',
  '能不能把开放时间写清楚一点？',
  '细节满满，看完涨知识了。',
  '山城就是山城，爬坡上坎都是风景。',
] as const;

const REPLIES = [
  '同感！',
  '我也是这么想的。',
  '周末人确实多，建议工作日去。',
  '官方公众号上有时间安排，可以去看看。',
  '已经开始了，上周我去过。',
  '可以用，我爸上个月刚办过。',
  '哈哈，评论区遇到老乡了。',
  '谢谢解答！',
  '位置在江边步道那头，很好找。',
  '我们那边也在改，期待一下。',
  '确实，越来越好了。',
  '带上老人孩子一起去，很合适。',
  '楼上说得对。',
  '收藏了，下周就去。',
] as const;

/** Picture comments: what a reader photographs and says. */
const PICTURE_COMMENTS = [
  '随手拍了几张，江边夜景真的绝了。',
  '今天早上的雾，整个城市像在云里。',
  '排队的人好多，给大家看看现场。',
  '周末赶集买的菜，新鲜又便宜。',
  '和朋友去吃的老火锅，红汤巴适。',
  '爬山步道拍的，风景很好。',
  '轻轨穿楼，外地朋友看呆了。',
  '村里的田坝子，今年收成不错。',
] as const;

/** A stable uuid-shaped name for a demo comment picture. */
function demoUuid(key: string): string {
  const hex = [0, 1, 2, 3].map((i) => hashString(`${key}#${i}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function seedNewsComments(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  const done = (db: Pick<Database['db'], 'select'>) => seedRunDone(db, NEWS_COMMENTS_SEED);
  if (await done(database.db)) return { seeded: false };
  const pictures = new PictureSet();
  const seeded = await database.write(async (tx) => {
    if (await done(tx)) return false;
    const rng = createRng(15_2026);
    // Articles that take comments: the pinned stories, then two of every three other articles,
    // pictures and videos (comments open, not hidden by the article's flags).
    const rows = await tx
      .select({ id: news.id, classId: news.classId, isTop: news.isTop, publishTime: news.publishTime })
      .from(news)
      .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
      .where(and(inArray(news.dataType, [2, 3, 8]), eq(news.allowPl, true), sql`coalesce(${newsDetailExtras.hideComments}, false) = false`))
      .orderBy(asc(news.id));
    const targets = rows.filter((r) => r.isTop || r.id % 3 !== 0);
    if (targets.length === 0) return false;
    const readers = await tx
      .insert(users)
      .values(READERS.map((nickname, i) => ({ nickname, createdAt: new Date(ANCHOR_MS - (400 - i * 7) * 24 * 60 * MINUTE) })))
      .returning({ id: users.id });
    const reader = (i: number): number => readers[i % readers.length]!.id;
    // Explicit ids (the sequence is moved past them below): replies name their parents in one batch.
    const [maxRow] = await tx.select({ max: sql<number>`coalesce(max(${comments.id}), 0)::int` }).from(comments);
    let nextId = (maxRow?.max ?? 0) + 1;
    const values: (typeof comments.$inferInsert)[] = [];
    const counts = new Map<number, number>();
    for (const target of targets) {
      const start = target.publishTime.getTime();
      const span = Math.max(10 * MINUTE, ANCHOR_MS - start - MINUTE);
      const topCount = target.isTop ? rng.int(6, 9) : rng.int(1, 5);
      const texts = rng.shuffle(COMMENTS);
      const authors = rng.shuffle(readers.map((_, i) => i));
      let total = 0;
      for (let k = 0; k < topCount; k++) {
        const by = authors[k % authors.length] ?? k;
        const at = start + Math.floor(span * Math.min(0.95, (k + rng.next()) / (topCount + 1)));
        const withPictures = (target.isTop && k === 1) || rng.chance(0.12);
        let text: string = texts[k % texts.length] ?? COMMENTS[0];
        const pics: string[] = [];
        if (withPictures) {
          text = rng.pick(PICTURE_COMMENTS);
          const n = rng.int(1, 3);
          for (let p = 0; p < n; p++) {
            const uuid = demoUuid(`${target.id}-${k}-${p}`);
            pics.push(pictures.add(`comments/${reader(by)}`, uuid, { kind: sceneForCaption(text, target.id + p), width: 720, height: 540 }));
          }
        }
        const replyCount = rng.chance(0.45) ? rng.int(1, 3) : 0;
        const rootId = nextId++;
        values.push({
          id: rootId,
          scope: 'news',
          classId: target.classId,
          newsId: target.id,
          userId: reader(by),
          text,
          pictures: pics,
          likeNum: Math.floor(rng.next() ** 2 * 300),
          replyNum: replyCount,
          isGood: k === 0 && rng.chance(0.3),
          createdAt: new Date(at),
        });
        total += 1;
        let parent = rootId;
        for (let r = 0; r < replyCount; r++) {
          const id = nextId++;
          values.push({
            id,
            scope: 'news',
            classId: target.classId,
            newsId: target.id,
            rootId,
            parentId: r > 0 && rng.chance(0.5) ? parent : rootId,
            userId: reader(by + 1 + r * 5),
            text: rng.pick(REPLIES),
            likeNum: rng.int(0, 30),
            createdAt: new Date(Math.min(ANCHOR_MS - MINUTE, at + (r + 1) * rng.int(5, 90) * MINUTE)),
          });
          parent = id;
          total += 1;
        }
      }
      counts.set(target.id, total);
    }
    for (let i = 0; i < values.length; i += 300) await tx.insert(comments).values(values.slice(i, i + 300));
    await tx.execute(sql`select setval(pg_get_serial_sequence('comments', 'id'), (select coalesce(max(id), 1) from comments))`);
    const bump = [...counts.entries()].map(([id, n]) => sql`(${id}::int, ${n}::int)`);
    for (let i = 0; i < bump.length; i += 200) {
      await tx.execute(
        sql`update news set comment_count = news.comment_count + v.n from (values ${sql.join(bump.slice(i, i + 200), sql`, `)}) as v(id, n) where news.id = v.id`,
      );
    }
    await tx.insert(seedRuns).values({ name: NEWS_COMMENTS_SEED });
    return true;
  });
  // The pictures are files: written after the rows that name them (a failed transaction leaves none named).
  if (seeded) await writePictures(options.mediaDir, pictures);
  return { seeded };
}
