/**
 * Demo data of the bangbang board (ADR 007), run inside the demo seed's transaction: demo residents
 * (no phone, so nobody can log in as them), 20 Q&A questions with answers, 15 politics questions (most
 * with an official reply, sanitised by the one sanitiser), and a few comments with replies. Counters
 * (answer_count, comment_count, reply_num) are written to match the rows. Deterministic: ids follow the
 * order of bangbangData.ts, times step back from the seed anchor, like numbers come from a fixed PRNG.
 */
import { sanitizeHtml } from '../../../features/richtext/sanitizeHtml.server.ts';
import type { Tx } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { bangAnswers, bangPolitics, bangQuestions } from '../schema/bangbang.ts';
import { comments } from '../schema/interaction.ts';
import { BANG_COMMENTS, BANG_PEOPLE, BANG_POLITICS, BANG_QUESTIONS } from './bangbangData.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng } from './createRng.ts';

const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);

export async function seedBangbang(tx: Tx): Promise<void> {
  const rng = createRng(1515);
  const people = await tx
    .insert(users)
    .values(BANG_PEOPLE.map((p, i) => ({ nickname: p.nickname, createdAt: new Date(ANCHOR_MS - (400 - i) * 24 * HOUR) })))
    .returning({ id: users.id });
  const userId = (index: number): number => people[index]!.id;

  const questionIds: number[] = [];
  const questionAskedAt: number[] = [];
  for (const [i, q] of BANG_QUESTIONS.entries()) {
    const askedAt = ANCHOR_MS - (i * 17 + 3) * HOUR;
    const comments = BANG_COMMENTS.filter((c) => c.scope === 'bang2' && c.item === i);
    const [row] = await tx
      .insert(bangQuestions)
      .values({
        userId: userId(q.asker),
        title: q.title,
        content: q.content,
        likeNum: rng.int(3, 180),
        pv: rng.int(300, 9000),
        answerCount: q.answers.length,
        commentCount: comments.reduce((n, c) => n + (c.reply ? 2 : 1), 0),
        createdAt: new Date(askedAt),
      })
      .returning({ id: bangQuestions.id });
    questionIds.push(row!.id);
    questionAskedAt.push(askedAt);
    await tx.insert(bangAnswers).values(
      q.answers.map((a, j) => ({
        questionId: row!.id,
        userId: userId(a.by),
        label: BANG_PEOPLE[a.by]!.label,
        content: a.text,
        likeNum: rng.int(0, 60),
        // Answers come within the hours after the question and never after the seed's "now".
        createdAt: new Date(askedAt + (j + 1) * HOUR),
      })),
    );
  }

  const politicsIds: number[] = [];
  const politicsAskedAt: number[] = [];
  for (const [i, p] of BANG_POLITICS.entries()) {
    const askedAt = ANCHOR_MS - (i * 23 + 5) * HOUR;
    const comments = BANG_COMMENTS.filter((c) => c.scope === 'bang1' && c.item === i);
    const [row] = await tx
      .insert(bangPolitics)
      .values({
        userId: userId(p.asker),
        title: p.title,
        content: p.content,
        department: p.department,
        status: p.reply ? 1 : 0,
        replyHtml: p.reply ? sanitizeHtml(p.reply) : '',
        // The department answers within three days, and never after the seed's "now".
        repliedAt: p.reply ? new Date(askedAt + Math.min(3 * 24 * HOUR, (ANCHOR_MS - askedAt) / 2)) : null,
        likeNum: rng.int(5, 260),
        pv: rng.int(500, 12000),
        commentCount: comments.reduce((n, c) => n + (c.reply ? 2 : 1), 0),
        createdAt: new Date(askedAt),
      })
      .returning({ id: bangPolitics.id });
    politicsIds.push(row!.id);
    politicsAskedAt.push(askedAt);
  }

  for (const [i, c] of BANG_COMMENTS.entries()) {
    const itemId = (c.scope === 'bang2' ? questionIds : politicsIds)[c.item]!;
    // Each comment falls between its item's question and the seed's "now", its reply half an hour later at most.
    const askedAt = (c.scope === 'bang2' ? questionAskedAt : politicsAskedAt)[c.item]!;
    const at = askedAt + ((ANCHOR_MS - askedAt) * (i + 1)) / (BANG_COMMENTS.length + 2);
    const [root] = await tx
      .insert(comments)
      .values({
        scope: c.scope,
        classId: c.scope === 'bang2' ? 2 : 1,
        newsId: itemId,
        userId: userId(c.by),
        text: c.text,
        likeNum: rng.int(0, 30),
        replyNum: c.reply ? 1 : 0,
        createdAt: new Date(at),
      })
      .returning({ id: comments.id });
    if (c.reply) {
      await tx.insert(comments).values({
        scope: c.scope,
        classId: c.scope === 'bang2' ? 2 : 1,
        newsId: itemId,
        rootId: root!.id,
        parentId: root!.id,
        userId: userId(c.reply.by),
        text: c.reply.text,
        createdAt: new Date(at + Math.min(HOUR / 2, (ANCHOR_MS - at) / 2)),
      });
    }
  }
}
