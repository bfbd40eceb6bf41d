/**
 * The topic desk (ADR 035, docs/security.md "Topic desk"): editors create and edit a 话题, a 时间线专题 and a 专题
 * (title, intro, a cover the desk stored, a topic's icon, a 专题's first categories), and order what readers see in
 * them — add a published story, remove it (undone by putting it back at its old place), order the stories, and a
 * special topic's categories (add, rename, order, remove an empty one). A time line stays in publish-time order.
 * Each change is one transaction with its audit row under an advisory lock; a retry changes nothing more (a create's
 * console key, the primary keys, the whole order sent, a category's name); bad input is refused in Chinese and writes
 * nothing.
 */
import { collectionPath, SPECIAL_CATEGORIES_MAX, TOPIC_COLLECTION_COLUMN_ID, TOPIC_ITEMS_MAX } from '../../contract/topicDesk.ts';
import type { Database, Tx } from '../db/client.ts';
import type { DeskAudit as Audit } from '../audit/repo.ts';
import type { MediaStorage } from '../media/storage.ts';
import { publishedStoryRepo } from '../placementDesk/repo.ts';
import { keyOfNewsPicture } from '../publish/pictures.ts';
import { refuse } from '../staff/console.ts';
import {
  categoryItemCountRepo,
  deleteCategoryRepo,
  deleteItemRepo,
  findCategoryRepo,
  findSpecialByKeyRepo,
  findSpecialFullRepo,
  findSpecialRepo,
  findTopicByKeyRepo,
  findTopicFullRepo,
  findTopicRepo,
  insertCategoryRepo,
  insertItemRepo,
  insertSpecialRepo,
  insertTopicRepo,
  listCategoriesRepo,
  listItemsRepo,
  listSpecialsRepo,
  listTopicsRepo,
  lockCollectionsRepo,
  lockOwnerRepo,
  lockSpecialsRepo,
  recountTopicRepo,
  renameCategoryRepo,
  setCategoryOrderRepo,
  setItemOrderRepo,
  updateSpecialRepo,
  updateTopicRepo,
  type ItemRow,
  type Owner,
} from './repo.ts';

export const TOPIC_DESK_MESSAGES = {
  topicMissing: '话题不存在',
  specialMissing: '专题不存在',
  categoryMissing: '专题栏目不存在',
  storyMissing: '找不到这篇已发布的稿件，请重新选择',
  itemMissing: '这篇稿件不在其中',
  timelineOrder: '时间线专题按发布时间排列，不能调整顺序',
  orderStale: '稿件刚被修改过，请刷新后再调整顺序',
  categoryOrderStale: '栏目刚被修改过，请刷新后再调整顺序',
  tooManyItems: `每个话题或栏目至多 ${TOPIC_ITEMS_MAX} 篇稿件，请先移除一篇`,
  tooManyCategories: `每个专题至多 ${SPECIAL_CATEGORIES_MAX} 个栏目，请先删除一个`,
  nameTaken: '这个专题已有同名栏目',
  categoryNotEmpty: '栏目中还有稿件，请先移除稿件再删除栏目',
  pictureNotUploaded: '图片未上传成功，请重新上传',
} as const;

const itemView = (r: ItemRow) => ({ newsId: r.newsId, title: r.title, publishTime: r.publishTime.toISOString(), channel: r.channel ?? '', sort: r.sort });

const topicView = (t: { id: number; title: string; intro: string; logo: string; pictures: string[]; isTimeline: boolean }) => ({
  id: t.id,
  title: t.title,
  intro: t.intro,
  cover: t.pictures[0] ?? '',
  logo: t.logo,
  timeline: t.isTimeline,
  readerPath: collectionPath('topic', t.id),
});

const specialView = (s: { classId: number; title: string; intro: string; img: string }) => ({
  classId: s.classId,
  title: s.title,
  intro: s.intro,
  cover: s.img,
  readerPath: collectionPath('special', s.classId),
});

/** The topics (话题 and 时间线专题) and the special topics, for the desk's picker. */
export async function listAll(database: Database) {
  const [topics, specials] = await Promise.all([listTopicsRepo(database.db), listSpecialsRepo(database.db)]);
  return { topics, specials };
}

/** What owns the stories, checked: a topic (and whether it is a time line) or a category of a special topic. */
async function ownerOf(db: Database['db'] | Tx, owner: Owner, ownerId: number): Promise<{ title: string; timeline: boolean }> {
  if (owner === 'topic') {
    const topic = await findTopicRepo(db, ownerId);
    if (!topic) throw refuse(TOPIC_DESK_MESSAGES.topicMissing);
    return { title: topic.title, timeline: topic.isTimeline };
  }
  const category = await findCategoryRepo(db, ownerId);
  if (!category) throw refuse(TOPIC_DESK_MESSAGES.categoryMissing);
  return { title: category.name, timeline: false };
}

/** A topic with its stories in the reader's order. */
export async function readTopic(database: Database, topicId: number) {
  const topic = await findTopicFullRepo(database.db, topicId);
  if (!topic) throw refuse(TOPIC_DESK_MESSAGES.topicMissing);
  const items = await listItemsRepo(database.db, 'topic', topicId, topic.isTimeline);
  return { ...topicView(topic), isTimeline: topic.isTimeline, max: TOPIC_ITEMS_MAX, items: items.map(itemView) };
}

/** A special topic with its categories and each category's stories, in the reader's order (/SpecialPage). */
export async function readSpecial(database: Database, classId: number) {
  const special = await findSpecialFullRepo(database.db, classId);
  if (!special) throw refuse(TOPIC_DESK_MESSAGES.specialMissing);
  const categories = await listCategoriesRepo(database.db, classId);
  const withItems = await Promise.all(
    categories.map(async (c) => ({ id: c.id, name: c.name, items: (await listItemsRepo(database.db, 'category', c.id, false)).map(itemView) })),
  );
  return { ...specialView(special), max: TOPIC_ITEMS_MAX, maxCategories: SPECIAL_CATEGORIES_MAX, categories: withItems };
}

type ItemInput = { owner: Owner; ownerId: number; newsId: number };

const auditKind = (owner: Owner) => (owner === 'topic' ? 'topic' : 'specialCategory');

/**
 * Puts a published story into a topic or a category at the sort `sortOf` gives from the stories already there, with
 * its audit row `action`. Retry-safe: a story already there is answered as it is (`placed: false`), with no second
 * audit row.
 */
async function placeItem(database: Database, input: ItemInput, action: string, sortOf: (items: readonly ItemRow[], timeline: boolean) => number, audit: Audit) {
  const story = await publishedStoryRepo(database.db, input.newsId);
  if (!story) throw refuse(TOPIC_DESK_MESSAGES.storyMissing);
  return database.write(async (tx) => {
    const { timeline } = await ownerOf(tx, input.owner, input.ownerId);
    await lockOwnerRepo(tx, input.owner, input.ownerId);
    const items = await listItemsRepo(tx, input.owner, input.ownerId, timeline);
    if (items.some((i) => i.newsId === input.newsId)) return { title: story.title, placed: false };
    if (items.length >= TOPIC_ITEMS_MAX) throw refuse(TOPIC_DESK_MESSAGES.tooManyItems);
    const sort = sortOf(items, timeline);
    await insertItemRepo(tx, input.owner, input.ownerId, input.newsId, sort);
    if (input.owner === 'topic') await recountTopicRepo(tx, input.ownerId);
    await audit(tx, { action, itemKind: auditKind(input.owner), itemId: input.ownerId, after: { newsId: input.newsId, sort } });
    return { title: story.title, placed: true };
  });
}

/** Adds a published story first (sort one before the first: the editor then moves it; a time line places it by its time). */
export async function addItem(database: Database, input: ItemInput, audit: Audit) {
  const first = (items: readonly ItemRow[], timeline: boolean) => (timeline ? 0 : Math.min(1, ...items.map((i) => i.sort)) - 1);
  const { title, placed } = await placeItem(database, input, 'topics.item.add', first, audit);
  return { newsId: input.newsId, title, added: placed };
}

/** Takes a story out; the answer's `sort` puts it back (restoreItem). Retry-safe: a story not there changes nothing. */
export async function removeItem(database: Database, input: ItemInput, audit: Audit) {
  return database.write(async (tx) => {
    await ownerOf(tx, input.owner, input.ownerId);
    await lockOwnerRepo(tx, input.owner, input.ownerId);
    const sort = await deleteItemRepo(tx, input.owner, input.ownerId, input.newsId);
    if (sort === null) return { newsId: input.newsId, removed: false, sort: 0 };
    if (input.owner === 'topic') await recountTopicRepo(tx, input.ownerId);
    await audit(tx, { action: 'topics.item.remove', itemKind: auditKind(input.owner), itemId: input.ownerId, before: { newsId: input.newsId, sort } });
    return { newsId: input.newsId, removed: true, sort };
  });
}

/** Undoes a removal: the story back at its old sort (still published). Retry-safe as addItem. */
export async function restoreItem(database: Database, input: ItemInput & { sort: number }, audit: Audit) {
  const { placed } = await placeItem(database, input, 'topics.item.restore', () => input.sort, audit);
  return { newsId: input.newsId, restored: placed };
}

/**
 * Puts a 话题's or a category's stories in the order `ids` names: the whole list, so a retry changes nothing more and
 * a list that no longer matches (another editor added or removed one) is refused. A time line keeps its time order.
 */
export async function orderItems(database: Database, input: { owner: Owner; ownerId: number; ids: readonly number[] }, audit: Audit) {
  return database.write(async (tx) => {
    const { timeline } = await ownerOf(tx, input.owner, input.ownerId);
    if (timeline) throw refuse(TOPIC_DESK_MESSAGES.timelineOrder);
    await lockOwnerRepo(tx, input.owner, input.ownerId);
    const before = (await listItemsRepo(tx, input.owner, input.ownerId, false)).map((i) => i.newsId);
    const { ids } = input;
    const same = before.length === ids.length && new Set(ids).size === ids.length && ids.every((id) => before.includes(id));
    if (!same) throw refuse(TOPIC_DESK_MESSAGES.orderStale);
    if (before.every((id, i) => ids[i] === id)) return { ids: before };
    await setItemOrderRepo(tx, input.owner, input.ownerId, ids);
    await audit(tx, { action: 'topics.item.reorder', itemKind: auditKind(input.owner), itemId: input.ownerId, before: { ids: before }, after: { ids } });
    return { ids: [...ids] };
  });
}

const categoryView = (c: { id: number; classId: number; name: string }) => ({ id: c.id, classId: c.classId, name: c.name });

/** Adds a category last in a special topic; the same name again answers the category it is (a retry adds nothing). */
export async function addCategory(database: Database, input: { classId: number; name: string }, audit: Audit) {
  return database.write(async (tx) => {
    if (!(await findSpecialRepo(tx, input.classId))) throw refuse(TOPIC_DESK_MESSAGES.specialMissing);
    await lockSpecialsRepo(tx);
    const categories = await listCategoriesRepo(tx, input.classId);
    const same = categories.find((c) => c.name === input.name);
    if (same) return { ...categoryView(same), added: false };
    if (categories.length >= SPECIAL_CATEGORIES_MAX) throw refuse(TOPIC_DESK_MESSAGES.tooManyCategories);
    const made = await insertCategoryRepo(tx, input.classId, input.name);
    await audit(tx, { action: 'topics.category.add', itemKind: 'specialCategory', itemId: made.id, after: { classId: input.classId, name: made.name } });
    return { ...categoryView(made), added: true };
  });
}

/** Renames a category (a name another category of its special topic has is refused; the same name changes nothing). */
export async function renameCategory(database: Database, input: { id: number; name: string }, audit: Audit) {
  return database.write(async (tx) => {
    await lockSpecialsRepo(tx);
    const category = await findCategoryRepo(tx, input.id);
    if (!category) throw refuse(TOPIC_DESK_MESSAGES.categoryMissing);
    if (category.name === input.name) return categoryView(category);
    if ((await listCategoriesRepo(tx, category.classId)).some((c) => c.name === input.name)) throw refuse(TOPIC_DESK_MESSAGES.nameTaken);
    await renameCategoryRepo(tx, input.id, input.name);
    await audit(tx, {
      action: 'topics.category.rename',
      itemKind: 'specialCategory',
      itemId: input.id,
      before: { name: category.name },
      after: { name: input.name },
    });
    return categoryView({ ...category, name: input.name });
  });
}

/** Deletes an empty category (one with stories is refused: remove them first). Retry-safe: a gone one changes nothing. */
export async function removeCategory(database: Database, input: { id: number }, audit: Audit) {
  return database.write(async (tx) => {
    await lockSpecialsRepo(tx);
    const category = await findCategoryRepo(tx, input.id);
    if (!category) return { id: input.id, removed: false };
    await lockOwnerRepo(tx, 'category', input.id);
    if ((await categoryItemCountRepo(tx, input.id)) > 0) throw refuse(TOPIC_DESK_MESSAGES.categoryNotEmpty);
    await deleteCategoryRepo(tx, input.id);
    await audit(tx, {
      action: 'topics.category.remove',
      itemKind: 'specialCategory',
      itemId: input.id,
      before: { classId: category.classId, name: category.name, sort: category.sort },
    });
    return { id: input.id, removed: true };
  });
}

/** Puts a special topic's categories in the order `ids` names (the whole list, as orderItems). */
export async function orderCategories(database: Database, input: { classId: number; ids: readonly number[] }, audit: Audit) {
  return database.write(async (tx) => {
    if (!(await findSpecialRepo(tx, input.classId))) throw refuse(TOPIC_DESK_MESSAGES.specialMissing);
    await lockSpecialsRepo(tx);
    const before = (await listCategoriesRepo(tx, input.classId)).map((c) => c.id);
    const { ids } = input;
    const same = before.length === ids.length && new Set(ids).size === ids.length && ids.every((id) => before.includes(id));
    if (!same) throw refuse(TOPIC_DESK_MESSAGES.categoryOrderStale);
    if (before.every((id, i) => ids[i] === id)) return { ids: before };
    await setCategoryOrderRepo(tx, ids);
    await audit(tx, { action: 'topics.category.reorder', itemKind: 'specialTopic', itemId: input.classId, before: { ids: before }, after: { ids } });
    return { ids: [...ids] };
  });
}

// ── the collections themselves: create and edit (ADR 035) ─────────────────────────────────────────────────────────

/** A picture the desk sends must be one the media pipeline stored (`/topics/picture`), or one the collection keeps. */
async function checkPicture(media: MediaStorage, picture: string, kept: readonly string[]): Promise<void> {
  if (picture === '' || kept.includes(picture)) return;
  const key = keyOfNewsPicture(picture);
  if (key === null || !(await media.exists(key))) throw refuse(TOPIC_DESK_MESSAGES.pictureNotUploaded);
}

type TopicInput = { title: string; intro: string; cover: string; logo: string; timeline: boolean };

/** The stored fields of a topic as the editor wrote them: the icon is the cover when none is given. */
function topicFields(input: TopicInput, keptPictures: readonly string[]) {
  // The cover leads the pictures the page's header shows; pictures the topic had besides stay after it.
  const pictures = [input.cover, ...keptPictures.filter((p) => p !== input.cover)];
  return { title: input.title, intro: input.intro, logo: input.logo || input.cover, pictures, isTimeline: input.timeline };
}

/** The fields a topic's audit row and its "changed?" check compare. */
const topicAudit = (f: { title: string; intro: string; logo: string; pictures: string[]; isTimeline: boolean }) => ({
  title: f.title,
  intro: f.intro,
  cover: f.pictures[0] ?? '',
  logo: f.logo,
  timeline: f.isTimeline,
});

/**
 * Creates a 话题 or a 时间线专题 in the topic collection (column 105: /timeTopic/home, the home's 热门话题), last, its id
 * the next after the largest under one advisory lock. Once per console key: a retried create answers the topic it made.
 */
export async function createTopic(database: Database, input: TopicInput & { key: string }, audit: Audit, media: MediaStorage) {
  const earlier = await findTopicByKeyRepo(database.db, input.key);
  if (earlier) return { ...topicView(earlier), created: false };
  await checkPicture(media, input.cover, []);
  await checkPicture(media, input.logo, []);
  const fields = topicFields(input, []);
  const made = await database.write(async (tx) => {
    await lockCollectionsRepo(tx);
    const row = await insertTopicRepo(tx, TOPIC_COLLECTION_COLUMN_ID, fields, input.key);
    if (!row) return null;
    await audit(tx, { action: 'topics.create', itemKind: 'topic', itemId: row.id, after: topicAudit(fields) });
    return row;
  });
  if (made) return { ...topicView(made), created: true };
  return { ...topicView((await findTopicByKeyRepo(database.db, input.key))!), created: false };
}

/** Edits a topic's title, intro, cover, icon and kind; the same fields again change nothing (no audit row). */
export async function editTopic(database: Database, input: TopicInput & { id: number }, audit: Audit, media: MediaStorage) {
  const current = await findTopicFullRepo(database.db, input.id);
  if (!current) throw refuse(TOPIC_DESK_MESSAGES.topicMissing);
  const kept = [...current.pictures, current.logo];
  await checkPicture(media, input.cover, kept);
  await checkPicture(media, input.logo, kept);
  return database.write(async (tx) => {
    await lockOwnerRepo(tx, 'topic', input.id);
    const before = await findTopicFullRepo(tx, input.id);
    if (!before) throw refuse(TOPIC_DESK_MESSAGES.topicMissing);
    const fields = topicFields(input, before.pictures);
    const was = topicAudit(before);
    const now = topicAudit(fields);
    if (JSON.stringify(was) === JSON.stringify(now)) return { ...topicView(before), changed: false };
    await updateTopicRepo(tx, input.id, fields);
    await audit(tx, { action: 'topics.edit', itemKind: 'topic', itemId: input.id, before: was, after: now });
    return { ...topicView({ ...before, ...fields }), changed: true };
  });
}

type SpecialInput = { title: string; intro: string; cover: string };

/**
 * Creates a 专题 with its first categories (in the order given), last among the special topics; its class id and the
 * categories' ids the next after the largest, under the desk's advisory locks. Once per console key.
 */
export async function createSpecial(
  database: Database,
  input: SpecialInput & { key: string; categories: readonly string[] },
  audit: Audit,
  media: MediaStorage,
) {
  const earlier = await findSpecialByKeyRepo(database.db, input.key);
  if (earlier) return { ...specialView(earlier), created: false };
  await checkPicture(media, input.cover, []);
  const fields = { title: input.title, intro: input.intro, img: input.cover };
  const made = await database.write(async (tx) => {
    await lockCollectionsRepo(tx);
    const row = await insertSpecialRepo(tx, fields, input.key);
    if (!row) return null;
    await lockSpecialsRepo(tx);
    const categories = [];
    for (const name of input.categories) categories.push(await insertCategoryRepo(tx, row.classId, name));
    await audit(tx, {
      action: 'topics.special.create',
      itemKind: 'specialTopic',
      itemId: row.classId,
      after: { title: fields.title, intro: fields.intro, cover: fields.img, categories: categories.map((c) => ({ id: c.id, name: c.name })) },
    });
    return row;
  });
  if (made) return { ...specialView(made), created: true };
  return { ...specialView((await findSpecialByKeyRepo(database.db, input.key))!), created: false };
}

/** Edits a 专题's title, intro and cover (its categories are the category tools'); the same fields again change nothing. */
export async function editSpecial(database: Database, input: SpecialInput & { classId: number }, audit: Audit, media: MediaStorage) {
  const current = await findSpecialFullRepo(database.db, input.classId);
  if (!current) throw refuse(TOPIC_DESK_MESSAGES.specialMissing);
  await checkPicture(media, input.cover, [current.img]);
  return database.write(async (tx) => {
    await lockSpecialsRepo(tx);
    const before = await findSpecialFullRepo(tx, input.classId);
    if (!before) throw refuse(TOPIC_DESK_MESSAGES.specialMissing);
    const was = { title: before.title, intro: before.intro, cover: before.img };
    const now = { title: input.title, intro: input.intro, cover: input.cover };
    if (JSON.stringify(was) === JSON.stringify(now)) return { ...specialView(before), changed: false };
    await updateSpecialRepo(tx, input.classId, { title: input.title, intro: input.intro, img: input.cover });
    await audit(tx, { action: 'topics.special.edit', itemKind: 'specialTopic', itemId: input.classId, before: was, after: now });
    return { ...specialView({ ...before, ...now, img: input.cover }), changed: true };
  });
}
