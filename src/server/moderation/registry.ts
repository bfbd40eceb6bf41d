/**
 * The one review model (docs/adr/018-one-review-model.md): every kind of reader-written content registers here,
 * once — its table, its area, how the desk reads an item in its context (text, pictures, author, the article,
 * question or post it belongs to with a link, the parent of a reply), how a decision sets its state, and what a
 * decision changes for readers (counts, cached pages). The desk's queues, decisions and reports know kinds only
 * through this list; adding a kind is one entry below (a table with review_state, or a kind of its own in repo.ts).
 */
import type { ReviewKind } from './kinds.ts';
import { articleKind, commentKind, complaintBackToReplied, countOn, countOnTopics, profileChangeKind, str, tableKind } from './repo.ts';

export type { ItemState, ItemView, ReviewKind } from './kinds.ts';
export { commentArea } from './repo.ts';

/** Every kind the desk reviews; `kind` is what moderation_items.kind names. */
export const REVIEW_KINDS: readonly ReviewKind[] = [
  commentKind,
  articleKind,
  tableKind({
    kind: 'bang_question',
    label: '问答提问',
    area: 'bangbang',
    table: 'bang_questions',
    text: `t.title || ' ' || t.content`,
    pictures: 't.pictures',
    reasonColumn: 'review_reason',
    context: { title: 't.title', href: (r) => `/BangBang/QA/detail?id=${str(r.id)}` },
  }),
  tableKind({
    kind: 'bang_answer',
    label: '问答回答',
    area: 'bangbang',
    table: 'bang_answers',
    text: 't.content',
    pictures: 't.pictures',
    reasonColumn: 'review_reason',
    counters: [countOn('bang_questions', 'answer_count', 'question_id')],
    context: { title: '(select title from bang_questions q where q.id = t.question_id)', href: (r) => `/BangBang/QA/detail?id=${str(r.question_id)}` },
  }),
  tableKind({
    kind: 'bang_politics',
    label: '问政',
    area: 'wenzheng',
    table: 'bang_politics',
    text: `t.title || ' ' || t.content`,
    pictures: 't.pictures',
    reasonColumn: 'review_reason',
    context: { title: 't.title', href: (r) => `/BangBang/politics/detail?id=${str(r.id)}` },
  }),
  tableKind({ kind: 'bang_tip', label: '爆料', area: 'baoliao', table: 'bang_tips', text: 't.content', pictures: 't.pictures', reasonColumn: 'review_reason' }),
  tableKind({
    kind: 'bang_group_post',
    label: '小组帖子',
    area: 'group',
    table: 'bang_group_posts',
    text: 't.content',
    pictures: 't.pictures',
    reasonColumn: 'review_reason',
    counters: [countOn('bang_groups', 'post_count', 'group_id')],
    context: { title: '(select name from bang_groups g where g.id = t.group_id)', href: () => '' },
  }),
  tableKind({
    kind: 'discover_post',
    label: '发现动态',
    area: 'discover',
    table: 'discover_posts',
    text: 't.content',
    pictures: 't.pictures',
    reasonColumn: 'reject_reason',
    counters: [countOnTopics],
    context: { title: `left(t.content, 40)`, href: (r) => `/DetailDiscover?classId=${str(r.topic_id)}&newsId=${str(r.id)}` },
  }),
  tableKind({
    kind: 'essay',
    label: '作文',
    area: 'composition',
    table: 'composition_essays',
    text: `t.title || ' ' || t.content`,
    pictures: 't.pictures',
    reasonColumn: 'reject_reason',
    context: { title: 't.title', href: (r) => `/composition/compositionDetail?id=${str(r.id)}` },
  }),
  tableKind({
    kind: 'essay_comment',
    label: '作文评论',
    area: 'composition',
    table: 'composition_comments',
    text: 't.content',
    reasonColumn: 'reject_reason',
    counters: [countOn('composition_essays', 'comment_count', 'essay_id')],
    context: { title: '(select title from composition_essays e where e.id = t.essay_id)', href: (r) => `/composition/compositionDetail?id=${str(r.essay_id)}` },
  }),
  tableKind({
    kind: 'rural_question',
    label: '农技提问',
    area: 'rural',
    table: 'rural_questions',
    text: 't.content',
    pictures: 't.pictures',
    reasonColumn: 'reject_reason',
  }),
  tableKind({
    kind: 'rural_answer',
    label: '专家回答',
    area: 'rural',
    table: 'rural_answers',
    text: 't.content',
    reasonColumn: 'reject_reason',
    counters: [countOn('rural_questions', 'answer_count', 'question_id')],
    context: {
      title: '(select left(content, 40) from rural_questions q where q.id = t.question_id)',
      href: (r) => `/yu-nong/country-bangbang?id=${str(r.question_id)}`,
    },
  }),
  tableKind({
    kind: 'rural_post',
    label: '农友说',
    area: 'rural',
    table: 'rural_posts',
    text: 't.content',
    pictures: 't.pictures',
    reasonColumn: 'reject_reason',
  }),
  tableKind({
    kind: 'rural_post_comment',
    label: '农友说评论',
    area: 'rural',
    table: 'rural_post_comments',
    text: 't.text',
    reasonColumn: 'reject_reason',
    counters: [countOn('rural_posts', 'comment_count', 'post_id')],
    context: { title: '(select left(content, 40) from rural_posts p where p.id = t.post_id)', href: () => '' },
  }),
  tableKind({
    kind: 'complaint',
    label: '投诉',
    area: 'complaints',
    table: 'complaints',
    text: `t.shop_name || ' ' || t.content`,
    pictures: 't.pictures',
    reasonColumn: 'review_reason',
    context: { title: 't.shop_name', href: (r) => `/Complaints-platform/detail?id=${str(r.id)}` },
  }),
  tableKind({
    kind: 'complaint_follow_up',
    label: '投诉追问',
    area: 'complaints',
    table: 'complaint_follow_ups',
    text: 't.content',
    reasonColumn: 'review_reason',
    context: {
      title: '(select shop_name from complaints c where c.id = t.complaint_id)',
      href: (r) => `/Complaints-platform/detail?id=${str(r.complaint_id)}`,
    },
    alsoChanges: (r, change) => (change.state === 'rejected' ? complaintBackToReplied(r) : null),
  }),
  profileChangeKind,
  tableKind({
    kind: 'reader_photo',
    label: '读者拍客',
    area: 'photos',
    table: 'reader_photos',
    text: 't.caption',
    pictures: 't.url',
    reasonColumn: 'review_reason',
  }),
];

const BY_KIND = new Map(REVIEW_KINDS.map((k) => [k.kind, k]));

export function reviewKind(kind: string): ReviewKind | null {
  return BY_KIND.get(kind) ?? null;
}
