/**
 * The one door every reader write passes before it is stored (docs/adr/018-one-review-model.md): a muted reader
 * is refused with the end date, an area closed by the emergency switch (应急处置) is refused with the reason
 * its moderators gave, a blocked word is refused at once, and what is left is published or held for review —
 * held when the area reviews before publishing or a hold word matched. `enqueue` then puts the stored item on
 * the desk, in the item's own transaction.
 */
import { StatusCode } from '../../contract/envelope.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db, Tx } from '../db/client.ts';
import { fail } from '../http/envelope.ts';
import { activeMuteRepo, enqueueRepo, settingsRowsRepo, wordsRepo } from './repo.ts';
import { REVIEW_BEFORE_PUBLISH_DEFAULT, SITE_WIDE, type Area } from './areas.ts';
import { WordMatcher, type WordAction } from './wordMatcher.ts';

export const GATE_MESSAGES = {
  mutedUntil: (until: Date) => `你已被禁言，${formatBeijingTime(until)} 前不能发表内容`,
  mutedForever: '你已被永久禁言，不能发表内容',
  closed: '该栏目暂停评论和发布',
  blockedWord: '内容含有违规词语，请修改后再发',
} as const;

/** Settings and words are read again at most this often: a change reaches every server process within 2 s (issue: what readers see). */
export const GATE_CACHE_MS = 1_000;

export interface AreaSettings {
  reviewBeforePublish: boolean;
  closed: boolean;
  closedMessage: string;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

const settingsCache = new WeakMap<object, Cached<Map<string, AreaSettings>>>();
const wordsCache = new WeakMap<object, Cached<WordMatcher>>();

function cached<T>(cache: WeakMap<object, Cached<T>>, db: Db, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < GATE_CACHE_MS) return hit.value;
  const value = load();
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** Drops this process's copies at once (the desk calls it after its own changes). */
export function forgetGateCache(db: Db): void {
  settingsCache.delete(db);
  wordsCache.delete(db);
}

async function settingsRows(db: Db): Promise<Map<string, AreaSettings>> {
  return cached(settingsCache, db, async () => {
    const rows = await settingsRowsRepo(db);
    return new Map(rows.map((r) => [r.area, { reviewBeforePublish: r.reviewBeforePublish, closed: r.closed, closedMessage: r.closedMessage }]));
  });
}

/** One area's settings: its row, or the defaults of areas.ts. */
export async function areaSettings(db: Db, area: Area | typeof SITE_WIDE): Promise<AreaSettings> {
  const row = (await settingsRows(db)).get(area);
  if (row) return row;
  return { reviewBeforePublish: area === SITE_WIDE ? false : REVIEW_BEFORE_PUBLISH_DEFAULT[area], closed: false, closedMessage: '' };
}

export function wordMatcher(db: Db): Promise<WordMatcher> {
  return cached(wordsCache, db, async () => {
    const rows = await wordsRepo(db);
    return new WordMatcher(rows.map((r) => ({ word: r.word, action: r.action as WordAction })));
  });
}

/** The reader's mute in force now, or null. */
export function activeMute(db: Db | Tx, userId: number): Promise<{ until: Date | null; reason: string } | null> {
  return activeMuteRepo(db, userId);
}

export interface Admission {
  /** What the item is stored as. */
  state: 'pending' | 'approved';
  /** The hold word that sent it to review ('' when none). */
  heldWord: string;
}

/** Decides whether `userId` may write `text` in `area` now, and in which state it is stored; refuses with a Chinese message. */
export async function admitWrite(db: Db, input: { userId: number; area: Area; text: string }): Promise<Admission> {
  const mute = await activeMute(db, input.userId);
  if (mute) throw fail(StatusCode.forbidden, mute.until ? GATE_MESSAGES.mutedUntil(mute.until) : GATE_MESSAGES.mutedForever);
  const [site, area] = await Promise.all([areaSettings(db, SITE_WIDE), areaSettings(db, input.area)]);
  const closed = site.closed ? site : area.closed ? area : null;
  if (closed) throw fail(StatusCode.forbidden, closed.closedMessage || GATE_MESSAGES.closed);
  const hits = (await wordMatcher(db)).find(input.text);
  if (hits.some((h) => h.action === 'block')) throw fail(StatusCode.fail, GATE_MESSAGES.blockedWord);
  const held = hits.find((h) => h.action === 'hold');
  if (held) return { state: 'pending', heldWord: held.word };
  return { state: area.reviewBeforePublish ? 'pending' : 'approved', heldWord: '' };
}

export interface DeskEntry {
  kind: string;
  itemId: number;
  area: Area;
  userId: number;
  excerpt: string;
  admission: Admission;
}

/** Puts a stored item on the desk (待审 when pending, 巡查 when published); a retried write adds nothing. */
export async function enqueue(tx: Tx, entry: DeskEntry): Promise<void> {
  await enqueueRepo(tx, {
    kind: entry.kind,
    itemId: entry.itemId,
    area: entry.area,
    userId: entry.userId,
    excerpt: entry.excerpt,
    state: entry.admission.state,
    heldWord: entry.admission.heldWord,
  });
}
