/**
 * The complaint desk's demo sellers, their own seed run ('complaint-sellers'): a unit of kind 'seller' for
 * every live-commerce shop the demo complaints name, and the demo complaints' handling on the desk's rules
 * (src/server/answer/complaints/complaintDesk.ts): each one taken on is with its seller, the ones the seller
 * answered and the complainant confirmed are 已完结 by the complainant, and the one whose reply still waits
 * for its complainant is 已回复 with a reply of two days ago (so the 7-day close has not taken it when the
 * demo starts). Every figure of a seller's page comes from these rows.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { answerUnits } from '../schema/answer.ts';
import { complaintEvents, complaints } from '../schema/community.ts';
import { DEMO_SELLER_STAFF } from './complaintSellersData.ts';
import { INTERACT_COMPLAINTS } from './communityData.ts';
import { seedOnce } from './seedOnce.ts';

export const COMPLAINT_SELLERS_SEED = 'complaint-sellers';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The demo shops, each once, in the order the complaints name them; the demo seller account's shop first. */
export function demoSellers(): { name: string; intro: string }[] {
  const seen = new Map<string, string>();
  for (const c of INTERACT_COMPLAINTS) if (!seen.has(c.shop)) seen.set(c.shop, `${c.platform}直播带货商家。`);
  const first = DEMO_SELLER_STAFF.unit;
  return [...seen].map(([name, intro]) => ({ name, intro })).sort((a, b) => Number(b.name === first) - Number(a.name === first));
}

export async function seedComplaintSellers(database: Database, now = new Date()): Promise<{ seeded: boolean }> {
  return seedOnce(database, COMPLAINT_SELLERS_SEED, async () => async (tx) => {
    await tx
      .insert(answerUnits)
      .values(demoSellers().map((u, i) => ({ kind: 'seller', name: u.name, intro: u.intro, sort: i })))
      .onConflictDoNothing();
    const sellers = await tx.select({ id: answerUnits.id, name: answerUnits.name }).from(answerUnits).where(eq(answerUnits.kind, 'seller'));
    const unitOf = new Map(sellers.map((u) => [u.name, u.id]));
    const taken = await tx
      .select()
      .from(complaints)
      .where(inArray(complaints.status, ['accepted', 'processing', 'completed']));
    for (const c of taken) {
      const unitId = unitOf.get(c.shopName);
      if (unitId === undefined) continue;
      const assignedAt = new Date(c.createdAt.getTime() + 18 * HOUR);
      if (c.status === 'processing' && c.sellerReply !== '') {
        const repliedAt = new Date(now.getTime() - 2 * DAY);
        await tx
          .update(complaints)
          .set({ unitId, assignedAt, status: 'replied', sellerReplyAt: repliedAt, updatedAt: repliedAt })
          .where(eq(complaints.id, c.id));
        await tx.insert(complaintEvents).values({ complaintId: c.id, status: 'replied', note: `${c.shopName}回复：${c.sellerReply}`, createdAt: repliedAt });
      } else if (c.status === 'completed') {
        await tx
          .update(complaints)
          .set({ unitId, assignedAt, closedAt: c.updatedAt, closedBy: 'complainant' })
          .where(and(eq(complaints.id, c.id), eq(complaints.status, 'completed')));
      } else {
        await tx.update(complaints).set({ unitId, assignedAt }).where(eq(complaints.id, c.id));
      }
    }
  });
}
