/**
 * The 裕农 desk's console endpoints (docs/security.md "Section desks"). One permission,
 * `rural.desk` (the section's editors): 农友说 posts and their pins.
 */
import { PinBody, RuralPostQuery } from '../../contract/ruralDesk.ts';
import { consoleEndpoint, type ConsoleRegistry } from '../staff/console.ts';
import * as desk from './service.ts';

export function registerRuralDeskConsole(registry: ConsoleRegistry): void {
  const { database } = registry.deps;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/rural/posts',
    summary: '农友说已发布的帖子（置顶的在前）',
    permission: 'rural.desk',
    input: RuralPostQuery,
    handler: ({ input }) => desk.listPosts(database, input.keyword || undefined, input.page),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/rural/posts/pin',
    summary: '农友说帖子置顶或取消置顶',
    permission: 'rural.desk',
    invalidates: 'readers',
    input: PinBody,
    handler: ({ input, audit }) => desk.setPinned(database, input, audit),
  });
}
