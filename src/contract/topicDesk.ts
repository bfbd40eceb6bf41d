/**
 * The topic desk in the newsroom console (`/newsroom/api/topics/*`, ADR 035): 话题 and 时间线专题 (`topics`) with their
 * stories, and the 专题 (`special_topics`, /SpecialPage?classId=) with their categories and each category's stories.
 * The reader's side is news.ts (topicsCollect, /timeTopic, specialNews).
 */
import { IdOf, Text } from './fields.ts';
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
