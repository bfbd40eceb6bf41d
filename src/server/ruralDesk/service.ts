/**
 * The 裕农 desk (docs/security.md "Section desks"): the section's editors pin 农友说 posts
 * (置顶: they lead the board, latest pin first, at most RURAL_PIN_MAX) and take pins down. Each change is
 * one transaction with its audit row; taking a pin down undoes it. The same holds for the experts, the credit villages,
 * their households and deeds, and the home's banners (ADR 031).
 */
import { RURAL_BANNER_MAX, RURAL_PIN_MAX } from '../../contract/ruralDesk.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { DeskAudit } from '../audit/repo.ts';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { bannerList, bannerWindow } from '../bannerDesk/bannerList.ts';
import { RURAL_CHANNEL_ID } from '../rural/repo.ts';
import { refuse } from '../staff/console.ts';
import {
  deleteDeedRepo,
  deleteHouseholdRepo,
  findDeedByKeyRepo,
  findDeedRepo,
  findHouseholdByKeyRepo,
  insertDeedRepo,
  insertHouseholdRepo,
  lockDeedRepo,
  lockHouseholdRepo,
  setHouseholdPointsRepo,
  updateDeedRepo,
  updateHouseholdRepo,
  villageHouseholdsRepo,
  type DeedFields,
  type DeedRow,
  findBannerByKeyRepo,
  findBannerRepo,
  insertBannerRepo,
  listBannersRepo,
  lockBannerRepo,
  lockBannersRepo,
  recentStoriesRepo,
  ruralStoryRepo,
  setBannerOrderRepo,
  updateBannerRepo,
  type BannerFields,
  type BannerRow,
  countPinnedRepo,
  listDeskPostsRepo,
  listExpertApplicationsRepo,
  lockDeskPostRepo,
  lockExpertRepo,
  listVillagesRepo,
  lockVillageRepo,
  publishedHouseholdsRepo,
  setExpertFieldsRepo,
  setVillageFieldsRepo,
  type VillageFields,
  setExpertStateRepo,
  setPinnedRepo,
  type ExpertRow,
  type ExpertState,
} from './repo.ts';

export type Audit = DeskAudit;

export const RURAL_DESK_MESSAGES = {
  postMissing: '帖子不存在或已删除',
  notApproved: '帖子尚未通过审核，不能置顶',
  tooMany: `农友说至多同时置顶 ${RURAL_PIN_MAX} 条，请先取消一条置顶`,
  applicationMissing: '专家申请不存在',
  notPending: '这份申请已经审核过了',
  expertMissing: '专家不存在',
  notApprovedExpert: '只能撤销已通过认证的专家',
  notExpertYet: '这份申请还没有通过认证，请先审核',
  villageMissing: '信用村不存在',
  fewerHouseholds: (published: number) => `户数不能少于已公示的 ${published} 户`,
  bannerMissing: '轮播图不存在或已删除',
  bannerRemoved: '这张轮播图已删除，请先撤销删除',
  tooManyBanners: `轮播图至多 ${RURAL_BANNER_MAX} 张，请先删除一张`,
  storyMissing: '找不到这篇裕农稿件，请核对稿件编号',
  pictureNotUploaded: '图片未上传成功，请重新上传',
  orderStale: '轮播图刚被修改过，请刷新后再调整顺序',
  householdMissing: '农户不存在或已删除',
  householdsFull: (households: number) => `已公示的农户不能多于全村 ${households} 户，请先修改户数`,
  deedMissing: '信用事迹不存在或已删除',
} as const;

export async function listPosts(database: Database, keyword: string | undefined, page: number) {
  const rows = await listDeskPostsRepo(database.db, keyword, page, 20);
  const profiles = await profilesRepo(database.db, [...new Set(rows.map((r) => r.userId))]);
  return {
    pinMax: RURAL_PIN_MAX,
    items: rows.map((r) => ({
      id: r.id,
      nickname: profiles.get(r.userId)?.nickname ?? '农友',
      content: r.content,
      pictureCount: r.pictures.length,
      district: r.district,
      likeNum: r.likeNum,
      commentCount: r.commentCount,
      createTime: formatBeijingTime(r.createdAt),
      pinned: r.pinnedAt !== null,
      pinTime: r.pinnedAt ? formatBeijingTime(r.pinnedAt) : '',
    })),
  };
}

export async function setPinned(database: Database, input: { id: number; pinned: boolean }, audit: Audit) {
  const out = await database.write(async (tx) => {
    const pinCount = input.pinned ? await countPinnedRepo(tx) : 0;
    const before = await lockDeskPostRepo(tx, input.id);
    if (!before) throw refuse(RURAL_DESK_MESSAGES.postMissing);
    if ((before.pinnedAt !== null) === input.pinned) return { pinned: input.pinned };
    if (input.pinned && before.reviewState !== 'approved') throw refuse(RURAL_DESK_MESSAGES.notApproved);
    if (input.pinned && pinCount >= RURAL_PIN_MAX) throw refuse(RURAL_DESK_MESSAGES.tooMany);
    const after = await setPinnedRepo(tx, input.id, input.pinned ? new Date() : null);
    await audit(tx, {
      action: input.pinned ? 'rural.pin' : 'rural.unpin',
      itemKind: 'ruralPost',
      itemId: input.id,
      before: { pinned: before.pinnedAt !== null },
      after: { pinned: after.pinnedAt !== null },
    });
    return { pinned: after.pinnedAt !== null };
  });
  return out;
}

function applicationView(r: ExpertRow, nickname: string) {
  return {
    id: r.id,
    userId: r.userId ?? 0,
    nickname,
    name: r.name,
    title: r.title,
    org: r.org,
    tags: r.tags.split(',').filter((t) => t !== ''),
    state: r.state,
    rejectReason: r.rejectReason,
    applyTime: formatBeijingTime(r.createdAt),
    reviewTime: r.reviewedAt ? formatBeijingTime(r.reviewedAt) : '',
  };
}

/** Expert applications from reader accounts in one state, with the applicant's shown name. */
export async function listExpertApplications(database: Database, state: ExpertState, page: number) {
  const rows = await listExpertApplicationsRepo(database.db, state, page, 20);
  const profiles = await profilesRepo(database.db, [...new Set(rows.map((r) => r.userId ?? 0))]);
  return { items: rows.map((r) => applicationView(r, profiles.get(r.userId ?? 0)?.nickname ?? '读者')) };
}

/**
 * Approves an application (the account becomes an expert shown on 乡村帮帮 and may answer the questions of its
 * fields) or refuses it with a reason the applicant reads; only an application in review is decided, and a
 * revoked expert may be approved again (恢复认证). One transaction with its audit row.
 */
export async function reviewExpertApplication(database: Database, input: { id: number; decision: 'approve' | 'reject'; reason: string }, audit: Audit) {
  return database.write(async (tx) => {
    const before = await lockExpertRepo(tx, input.id);
    if (!before || before.userId === null) throw refuse(RURAL_DESK_MESSAGES.applicationMissing);
    const reinstating = before.state === 'revoked' && input.decision === 'approve';
    if (before.state !== 'pending' && !reinstating) throw refuse(RURAL_DESK_MESSAGES.notPending);
    const state = input.decision === 'approve' ? 'approved' : 'rejected';
    const after = await setExpertStateRepo(tx, input.id, state, state === 'rejected' ? input.reason : '');
    await audit(tx, {
      action: state === 'approved' ? 'rural.expert.approve' : 'rural.expert.reject',
      itemKind: 'ruralExpert',
      itemId: input.id,
      before: { state: before.state },
      after: { state: after.state, tags: after.tags },
      reason: after.rejectReason,
    });
    return { id: after.id, state: after.state, rejectReason: after.rejectReason };
  });
}

/**
 * Revokes an approved expert (ADR 030): the account is no longer shown on 乡村帮帮 and may no longer answer; its
 * published answers stay. The reason is what the expert reads on 专家答题. Retry-safe: revoking a revoked expert
 * again with the same reason changes nothing and writes no second audit row.
 */
export async function revokeExpert(database: Database, input: { id: number; reason: string }, audit: Audit) {
  return database.write(async (tx) => {
    const before = await lockExpertRepo(tx, input.id);
    if (!before || before.userId === null) throw refuse(RURAL_DESK_MESSAGES.expertMissing);
    if (before.state === 'revoked' && before.rejectReason === input.reason) return { id: before.id, state: before.state, rejectReason: before.rejectReason };
    if (before.state !== 'approved') throw refuse(RURAL_DESK_MESSAGES.notApprovedExpert);
    const after = await setExpertStateRepo(tx, input.id, 'revoked', input.reason);
    await audit(tx, {
      action: 'rural.expert.revoke',
      itemKind: 'ruralExpert',
      itemId: input.id,
      before: { state: before.state },
      after: { state: after.state },
      reason: after.rejectReason,
    });
    return { id: after.id, state: after.state, rejectReason: after.rejectReason };
  });
}

/**
 * Corrects an expert's name, title, organisation and fields (1–3, the rules of applying): an application still in
 * review is decided, not edited. One transaction with its audit row (the fields before and after); the same values
 * sent again change nothing.
 */
export async function editExpert(database: Database, input: { id: number; name: string; title: string; org: string; tags: string[] }, audit: Audit) {
  return database.write(async (tx) => {
    const before = await lockExpertRepo(tx, input.id);
    if (!before || before.userId === null) throw refuse(RURAL_DESK_MESSAGES.expertMissing);
    if (before.state === 'pending' || before.state === 'rejected') throw refuse(RURAL_DESK_MESSAGES.notExpertYet);
    const fields = { name: input.name, title: input.title, org: input.org, tags: input.tags.join(',') };
    const was = { name: before.name, title: before.title, org: before.org, tags: before.tags };
    if (JSON.stringify(fields) === JSON.stringify(was)) return { id: before.id, ...fields, tags: input.tags };
    const after = await setExpertFieldsRepo(tx, input.id, fields);
    await audit(tx, { action: 'rural.expert.edit', itemKind: 'ruralExpert', itemId: input.id, before: was, after: fields });
    return { id: after.id, name: after.name, title: after.title, org: after.org, tags: after.tags.split(',').filter((t) => t !== '') };
  });
}

/** The credit villages as the 信用村 page lists them, with the households each publishes. */
export async function listVillages(database: Database) {
  return { items: await listVillagesRepo(database.db) };
}

/**
 * Edits a credit village's name, district, town, household count and introduction (the figures the reader's 信用村
 * page shows; its rank, average and rated share follow from the households). The count cannot fall below the
 * households it publishes. One transaction with its audit row; the same figures sent again change nothing.
 */
export async function editVillage(database: Database, input: VillageFields & { id: number }, audit: Audit) {
  return database.write(async (tx) => {
    const before = await lockVillageRepo(tx, input.id);
    if (!before) throw refuse(RURAL_DESK_MESSAGES.villageMissing);
    const published = await publishedHouseholdsRepo(tx, input.id);
    if (input.households < published) throw refuse(RURAL_DESK_MESSAGES.fewerHouseholds(published));
    const fields: VillageFields = { name: input.name, district: input.district, town: input.town, households: input.households, intro: input.intro };
    const was: VillageFields = { name: before.name, district: before.district, town: before.town, households: before.households, intro: before.intro };
    if (JSON.stringify(fields) === JSON.stringify(was)) return { id: before.id, ...was };
    const after = await setVillageFieldsRepo(tx, input.id, fields);
    await audit(tx, { action: 'rural.village.edit', itemKind: 'ruralVillage', itemId: input.id, before: was, after: fields });
    return { id: after.id, name: after.name, district: after.district, town: after.town, households: after.households, intro: after.intro };
  });
}

function bannerView(r: BannerRow & { newsTitle?: string }, today: string) {
  return {
    id: r.id,
    title: r.title,
    picture: r.picture,
    newsId: r.newsId,
    newsTitle: r.newsTitle ?? '',
    link: r.link,
    startDay: r.startDay,
    endDay: r.endDay,
    enabled: r.enabled,
    ...bannerWindow(r, today),
  };
}

/** The 裕农 home's banners as the shared banner list runs them (src/server/bannerDesk/bannerList.ts). */
const homeBanners = bannerList<BannerRow, BannerFields>(
  {
    lockList: lockBannersRepo,
    list: listBannersRepo,
    find: findBannerRepo,
    findByKey: findBannerByKeyRepo,
    lockRow: lockBannerRepo,
    insert: insertBannerRepo,
    update: updateBannerRepo,
    setEnabled: (tx, id, enabled) => updateBannerRepo(tx, id, { enabled }),
    setRemoved: (tx, id, deletedAt) => updateBannerRepo(tx, id, { deletedAt }),
    setOrder: setBannerOrderRepo,
    fieldsOf: (r: BannerRow): BannerFields => ({
      title: r.title,
      picture: r.picture,
      newsId: r.newsId,
      link: r.link,
      startDay: r.startDay,
      endDay: r.endDay,
      enabled: r.enabled,
    }),
    pictureOf: (r) => r.picture,
  },
  {
    max: RURAL_BANNER_MAX,
    messages: RURAL_DESK_MESSAGES,
    action: 'rural.banner',
    itemKind: 'ruralBanner',
    orderItem: { itemKind: 'ruralBanner', itemId: 0 },
  },
);

/**
 * The 裕农 home's banners in the carousel's order (removed ones left out), with whether readers see each today, and
 * the newest rural stories a banner may open.
 */
export async function listBanners(database: Database) {
  const today = beijingDay(new Date());
  const [rows, stories] = await Promise.all([listBannersRepo(database.db), recentStoriesRepo(database.db, RURAL_CHANNEL_ID, 40)]);
  return { max: RURAL_BANNER_MAX, today, items: rows.map((r) => bannerView(r, today)), stories };
}

/**
 * Creates (last in the order; once per key: a retried create answers the banner it made) or edits a banner. A story
 * banner must open a story of the 裕农 channel. One transaction with its audit row; the same fields sent again to an
 * edit change nothing.
 */
export async function saveBanner(database: Database, input: BannerFields & { id?: number | undefined; key: string }, audit: Audit, media: MediaStorage) {
  const today = beijingDay(new Date());
  const fields: BannerFields = {
    title: input.title,
    picture: input.picture,
    newsId: input.newsId,
    link: input.link,
    startDay: input.startDay,
    endDay: input.endDay,
    enabled: input.enabled,
  };
  const story = fields.newsId > 0 ? await ruralStoryRepo(database.db, fields.newsId, RURAL_CHANNEL_ID) : null;
  if (fields.newsId > 0 && !story) throw refuse(RURAL_DESK_MESSAGES.storyMissing);
  const newsTitle = story?.title ?? '';
  const saved =
    input.id === undefined
      ? await homeBanners.add(database, { fields, picture: fields.picture, key: input.key }, audit, media)
      : await homeBanners.edit(database, { id: input.id, fields, picture: fields.picture }, audit, media);
  return bannerView({ ...saved, newsTitle }, today);
}

/** Shows or hides a banner (on/off); the same state sent again changes nothing. */
export async function setBannerEnabled(database: Database, input: { id: number; enabled: boolean }, audit: Audit) {
  return bannerView(await homeBanners.setEnabled(database, input, audit), beijingDay(new Date()));
}

/** Puts the banners in the order `ids` names (the whole list; bannerList.ts). */
export async function orderBanners(database: Database, ids: readonly number[], audit: Audit) {
  return homeBanners.order(database, ids, audit);
}

/** Removes a banner from the carousel, or (`restore`) undoes the removal at its old place; retry-safe (bannerList.ts). */
export async function removeBanner(database: Database, input: { id: number }, restore: boolean, audit: Audit) {
  return homeBanners.remove(database, input.id, restore, audit);
}

/** A village's published households with their deeds, as the desk edits them. */
export async function listHouseholds(database: Database, villageId: number) {
  const village = (await listVillagesRepo(database.db)).find((v) => v.id === villageId);
  if (!village) throw refuse(RURAL_DESK_MESSAGES.villageMissing);
  return { village, households: await villageHouseholdsRepo(database.db, villageId) };
}

/**
 * Adds (once per key) or edits a household's masked name and credit points. A village publishes no more households
 * than it has (its 户数); the village row is locked so two editors adding at once cannot pass it together. One
 * transaction with its audit row; the same fields sent again change nothing.
 */
export async function saveHousehold(
  database: Database,
  input: { id?: number | undefined; villageId: number; key: string; maskedName: string; points: number },
  audit: Audit,
) {
  const fields = { maskedName: input.maskedName, points: input.points };
  if (input.id === undefined) {
    const earlier = await findHouseholdByKeyRepo(database.db, input.key);
    if (earlier) return { id: earlier.id, villageId: earlier.villageId, maskedName: earlier.maskedName, points: earlier.points };
    const made = await database.write(async (tx) => {
      const village = await lockVillageRepo(tx, input.villageId);
      if (!village) throw refuse(RURAL_DESK_MESSAGES.villageMissing);
      if ((await publishedHouseholdsRepo(tx, village.id)) >= village.households) throw refuse(RURAL_DESK_MESSAGES.householdsFull(village.households));
      const row = await insertHouseholdRepo(tx, { villageId: village.id, ...fields }, input.key);
      if (!row) return null;
      await audit(tx, { action: 'rural.household.create', itemKind: 'ruralHousehold', itemId: row.id, after: { villageId: village.id, ...fields } });
      return row;
    });
    const row = made ?? (await findHouseholdByKeyRepo(database.db, input.key))!;
    return { id: row.id, villageId: row.villageId, maskedName: row.maskedName, points: row.points };
  }
  const id = input.id;
  return database.write(async (tx) => {
    const before = await lockHouseholdRepo(tx, id);
    if (!before || before.villageId !== input.villageId) throw refuse(RURAL_DESK_MESSAGES.householdMissing);
    const was = { maskedName: before.maskedName, points: before.points };
    if (JSON.stringify(was) === JSON.stringify(fields)) return { id, villageId: before.villageId, ...was };
    const after = await updateHouseholdRepo(tx, id, fields);
    await audit(tx, { action: 'rural.household.edit', itemKind: 'ruralHousehold', itemId: id, before: was, after: fields });
    return { id, villageId: after.villageId, maskedName: after.maskedName, points: after.points };
  });
}

/** Removes a household and its deeds from the 信用村 pages (the audit row keeps what was removed). Removing it again changes nothing. */
export async function removeHousehold(database: Database, id: number, audit: Audit) {
  return database.write(async (tx) => {
    const before = await lockHouseholdRepo(tx, id);
    if (!before) return { id, removed: true };
    const deeds = await deleteHouseholdRepo(tx, id);
    await audit(tx, {
      action: 'rural.household.remove',
      itemKind: 'ruralHousehold',
      itemId: id,
      before: {
        villageId: before.villageId,
        maskedName: before.maskedName,
        points: before.points,
        deeds: deeds.map((d) => ({ kind: d.kind, description: d.description, points: d.points, day: d.day })),
      },
    });
    return { id, removed: true };
  });
}

/** A household's credit points after a change of `by`, kept within 0–100 as the 信用村 page rates them (ADR 033). */
const creditScore = (points: number, by: number) => Math.min(100, Math.max(0, points + by));

const deedView = (d: DeedRow) => ({ id: d.id, householdId: d.householdId, kind: d.kind, description: d.description, points: d.points, day: d.day });

/**
 * Records (once per key) or corrects a household's deed, and moves the household's credit points by the deed's
 * points (cut at 0 and 100; ADR 033). One transaction with its audit row; the same fields again change nothing.
 */
export async function saveDeed(database: Database, input: DeedFields & { id?: number | undefined; householdId: number; key: string }, audit: Audit) {
  const fields: DeedFields = { kind: input.kind, description: input.description, points: input.points, day: input.day };
  if (input.id === undefined) {
    const earlier = await findDeedByKeyRepo(database.db, input.key);
    if (earlier) return deedView(earlier);
    const made = await database.write(async (tx) => {
      const household = await lockHouseholdRepo(tx, input.householdId);
      if (!household) throw refuse(RURAL_DESK_MESSAGES.householdMissing);
      const score = creditScore(household.points, fields.points);
      const row = await insertDeedRepo(
        tx,
        { ...fields, applied: score - household.points, householdId: household.id, villageId: household.villageId },
        input.key,
      );
      if (!row) return null;
      await setHouseholdPointsRepo(tx, household.id, score);
      await audit(tx, {
        action: 'rural.deed.create',
        itemKind: 'ruralDeed',
        itemId: row.id,
        after: { householdId: household.id, ...fields, householdPoints: { before: household.points, after: score } },
      });
      return row;
    });
    return deedView(made ?? (await findDeedByKeyRepo(database.db, input.key))!);
  }
  const id = input.id;
  return database.write(async (tx) => {
    const household = await lockHouseholdRepo(tx, input.householdId);
    const before = await lockDeedRepo(tx, id);
    if (!household || !before || before.householdId !== input.householdId) throw refuse(RURAL_DESK_MESSAGES.deedMissing);
    const was: DeedFields = { kind: before.kind, description: before.description, points: before.points, day: before.day };
    if (JSON.stringify(was) === JSON.stringify(fields)) return deedView(before);
    // The deed's old share comes off the score, its new points go on (cut at 0 and 100).
    const base = household.points - before.applied;
    const score = creditScore(base, fields.points);
    const after = await updateDeedRepo(tx, id, { ...fields, applied: score - base });
    if (score !== household.points) await setHouseholdPointsRepo(tx, household.id, score);
    await audit(tx, {
      action: 'rural.deed.edit',
      itemKind: 'ruralDeed',
      itemId: id,
      before: was,
      after: { ...fields, householdPoints: { before: household.points, after: score } },
    });
    return deedView(after);
  });
}

/** Removes a deed and takes back what it moved its household's points by (the audit row keeps it). Removing it again changes nothing. */
export async function removeDeed(database: Database, id: number, audit: Audit) {
  return database.write(async (tx) => {
    const found = await findDeedRepo(tx, id);
    if (!found) return { id, removed: true };
    // The household first, then the deed: the order every deed write locks them in.
    const household = await lockHouseholdRepo(tx, found.householdId);
    const before = await lockDeedRepo(tx, id);
    if (!before) return { id, removed: true };
    await deleteDeedRepo(tx, id);
    const score = household ? creditScore(household.points, -before.applied) : 0;
    if (household && score !== household.points) await setHouseholdPointsRepo(tx, household.id, score);
    await audit(tx, {
      action: 'rural.deed.remove',
      itemKind: 'ruralDeed',
      itemId: id,
      before: { ...deedView(before), householdPoints: household ? { before: household.points, after: score } : null },
    });
    return { id, removed: true };
  });
}
