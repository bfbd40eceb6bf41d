/**
 * The topic desk's console endpoints (ADR 035, docs/security.md "Topic desk"). One permission, `topics.edit` (editors,
 * the chief, admins, as `placement.edit`): the 话题, 时间线专题 and 专题 themselves (create, edit, their cover pictures),
 * the stories of 话题 and 时间线专题, and the 专题's categories and stories.
 * Every write drops the reader caches, so /SpecialPage, /timeTopic and the topic lists show the change at once.
 */
import {
  CategoryAddBody,
  CategoryOrderBody,
  CategoryRemoveBody,
  CategoryRenameBody,
  SpecialCreateBody,
  SpecialEditBody,
  SpecialQuery,
  TopicCreateBody,
  TopicEditBody,
  TopicItemBody,
  TopicItemOrderBody,
  TopicItemRestoreBody,
  TopicQuery,
} from '../../contract/topicDesk.ts';
import { PictureInput, PICTURE_UPLOAD_MAX_BYTES } from '../../contract/publish.ts';
import { z } from '../../contract/zod.ts';
import { mediaOf } from '../media/storage.ts';
import { storeNewsPicture } from '../publish/pictures.ts';
import { consoleEndpoint, type ConsoleRegistry } from '../staff/console.ts';
import * as desk from './service.ts';

export function registerTopicDeskConsole(registry: ConsoleRegistry): void {
  const { database } = registry.deps;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/topics',
    summary: '话题、时间线专题与专题列表',
    permission: 'topics.edit',
    input: z.object({}),
    handler: () => desk.listAll(database),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/topics/topic',
    summary: '一个话题或时间线专题的稿件（按读者看到的顺序）',
    permission: 'topics.edit',
    input: TopicQuery,
    handler: ({ input }) => desk.readTopic(database, input.topicId),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/topics/special',
    summary: '一个专题的栏目及各栏目的稿件（按读者看到的顺序）',
    permission: 'topics.edit',
    input: SpecialQuery,
    handler: ({ input }) => desk.readSpecial(database, input.classId),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/picture',
    summary: '上传专题或话题的封面、图标（同一张只存一次；按需出缩略图）',
    permission: 'topics.edit',
    input: PictureInput,
    maxBodyBytes: Math.ceil((PICTURE_UPLOAD_MAX_BYTES * 4) / 3) + 4096,
    handler: async ({ staff, input, audit }) => {
      // Decoding is the costly part: the writing desk's limit, shared (docs/security.md P6).
      await registry.limiter.take([{ key: `console:picture:${staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      const stored = await storeNewsPicture(mediaOf(registry.deps), new Uint8Array(Buffer.from(input.data, 'base64')));
      await database.write((tx) => audit(tx, { action: 'topics.picture', itemKind: 'picture', itemId: stored.url }));
      return stored;
    },
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/create',
    summary: '新建话题或时间线专题：标题、简介、封面、图标（排在话题合集最后；同一次提交只建一个）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: TopicCreateBody,
    handler: ({ input, audit }) => desk.createTopic(database, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/edit',
    summary: '修改话题或时间线专题的标题、简介、封面、图标与类型',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: TopicEditBody,
    handler: ({ input, audit }) => desk.editTopic(database, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/specials/create',
    summary: '新建专题：标题、简介、封面与最初的栏目（同一次提交只建一个）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: SpecialCreateBody,
    handler: ({ input, audit }) => desk.createSpecial(database, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/specials/edit',
    summary: '修改专题的标题、简介与封面',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: SpecialEditBody,
    handler: ({ input, audit }) => desk.editSpecial(database, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/items/add',
    summary: '把一篇已发布的稿件加入话题或专题栏目（排在最前；重复提交不再添加）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: TopicItemBody,
    handler: ({ input, audit }) => desk.addItem(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/items/remove',
    summary: '把稿件移出话题或专题栏目（可撤销）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: TopicItemBody,
    handler: ({ input, audit }) => desk.removeItem(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/items/restore',
    summary: '撤销移出稿件（回到原来的位置）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: TopicItemRestoreBody,
    handler: ({ input, audit }) => desk.restoreItem(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/items/order',
    summary: '调整话题或专题栏目中稿件的顺序（整张列表；时间线专题按发布时间，不能调整）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: TopicItemOrderBody,
    handler: ({ input, audit }) => desk.orderItems(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/categories/add',
    summary: '给专题新增栏目（排在最后；同名栏目不重复添加）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: CategoryAddBody,
    handler: ({ input, audit }) => desk.addCategory(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/categories/rename',
    summary: '修改专题栏目的名称',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: CategoryRenameBody,
    handler: ({ input, audit }) => desk.renameCategory(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/categories/order',
    summary: '调整专题栏目的顺序（整张列表）',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: CategoryOrderBody,
    handler: ({ input, audit }) => desk.orderCategories(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/topics/categories/remove',
    summary: '删除没有稿件的专题栏目',
    permission: 'topics.edit',
    invalidates: 'readers',
    input: CategoryRemoveBody,
    handler: ({ input, audit }) => desk.removeCategory(database, input, audit),
  });
}
