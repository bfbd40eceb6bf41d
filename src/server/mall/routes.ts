/** Mall endpoints (ADR 012; spec 2.10): home, goods, exchanges, coupons, tickets, cooperation. */
import { StatusCode } from '../../contract/envelope.ts';
import {
  mallCooperation,
  mallCouponList,
  mallCouponUse,
  mallExchange,
  mallExchangeConfirm,
  mallExchangeDetail,
  mallExchangeList,
  mallGoodsDetail,
  mallGoodsList,
  mallHome,
  mallTicketList,
} from '../../contract/mall.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ApiFailure, ok } from '../http/envelope.ts';
import { perAddress, perMinuteAndDay, rateLimiterOf, rateLimitIp, type RateRule } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import { callKey } from '../http/idempotentInsert.ts';
import type { ApiRegistry } from '../http/types.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import {
  countExchangedRepo,
  findGoodsRepo,
  findOwnExchangeRepo,
  listBannersRepo,
  listCategoriesRepo,
  listFlaggedGoodsRepo,
  listGoodsRepo,
  listOwnExchangesRepo,
} from './repo.ts';
import {
  confirmService,
  cooperationService,
  exchangeService,
  refuseExchangeEarly,
  findReplay,
  MALL_MESSAGES,
  toCard,
  toExchangeDetail,
  toExchangeItem,
  toGoodsDetail,
  useCouponService,
} from './service.ts';

/** Exchanges per reader: ≤ 30 / min, ≤ 200 / day (a reader taps a few times, a script far more). */
const EXCHANGE_RULES = perMinuteAndDay(30, 200);
/** Confirm and coupon use per reader. */
const STATE_RULES: RateRule[] = [{ max: 60, windowMs: 60_000 }];
/** Cooperation messages: ≤ 5 / hour per address, ≤ 20 / day per address. */
const COOPERATION_IP_RULES: RateRule[] = [
  { max: 5, windowMs: 3600_000 },
  { max: 20, windowMs: 24 * 3600_000 },
];
const COOPERATION_USER_RULES: RateRule[] = [{ max: 5, windowMs: 3600_000 }];

/** Hot and new goods on the home page. */
const HOME_SHELF = 6;

export function registerMallRoutes(registry: ApiRegistry): void {
  const { database, config } = registry.deps;
  const { db } = database;
  const limiter = rateLimiterOf(registry);

  registerEndpoint(registry, mallHome, async () => {
    const [categories, banners, hot, fresh] = await Promise.all([
      listCategoriesRepo(db),
      listBannersRepo(db),
      listFlaggedGoodsRepo(db, 'hot', HOME_SHELF),
      listFlaggedGoodsRepo(db, 'new', HOME_SHELF),
    ]);
    return ok({
      categories,
      banners: banners.map((b) => ({ id: b.id, title: b.title, image: b.image, goodsId: b.goodsId ?? 0 })),
      hot: hot.map(toCard),
      fresh: fresh.map(toCard),
    });
  });

  registerEndpoint(registry, mallGoodsList, async ({ query }) => {
    const rows = await listGoodsRepo(db, { categoryId: query.categoryId, kind: query.kind, keyword: query.keyword }, query.page, query.pageSize);
    return ok(rows.map(toCard));
  });

  registerEndpoint(registry, mallGoodsDetail, async ({ query, c }) => {
    const goods = await findGoodsRepo(db, query.id);
    if (!goods || !goods.onSale) throw new ApiFailure(StatusCode.notFound, MALL_MESSAGES.goodsMissing);
    const user = optionalUser(c);
    const exchanged = user ? await countExchangedRepo(db, user.userId, goods.id) : 0;
    return ok(toGoodsDetail(goods, exchanged));
  });

  registerEndpoint(registry, mallExchange, async ({ body, c }) => {
    const user = requireUser(c);
    const key = callKey(c, MALL_MESSAGES.keyMissing);
    // A retry answers the first exchange before the rate limit: a retry never reads as "too frequent".
    const replay = await findReplay(database, user.userId, key, body.goodsId);
    if (!replay) {
      // A certain refusal costs the reader nothing of their exchange budget.
      await refuseExchangeEarly(database, user.userId, body.goodsId);
      await limiter.take([{ key: `mall-exchange:user:${user.userId}`, rules: EXCHANGE_RULES }]);
    }
    const outcome = replay ?? (await exchangeService(database, user.userId, key, body));
    return ok(toExchangeDetail(outcome.exchange, beijingDay(new Date())), MALL_MESSAGES.exchanged);
  });

  registerEndpoint(registry, mallExchangeList, async ({ query, c }) => {
    const user = requireUser(c);
    const today = beijingDay(new Date());
    const rows = await listOwnExchangesRepo(db, user.userId, {}, query.page, query.pageSize);
    return ok(rows.map((r) => toExchangeItem(r, today)));
  });

  registerEndpoint(registry, mallExchangeDetail, async ({ query, c }) => {
    const user = requireUser(c);
    const found = await findOwnExchangeRepo(db, user.userId, query.id);
    if (!found) throw new ApiFailure(StatusCode.notFound, MALL_MESSAGES.exchangeMissing);
    return ok(toExchangeDetail(found, beijingDay(new Date())));
  });

  registerEndpoint(registry, mallExchangeConfirm, async ({ body, c }) => {
    const user = requireUser(c);
    await limiter.take([{ key: `mall-state:user:${user.userId}`, rules: STATE_RULES }]);
    const done = await confirmService(database, user.userId, body.id);
    return ok(toExchangeDetail(done, beijingDay(new Date())), MALL_MESSAGES.confirmed);
  });

  registerEndpoint(registry, mallCouponList, async ({ query, c }) => {
    const user = requireUser(c);
    const today = beijingDay(new Date());
    const rows = await listOwnExchangesRepo(db, user.userId, { kinds: ['coupon'], couponState: query.state, today }, query.page, query.pageSize);
    return ok(rows.map((r) => toExchangeItem(r, today)));
  });

  registerEndpoint(registry, mallCouponUse, async ({ body, c }) => {
    const user = requireUser(c);
    await limiter.take([{ key: `mall-state:user:${user.userId}`, rules: STATE_RULES }]);
    const { exchange, message } = await useCouponService(database, user.userId, body.id);
    return ok(toExchangeDetail(exchange, beijingDay(new Date())), message);
  });

  registerEndpoint(registry, mallTicketList, async ({ query, c }) => {
    const user = requireUser(c);
    const today = beijingDay(new Date());
    const rows = await listOwnExchangesRepo(db, user.userId, { kinds: ['card'] }, query.page, query.pageSize);
    return ok(rows.map((r) => toExchangeItem(r, today)));
  });

  registerEndpoint(registry, mallCooperation, async ({ body, c }) => {
    const user = optionalUser(c);
    const ip = rateLimitIp(c, config.production);
    await limiter.take([
      ...perAddress(ip, `mall-cooperation:ip:${ip}`, COOPERATION_IP_RULES),
      ...(user ? [{ key: `mall-cooperation:user:${user.userId}`, rules: COOPERATION_USER_RULES }] : []),
    ]);
    const id = await cooperationService(database, {
      userId: user?.userId ?? null,
      company: body.company,
      contact: body.contact,
      phone: body.phone,
      content: body.content,
      ip,
    });
    return ok({ id }, MALL_MESSAGES.cooperationSent);
  });
}
