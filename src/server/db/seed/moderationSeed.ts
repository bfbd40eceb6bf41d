/**
 * The moderation desk's demo (docs/adr/018-one-review-model.md), so a fresh start has a desk worth opening (the
 * reasons moderators pick from come with migration 0017): a short sensitive-word list (送审 and 拦截), readers' comments held for review on news
 * articles, on a 问答 question and on a 发现 post, and a held reply (待审, with their ages), three held by a hold word (敏感词), readers' reports
 * on comments, an article, a 问答 question and a 发现 post (被举报), the newest published comments (巡查) and a few
 * decisions by the demo moderator (已处理). Its own seed-run name; the times are set from the moment it runs, so the
 * ages read as a shift's.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { news } from '../schema/core.ts';
import { comments } from '../schema/interaction.ts';
import { moderationItems, sensitiveWords } from '../schema/moderation.ts';
import { seedOnce } from './seedOnce.ts';

export const MODERATION_SEED = 'moderation-desk';
const MINUTE = 60_000;

/** Two of the reasons migration 0017 puts on the list admins edit: what the demo moderator refused with. */
const REFUSED_WITH = ['含有不文明用语', '含有广告或推广信息'] as const;

/** The demo's words as admins typed them, and as the matcher folds them (src/server/review/wordMatcher.ts; a test holds the two together). */
export const DEMO_WORDS: readonly { word: string; normalized: string; action: 'hold' | 'block' }[] = [
  { word: '加微信', normalized: '加微信', action: 'hold' },
  { word: '代开发票', normalized: '代开发票', action: 'hold' },
  { word: '刷单返利', normalized: '刷单返利', action: 'hold' },
  { word: '内部消息', normalized: '内部消息', action: 'hold' },
  { word: '网络赌博', normalized: '网络赌博', action: 'block' },
  { word: '枪支出售', normalized: '枪支出售', action: 'block' },
];

/** The desk's authors: readers with phones and accounts of different ages, so their facts read differently. */
const AUTHORS = [
  { nickname: '江北夜归人', phone: '13983450217', days: 420 },
  { nickname: '渝中小吃货', phone: '15823017765', days: 35 },
  { nickname: '巴南老王', phone: '13508312946', days: 2 },
  { nickname: '石桥铺数码哥', phone: '18623190458', days: 1 },
  { nickname: '沙区宝妈', phone: '13752468810', days: 210 },
  { nickname: '长寿湖游客', phone: '15102359937', days: 12 },
] as const;

/** Held news comments: what a 先审后发 queue holds on a weekday morning. */
const HELD = [
  { by: 0, text: '轨道四号线二期早该通了，希望这次别再延期，每天换乘太折腾了。', minutes: 214 },
  { by: 1, text: '这家店我去过，味道一般般，排队两个小时不值得，大家理性打卡。', minutes: 163 },
  { by: 2, text: '写这篇稿子的记者去现场看过没有？路根本没修好，照片是去年的吧！', minutes: 121 },
  { by: 4, text: '学校门口早上堵得要命，能不能安排交警在七点半到八点疏导一下？', minutes: 74 },
  { by: 5, text: '周末去长寿湖玩，停车场收费 30 元一次，有点贵，希望景区公示一下收费标准。', minutes: 41 },
  { by: 1, text: '支持！老街改造后终于不用再走烂泥巴路了。', minutes: 18 },
  { by: 2, text: '又是形象工程，钱花在哪里了能不能公开一下？', minutes: 6 },
] as const;

/** Held by a hold word (敏感词): the word as the reader wrote it, spaces and all. */
const WORD_HELD = [
  { by: 3, text: '想要优惠券的加微信 cq-sale2026，内部价比店里便宜一半。', word: '加微信', minutes: 97 },
  { by: 3, text: '公司可以代 开 发 票，税点低，需要的私聊。', word: '代开发票', minutes: 52 },
  { by: 5, text: '刷单返利日结，宝妈学生都能做，一单赚 8 元，名额有限。', word: '刷单返利', minutes: 23 },
] as const;

const REPORT_REASONS = [['广告营销'], ['谣言虚假', '其他'], ['色情低俗'], ['政治敏感', '谣言虚假']] as const;

type Row = typeof moderationItems.$inferInsert;

async function authorIds(tx: Tx, now: number): Promise<number[]> {
  const existing = await tx
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(
      inArray(
        users.phone,
        AUTHORS.map((a) => a.phone),
      ),
    );
  const byPhone = new Map(existing.map((u) => [u.phone, u.id]));
  const ids: number[] = [];
  for (const a of AUTHORS) {
    const known = byPhone.get(a.phone);
    if (known !== undefined) {
      ids.push(known);
      continue;
    }
    const [row] = await tx
      .insert(users)
      .values({ nickname: a.nickname, phone: a.phone, createdAt: new Date(now - a.days * 1440 * MINUTE) })
      .returning({ id: users.id });
    ids.push(row!.id);
  }
  return ids;
}

export function seedModeration(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, MODERATION_SEED, async () => async (tx) => {
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * MINUTE);
    await tx
      .insert(sensitiveWords)
      .values([...DEMO_WORDS])
      .onConflictDoNothing();
    const authors = await authorIds(tx, now);
    const author = (i: number) => authors[i % authors.length]!;

    // News articles that take comments, from the middle of the list (the first ones are the tests' own).
    const articles = await tx
      .select({ id: news.id, classId: news.classId })
      .from(news)
      .where(and(eq(news.dataType, 3), eq(news.allowPl, true), eq(news.permission, 0)))
      .orderBy(desc(news.id))
      .limit(12);
    if (articles.length === 0) return;
    const desk: Row[] = [];
    const pictured = await tx
      .select({ pictures: comments.pictures })
      .from(comments)
      .where(and(eq(comments.scope, 'news'), sql`jsonb_array_length(${comments.pictures}) > 0`))
      .orderBy(asc(comments.id))
      .limit(1);

    const held = [...HELD.map((h) => ({ ...h, word: '' })), ...WORD_HELD];
    for (const [i, h] of held.entries()) {
      const article = articles[i % articles.length]!;
      const [row] = await tx
        .insert(comments)
        .values({
          scope: 'news',
          classId: article.classId,
          newsId: article.id,
          userId: author(h.by),
          text: h.text,
          // One held comment carries the pictures a reader took, so the desk shows them full size.
          pictures: i === 3 ? (pictured[0]?.pictures ?? []) : [],
          reviewState: 'pending',
          createdAt: ago(h.minutes),
        })
        .returning({ id: comments.id });
      desk.push({
        kind: 'comment',
        itemId: row!.id,
        area: 'news',
        userId: author(h.by),
        excerpt: h.text,
        state: 'pending',
        heldWord: h.word,
        createdAt: ago(h.minutes),
      });
    }

    // A reply held under a published comment: the desk shows the comment it answers.
    const [parent] = await tx
      .select({ id: comments.id, classId: comments.classId, newsId: comments.newsId, rootId: comments.rootId })
      .from(comments)
      .where(and(eq(comments.scope, 'news'), eq(comments.reviewState, 'approved'), isNull(comments.rootId), isNull(comments.deletedAt)))
      .orderBy(desc(comments.id))
      .limit(1);
    if (parent) {
      const text = '楼上说的不对，这个政策去年就出了，自己不看通知还怪别人。';
      const [reply] = await tx
        .insert(comments)
        .values({
          scope: 'news',
          classId: parent.classId,
          newsId: parent.newsId,
          rootId: parent.id,
          parentId: parent.id,
          userId: author(2),
          text,
          reviewState: 'pending',
          createdAt: ago(33),
        })
        .returning({ id: comments.id });
      desk.push({ kind: 'comment', itemId: reply!.id, area: 'news', userId: author(2), excerpt: text, state: 'pending', heldWord: '', createdAt: ago(33) });
    }

    // Held comments in the other areas the comments table serves: a 问答 question's and a 发现 post's.
    const elsewhere = [
      { scope: 'bang2', area: 'bangbang', by: 4, text: '这个问题我也想问，社区医院周末到底开不开门？打电话一直没人接。', minutes: 88 },
      { scope: 'quan', area: 'discover', by: 5, text: '拍得真好！请问是用什么手机拍的，夜景这么清楚？', minutes: 12 },
    ] as const;
    for (const e of elsewhere) {
      const [target] = await tx
        .select({ classId: comments.classId, newsId: comments.newsId })
        .from(comments)
        .where(and(eq(comments.scope, e.scope), eq(comments.reviewState, 'approved'), isNull(comments.deletedAt)))
        .orderBy(asc(comments.id))
        .limit(1);
      if (!target) continue;
      const [row] = await tx
        .insert(comments)
        .values({
          scope: e.scope,
          classId: target.classId,
          newsId: target.newsId,
          userId: author(e.by),
          text: e.text,
          reviewState: 'pending',
          createdAt: ago(e.minutes),
        })
        .returning({ id: comments.id });
      desk.push({
        kind: 'comment',
        itemId: row!.id,
        area: e.area,
        userId: author(e.by),
        excerpt: e.text,
        state: 'pending',
        heldWord: '',
        createdAt: ago(e.minutes),
      });
    }

    // Decided earlier in the shift by the demo moderator: one approved, two refused (the authors see 未通过：reason).
    const decided = [
      { by: 2, text: '什么破新闻，小编脑子进水了吧？', state: 'rejected', decision: 'reject', reason: REFUSED_WITH[0], minutes: 300, decidedMinutes: 280 },
      { by: 3, text: '全网最低价手机，私信我拿货。', state: 'rejected', decision: 'reject', reason: REFUSED_WITH[1], minutes: 260, decidedMinutes: 250 },
      { by: 0, text: '期待早日通车，到时候上班能省半小时。', state: 'approved', decision: 'approve', reason: '', minutes: 240, decidedMinutes: 235 },
    ] as const;
    for (const [i, d] of decided.entries()) {
      const article = articles[(i + 5) % articles.length]!;
      const [row] = await tx
        .insert(comments)
        .values({
          scope: 'news',
          classId: article.classId,
          newsId: article.id,
          userId: author(d.by),
          text: d.text,
          reviewState: d.state,
          reviewReason: d.reason,
          createdAt: ago(d.minutes),
        })
        .returning({ id: comments.id });
      if (d.state === 'approved')
        await tx
          .update(news)
          .set({ commentCount: sql`${news.commentCount} + 1` })
          .where(eq(news.id, article.id));
      desk.push({
        kind: 'comment',
        itemId: row!.id,
        area: 'news',
        userId: author(d.by),
        excerpt: d.text,
        state: d.state,
        createdAt: ago(d.minutes),
        decision: d.decision,
        reason: d.reason,
        decidedByName: '刘洋',
        decidedAt: ago(d.decidedMinutes),
      });
    }

    // Reports on published comments (被举报), and the newest published comments for patrol (巡查).
    const published = await tx
      .select({ id: comments.id, userId: comments.userId, text: comments.text, scope: comments.scope, createdAt: comments.createdAt })
      .from(comments)
      .where(and(inArray(comments.scope, ['news', 'bang2', 'quan']), eq(comments.reviewState, 'approved'), isNull(comments.deletedAt)))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(16);
    const areaOf = (scope: string) => (scope === 'bang2' ? 'bangbang' : scope === 'quan' ? 'discover' : 'news');
    for (const [i, c] of published.entries()) {
      const reported = i % 4 === 1;
      const reasons = REPORT_REASONS[i % REPORT_REASONS.length]!;
      desk.push({
        kind: 'comment',
        itemId: c.id,
        area: areaOf(c.scope),
        userId: c.userId,
        excerpt: c.text,
        state: 'approved',
        createdAt: c.createdAt,
        ...(reported ? { reportCount: 2 + (i % 3), reportReasons: reasons.join(','), reportedAt: ago(10 + i * 7), reportsOpen: true } : {}),
      });
    }

    // A reported article (the desk keeps it or passes it to the editors), a reported 问答 question and 发现 post.
    const article = articles[1]!;
    desk.push({
      kind: 'article',
      itemId: article.id,
      area: 'news',
      userId: 0,
      excerpt: '',
      state: 'approved',
      reportCount: 3,
      reportReasons: '谣言虚假,其他',
      reportedAt: ago(48),
      reportsOpen: true,
      createdAt: ago(600),
    });
    const question = await firstRow(tx, sql`select id, user_id, title as text from bang_questions where review_state = 'approved' order by id desc limit 1`);
    if (question)
      desk.push({
        kind: 'bang_question',
        itemId: question.id,
        area: 'bangbang',
        userId: question.userId,
        excerpt: question.text,
        state: 'approved',
        reportCount: 2,
        reportReasons: '广告营销',
        reportedAt: ago(64),
        reportsOpen: true,
        createdAt: ago(900),
      });
    const post = await firstRow(tx, sql`select id, user_id, content as text from discover_posts where review_state = 'approved' order by id desc limit 1`);
    if (post)
      desk.push({
        kind: 'discover_post',
        itemId: post.id,
        area: 'discover',
        userId: post.userId,
        excerpt: post.text,
        state: 'approved',
        reportCount: 4,
        reportReasons: '侵权抄袭,其他',
        reportedAt: ago(27),
        reportsOpen: true,
        createdAt: ago(1300),
      });

    await tx.insert(moderationItems).values(desk).onConflictDoNothing();
  });
}

async function firstRow(tx: Tx, query: ReturnType<typeof sql>): Promise<{ id: number; userId: number; text: string } | null> {
  const result = (await tx.execute(query)) as unknown as Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  const row = (Array.isArray(result) ? result : result.rows)[0];
  return row ? { id: Number(row.id), userId: Number(row.user_id), text: String(row.text ?? '') } : null;
}
