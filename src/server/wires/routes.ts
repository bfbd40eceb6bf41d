/**
 * The wires desk's console API under /newsroom/api/wires (docs/security.md "The wires"): each endpoint
 * names its permission (src/server/staff/permissions.ts); the rules are service.ts's.
 */
import { DraftInput, FeedIdInput, FeedInput, FeedToggleInput, HostInput, TrayInput } from '../../contract/wires.ts';
import { z } from '../../contract/zod.ts';
import type { Actor } from '../publish/service.ts';
import { consoleEndpoint, type ConsoleContext, type ConsoleRegistry } from '../staff/console.ts';
import { addFeed, addHost, fetchNow, listFeeds, listHosts, makeDraft, removeHost, setFeedEnabled, tray } from './service.ts';

const actorOf = (ctx: ConsoleContext<unknown>): Actor => ({ staff: ctx.staff, audit: ctx.audit });

export function registerWiresConsole(registry: ConsoleRegistry): void {
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/wires/tray',
    summary: '稿源池',
    permission: 'wires.tray',
    input: TrayInput,
    handler: ({ deps, input }) => tray(deps.database, input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/wires/draft',
    summary: '用稿源条目生成草稿',
    permission: 'wires.tray',
    input: DraftInput,
    handler: (ctx) => makeDraft(ctx.deps.database, actorOf(ctx), ctx.input.itemId),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/wires/feeds',
    summary: '订阅源与允许的主机',
    permission: 'wires.feeds',
    input: z.object({}),
    handler: async ({ deps }) => ({ feeds: await listFeeds(deps.database), hosts: await listHosts(deps.database) }),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/wires/feed',
    summary: '添加订阅源',
    permission: 'wires.feeds',
    input: FeedInput,
    handler: (ctx) => addFeed(ctx.deps.database, actorOf(ctx), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/wires/feed/enabled',
    summary: '启用或停用订阅源',
    permission: 'wires.feeds',
    input: FeedToggleInput,
    handler: (ctx) => setFeedEnabled(ctx.deps.database, actorOf(ctx), ctx.input.id, ctx.input.enabled),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/wires/feed/fetch',
    summary: '立即抓取订阅源',
    permission: 'wires.feeds',
    input: FeedIdInput,
    handler: async (ctx) => {
      // A fetch costs a connection out: 30 a person in 10 minutes (docs/security.md W5).
      await registry.limiter.take([{ key: `console:wires-fetch:${ctx.staff.id}`, rules: [{ max: 30, windowMs: 10 * 60_000 }] }]);
      return fetchNow(ctx.deps.database, ctx.deps.log, actorOf(ctx), ctx.input.id);
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/wires/host',
    summary: '允许订阅源主机',
    permission: 'wires.feeds',
    input: HostInput,
    handler: (ctx) => addHost(ctx.deps.database, actorOf(ctx), ctx.input.host),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/wires/host/remove',
    summary: '移除允许的主机',
    permission: 'wires.feeds',
    input: HostInput,
    handler: (ctx) => removeHost(ctx.deps.database, actorOf(ctx), ctx.input.host),
  });
}
