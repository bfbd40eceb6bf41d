/**
 * The one core of the two banner desks (ADR 031 for the 裕农 home's 轮播图, ADR 034 for the channels' 频道轮播图): the
 * rules of a list of banners an editor runs, written once — an add is last in the list and once per console key (a
 * retried add answers the banner it made), the cap is counted under the list's advisory lock, an edit or a show/hide
 * that changes nothing writes nothing, an order is the whole list (a stale one refused), a removal is undone at its old
 * place. Each change is one transaction with its audit row; bad input is refused in Chinese and writes nothing.
 *
 * A desk gives its table's data access (`BannerStore`, scoped: one channel's banners, or the 裕农 home's) and its words
 * (`BannerListRules`: cap, messages, audit names); what a banner opens and how the desk shows a row stay the desk's.
 */
import type { DeskAudit } from '../audit/repo.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { keyOfNewsPicture } from '../publish/pictures.ts';
import { refuse } from '../staff/console.ts';

export type Audit = DeskAudit;

/** What the core reads of a banner row, whatever its table. */
export interface BannerRowBase {
  id: number;
  title: string;
  enabled: boolean;
  startDay: string;
  endDay: string;
  deletedAt: Date | null;
}

/** One list of banners in one table (a desk's repo functions, bound to the list's scope). */
export interface BannerStore<Row extends BannerRowBase, Fields> {
  /** Serialises the list's writes (order, cap) with a transaction lock. */
  lockList(tx: Tx): Promise<void>;
  /** The list's banners not removed, in the carousel's order. */
  list(q: Db | Tx): Promise<Row[]>;
  find(q: Db | Tx, id: number): Promise<Row | null>;
  findByKey(q: Db | Tx, key: string): Promise<Row | null>;
  lockRow(tx: Tx, id: number): Promise<Row | null>;
  /** Inserts last in the list; null when the key was used already. */
  insert(tx: Tx, fields: Fields, key: string): Promise<Row | null>;
  update(tx: Tx, id: number, fields: Fields): Promise<Row>;
  setEnabled(tx: Tx, id: number, enabled: boolean): Promise<Row>;
  /** Removes (a time) or restores (null) a banner. */
  setRemoved(tx: Tx, id: number, deletedAt: Date | null): Promise<Row>;
  /** Gives the banners `ids` the sort keys 1, 2, … in that order. */
  setOrder(tx: Tx, ids: readonly number[]): Promise<void>;
  /** The fields an edit compares and writes. */
  fieldsOf(row: Row): Fields;
  /** The picture a row shows (an edit keeping it is not checked again). */
  pictureOf(row: Row): string;
}

/** A desk's words for its list. */
export interface BannerListRules {
  max: number;
  messages: { bannerMissing: string; bannerRemoved: string; tooManyBanners: string; orderStale: string; pictureNotUploaded: string };
  /** The audit rows' action prefix (`rural.banner`, `placement.banner`) and the kind of item a banner row is. */
  action: string;
  itemKind: string;
  /** What a reorder's audit row names (the list's scope). */
  orderItem: { itemKind: string; itemId: number };
}

/** Whether readers see a banner today (on and within its dates), and where today falls against its dates. */
export function bannerWindow(r: Pick<BannerRowBase, 'enabled' | 'startDay' | 'endDay'>, today: string) {
  const within = (r.startDay === '' || r.startDay <= today) && (r.endDay === '' || r.endDay >= today);
  return {
    /** Readers see it today (on and within its dates). */
    live: r.enabled && within,
    /** 'waiting' before its start, 'ended' after its end, '' within its dates. */
    window: r.startDay !== '' && r.startDay > today ? 'waiting' : r.endDay !== '' && r.endDay < today ? 'ended' : '',
  } as const;
}

/** The list operations of one banner list. */
export function bannerList<Row extends BannerRowBase, Fields>(store: BannerStore<Row, Fields>, rules: BannerListRules) {
  const { messages } = rules;

  /** A picture the desk sends must be one the media pipeline stored (or the one the banner already had). */
  async function checkPicture(media: MediaStorage, picture: string, kept: string | null): Promise<void> {
    if (picture === kept) return;
    const key = keyOfNewsPicture(picture);
    if (key === null || !(await media.exists(key))) throw refuse(messages.pictureNotUploaded);
  }

  return {
    checkPicture,

    /** Adds a banner last, once per key (a retried add answers the banner it made); `auditScope` leads its audit row. */
    async add(
      database: Database,
      input: { fields: Fields; picture: string; key: string; auditScope?: Record<string, unknown> },
      audit: Audit,
      media: MediaStorage,
    ) {
      const earlier = await store.findByKey(database.db, input.key);
      if (earlier) return earlier;
      await checkPicture(media, input.picture, null);
      const made = await database.write(async (tx) => {
        await store.lockList(tx);
        if ((await store.list(tx)).length >= rules.max) throw refuse(messages.tooManyBanners);
        const row = await store.insert(tx, input.fields, input.key);
        if (!row) return null;
        await audit(tx, { action: `${rules.action}.create`, itemKind: rules.itemKind, itemId: row.id, after: { ...input.auditScope, ...input.fields } });
        return row;
      });
      return made ?? (await store.findByKey(database.db, input.key))!;
    },

    /** Edits a banner; the same fields sent again change nothing. `belongs` refuses a banner of another list. */
    async edit(database: Database, input: { id: number; fields: Fields; picture: string; belongs?: (row: Row) => boolean }, audit: Audit, media: MediaStorage) {
      const current = await store.find(database.db, input.id);
      if (input.belongs && (!current || !input.belongs(current))) throw refuse(messages.bannerMissing);
      await checkPicture(media, input.picture, current ? store.pictureOf(current) : null);
      return database.write(async (tx) => {
        const before = await store.lockRow(tx, input.id);
        if (!before) throw refuse(messages.bannerMissing);
        if (before.deletedAt !== null) throw refuse(messages.bannerRemoved);
        const was = store.fieldsOf(before);
        if (JSON.stringify(was) === JSON.stringify(input.fields)) return before;
        const after = await store.update(tx, input.id, input.fields);
        await audit(tx, { action: `${rules.action}.edit`, itemKind: rules.itemKind, itemId: input.id, before: was, after: input.fields });
        return after;
      });
    },

    /** Shows or hides a banner; the same state sent again changes nothing. */
    async setEnabled(database: Database, input: { id: number; enabled: boolean }, audit: Audit) {
      return database.write(async (tx) => {
        const before = await store.lockRow(tx, input.id);
        if (!before || before.deletedAt !== null) throw refuse(messages.bannerMissing);
        if (before.enabled === input.enabled) return before;
        const after = await store.setEnabled(tx, input.id, input.enabled);
        await audit(tx, {
          action: `${rules.action}.${input.enabled ? 'show' : 'hide'}`,
          itemKind: rules.itemKind,
          itemId: input.id,
          before: { enabled: before.enabled },
          after: { enabled: after.enabled },
        });
        return after;
      });
    },

    /**
     * Puts the banners in the order `ids` names: the whole list, so a retried call changes nothing more and a list that
     * no longer matches (another editor added or removed one) is refused rather than guessed at.
     */
    async order(database: Database, ids: readonly number[], audit: Audit) {
      return database.write(async (tx) => {
        await store.lockList(tx);
        const before = (await store.list(tx)).map((r) => r.id);
        const same = before.length === ids.length && new Set(ids).size === ids.length && ids.every((id) => before.includes(id));
        if (!same) throw refuse(messages.orderStale);
        if (before.every((id, i) => ids[i] === id)) return { ids: before };
        await store.setOrder(tx, ids);
        await audit(tx, { action: `${rules.action}.reorder`, ...rules.orderItem, before: { ids: before }, after: { ids } });
        return { ids: [...ids] };
      });
    },

    /**
     * Removes a banner, or (`restore`) undoes the removal at its old place. Retry-safe: removing a removed banner, or
     * restoring a live one, changes nothing and writes no second audit row.
     */
    async remove(database: Database, id: number, restore: boolean, audit: Audit) {
      return database.write(async (tx) => {
        await store.lockList(tx);
        const before = await store.lockRow(tx, id);
        if (!before) throw refuse(messages.bannerMissing);
        if ((before.deletedAt === null) === restore) return { id: before.id, removed: !restore };
        if (restore && (await store.list(tx)).length >= rules.max) throw refuse(messages.tooManyBanners);
        await store.setRemoved(tx, id, restore ? null : new Date());
        await audit(tx, {
          action: `${rules.action}.${restore ? 'restore' : 'remove'}`,
          itemKind: rules.itemKind,
          itemId: id,
          before: { removed: !restore, title: before.title },
          after: { removed: !restore },
        });
        return { id: before.id, removed: !restore };
      });
    },
  };
}
