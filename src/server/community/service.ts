/**
 * Rules of the 互动 area: who sees which photo and complaint (approved ones, and the author's
 * own pending or rejected ones), what a publish or a filing writes (review state, own pictures only,
 * idempotent, rate-limited, one transaction), what a cooperation message writes, and the reader's lists.
 */
import { myPoliticsStatesService } from '../answer/politicsDesk.ts';
import { myTipStatesService } from '../answer/tips/tipDesk.ts';
import { findUnitRepo } from '../answer/repo.ts';
import sharp from 'sharp';
import { maskPhone } from '../../contract/accounts.ts';
import { StatusCode } from '../../contract/envelope.ts';
import type { ComplaintDetail, ComplaintStep, ComplaintSummary, MyItem, ReaderPhoto } from '../../contract/interact.ts';
import { COMPLAINT_STATUS_LABELS, formatYuan, maskName, type ComplaintStatus } from '../../contract/communityRules.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { IDEMPOTENCY_MESSAGES, idempotentInsert } from '../http/idempotentInsert.ts';
import type { Admission } from '../review/gate.ts';
import { admitReaderWrite, enqueueRow, type DeskWrite } from '../review/write.ts';
import { DAY_MS, paced, type RateEntry, type RateRule } from '../http/rateLimit.ts';
import type { AppDeps, ServiceContext } from '../http/types.ts';
import { HANDLING_TEXT } from '../bangbang/more/repo.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';
import { profilesRepo, shownAs } from '../profiles/repo.ts';
import { checkPictures } from '../upload/checkPictures.ts';
import { mediaOf } from '../media/storage.ts';
import {
  configFlagRepo,
  eventsOfComplaintRepo,
  findComplaintByKeyRepo,
  findComplaintRepo,
  findCooperationByKeyRepo,
  findPhotoByKeyRepo,
  insertComplaintRepo,
  insertCooperationRepo,
  insertPhotoRepo,
  listComplaintsRepo,
  listPhotosRepo,
  myCommentsRepo,
  myComplaintsRepo,
  myTipsRepo,
  myQuestionsRepo,
  recentPhotoSameUrlRepo,
  recentSameComplaintRepo,
  recentSameCooperationRepo,
  type ComplaintQuery,
  type ComplaintRow,
  type PhotoRow,
} from './repo.ts';

export const INTERACT_MESSAGES = {
  photoMissing: '照片不存在或已删除',
  photoPublished: '发布成功',
  photoPending: '发布成功，审核通过后将出现在照片墙',
  photoDuplicate: '这张照片已经发布过了',
  complaintMissing: '投诉不存在或已删除',
  complaintFiled: '投诉已提交，我们会尽快审核受理',
  complaintPending: '投诉已提交，审核通过后将在公示列表中显示',
  complaintDuplicate: '请勿重复提交相同的投诉',
  cooperationSent: '提交成功，我们的商务同事将在 2 个工作日内与您联系',
  cooperationDuplicate: '您的需求已收到，请勿重复提交',
} as const;

export const PHOTO_REVIEW_KEY = 'interact.reviewBeforePublish';
export const COMPLAINT_REVIEW_KEY = 'complaints.reviewBeforePublish';

/** Photos: one per 10 s, ≤ 20 a day per reader. */
const PHOTO_RULES = paced(10_000, 20);
/** Complaints are rarer still: one per minute, ≤ 5 a day per reader. */
const COMPLAINT_RULES = paced(60_000, 5);
/** Cooperation messages per address: 3 an hour, 10 a day; and per phone: 3 a day. */
const COOPERATION_IP_RULES: RateRule[] = [
  { max: 3, windowMs: 3600_000 },
  { max: 10, windowMs: 24 * 3600_000 },
];
const COOPERATION_PHONE_RULES: RateRule[] = [{ max: 3, windowMs: DAY_MS }];
const DUPLICATE_WINDOW_MS = 10 * 60_000;

export type InteractContext = ServiceContext;

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Concurrent sends with one Idempotency-Key in this process share one run: the second waits for the
 * first and answers what it wrote, instead of being refused by the rate limit it took (the unique
 * index on the key still holds across processes).
 */
export function sharedRun<T>(scope: string, key: string | null, run: () => Promise<T>): Promise<T> {
  if (key === null) return run();
  const id = `${scope}:${key}`;
  const running = inFlight.get(id) as Promise<T> | undefined;
  if (running) return running.then(run, run);
  const started = run().finally(() => inFlight.delete(id));
  inFlight.set(id, started);
  return started;
}

// ── Photos ───────────────────────────────────────────────────────────────────

async function toPhotos(db: Db, viewer: AuthUser | null, rows: PhotoRow[]): Promise<ReaderPhoto[]> {
  const profiles = await profilesRepo(db, [...new Set(rows.map((r) => r.userId))]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    ...shownAs(profiles.get(r.userId), '山城网友'),
    url: r.url,
    width: r.width,
    height: r.height,
    caption: r.caption,
    like: r.likeNum,
    createTime: formatBeijingTime(r.createdAt),
    reviewState: r.reviewState as ReaderPhoto['reviewState'],
    reviewReason: r.reviewReason,
    belongMyself: viewer !== null && viewer.userId === r.userId ? 1 : 0,
  }));
}

export async function photosService(db: Db, viewer: AuthUser | null, page: number, pageSize: number): Promise<ReaderPhoto[]> {
  return toPhotos(db, viewer, await listPhotosRepo(db, viewer?.userId ?? null, page, pageSize));
}

async function pictureSize(deps: AppDeps, url: string): Promise<{ width: number; height: number }> {
  try {
    const bytes = await mediaOf(deps).getBytes(url.replace(/^\/media\//, ''));
    if (!bytes) return { width: 0, height: 0 };
    const meta = await sharp(bytes).metadata();
    return { width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0 };
  } catch {
    return { width: 0, height: 0 };
  }
}

export async function publishPhotoService(
  ctx: InteractContext,
  user: AuthUser,
  key: string | null,
  input: { url: string; caption: string },
): Promise<{ photo: ReaderPhoto; message: string }> {
  const db = ctx.deps.database.db;
  const desk: DeskWrite = { kind: 'reader_photo', area: 'photos', text: input.caption };
  let admission: Admission | null = null;
  const row = await idempotentInsert({
    key,
    byKey: (k) => findPhotoByKeyRepo(db, user.userId, k),
    same: (r) => r.url === input.url && r.caption === input.caption,
    check: async () => {
      // The one gate (src/server/review/gate.ts): mute, emergency switch, words, review before publish.
      admission = await admitReaderWrite(ctx, user, desk, (await configFlagRepo(db, PHOTO_REVIEW_KEY)) ? 'pending' : 'approved');
      // Only the caller's own uploads (security.md I68–I70).
      await checkPictures(ctx.deps, user.userId, [input.url]);
      if (await recentPhotoSameUrlRepo(db, user.userId, input.url)) throw fail(StatusCode.fail, INTERACT_MESSAGES.photoDuplicate);
      await ctx.limiter.take([{ key: `photo-publish:user:${user.userId}`, rules: PHOTO_RULES }]);
    },
    insert: async () => {
      const size = await pictureSize(ctx.deps, input.url);
      const admitted: Admission = admission ?? { state: 'pending', heldWord: '' };
      return ctx.deps.database.write(async (tx) => {
        const photo = await insertPhotoRepo(tx, {
          userId: user.userId,
          url: input.url,
          caption: input.caption,
          ...size,
          reviewState: admitted.state,
          clientKey: key,
        });
        if (photo) await enqueueRow(tx, desk, user.userId, photo.id, admitted);
        return photo;
      });
    },
    lost: INTERACT_MESSAGES.photoMissing,
  });
  const [photo] = await toPhotos(db, user, [row]);
  return { photo: photo!, message: row.reviewState === 'pending' ? INTERACT_MESSAGES.photoPending : INTERACT_MESSAGES.photoPublished };
}

// ── Complaints ───────────────────────────────────────────────────────────────

function excerpt(text: string, max = 120): string {
  const chars = [...text.replace(/\s+/g, ' ')];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** Order numbers are shown to others with their middle hidden: DY2024…8812. */
function maskOrder(orderNo: string): string {
  if (orderNo.length <= 6) return orderNo === '' ? '' : `${orderNo.slice(0, 1)}****`;
  return `${orderNo.slice(0, 4)}****${orderNo.slice(-4)}`;
}

function toSummary(row: ComplaintRow, nickname: string, viewer: AuthUser | null): ComplaintSummary {
  const status = row.status as ComplaintStatus;
  return {
    id: row.id,
    nickname: maskName(nickname),
    platform: row.platform,
    shopName: row.shopName,
    problemType: row.problemType,
    amount: row.amountFen > 0 ? formatYuan(row.amountFen) : '',
    excerpt: excerpt(row.content),
    demand: row.demand,
    status,
    statusText: COMPLAINT_STATUS_LABELS[status],
    pictureCount: row.pictures.length,
    createTime: formatBeijingTime(row.createdAt),
    reviewState: row.reviewState as ComplaintSummary['reviewState'],
    reviewReason: row.reviewReason,
    belongMyself: viewer !== null && viewer.userId === row.userId ? 1 : 0,
  };
}

async function nicknamesOf(db: Db, rows: { userId: number }[]): Promise<Map<number, string>> {
  const profiles = await profilesRepo(db, [...new Set(rows.map((r) => r.userId))]);
  return new Map([...profiles].map(([id, p]) => [id, p.nickname]));
}

export async function complaintsService(db: Db, viewer: AuthUser | null, q: ComplaintQuery): Promise<ComplaintSummary[]> {
  const rows = await listComplaintsRepo(db, q);
  const names = await nicknamesOf(db, rows);
  return rows.map((r) => toSummary(r, names.get(r.userId) ?? '', viewer));
}

async function toDetail(db: Db, viewer: AuthUser | null, row: ComplaintRow): Promise<ComplaintDetail> {
  const [names, events, seller] = await Promise.all([
    nicknamesOf(db, [row]),
    eventsOfComplaintRepo(db, row.id),
    row.unitId ? findUnitRepo(db, row.unitId, 'seller') : null,
  ]);
  const mine = viewer !== null && viewer.userId === row.userId;
  const timeline: ComplaintStep[] = events.map((e) => {
    const status = e.status as ComplaintStatus;
    return { status, statusText: COMPLAINT_STATUS_LABELS[status], note: e.note, time: formatBeijingTime(e.createdAt) };
  });
  return {
    ...toSummary(row, names.get(row.userId) ?? '', viewer),
    content: row.content,
    pictures: row.pictures,
    orderNo: mine ? row.orderNo : maskOrder(row.orderNo),
    contactPhone: mine ? maskPhone(row.contactPhone) : '',
    timeline,
    refuseReason: row.refuseReason,
    sellerReply: row.sellerReply,
    sellerReplyTime: row.sellerReplyAt ? formatBeijingTime(row.sellerReplyAt) : '',
    seller: seller ? { id: seller.id, name: seller.name } : null,
  };
}

export async function complaintDetailService(db: Db, viewer: AuthUser | null, id: number): Promise<ComplaintDetail> {
  const row = await findComplaintRepo(db, id);
  // Pending or rejected complaints are their author's alone: others get the same answer as a missing id.
  if (!row || (row.reviewState !== 'approved' && row.userId !== viewer?.userId)) throw fail(StatusCode.notFound, INTERACT_MESSAGES.complaintMissing);
  return toDetail(db, viewer, row);
}

export interface ComplaintInput {
  platform: string;
  shopName: string;
  orderNo: string;
  amount: number;
  problemType: string;
  content: string;
  demand: string;
  pictures: string[];
  contactPhone: string;
}

function sameComplaint(row: ComplaintRow, input: ComplaintInput): boolean {
  return (
    row.platform === input.platform &&
    row.shopName === input.shopName &&
    row.orderNo === input.orderNo &&
    row.amountFen === input.amount &&
    row.problemType === input.problemType &&
    row.content === input.content &&
    row.demand === input.demand &&
    row.contactPhone === input.contactPhone &&
    JSON.stringify(row.pictures) === JSON.stringify(input.pictures)
  );
}

export async function fileComplaintService(
  ctx: InteractContext,
  user: AuthUser,
  key: string | null,
  input: ComplaintInput,
): Promise<{ complaint: ComplaintDetail; message: string }> {
  const db = ctx.deps.database.db;
  const desk: DeskWrite = { kind: 'complaint', area: 'complaints', text: `${input.shopName} ${input.content} ${input.demand}` };
  let admission: Admission | null = null;
  const row = await idempotentInsert({
    key,
    byKey: (k) => findComplaintByKeyRepo(db, user.userId, k),
    same: (r) => sameComplaint(r, input),
    check: async () => {
      // The one gate (src/server/review/gate.ts): mute, emergency switch, words, review before publish.
      admission = await admitReaderWrite(ctx, user, desk, (await configFlagRepo(db, COMPLAINT_REVIEW_KEY)) ? 'pending' : 'approved');
      await checkPictures(ctx.deps, user.userId, input.pictures);
      if (await recentSameComplaintRepo(db, user.userId, input.shopName, input.content, new Date(Date.now() - DUPLICATE_WINDOW_MS))) {
        throw fail(StatusCode.fail, INTERACT_MESSAGES.complaintDuplicate);
      }
      await ctx.limiter.take([{ key: `complaint:user:${user.userId}`, rules: COMPLAINT_RULES }]);
    },
    insert: async () => {
      const admitted: Admission = admission ?? { state: 'pending', heldWord: '' };
      const reviewState = admitted.state;
      return ctx.deps.database.write(async (tx) => {
        const complaint = await insertComplaintRepo(tx, {
          userId: user.userId,
          platform: input.platform,
          shopName: input.shopName,
          orderNo: input.orderNo,
          amountFen: input.amount,
          problemType: input.problemType,
          content: input.content,
          demand: input.demand,
          pictures: input.pictures,
          contactPhone: input.contactPhone,
          reviewState,
          clientKey: key,
        });
        if (complaint) await enqueueRow(tx, desk, user.userId, complaint.id, admitted);
        return complaint;
      });
    },
    lost: INTERACT_MESSAGES.complaintMissing,
  });
  return {
    complaint: await toDetail(db, user, row),
    message: row.reviewState === 'pending' ? INTERACT_MESSAGES.complaintPending : INTERACT_MESSAGES.complaintFiled,
  };
}

// ── Cooperation ──────────────────────────────────────────────────────────────

export interface CooperationInput {
  name: string;
  company: string;
  phone: string;
  need: string;
  kind: string;
}

export async function cooperationService(
  ctx: InteractContext,
  ip: string,
  ipEntries: RateEntry[],
  key: string | null,
  input: CooperationInput,
): Promise<{ id: number; replyWithin: string; message: string }> {
  const db = ctx.deps.database.db;
  const done = (id: number, message: string = INTERACT_MESSAGES.cooperationSent) => ({ id, replyWithin: '2 个工作日', message });
  if (key !== null) {
    const earlier = await findCooperationByKeyRepo(db, key);
    if (earlier) {
      if (earlier.phone !== input.phone || earlier.need !== input.need) throw fail(StatusCode.unprocessable, IDEMPOTENCY_MESSAGES.keyReused);
      return done(earlier.id);
    }
  }
  const again = await recentSameCooperationRepo(db, input.phone, input.need, new Date(Date.now() - DUPLICATE_WINDOW_MS));
  if (again) return done(again.id, INTERACT_MESSAGES.cooperationDuplicate);
  await ctx.limiter.take([...ipEntries, { key: `cooperation:phone:${input.phone}`, rules: COOPERATION_PHONE_RULES }]);
  const row = await ctx.deps.database.write((tx) => insertCooperationRepo(tx, { ...input, clientKey: key, ip }));
  if (row) return done(row.id);
  const winner = key === null ? null : await findCooperationByKeyRepo(db, key);
  if (!winner) throw fail(StatusCode.serverError, '提交失败，请稍后再试');
  return done(winner.id);
}

export function cooperationIpRules(): RateRule[] {
  return COOPERATION_IP_RULES;
}

// ── The reader's own lists ───────────────────────────────────────────────────

const MY_PAGE_SIZE = 15;

/** One of the reader's items of any kind, dated for the merged list (its `time` shown from the same date). */
function mine(at: Date, i: Omit<MyItem, 'time'>): { at: Date; item: MyItem } {
  return { at, item: { id: i.id, title: i.title, text: i.text, href: i.href, time: formatBeijingTime(at), state: i.state, picture: i.picture } };
}

/** A page of items of several kinds merged newest first. */
function newestPage(page: number, items: { at: Date; item: MyItem }[]): MyItem[] {
  items.sort((a, b) => b.at.getTime() - a.at.getTime());
  return items.slice((page - 1) * MY_PAGE_SIZE, page * MY_PAGE_SIZE).map((m) => m.item);
}

export async function myCommentsService(db: Db, user: AuthUser, page: number): Promise<MyItem[]> {
  const { rows, titles } = await myCommentsRepo(db, user.userId, page, MY_PAGE_SIZE);
  return rows.map((r) => {
    const where =
      r.scope === 'news'
        ? { title: titles.get(r.newsId) ?? '新闻评论', href: `/NewsDetail?classId=${r.classId}&newsId=${r.newsId}` }
        : r.scope === 'quan'
          ? { title: '发现动态', href: `/DetailDiscover?classId=${r.classId}&newsId=${r.newsId}` }
          : r.scope === 'bang1'
            ? { title: '问政', href: `/BangBang/politics/detail?id=${r.newsId}` }
            : r.scope === 'bang4'
              ? { title: '爆料', href: `/BangBang/exposure/index?id=${r.newsId}` }
              : { title: '问答', href: `/BangBang/QA/detail?id=${r.newsId}` };
    // The author sees their comment's review state (docs/adr/018-one-review-model.md): 审核中, 未通过：reason.
    return {
      id: r.id,
      ...where,
      text: r.text,
      time: formatBeijingTime(r.createdAt),
      state: reviewStateText(r.reviewState, r.reviewReason),
      picture: r.pictures[0] ?? '',
    };
  });
}

export async function myQuestionsService(db: Db, user: AuthUser, page: number): Promise<MyItem[]> {
  const { qa, politics } = await myQuestionsRepo(db, user.userId, page, MY_PAGE_SIZE);
  // 问政 carry their handling: 待受理, 已受理 · 部门, 已回复 · 待评价 / 满意 (src/server/answer/politicsDesk.ts).
  const handled = await myPoliticsStatesService(db, politics);
  // In review or refused, the page still opens for its asker, marked (OwnItemPreview).
  const asked = (r: { id: number; title: string; content: string; createdAt: Date }, href: string, state: string) =>
    mine(r.createdAt, { id: r.id, title: r.title, text: excerpt(r.content, 80), href, state, picture: '' });
  return newestPage(page, [
    ...qa.map((q) =>
      asked(
        q,
        `/BangBang/QA/detail?id=${q.id}`,
        reviewStateText(q.reviewState, q.reviewReason) || (q.answerCount > 0 ? `问答 · ${q.answerCount} 个回答` : '问答 · 等待回答'),
      ),
    ),
    ...politics.map((p) =>
      asked(p, `/BangBang/politics/detail?id=${p.id}`, reviewStateText(p.reviewState, p.reviewReason) || (handled.get(p.id) ?? `问政 · ${p.department}`)),
    ),
  ]);
}

export async function myTipsService(db: Db, user: AuthUser, page: number): Promise<MyItem[]> {
  const { photos, tips } = await myTipsRepo(db, user.userId, page, MY_PAGE_SIZE);
  // Tips carry the newsroom's handling: 已收到, 已采纳 · 记者跟进中, 已报道 (opens the story), 未采用：reason (src/server/answer/tips/tipDesk.ts).
  const handled = await myTipStatesService(
    db,
    tips.map((t) => t.id),
  );
  return newestPage(page, [
    ...photos.map((r) =>
      mine(r.createdAt, {
        id: r.id,
        title: '读者拍客',
        text: r.caption,
        href: r.reviewState === 'approved' ? '/interact/imagePage' : '',
        state: reviewStateText(r.reviewState, r.reviewReason) || `${r.likeNum} 人点赞`,
        picture: r.url,
      }),
    ),
    ...tips.map((t) =>
      mine(t.createdAt, {
        id: t.id,
        title: t.place ? `爆料 · ${t.place}` : '爆料',
        text: excerpt(t.content, 80),
        href: t.reviewState === 'approved' ? handled.get(t.id)?.href || '/BangBang/exposure/index' : '',
        state: reviewStateText(t.reviewState, t.reviewReason) || (handled.get(t.id)?.text ?? HANDLING_TEXT[t.handling] ?? '已收到'),
        picture: t.pictures[0] ?? '',
      }),
    ),
  ]);
}

export async function myComplaintsService(db: Db, user: AuthUser, page: number): Promise<MyItem[]> {
  const rows = await myComplaintsRepo(db, user.userId, page, MY_PAGE_SIZE);
  return rows.map((r) => ({
    id: r.id,
    title: `${r.platform} · ${r.shopName}`,
    text: excerpt(r.content, 80),
    // In review or refused, the tracking page still opens for its author, marked (OwnItemPreview).
    href: `/Complaints-platform/detail?id=${r.id}`,
    time: formatBeijingTime(r.createdAt),
    state: reviewStateText(r.reviewState, r.reviewReason) || COMPLAINT_STATUS_LABELS[r.status as ComplaintStatus],
    picture: r.pictures[0] ?? '',
  }));
}
