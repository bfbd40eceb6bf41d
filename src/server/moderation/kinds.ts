/** What a kind of reader-written content tells the desk (docs/adr/018-one-review-model.md); the kinds are listed in registry.ts. */
import type { Db, Tx } from '../db/client.ts';
import type { ItemRef } from '../web/writeScope.ts';
import type { Area } from './areas.ts';

/** A reader-written item's review state on its own row. */
export type ItemState = 'pending' | 'approved' | 'rejected';

/** An item as the desk shows it. */
export interface ItemView {
  id: number;
  userId: number;
  text: string;
  pictures: string[];
  /** What it belongs to (an article, a question, a post), with a link into the reader site; '' when it stands alone. */
  contextTitle: string;
  contextHref: string;
  /** The text of the comment a reply answers ('' otherwise). */
  parentText: string;
  /** What the item replaces (a reader's old nickname and avatar), shown beside it; absent for other kinds. */
  before?: { text: string; pictures: string[] };
}

export interface ReviewKind {
  kind: string;
  label: string;
  /** The areas its items fall in (an item's own area is stored on the desk). */
  areas: readonly Area[];
  /** Items by id, in their context; missing ids are left out. */
  fetch(db: Db, ids: number[]): Promise<Map<number, ItemView>>;
  /**
   * Sets one item's public state in the decision's transaction; `wasPublic`/`nowPublic` say whether readers saw it
   * before and see it after, so counters move once. Returns what readers' cached pages must drop (null: nothing kept
   * in a cache shows it, 'all': anything may).
   */
  setState(tx: Tx, itemId: number, change: { state: ItemState; reason: string; wasPublic: boolean; nowPublic: boolean }): Promise<ItemRef | 'all' | null>;
}
