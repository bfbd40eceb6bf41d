/**
 * Readers' public profiles: the nickname and picture shown beside what a reader wrote, read by every
 * area that lists readers' content (docs/where-code-lives.md). Identity itself stays in src/server/accounts.
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { anyOf, prepared } from '../db/prepared.ts';
import { profileChanges, users } from '../db/schema/accounts.ts';

type Q = Db | Tx;

export interface Profile {
  nickname: string;
  userPic: string;
}

/** How an author is shown: their profile, or `nickname` and no picture when the account is gone. */
export function shownAs(profile: Profile | undefined, nickname: string): Profile {
  return profile ?? { nickname, userPic: '' };
}

/** Built once (src/server/db/prepared.ts): every comment list and answer list a page renders names its writers. */
const profilesQuery = prepared('profiles_by_ids', (db, name) =>
  db.select({ id: users.id, nickname: users.nickname, userPic: users.userPic }).from(users).where(anyOf(users.id, 'ids')).prepare(name),
);

export async function profilesRepo(db: Q, userIds: number[]): Promise<Map<number, Profile>> {
  if (userIds.length === 0) return new Map();
  const rows = await profilesQuery(db).execute({ ids: userIds });
  return new Map(rows.map((r) => [r.id, { nickname: r.nickname, userPic: r.userPic }]));
}

// ── changes of nickname and avatar (profile_changes; docs/adr/018-one-review-model.md, kind profile_change) ──

export type ProfileChangeRow = typeof profileChanges.$inferSelect;

/** The reader's latest change, whatever its state. */
export async function latestProfileChangeRepo(db: Q, userId: number): Promise<ProfileChangeRow | null> {
  const [row] = await db
    .select()
    .from(profileChanges)
    .where(eq(profileChanges.userId, userId))
    .orderBy(desc(profileChanges.createdAt), desc(profileChanges.id))
    .limit(1);
  return row ?? null;
}

export async function profileChangeByKeyRepo(db: Q, userId: number, key: string): Promise<ProfileChangeRow | null> {
  const [row] = await db
    .select()
    .from(profileChanges)
    .where(and(eq(profileChanges.userId, userId), eq(profileChanges.clientKey, key)))
    .limit(1);
  return row ?? null;
}

/** Nickname and avatar changes the reader made since `since` that were not refused. */
export async function profileChangeCountsRepo(db: Q, userId: number, since: Date): Promise<{ nicknames: number; avatars: number }> {
  const [row] = await db
    .select({
      nicknames: sql<number>`count(*) filter (where ${profileChanges.nickname} <> '')`.mapWith(Number),
      avatars: sql<number>`count(*) filter (where ${profileChanges.userPic} <> '')`.mapWith(Number),
    })
    .from(profileChanges)
    .where(
      and(
        eq(profileChanges.userId, userId),
        ne(profileChanges.reviewState, 'rejected'),
        gt(profileChanges.createdAt, sql`${since.toISOString()}::timestamptz`),
      ),
    );
  return row ?? { nicknames: 0, avatars: 0 };
}

/** Writes a change, pending; null when a unique index refused it (the key's earlier send, or a change already waiting). */
export async function insertProfileChangeRepo(
  tx: Tx,
  c: { userId: number; nickname: string; userPic: string; oldNickname: string; oldUserPic: string; clientKey: string | null },
): Promise<ProfileChangeRow | null> {
  const [row] = await tx
    .insert(profileChanges)
    .values({ ...c, reviewState: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
