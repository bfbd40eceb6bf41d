/**
 * The writing desk's rules (ADR 025): who may edit a story in which state, the 三审 chain (three reviews
 * by three different people, none the author), publishing now or at a set time, withdrawing, and what
 * readers then see. Every step is one transaction with its audit row; a publish or a withdrawal then drops
 * the page and API caches of every process (the invalidation bus).
 */
import { sanitizeHtml } from '../../features/richtext/sanitizeHtml.server.ts';
import {
  ArticleFields,
  checkReady,
  KIND_CATEGORIES,
  KIND_DATA_TYPES,
  panoramaProblem,
  videoAddress,
  webAddress,
  type StoryKind,
  REVIEW_STAGES,
  STAGE_LABELS,
  type ArticleState,
  type ArticleSummary,
  type ArticleVersion,
  type ArticleView,
  type CorrectionView,
} from '../../contract/publish.ts';
import type { z } from '../../contract/zod.ts';
import type { CorrectInput, LivePostInput, LivePostView, LiveType, PushInput, PushView, SaveInput } from '../../contract/publish.ts';
import { LIVE_TYPE_LABELS } from '../../contract/publish.ts';
import type { LiveFeedPush } from '../../contract/liveFeed.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import { BREAKING_TEXT_MAX, type BreakingNotice } from '../../contract/breaking.ts';
import { GoimOp } from '../../lib/goim.ts';
import { siteRoomIdRepo } from '../appConfig/repo.ts';
import type { RealtimePublisher } from '../realtime/RealtimePublisher.ts';
import { newsRoomKey, roomKeyOf } from '../realtime/roomId.ts';
import { decideItemJump } from '../../routing/jump.ts';
import { invalidationBus } from '../cache/invalidationBus.ts';
import { appendAudit, type AuditEntry } from '../audit/repo.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import { isInternalLink } from '../http/internalAddress.ts';
import type { MediaStorage } from '../media/storage.ts';
import { PICTURE_MESSAGES, storedPictureSize } from './pictures.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { can, type StaffMember } from '../staff/permissions.ts';
import { TAG_ALL } from '../web/writeScope.ts';
import {
  addCorrectionRepo,
  addLivePostRepo,
  addPushRepo,
  livePostsOfArticleRepo,
  lockLivePostRepo,
  setNewsLiveTypeRepo,
  withdrawLivePostRepo,
  type LivePostRow,
  addVersionRepo,
  articleRepo,
  correctionsOfArticleRepo,
  claimScheduledRepo,
  createArticleRepo,
  deleteNewsRowRepo,
  dueScheduledRepo,
  listArticlesRepo,
  listVersionsRepo,
  lastPushLockedRepo,
  lockArticleRepo,
  nextNewsIdRepo,
  placementExistsRepo,
  pushByKeyRepo,
  updateArticleRepo,
  writeNewsRowRepo,
  type ArticleRow,
} from './repo.ts';

export const PUBLISH_MESSAGES = {
  notFound: '稿件不存在',
  locked: '当前状态下不能修改这篇稿件',
  conflict: '稿件已被他人修改，请刷新后再保存（本页未保存的内容已留在本机草稿中）',
  notReady: '稿件还不能提交：',
  notInReview: '稿件不在审核中',
  ownStory: '不能审核自己写的稿件',
  reviewedAlready: '同一篇稿件的三审须由三位不同的人完成，您已审过这篇稿件',
  returnNote: '退回稿件请填写修改意见（至少 2 个字）',
  notApproved: '稿件未完成三审，不能签发',
  notPublished: '稿件未发布或定时，无需撤稿',
  columnMismatch: '栏目不属于所选频道',
  noAccount: '山城号不存在',
  noTopic: '话题不存在',
  past: '定时发布时间须晚于现在',
  tooFar: '定时发布时间不能超过 30 天后',
  notLive: '稿件未发布，不能更正',
  notLivePush: '稿件未发布，不能推送',
  pushTooSoon: '突发推送每 10 分钟最多一次，请于 ',
  internalLink: '外链地址不能指向内部网络',
  notArticleCorrect: '只有图文稿件可以发布更正；图集、视频和外链请修改后更新发布',
  linkPush: '外链稿件没有本站页面，不能突发推送',
  internalLive: '直播源地址不能指向内部网络',
  internalVideo: '视频地址不能指向内部网络',
  notLiveKind: '只有直播稿件有直播状态和图文直播',
  liveNotPublished: '直播未发布，不能切换状态或发布动态',
  liveBackwards: '直播状态只能依次从“未开始”到“直播中”、再到“回放”，不能倒退或跳过',
  livePostNotFound: '这条直播动态不存在',
  scheduleRefused: '定时发布未执行：',
} as const;

/** Pushes are rate-limited (ADR 025): one breaking-news push per this window for the whole desk. */
export const PUSH_WINDOW_MS = 10 * 60_000;

/** A schedule closer than this publishes at once. */
const SCHEDULE_MIN_MS = 60_000;
const SCHEDULE_MAX_MS = 30 * 86_400_000;

export interface Actor {
  staff: StaffMember;
  audit: (tx: Tx, entry: Omit<AuditEntry, 'staffId' | 'staffName' | 'ip'>) => Promise<void>;
}

const refuse = (message: string): ApiFailure => new ApiFailure(StatusCode.unprocessable, message);
const notFound = (): ApiFailure => new ApiFailure(StatusCode.notFound, PUBLISH_MESSAGES.notFound);

/** Plain-text fields carry no markup: tags are dropped at save (the pages escape them again anyway). */
function plain(s: string): string {
  return s
    .replace(/<\/?[a-z!?/][^>]*>?/gi, '')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();
}

export function cleanFields(f: ArticleFields): ArticleFields {
  const linkUrl = f.linkUrl === '' ? '' : (webAddress(f.linkUrl) ?? '');
  if (linkUrl !== '' && isInternalLink(linkUrl)) throw refuse(PUBLISH_MESSAGES.internalLink);
  const liveSources = f.liveSources.map((s) => ({ name: plain(s.name), url: s.url === '' ? '' : (webAddress(s.url, ['https:']) ?? '') }));
  if (liveSources.some((s) => s.url !== '' && isInternalLink(s.url))) throw refuse(PUBLISH_MESSAGES.internalLive);
  const videoUrl = f.videoUrl === '' ? '' : (videoAddress(f.videoUrl) ?? '');
  // A file of ours is a path (STAFF_VIDEO_URL); an address elsewhere may not lead a reader's phone into a private network.
  if (videoUrl.startsWith('https:') && isInternalLink(videoUrl)) throw refuse(PUBLISH_MESSAGES.internalVideo);
  return {
    ...f,
    linkUrl,
    liveSources,
    videoUrl,
    pictures: f.pictures.map((p) => ({ url: p.url, caption: plain(p.caption) })),
    title: plain(f.title),
    smallText: plain(f.smallText),
    befrom: plain(f.befrom),
    writer: plain(f.writer),
    execEditor: plain(f.execEditor),
    finalEditor: plain(f.finalEditor),
    label: plain(f.label),
    topTitle: plain(f.topTitle),
    keyboard: [...new Set(f.keyboard.map(plain).filter((k) => k !== ''))],
    region: plain(f.region),
    disclaimer: plain(f.disclaimer),
  };
}

/** May `staff` see this story at all? Its author, and whoever reviews or publishes. */
function mayOpen(staff: StaffMember, row: ArticleRow): boolean {
  return row.authorId === staff.id || can(staff, 'publish.review') || can(staff, 'publish.publish');
}

function mayEdit(staff: StaffMember, row: ArticleRow): boolean {
  const state = row.state as ArticleState;
  const reviewer = can(staff, 'publish.review') || can(staff, 'publish.publish');
  switch (state) {
    case 'draft':
    case 'withdrawn':
      return row.authorId === staff.id || reviewer;
    case 'review':
    case 'approved':
      // 三校: the reviewers correct the copy; the author waits for the decision.
      return reviewer && row.authorId !== staff.id;
    case 'scheduled':
    case 'published':
      return can(staff, 'publish.publish');
  }
}

function reviewersOf(row: ArticleRow): { id: number; name: string }[] {
  return row.reviewers;
}

/**
 * Where a published story's card opens: its reader page, or for an external link the link itself — the list cards'
 * own rule (decideItemJump, spec 9's jump table) with the kind's data type and category. Null only for a story without
 * a column or an address.
 */
function readerUrlOf(f: ArticleFields, newsId: number): string | null {
  const item = { id: newsId, classId: f.classId, dataType: KIND_DATA_TYPES[f.kind], category: KIND_CATEGORIES[f.kind], targetUrl: f.linkUrl };
  return decideItemJump(item)?.href ?? null;
}

export function viewOf(staff: StaffMember, row: ArticleRow): ArticleView {
  const state = row.state as ArticleState;
  const f = row.fields;
  const reviewed = reviewersOf(row).some((r) => r.id === staff.id);
  const mayPublish = can(staff, 'publish.publish');
  const breaking = can(staff, 'publish.breaking');
  return {
    id: row.id,
    newsId: row.newsId,
    state,
    reviewStage: row.reviewStage,
    reviewers: reviewersOf(row),
    note: row.note,
    authorId: row.authorId,
    authorName: row.authorName,
    fields: f,
    content: row.content,
    revision: row.revision,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    can: {
      edit: mayEdit(staff, row),
      submit: (state === 'draft' || state === 'withdrawn') && mayEdit(staff, row),
      review: state === 'review' && can(staff, 'publish.review') && row.authorId !== staff.id && !reviewed,
      publish: mayPublish && (state === 'approved' || state === 'published' || state === 'scheduled'),
      breaking: breaking && (state === 'draft' || state === 'review' || state === 'withdrawn'),
      withdraw: mayPublish && (state === 'published' || state === 'scheduled'),
      correct: mayPublish && state === 'published' && f.kind === 'article',
      push: breaking && state === 'published' && f.kind !== 'link',
      live: mayPublish && state === 'published' && f.kind === 'live',
    },
    readerUrl: state === 'published' && row.newsId !== null ? readerUrlOf(f, row.newsId) : null,
  };
}

function summaryOf(row: ArticleRow): ArticleSummary {
  return {
    id: row.id,
    kind: row.fields.kind,
    title: row.fields.title,
    state: row.state as ArticleState,
    reviewStage: row.reviewStage,
    authorName: row.authorName,
    updatedAt: row.updatedAt.toISOString(),
    publishAt: row.publishAt?.toISOString() ?? null,
  };
}

async function openLocked(tx: Tx, staff: StaffMember, id: number): Promise<ArticleRow> {
  const row = await lockArticleRepo(tx, id);
  if (!row || !mayOpen(staff, row)) throw notFound();
  return row;
}

/** What the reader side changed: every list may show the story, and its own pages. */
function dropReaderCaches(newsId: number | null): void {
  invalidationBus.publish(newsId === null ? [TAG_ALL] : [TAG_ALL, `news-${newsId}`]);
}

async function checkPlacement(db: Db | Tx, f: ArticleFields): Promise<void> {
  const problem = await placementRefusal(db, f);
  if (problem !== null) throw refuse(problem);
}

/** Why a story cannot go where it is placed (Chinese), or null: its column, 山城号 account and topic, if named, exist. */
async function placementRefusal(db: Db | Tx, f: ArticleFields): Promise<string | null> {
  if (f.classId === 0 && f.publisherClassId === 0 && f.topicId === 0) return null;
  const found = await placementExistsRepo(db, f);
  if (f.classId !== 0 && !found.column) return PUBLISH_MESSAGES.columnMismatch;
  if (!found.account) return PUBLISH_MESSAGES.noAccount;
  if (!found.topic) return PUBLISH_MESSAGES.noTopic;
  return null;
}

/**
 * A VR story's panorama is at least VR_MIN_RATIO times as wide as high (ADR 025 "Kinds"), by the stored picture's
 * own pixel size: the editor checks it before taking a picture, and the server does not take the editor's word.
 */
async function checkPanorama(media: MediaStorage, f: ArticleFields): Promise<void> {
  const problem = await panoramaRefusal(media, f);
  if (problem !== null) throw refuse(problem);
}

/** Why a VR story's panorama is refused (Chinese), or null: not VR, none chosen yet, or a true panorama. */
async function panoramaRefusal(media: MediaStorage, f: ArticleFields): Promise<string | null> {
  if (f.kind !== 'vr' || f.vrPicture === '') return null;
  const size = await storedPictureSize(media, f.vrPicture);
  return size === null ? PICTURE_MESSAGES.notStored : panoramaProblem(size);
}

async function requireReady(media: MediaStorage, row: Pick<ArticleRow, 'fields' | 'content'>): Promise<void> {
  const problems = checkReady(row.fields, row.content);
  if (problems.length > 0) throw refuse(`${PUBLISH_MESSAGES.notReady}${problems.join('；')}`);
  await checkPanorama(media, row.fields);
}

export async function listArticles(
  database: Database,
  staff: StaffMember,
  q: { state?: ArticleState | undefined; mine?: '1' | '0' | undefined },
): Promise<ArticleSummary[]> {
  const everyone = can(staff, 'publish.review') || can(staff, 'publish.publish');
  const rows = await listArticlesRepo(database.db, { state: q.state, authorId: everyone && q.mine !== '1' ? undefined : staff.id });
  return rows.map(summaryOf);
}

export async function openArticle(database: Database, staff: StaffMember, id: number): Promise<ArticleView> {
  const row = await articleRepo(database.db, id);
  if (!row || !mayOpen(staff, row)) throw notFound();
  return viewOf(staff, row);
}

export async function createArticle(database: Database, actor: Actor, key: string, kind: StoryKind = 'article'): Promise<ArticleView> {
  const { staff } = actor;
  const fields = ArticleFields.parse({ writer: staff.name, kind });
  return database.write(async (tx) => {
    const { row, created } = await createArticleRepo(tx, { authorId: staff.id, authorName: staff.name, key, fields });
    if (created) await actor.audit(tx, { action: 'publish.create', itemKind: 'article', itemId: row.id, after: { kind: row.fields.kind } });
    return viewOf(staff, row);
  });
}

export async function saveArticle(database: Database, media: MediaStorage, actor: Actor, input: z.output<typeof SaveInput>): Promise<ArticleView> {
  const { staff } = actor;
  const cleaned = cleanFields(input.fields);
  // The same sanitiser the reader pages use (docs/security.md G53), at save: nothing else is ever stored.
  const html = sanitizeHtml(input.content);
  await checkPlacement(database.db, cleaned);
  return database.write(async (tx) => {
    const row = await openLocked(tx, staff, input.id);
    if (row.lastSaveId === input.saveId) return viewOf(staff, row);
    if (!mayEdit(staff, row)) throw refuse(PUBLISH_MESSAGES.locked);
    if (row.revision !== input.revision) throw refuse(PUBLISH_MESSAGES.conflict);
    // A story keeps the kind it was made as, and a live its state (only the live desk moves it); a photo set
    // and a link have no body of their own.
    const fields = { ...cleaned, kind: row.fields.kind, liveType: row.fields.liveType };
    const content = fields.kind === 'photos' || fields.kind === 'link' ? '' : html;
    // A panorama is read once, when it changes (autosaves keep the one already checked); submit and publish read it again.
    if (fields.vrPicture !== row.fields.vrPicture) await checkPanorama(media, fields);
    const saved = await updateArticleRepo(tx, row.id, { fields, content, revision: row.revision + 1, lastSaveId: input.saveId });
    let version: number | null = null;
    if (!input.autosave) version = await addVersionRepo(tx, { articleId: row.id, fields, content, savedBy: staff.id, savedByName: staff.name });
    await actor.audit(tx, {
      action: input.autosave ? 'publish.autosave' : 'publish.save',
      itemKind: 'article',
      itemId: row.id,
      before: { revision: row.revision, title: row.fields.title },
      after: { revision: saved.revision, title: fields.title, version },
    });
    return viewOf(staff, saved);
  });
}

export async function submitArticle(database: Database, media: MediaStorage, actor: Actor, id: number): Promise<ArticleView> {
  const { staff } = actor;
  return database.write(async (tx) => {
    const row = await openLocked(tx, staff, id);
    if (!((row.state === 'draft' || row.state === 'withdrawn') && mayEdit(staff, row))) throw refuse(PUBLISH_MESSAGES.locked);
    await requireReady(media, row);
    await checkPlacement(tx, row.fields);
    const next = await updateArticleRepo(tx, id, { state: 'review', reviewStage: 1, reviewers: [], note: '' });
    await addVersionRepo(tx, { articleId: id, fields: row.fields, content: row.content, savedBy: staff.id, savedByName: staff.name });
    await actor.audit(tx, {
      action: 'publish.submit',
      itemKind: 'article',
      itemId: id,
      before: { state: row.state },
      after: { state: 'review', stage: STAGE_LABELS[0] },
    });
    return viewOf(staff, next);
  });
}

export async function reviewArticle(
  database: Database,
  actor: Actor,
  input: { id: number; decision: 'approve' | 'return'; note: string },
): Promise<ArticleView> {
  const { staff } = actor;
  return database.write(async (tx) => {
    const row = await openLocked(tx, staff, input.id);
    if (row.authorId === staff.id) throw refuse(PUBLISH_MESSAGES.ownStory);
    const stageLabel = STAGE_LABELS[row.reviewStage - 1] ?? '终审';
    if (input.decision === 'return') {
      if (row.state !== 'review' && row.state !== 'approved') throw refuse(PUBLISH_MESSAGES.notInReview);
      if (input.note.length < 2) throw refuse(PUBLISH_MESSAGES.returnNote);
      const next = await updateArticleRepo(tx, row.id, { state: 'draft', reviewStage: 0, reviewers: [], note: input.note });
      await actor.audit(tx, {
        action: 'publish.return',
        itemKind: 'article',
        itemId: row.id,
        before: { state: row.state, stage: stageLabel },
        after: { state: 'draft' },
        reason: input.note,
      });
      return viewOf(staff, next);
    }
    if (row.state !== 'review') throw refuse(PUBLISH_MESSAGES.notInReview);
    if (reviewersOf(row).some((r) => r.id === staff.id)) throw refuse(PUBLISH_MESSAGES.reviewedAlready);
    const reviewers = [...reviewersOf(row), { id: staff.id, name: staff.name }];
    const done = row.reviewStage >= REVIEW_STAGES;
    const next = await updateArticleRepo(tx, row.id, {
      state: done ? 'approved' : 'review',
      reviewStage: done ? 0 : row.reviewStage + 1,
      reviewers,
      note: input.note,
    });
    await actor.audit(tx, {
      action: 'publish.approve',
      itemKind: 'article',
      itemId: row.id,
      before: { state: row.state, stage: stageLabel },
      after: { state: next.state, reviewers: reviewers.map((r) => r.name) },
      reason: input.note,
    });
    return viewOf(staff, next);
  });
}

/** The reader row goes out (or is replaced) in `tx`; answers the news id. */
async function putLive(tx: Tx, row: ArticleRow, publishTime: Date): Promise<number> {
  const newsId = row.newsId ?? (await nextNewsIdRepo(tx));
  await writeNewsRowRepo(tx, { newsId, fields: row.fields, content: row.content, publishTime, authorName: row.authorName });
  return newsId;
}

export async function publishArticle(
  database: Database,
  media: MediaStorage,
  actor: Actor,
  input: { id: number; at?: string | undefined },
  now: Date = new Date(),
): Promise<ArticleView> {
  const { staff } = actor;
  const at = input.at === undefined ? null : new Date(input.at);
  if (at !== null && at.getTime() > now.getTime() + SCHEDULE_MAX_MS) throw refuse(PUBLISH_MESSAGES.tooFar);
  if (at !== null && at.getTime() < now.getTime() - SCHEDULE_MIN_MS) throw refuse(PUBLISH_MESSAGES.past);
  const scheduled = at !== null && at.getTime() > now.getTime() + SCHEDULE_MIN_MS;
  const result = await database.write(async (tx) => {
    const row = await openLocked(tx, staff, input.id);
    const state = row.state as ArticleState;
    const reviewed = state === 'approved' || state === 'published' || state === 'scheduled';
    // spec: the chief may publish a breaking story at once; the audit row says which reviews it skipped.
    const skipping = !reviewed;
    if (skipping && !can(staff, 'publish.breaking')) throw refuse(PUBLISH_MESSAGES.notApproved);
    await requireReady(media, row);
    await checkPlacement(tx, row.fields);
    const skipped = skipping ? STAGE_LABELS.slice(state === 'review' ? row.reviewStage - 1 : 0) : [];
    const base = { before: { state, stage: row.reviewStage }, itemKind: 'article', itemId: row.id } as const;
    if (scheduled) {
      // A published story moved to a later time leaves the lists until then.
      if (state === 'published' && row.newsId !== null) await deleteNewsRowRepo(tx, row.newsId);
      const next = await updateArticleRepo(tx, row.id, { state: 'scheduled', publishAt: at, reviewStage: 0 });
      await actor.audit(tx, { ...base, action: 'publish.schedule', after: { state: 'scheduled', at: at.toISOString(), skipped } });
      return { view: viewOf(staff, next), newsId: state === 'published' ? row.newsId : null };
    }
    const publishTime = state === 'published' && row.publishedAt ? row.publishedAt : now;
    const newsId = await putLive(tx, row, publishTime);
    const next = await updateArticleRepo(tx, row.id, { state: 'published', newsId, publishedAt: publishTime, publishAt: null, reviewStage: 0 });
    await addVersionRepo(tx, { articleId: row.id, fields: row.fields, content: row.content, savedBy: staff.id, savedByName: staff.name });
    await actor.audit(tx, {
      ...base,
      action: state === 'published' ? 'publish.update' : skipping ? 'publish.breaking' : 'publish.publish',
      after: { state: 'published', newsId, skipped },
    });
    return { view: viewOf(staff, next), newsId };
  });
  dropReaderCaches(result.newsId);
  return result.view;
}

export async function withdrawArticle(database: Database, actor: Actor, input: { id: number; note: string }): Promise<ArticleView> {
  const { staff } = actor;
  const result = await database.write(async (tx) => {
    const row = await openLocked(tx, staff, input.id);
    if (row.state !== 'published' && row.state !== 'scheduled') throw refuse(PUBLISH_MESSAGES.notPublished);
    if (row.newsId !== null) await deleteNewsRowRepo(tx, row.newsId);
    const next = await updateArticleRepo(tx, row.id, { state: 'withdrawn', publishAt: null, note: input.note, reviewers: [] });
    await actor.audit(tx, {
      action: 'publish.withdraw',
      itemKind: 'article',
      itemId: row.id,
      before: { state: row.state, newsId: row.newsId },
      after: { state: 'withdrawn' },
      reason: input.note,
    });
    return { view: viewOf(staff, next), newsId: row.newsId };
  });
  dropReaderCaches(result.newsId);
  return result.view;
}

export async function listVersions(database: Database, staff: StaffMember, id: number): Promise<ArticleVersion[]> {
  const row = await articleRepo(database.db, id);
  if (!row || !mayOpen(staff, row)) throw notFound();
  const rows = await listVersionsRepo(database.db, id);
  return rows.map((v) => ({ version: v.version, savedByName: v.savedByName, savedAt: v.savedAt.toISOString(), title: v.fields.title, content: v.content }));
}

function correctionViewOf(row: { id: number; note: string; staffName: string; correctedAt: Date }): CorrectionView {
  return { id: row.id, note: row.note, staffName: row.staffName, correctedAt: row.correctedAt.toISOString() };
}

export async function listCorrections(database: Database, staff: StaffMember, id: number): Promise<CorrectionView[]> {
  const row = await articleRepo(database.db, id);
  if (!row || !mayOpen(staff, row)) throw notFound();
  return (await correctionsOfArticleRepo(database.db, id)).map(correctionViewOf);
}

/**
 * A correction (更正) of a published story (ADR 025): readers see it at the story's end with
 * its date at once, without a new publication of the story. One transaction with its audit row; a retry
 * with the same key answers the same correction.
 */
export async function correctArticle(database: Database, actor: Actor, input: z.output<typeof CorrectInput>): Promise<CorrectionView[]> {
  const { staff } = actor;
  const note = plain(input.note);
  if (note.length < 4) throw refuse('请填写更正说明（至少 4 个字）');
  const result = await database.write(async (tx) => {
    const row = await openLocked(tx, staff, input.id);
    if (row.state !== 'published' || row.newsId === null) throw refuse(PUBLISH_MESSAGES.notLive);
    if (row.fields.kind !== 'article') throw refuse(PUBLISH_MESSAGES.notArticleCorrect);
    const { row: added, created } = await addCorrectionRepo(tx, {
      articleId: row.id,
      newsId: row.newsId,
      note,
      staffId: staff.id,
      staffName: staff.name,
      key: input.key,
    });
    if (created)
      await actor.audit(tx, {
        action: 'publish.correct',
        itemKind: 'article',
        itemId: row.id,
        after: { newsId: row.newsId, correction: added.id },
        reason: note,
      });
    return { newsId: row.newsId, list: (await correctionsOfArticleRepo(tx, row.id)).map(correctionViewOf) };
  });
  dropReaderCaches(result.newsId);
  return result.list;
}

function beijingClock(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3_600_000);
  return `${String(t.getUTCHours()).padStart(2, '0')}:${String(t.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * A breaking-news push (突发推送, ADR 025): a short banner that opens the story, sent now to every reader
 * page over the realtime socket (op 1002 in the init config's site room). Only for a published story, by
 * whoever holds `publish.breaking`; one push per PUSH_WINDOW_MS for the whole desk (the log row and the
 * check share one transaction under a table lock); logged in audit. A retry with the same key answers the
 * push it made and sends nothing again.
 */
export async function pushBreaking(
  database: Database,
  actor: Actor,
  realtime: RealtimePublisher | undefined,
  input: z.output<typeof PushInput>,
  now: Date = new Date(),
): Promise<PushView> {
  const { staff } = actor;
  const result = await database.write(async (tx) => {
    const again = await pushByKeyRepo(tx, input.key);
    if (again) return { row: again, notice: null };
    const row = await openLocked(tx, staff, input.id);
    if (row.state !== 'published' || row.newsId === null) throw refuse(PUBLISH_MESSAGES.notLivePush);
    // The banner opens a page of this site (parseBreakingNotice takes only our own paths).
    if (row.fields.kind === 'link') throw refuse(PUBLISH_MESSAGES.linkPush);
    const last = await lastPushLockedRepo(tx);
    if (last && now.getTime() - last.pushedAt.getTime() < PUSH_WINDOW_MS) {
      throw refuse(`${PUBLISH_MESSAGES.pushTooSoon}${beijingClock(new Date(last.pushedAt.getTime() + PUSH_WINDOW_MS))} 后再试`);
    }
    const url = readerUrlOf(row.fields, row.newsId);
    if (url === null) throw refuse(PUBLISH_MESSAGES.notLivePush);
    const text = (plain(input.text) || row.fields.title).slice(0, BREAKING_TEXT_MAX);
    const added = await addPushRepo(tx, { articleId: row.id, newsId: row.newsId, text, staffId: staff.id, staffName: staff.name, key: input.key, at: now });
    await actor.audit(tx, { action: 'publish.push', itemKind: 'article', itemId: row.id, after: { newsId: row.newsId, push: added.id, text } });
    const notice: BreakingNotice = {
      newsId: row.newsId,
      classId: row.fields.classId,
      text,
      url,
    };
    return { row: added, notice };
  });
  if (result.notice) {
    const room = roomKeyOf(await siteRoomIdRepo(database.db));
    // Best effort after the commit (RealtimePublisher never throws): the audit row stands either way.
    if (room) realtime?.publish(room, GoimOp.breaking, result.notice);
  }
  const r = result.row;
  return { id: r.id, text: r.text, staffName: r.staffName, pushedAt: r.pushedAt.toISOString() };
}

/** A live's open pages hear of a change in the item's room (best effort after the commit: never throws). */
function pushLive(realtime: RealtimePublisher | undefined, classId: number, body: LiveFeedPush): void {
  realtime?.publish(newsRoomKey(classId, body.newsId), GoimOp.live, body);
}

async function openLive(tx: Tx, staff: StaffMember, id: number): Promise<ArticleRow & { newsId: number }> {
  const row = await openLocked(tx, staff, id);
  if (row.fields.kind !== 'live') throw refuse(PUBLISH_MESSAGES.notLiveKind);
  if (row.state !== 'published' || row.newsId === null) throw refuse(PUBLISH_MESSAGES.liveNotPublished);
  return { ...row, newsId: row.newsId };
}

/**
 * Moves a published live's state forward (ADR 025 "Live events"): 未开始 → 直播中 → 回放. Asking for the state it
 * already has answers without a change (a retry is safe); going back or skipping a step is refused. The story's
 * fields and the reader row change in one transaction with the audit row; then the cached pages drop it and the
 * open LiveDetail pages hear the new state.
 */
export async function setLiveState(
  database: Database,
  actor: Actor,
  realtime: RealtimePublisher | undefined,
  input: { id: number; liveType: LiveType },
): Promise<ArticleView> {
  const { staff } = actor;
  const result = await database.write(async (tx) => {
    const row = await openLive(tx, staff, input.id);
    const from = row.fields.liveType;
    if (from === input.liveType) return { view: viewOf(staff, row), changed: null };
    if (input.liveType !== from + 1) throw refuse(PUBLISH_MESSAGES.liveBackwards);
    const fields = { ...row.fields, liveType: input.liveType };
    const next = await updateArticleRepo(tx, row.id, { fields });
    await setNewsLiveTypeRepo(tx, row.newsId, input.liveType);
    await actor.audit(tx, {
      action: 'publish.liveState',
      itemKind: 'article',
      itemId: row.id,
      before: { liveType: from, state: LIVE_TYPE_LABELS[from] },
      after: { liveType: input.liveType, state: LIVE_TYPE_LABELS[input.liveType], newsId: row.newsId },
    });
    return { view: viewOf(staff, next), changed: { newsId: row.newsId, classId: row.fields.classId } };
  });
  if (result.changed) {
    // Lists show a live's state on its card; its own page shows it in the player and the title.
    dropReaderCaches(result.changed.newsId);
    pushLive(realtime, result.changed.classId, { newsId: result.changed.newsId, what: 'state', liveType: input.liveType });
  }
  return result.view;
}

function livePostViewOf(r: LivePostRow): LivePostView {
  return {
    id: r.id,
    text: r.text,
    picture: r.picture,
    staffName: r.staffName,
    createdAt: r.createdAt.toISOString(),
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
  };
}

/** The text of an update: as typed (readers get it escaped, as text), without control characters. */
function feedText(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

export async function listLivePosts(database: Database, staff: StaffMember, id: number): Promise<LivePostView[]> {
  const row = await articleRepo(database.db, id);
  if (!row || !mayOpen(staff, row)) throw notFound();
  return (await livePostsOfArticleRepo(database.db, id)).map(livePostViewOf);
}

/**
 * Posts an update to a published live's 图文直播 feed: one transaction with its audit row; a retry with the same
 * key answers the same update and sends nothing again. Readers' cached page drops it, and open pages get it.
 */
export async function postLive(
  database: Database,
  actor: Actor,
  realtime: RealtimePublisher | undefined,
  input: z.output<typeof LivePostInput>,
): Promise<LivePostView[]> {
  const { staff } = actor;
  const text = feedText(input.text);
  if (text === '') throw refuse('请填写直播动态');
  const result = await database.write(async (tx) => {
    const row = await openLive(tx, staff, input.id);
    const { row: added, created } = await addLivePostRepo(tx, {
      articleId: row.id,
      newsId: row.newsId,
      text,
      picture: input.picture,
      staffId: staff.id,
      staffName: staff.name,
      key: input.key,
    });
    if (created)
      await actor.audit(tx, { action: 'publish.livePost', itemKind: 'article', itemId: row.id, after: { newsId: row.newsId, post: added.id, text } });
    return { row, added: created ? added : null, list: (await livePostsOfArticleRepo(tx, row.id)).map(livePostViewOf) };
  });
  const { row, added } = result;
  if (added) {
    invalidationBus.publish([`news-${row.newsId}`]);
    pushLive(realtime, row.fields.classId, {
      newsId: row.newsId,
      what: 'post',
      post: { id: added.id, time: formatBeijingTime(added.createdAt), text: added.text, picture: added.picture },
    });
  }
  return result.list;
}

/** Withdraws (撤回) an update of a live's feed: readers no longer see it; a second withdrawal changes nothing. */
export async function withdrawLivePost(
  database: Database,
  actor: Actor,
  realtime: RealtimePublisher | undefined,
  input: { id: number; postId: number },
  now: Date = new Date(),
): Promise<LivePostView[]> {
  const { staff } = actor;
  const result = await database.write(async (tx) => {
    const row = await openLive(tx, staff, input.id);
    const post = await lockLivePostRepo(tx, row.id, input.postId);
    if (!post) throw refuse(PUBLISH_MESSAGES.livePostNotFound);
    const changed = post.withdrawnAt === null;
    if (changed) {
      await withdrawLivePostRepo(tx, post.id, now);
      await actor.audit(tx, {
        action: 'publish.liveWithdraw',
        itemKind: 'article',
        itemId: row.id,
        before: { post: post.id, text: post.text },
        after: { newsId: row.newsId, withdrawn: true },
      });
    }
    return { row, changed, list: (await livePostsOfArticleRepo(tx, row.id)).map(livePostViewOf) };
  });
  if (result.changed) {
    invalidationBus.publish([`news-${result.row.newsId}`]);
    pushLive(realtime, result.row.fields.classId, { newsId: result.row.newsId, what: 'withdraw', id: input.postId });
  }
  return result.list;
}

/**
 * The scheduled stories whose time has come (the `publish.scheduled` job, src/server/jobs/productJobs.ts):
 * each is claimed by a conditional update, so two runs that overlap never publish one twice. One that is no longer
 * ready, whose panorama is no panorama, or whose column, 山城号 account or topic is gone, is not published: it goes back
 * to 待签发 with the reason as its note.
 */
export async function publishDue(database: Database, media: MediaStorage, now: Date): Promise<number[]> {
  const published: number[] = [];
  for (const id of await dueScheduledRepo(database.db, now)) {
    const newsId = await database.write(async (tx) => {
      const due = await lockArticleRepo(tx, id);
      if (!due || due.state !== 'scheduled' || due.publishAt === null || due.publishAt > now) return null;
      // Checked again at its time, as a publish now would be: a save after scheduling never checks readiness (it may
      // take the panorama away), a story scheduled before the server read panoramas' pixels was never checked, and its
      // column, 山城号 account or topic may have been removed in the meantime.
      const missing = checkReady(due.fields, due.content);
      const problem = missing.length > 0 ? missing.join('；') : ((await panoramaRefusal(media, due.fields)) ?? (await placementRefusal(tx, due.fields)));
      if (problem !== null) {
        // Left unpublished among the signed stories, the reason on the desk, for a publisher to fix and sign again.
        await updateArticleRepo(tx, id, { state: 'approved', publishAt: null, note: `${PUBLISH_MESSAGES.scheduleRefused}${problem}` });
        await appendAudit(tx, {
          staffId: null,
          staffName: '定时发布',
          action: 'publish.scheduleRefused',
          itemKind: 'article',
          itemId: id,
          before: { state: 'scheduled', at: due.publishAt.toISOString() },
          after: { state: 'approved' },
          reason: problem,
        });
        return null;
      }
      const row = await claimScheduledRepo(tx, id, now);
      if (!row) return null;
      const newsId = await putLive(tx, row, row.publishAt ?? now);
      await updateArticleRepo(tx, id, { newsId, publishedAt: row.publishAt ?? now, publishAt: null });
      await addVersionRepo(tx, { articleId: id, fields: row.fields, content: row.content, savedBy: 0, savedByName: '定时发布' });
      await appendAudit(tx, {
        staffId: null,
        staffName: '定时发布',
        action: 'publish.scheduled',
        itemKind: 'article',
        itemId: id,
        after: { state: 'published', newsId },
      });
      return newsId;
    });
    if (newsId !== null) {
      published.push(id);
      dropReaderCaches(newsId);
    }
  }
  return published;
}
