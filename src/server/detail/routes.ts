/**
 * Detail endpoints (spec 7.1): getDetails (counts a view), detail, getRelationNews, ads/list, sdkinfo, and
 * view — the count a cached detail page sends once per view after load (spec 4: a view raises onclick/pv).
 */
import type { Context } from 'hono';
import { adsList, kratosDetail, newsGetDetails, newsView, relationNews, sdkInfo } from '../../contract/detail.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { DEVICE_ID_COOKIE, HEADER_DEVICE_ID } from '../../contract/headers.ts';
import { decideItemJump } from '../../routing/jump.ts';
import { failure, ok } from '../http/envelope.ts';
import { perAddress, rateLimitIp, rateLimiterOf, type RateEntry, type RateRule } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { countViewRepo, listAdsRepo, newsExistsRepo, readDetailRepo, relationNewsRepo, viewDetailRepo } from './repo.ts';

const NOT_FOUND = '新闻不存在或已下线';

/**
 * Limits on counted views, so a script cannot pump an article's count: one device counts an article
 * at most once in 30 s (a reload storm or a doubled beacon is one view) and 120 articles a minute; one
 * address counts an article 30 times a minute (a carrier NAT hides many readers) and 600 views a
 * minute in all. A refused view answers the 429 envelope and counts nothing.
 */
export const VIEW_LIMITS = {
  perDeviceItem: [{ max: 1, windowMs: 30_000 }],
  perDevice: [{ max: 120, windowMs: 60_000 }],
  perAddressItem: [{ max: 30, windowMs: 60_000 }],
  perAddress: [{ max: 600, windowMs: 60_000 }],
} satisfies Record<string, RateRule[]>;

const DEVICE_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** The device id of a view: the header API clients send, else the device cookie a beacon carries (spec 9). */
function viewDeviceId(c: Context): string | null {
  const header = c.req.header(HEADER_DEVICE_ID);
  if (header !== undefined && DEVICE_ID_RE.test(header)) return header;
  const cookie = c.req.header('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_ID_COOKIE && value !== undefined && DEVICE_ID_RE.test(value)) return value;
  }
  return null;
}

export function registerDetailRoutes(registry: ApiRegistry): void {
  const { database } = registry.deps;
  const { db } = database;

  registerEndpoint(registry, newsGetDetails, async ({ query }) => {
    const detail = await viewDetailRepo(database, query.classId, query.newsId);
    return detail ? ok(detail) : failure(StatusCode.notFound, NOT_FOUND);
  });

  const limiter = rateLimiterOf(registry);
  registerEndpoint(registry, newsView, async ({ body, c }) => {
    const ip = rateLimitIp(c, registry.deps.config.production);
    const item = `${body.classId}:${body.newsId}`;
    const device = viewDeviceId(c);
    const entries: RateEntry[] = [
      ...perAddress(ip, `view:ip:${ip}`, VIEW_LIMITS.perAddress),
      ...perAddress(ip, `view:ip-item:${ip}:${item}`, VIEW_LIMITS.perAddressItem),
    ];
    if (device !== null) {
      entries.push({ key: `view:dev:${device}`, rules: VIEW_LIMITS.perDevice }, { key: `view:dev-item:${device}:${item}`, rules: VIEW_LIMITS.perDeviceItem });
    }
    await limiter.take(entries);
    const onclick = await countViewRepo(database, body.classId, body.newsId);
    return onclick === null ? failure(StatusCode.notFound, NOT_FOUND) : ok({ onclick });
  });

  registerEndpoint(registry, kratosDetail, async ({ query }) => {
    const detail = await readDetailRepo(db, query.classId, query.newsId);
    if (!detail) return failure(StatusCode.notFound, NOT_FOUND);
    return ok(detail);
  });

  registerEndpoint(registry, relationNews, async ({ query }) => {
    const related = await relationNewsRepo(db, query.classId, query.newsId, query.pageSize);
    return related === null ? failure(StatusCode.notFound, NOT_FOUND) : ok(related);
  });

  registerEndpoint(registry, adsList, async ({ query }) => {
    return ok(await listAdsRepo(db, query.type));
  });

  registerEndpoint(registry, sdkInfo, async ({ query }) => {
    const item = await newsExistsRepo(db, query.classId, query.newsId);
    if (!item) return failure(StatusCode.notFound, NOT_FOUND);
    const origin = registry.deps.config.publicOrigin ?? '';
    const jump = decideItemJump(item);
    const link = jump && !jump.external ? `${origin}${jump.href}` : (jump?.href ?? '');
    const image = item.imageUrls[0] ?? item.sourcePic;
    return ok({
      title: item.title,
      desc: item.smallText || item.intro,
      imgUrl: image.startsWith('/') ? `${origin}${image}` : image,
      link,
    });
  });
}
