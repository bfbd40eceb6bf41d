/** The 裕农 desk's data access: 农友说 posts as the section's editors see them, and their pins. */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { lockBannerListRepo, setBannerOrderRepo as setOrderOf } from '../bannerDesk/repo.ts';
import type { Db, Tx } from '../db/client.ts';
import { news } from '../db/schema/core.ts';
import { ruralBanners as B, ruralCreditDeeds as D, ruralExperts as E, ruralHouseholds as H, ruralPosts as P, ruralVillages as V } from '../db/schema/rural.ts';

type Q = Db | Tx;

export type DeskPostRow = typeof P.$inferSelect;

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Published posts, the pinned ones first (latest pin first), then the newest. */
export async function listDeskPostsRepo(db: Q, keyword: string | undefined, page: number, pageSize: number): Promise<DeskPostRow[]> {
  const where: SQL[] = [isNull(P.deletedAt), eq(P.reviewState, 'approved')];
  if (keyword !== undefined) where.push(ilike(P.content, likePattern(keyword)));
  return db
    .select()
    .from(P)
    .where(and(...where))
    .orderBy(sql`${P.pinnedAt} desc nulls last`, desc(P.createdAt), desc(P.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function lockDeskPostRepo(tx: Tx, id: number): Promise<DeskPostRow | null> {
  const rows = await tx
    .select()
    .from(P)
    .where(and(eq(P.id, id), isNull(P.deletedAt)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** Counts the pins under a transaction lock, so two editors pinning at once cannot pass the cap together. */
export async function countPinnedRepo(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rural-pins'))`);
  const [row] = await tx
    .select({ n: count() })
    .from(P)
    .where(and(isNotNull(P.pinnedAt), isNull(P.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function setPinnedRepo(tx: Tx, id: number, pinnedAt: Date | null): Promise<DeskPostRow> {
  const rows = await tx.update(P).set({ pinnedAt }).where(eq(P.id, id)).returning();
  return rows[0]!;
}

export type ExpertRow = typeof E.$inferSelect;

export type ExpertState = 'pending' | 'approved' | 'rejected' | 'revoked';

/** Expert applications made from reader accounts in one state: in review oldest first, decided latest first. */
export async function listExpertApplicationsRepo(db: Q, state: ExpertState, page: number, pageSize: number): Promise<ExpertRow[]> {
  return db
    .select()
    .from(E)
    .where(and(isNotNull(E.userId), eq(E.state, state)))
    .orderBy(state === 'pending' ? asc(E.createdAt) : sql`${E.reviewedAt} desc nulls last`, asc(E.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function lockExpertRepo(tx: Tx, id: number): Promise<ExpertRow | null> {
  const rows = await tx.select().from(E).where(eq(E.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/** Sets a decision: approved (the reason cleared), refused or revoked (with the reason the account reads). */
export async function setExpertStateRepo(tx: Tx, id: number, state: Exclude<ExpertState, 'pending'>, reason: string): Promise<ExpertRow> {
  const rows = await tx.update(E).set({ state, rejectReason: reason, reviewedAt: new Date() }).where(eq(E.id, id)).returning();
  return rows[0]!;
}

/** What the desk may correct on an expert: the shown name, title, organisation and fields (comma-separated). */
export interface ExpertFields {
  name: string;
  title: string;
  org: string;
  tags: string;
}

export async function setExpertFieldsRepo(tx: Tx, id: number, v: ExpertFields): Promise<ExpertRow> {
  const rows = await tx.update(E).set(v).where(eq(E.id, id)).returning();
  return rows[0]!;
}

export type VillageRow = typeof V.$inferSelect;

/** The credit villages in the reader page's order, each with how many households it publishes. */
export async function listVillagesRepo(db: Q) {
  return db
    .select({
      id: V.id,
      name: V.name,
      district: V.district,
      town: V.town,
      households: V.households,
      intro: V.intro,
      published: sql<number>`(select count(*)::int from ${H} where ${H}.village_id = ${V}.id)`,
    })
    .from(V)
    .orderBy(asc(V.sort), asc(V.id));
}

/** How many households a village publishes (its household count may not fall below it). */
export async function publishedHouseholdsRepo(db: Q, villageId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(H)
    .where(eq(H.villageId, villageId));
  return rows[0]?.n ?? 0;
}

export async function lockVillageRepo(tx: Tx, id: number): Promise<VillageRow | null> {
  const rows = await tx.select().from(V).where(eq(V.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/** The figures of a village the desk edits. */
export interface VillageFields {
  name: string;
  district: string;
  town: string;
  households: number;
  intro: string;
}

export async function setVillageFieldsRepo(tx: Tx, id: number, v: VillageFields): Promise<VillageRow> {
  const rows = await tx.update(V).set(v).where(eq(V.id, id)).returning();
  return rows[0]!;
}

export type BannerRow = typeof B.$inferSelect;

/** What the desk writes on a banner. */
export interface BannerFields {
  title: string;
  picture: string;
  newsId: number;
  link: string;
  startDay: string;
  endDay: string;
  enabled: boolean;
}

/** The banners not removed, in the carousel's order, each with the title of the story it opens ('' for a link). */
export async function listBannersRepo(db: Q): Promise<(BannerRow & { newsTitle: string })[]> {
  const rows = await db
    .select({ banner: B, newsTitle: news.title })
    .from(B)
    .leftJoin(news, eq(news.id, B.newsId))
    .where(isNull(B.deletedAt))
    .orderBy(asc(B.sort), asc(B.id));
  return rows.map((r) => ({ ...r.banner, newsTitle: r.newsTitle ?? '' }));
}

/** Serialises the desk's banner writes (order, count cap) with a transaction lock. */
export async function lockBannersRepo(tx: Tx): Promise<void> {
  await lockBannerListRepo(tx, 'rural-banners');
}

export async function lockBannerRepo(tx: Tx, id: number): Promise<BannerRow | null> {
  const rows = await tx.select().from(B).where(eq(B.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findBannerRepo(db: Q, id: number): Promise<BannerRow | null> {
  const rows = await db.select().from(B).where(eq(B.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findBannerByKeyRepo(db: Q, key: string): Promise<BannerRow | null> {
  const rows = await db.select().from(B).where(eq(B.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a banner last in the order, once per console key; null when the key was used already (a retried create). */
export async function insertBannerRepo(tx: Tx, v: BannerFields, key: string): Promise<BannerRow | null> {
  const [last] = await tx.select({ n: sql<number>`coalesce(max(${B.sort}), 0)::int` }).from(B);
  const rows = await tx
    .insert(B)
    .values({ ...v, clientKey: key, sort: (last?.n ?? 0) + 1 })
    .onConflictDoNothing({ target: B.clientKey })
    .returning();
  return rows[0] ?? null;
}

export async function updateBannerRepo(tx: Tx, id: number, set: Partial<BannerFields> & { deletedAt?: Date | null }): Promise<BannerRow> {
  const rows = await tx
    .update(B)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(B.id, id))
    .returning();
  return rows[0]!;
}

/** Gives the banners `ids` the sort keys 1, 2, … in that order. */
export async function setBannerOrderRepo(tx: Tx, ids: readonly number[]): Promise<void> {
  await setOrderOf(tx, B, ids);
}

/** The newest stories of a channel (the ones a banner is most often made for), newest first. */
export async function recentStoriesRepo(db: Q, channelId: number, limit: number): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: news.id, title: news.title })
    .from(news)
    .where(and(eq(news.channelId, channelId), sql`${news.publishTime} <= now()`))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(limit);
}

/** A story of the 裕农 channel, or null. */
export async function ruralStoryRepo(db: Q, id: number, channelId: number): Promise<{ id: number; title: string } | null> {
  const rows = await db
    .select({ id: news.id, title: news.title })
    .from(news)
    .where(and(eq(news.id, id), eq(news.channelId, channelId)))
    .limit(1);
  return rows[0] ?? null;
}

export type HouseholdRow = typeof H.$inferSelect;
export type DeedRow = typeof D.$inferSelect;

/** A village's published households (most points first, as the reader's page) with their deeds (latest first). */
export async function villageHouseholdsRepo(db: Q, villageId: number) {
  const [households, deeds] = await Promise.all([
    db.select({ id: H.id, maskedName: H.maskedName, points: H.points }).from(H).where(eq(H.villageId, villageId)).orderBy(desc(H.points), asc(H.id)),
    db
      .select({ id: D.id, householdId: D.householdId, kind: D.kind, description: D.description, points: D.points, day: D.day })
      .from(D)
      .where(eq(D.villageId, villageId))
      .orderBy(desc(D.day), desc(D.id)),
  ]);
  return households.map((h) => ({ ...h, deeds: deeds.filter((d) => d.householdId === h.id).map(({ householdId: _h, ...d }) => d) }));
}

export async function lockHouseholdRepo(tx: Tx, id: number): Promise<HouseholdRow | null> {
  const rows = await tx.select().from(H).where(eq(H.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findHouseholdByKeyRepo(db: Q, key: string): Promise<HouseholdRow | null> {
  const rows = await db.select().from(H).where(eq(H.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/** Adds a household once per console key; null when the key was used already. */
export async function insertHouseholdRepo(tx: Tx, v: { villageId: number; maskedName: string; points: number }, key: string): Promise<HouseholdRow | null> {
  const rows = await tx
    .insert(H)
    .values({ ...v, clientKey: key })
    .onConflictDoNothing({ target: H.clientKey })
    .returning();
  return rows[0] ?? null;
}

export async function updateHouseholdRepo(tx: Tx, id: number, v: { maskedName: string; points: number }): Promise<HouseholdRow> {
  const rows = await tx.update(H).set(v).where(eq(H.id, id)).returning();
  return rows[0]!;
}

/** Removes a household and its deeds; answers the deeds removed (for the audit row). */
export async function deleteHouseholdRepo(tx: Tx, id: number): Promise<DeedRow[]> {
  const deeds = await tx.delete(D).where(eq(D.householdId, id)).returning();
  await tx.delete(H).where(eq(H.id, id));
  return deeds;
}

export async function findDeedRepo(db: Q, id: number): Promise<DeedRow | null> {
  const rows = await db.select().from(D).where(eq(D.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Sets a household's credit points (a deed recorded, corrected or removed: ADR 033). */
export async function setHouseholdPointsRepo(tx: Tx, id: number, points: number): Promise<void> {
  await tx.update(H).set({ points }).where(eq(H.id, id));
}

export async function lockDeedRepo(tx: Tx, id: number): Promise<DeedRow | null> {
  const rows = await tx.select().from(D).where(eq(D.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findDeedByKeyRepo(db: Q, key: string): Promise<DeedRow | null> {
  const rows = await db.select().from(D).where(eq(D.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/** The fields of a deed the desk writes. */
export interface DeedFields {
  kind: string;
  description: string;
  points: number;
  day: string;
}

export async function insertDeedRepo(
  tx: Tx,
  v: DeedFields & { applied: number; householdId: number; villageId: number },
  key: string,
): Promise<DeedRow | null> {
  const rows = await tx
    .insert(D)
    .values({ ...v, clientKey: key })
    .onConflictDoNothing({ target: D.clientKey })
    .returning();
  return rows[0] ?? null;
}

export async function updateDeedRepo(tx: Tx, id: number, v: DeedFields & { applied: number }): Promise<DeedRow> {
  const rows = await tx.update(D).set(v).where(eq(D.id, id)).returning();
  return rows[0]!;
}

export async function deleteDeedRepo(tx: Tx, id: number): Promise<void> {
  await tx.delete(D).where(eq(D.id, id));
}
