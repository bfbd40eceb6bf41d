/**
 * The topic desk in the newsroom console (`/newsroom/api/topics/*`, ADR 035): 话题 and 时间线专题 (`topics`) with their
 * stories, and the 专题 (`special_topics`, /SpecialPage?classId=) with their categories and each category's stories.
 * The reader's side is news.ts (topicsCollect, /timeTopic, specialNews).
 */
import { BASE_PATH } from '../lib/safeUrl.ts';
import { IdOf, Text } from './fields.ts';
import { DeskKey } from './mallDesk.ts';
import { z } from './zod.ts';

/** At most this many stories in one topic or one category (the order is sent whole). */
export const TOPIC_ITEMS_MAX = 200;
/** At most this many categories in one special topic. */
export const SPECIAL_CATEGORIES_MAX = 20;

const TopicId = IdOf('请选择话题');
const ClassIdOf = IdOf('请选择专题');
const CategoryId = IdOf('请选择专题栏目');
const NewsId = IdOf('稿件编号不正确');

export const TopicQuery = z.object({ topicId: TopicId });
export const SpecialQuery = z.object({ classId: ClassIdOf });

/** Whose stories: a topic (话题 or 时间线专题) or one category of a special topic. */
export const ItemOwner = z.enum(['topic', 'category'], { error: '请选择话题或专题栏目' });

const OwnerId = IdOf('请选择话题或专题栏目');

/** Adds a published story, or takes one out (the primary keys make a retry add or remove nothing more). */
export const TopicItemBody = z.object({ owner: ItemOwner, ownerId: OwnerId, newsId: NewsId });

/** Puts a removed story back at its old place (`sort` as the removal answered it). */
export const TopicItemRestoreBody = TopicItemBody.extend({
  sort: z.number({ error: '位置不正确' }).int('位置不正确').min(-1_000_000, '位置不正确').max(1_000_000, '位置不正确'),
});

/** The whole order of a topic's or a category's stories (each once): a retried call changes nothing more. */
export const TopicItemOrderBody = z.object({
  owner: ItemOwner,
  ownerId: OwnerId,
  ids: z.array(NewsId, { error: '顺序不正确' }).min(1, '顺序不正确').max(TOPIC_ITEMS_MAX, '顺序不正确'),
});

const CategoryName = Text({ min: 2, max: 12, label: '栏目名称' });

/** A new category, last in its special topic; the same name again answers the category it made (a retry). */
export const CategoryAddBody = z.object({ classId: ClassIdOf, name: CategoryName });
export const CategoryRenameBody = z.object({ id: CategoryId, name: CategoryName });
export const CategoryRemoveBody = z.object({ id: CategoryId });
export const CategoryOrderBody = z.object({
  classId: ClassIdOf,
  ids: z.array(CategoryId, { error: '顺序不正确' }).min(1, '顺序不正确').max(SPECIAL_CATEGORIES_MAX, '顺序不正确'),
});

/** The column whose topic collection (topicsCollect, /timeTopic/home, the home's 热门话题) lists the desk's topics. */
export const TOPIC_COLLECTION_COLUMN_ID = 105;
export const COLLECTION_TITLE_MAX = 30;
export const COLLECTION_INTRO_MAX = 200;

/** The reader's address of a collection (ADR 035): a 专题's page, or a 话题's or 时间线专题's. */
export function collectionPath(kind: 'special' | 'topic', id: number): string {
  return kind === 'special' ? `${BASE_PATH}/SpecialPage?classId=${id}` : `${BASE_PATH}/timeTopic?topicId=${id}`;
}

/**
 * The class id of a 专题's reader address (the site base then /SpecialPage?classId=N, as collectionPath writes it), or null:
 * the placement desk's banner may open a special topic by it (spec 2.4: a banner of data type 5 with its class id).
 */
export function specialClassIdOf(link: string): number | null {
  const m = new RegExp(`^${BASE_PATH}/SpecialPage\\?classId=([1-9][0-9]{0,8})$`).exec(link);
  return m ? Number(m[1]) : null;
}

/**
 * A picture on a /media path (the server takes a new one only if the desk stored it: `/topics/picture`; a picture the
 * collection already shows may stay). `missing` is the message when none is given.
 */
function CollectionPicture(missing: string) {
  return z
    .string({ error: missing })
    .min(1, missing)
    .max(300, '图片地址不正确')
    .regex(/^\/media\/[A-Za-z0-9/_.-]+\.(jpg|jpeg|png|gif|webp)$/, '图片地址不正确')
    .refine((s) => !s.includes('..'), '图片地址不正确');
}

const CollectionFields = {
  title: Text({ min: 2, max: COLLECTION_TITLE_MAX, label: '标题' }),
  intro: Text({ max: COLLECTION_INTRO_MAX, label: '简介' }).default(''),
  cover: CollectionPicture('请上传封面图片'),
};

/**
 * A 话题 or a 时间线专题 as the editor writes it: title, intro, cover (the page's header picture) and icon (the list card's
 * square picture; none: the cover). A create carries `key` (a retried create answers the topic it made); an edit names
 * `id`. `timeline`: its stories in publish-time order (/timeTopic), or in the editor's order.
 */
export const TopicCreateBody = z.object({
  key: DeskKey,
  ...CollectionFields,
  logo: z.union([z.literal(''), CollectionPicture('请上传图标')]).default(''),
  timeline: z.boolean({ error: '请选择话题或时间线专题' }),
});
export const TopicEditBody = TopicCreateBody.omit({ key: true }).extend({ id: TopicId });

/** A 专题 as the editor writes it: title, intro, cover; a create also names its first categories (stories go in them). */
export const SpecialCreateBody = z.object({
  key: DeskKey,
  ...CollectionFields,
  categories: z
    .array(CategoryName, { error: '请填写栏目名称' })
    .min(1, '专题至少需要 1 个栏目')
    .max(SPECIAL_CATEGORIES_MAX, `每个专题至多 ${SPECIAL_CATEGORIES_MAX} 个栏目`)
    .refine((names) => new Set(names).size === names.length, '栏目名称不能重复'),
});
export const SpecialEditBody = SpecialCreateBody.omit({ key: true, categories: true }).extend({ classId: ClassIdOf });
