/**
 * Mall rules (ADR 012): what an exchange checks and writes, in one transaction under the
 * reader's row lock (idempotency key, per-reader limit, balance), then the goods row (a conditional
 * stock update), then the exchange row and its ledger row. Either all of it commits or none of it.
 */
import { randomBytes } from 'node:crypto';
import { StatusCode } from '../../contract/envelope.ts';
import { EXCHANGE_STATUS, type ExchangeDetail, type ExchangeItem, type GoodsCard, type GoodsDetail } from '../../contract/mall.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Database, Tx } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import { lockAccountRepo, readAccountRepo } from '../points/repo.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { InsufficientPoints, spendPoints } from '../points/service.ts';
import {
  countExchangedRepo,
  findExchangeByKeyRepo,
  findGoodsRepo,
  findRecentCooperationRepo,
  lockCooperationPhoneRepo,
  findOwnExchangeRepo,
  insertCooperationRepo,
  insertExchangeRepo,
  moveExchangeRepo,
  takeStockRepo,
  type ExchangeRow,
  type ExchangeWithGoods,
  type GoodsRow,
} from './repo.ts';

export const MALL_MESSAGES = {
  exchanged: '兑换成功',
  goodsMissing: '商品不存在或已下架',
  soldOut: '商品已兑完，下次早点来',
  keyMissing: '兑换请求缺少 Idempotency-Key，请刷新页面后重试',
  keyReused: '该 Idempotency-Key 已用于其他兑换',
  noUser: '用户不存在',
  exchangeMissing: '兑换记录不存在',
  needName: '请填写收货人',
  needPhone: '请填写收货人手机号',
  needRegion: '请填写所在地区',
  needAddress: '请填写详细地址',
  needMobile: '请填写充值手机号',
  notShipped: '商品尚未发货，暂不能确认收货',
  confirmed: '已确认收货',
  notCoupon: '这不是一张优惠券',
  couponUsed: '优惠券已使用',
  couponExpired: '优惠券已过期',
  cancelled: '该兑换已取消，积分已退回',
  cooperationSent: '提交成功，我们会在 3 个工作日内与你联系',
} as const;

export const STATUS_TEXT: Record<number, string> = { 1: '已兑换', 2: '已发货', 3: '已完成', 4: '已取消' };

/** Is the good exchangeable at `now`: on sale and inside its sale window. */
export function sellingNow(g: Pick<GoodsRow, 'onSale' | 'saleStart' | 'saleEnd'>, now = new Date()): boolean {
  return g.onSale && (!g.saleStart || g.saleStart <= now) && (!g.saleEnd || g.saleEnd > now);
}

function fail(statusCode: number, message: string): ApiFailure {
  return new ApiFailure(statusCode, message);
}

export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

export function toCard(g: GoodsRow): GoodsCard {
  return {
    id: g.id,
    kind: g.kind as GoodsCard['kind'],
    name: g.name,
    subtitle: g.subtitle,
    picture: g.pictures[0] ?? '',
    price: g.price,
    marketPrice: g.marketPrice,
    stock: g.stock,
    sold: g.sold,
  };
}

export function toGoodsDetail(g: GoodsRow & { categoryName: string }, exchanged: number): GoodsDetail {
  return {
    ...toCard(g),
    categoryId: g.categoryId,
    categoryName: g.categoryName,
    pictures: g.pictures,
    description: g.description
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    perUserLimit: g.perUserLimit,
    exchanged,
    merchant: g.merchant,
    validUntil: g.validUntil ?? '',
    usage: g.usage,
    onSale: sellingNow(g) ? 1 : 0,
  };
}

export function couponStateOf(e: Pick<ExchangeRow, 'kind' | 'usedAt' | 'validUntil' | 'status'>, today: string): ExchangeItem['couponState'] {
  if (e.kind !== 'coupon' || e.status === EXCHANGE_STATUS.cancelled) return '';
  if (e.usedAt) return 'used';
  if (e.validUntil && e.validUntil < today) return 'expired';
  return 'unused';
}

export function toExchangeItem(e: ExchangeWithGoods, today: string): ExchangeItem {
  return {
    id: e.id,
    goodsId: e.goodsId,
    kind: e.kind as ExchangeItem['kind'],
    name: e.name,
    picture: e.picture,
    points: e.points,
    status: e.status,
    statusText: STATUS_TEXT[e.status] ?? '已兑换',
    couponState: couponStateOf(e, today),
    validUntil: e.validUntil ?? '',
    createTime: formatBeijingTime(e.createdAt),
  };
}

export function toExchangeDetail(e: ExchangeWithGoods, today: string): ExchangeDetail {
  return {
    ...toExchangeItem(e, today),
    // A cancelled coupon's code is void: the reader no longer sees it.
    code: e.status === EXCHANGE_STATUS.cancelled ? '' : (e.code ?? ''),
    usage: e.usage,
    merchant: e.merchant,
    address: e.address ? { ...e.address, phone: maskPhone(e.address.phone) } : null,
    phone: e.phone ? maskPhone(e.phone) : '',
    expressCompany: e.expressCompany ?? '',
    expressNo: e.expressNo ?? '',
    shipTime: e.shippedAt ? formatBeijingTime(e.shippedAt) : '',
    doneTime: e.doneAt ? formatBeijingTime(e.doneAt) : '',
  };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A coupon code (SC + 10 digits) or a card code (four groups of four, no look-alike characters). */
export function makeCode(kind: string): string | null {
  const bytes = randomBytes(16);
  if (kind === 'coupon') return `SC${Array.from(bytes.subarray(0, 10), (b) => String(b % 10)).join('')}`;
  if (kind === 'card') {
    const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
    return chars.match(/.{4}/g)!.join('-');
  }
  return null;
}

export interface ExchangeInput {
  goodsId: number;
  name?: string | undefined;
  phone?: string | undefined;
  region?: string | undefined;
  address?: string | undefined;
  mobile?: string | undefined;
}

/** What the kind of good needs from the reader: an address for physical goods, a phone for virtual ones. */
export function deliveryOf(kind: string, input: ExchangeInput): Pick<ExchangeRow, 'address' | 'phone'> {
  if (kind === 'physical') {
    if (!input.name) throw fail(StatusCode.badParams, MALL_MESSAGES.needName);
    if (!input.phone) throw fail(StatusCode.badParams, MALL_MESSAGES.needPhone);
    if (!input.region) throw fail(StatusCode.badParams, MALL_MESSAGES.needRegion);
    if (!input.address) throw fail(StatusCode.badParams, MALL_MESSAGES.needAddress);
    return { address: { name: input.name, phone: input.phone, region: input.region, detail: input.address }, phone: null };
  }
  if (kind === 'virtual') {
    if (!input.mobile) throw fail(StatusCode.badParams, MALL_MESSAGES.needMobile);
    return { address: null, phone: input.mobile };
  }
  return { address: null, phone: null };
}

export type ExchangeOutcome = { kind: 'new' | 'replay'; exchange: ExchangeWithGoods };

async function replayOf(database: Database, userId: number, found: ExchangeRow, goodsId: number): Promise<ExchangeOutcome> {
  if (found.goodsId !== goodsId) throw fail(StatusCode.unprocessable, MALL_MESSAGES.keyReused);
  const full = await findOwnExchangeRepo(database.db, userId, found.id);
  return { kind: 'replay', exchange: full! };
}

/** A retry with a key already used: the earlier exchange, or null when the key is new. */
export async function findReplay(database: Database, userId: number, key: string, goodsId: number): Promise<ExchangeOutcome | null> {
  const found = await findExchangeByKeyRepo(database.db, userId, key);
  return found ? replayOf(database, userId, found, goodsId) : null;
}

class Replay extends Error {
  readonly row: ExchangeRow;
  constructor(row: ExchangeRow) {
    super('replay');
    this.row = row;
  }
}

/**
 * One exchange, exactly once per (reader, key): lock the reader, re-check the key, the per-reader limit
 * and the balance, take one unit of stock, write the exchange and its ledger row. A refusal rolls all
 * of it back.
 */
/** Why an exchange of `goods` by a reader with `credit` points and `exchanged` earlier ones is refused, or null. */
function refusalOf(goods: { perUserLimit: number; price: number }, credit: number, exchanged: number): string | null {
  if (goods.perUserLimit > 0 && exchanged >= goods.perUserLimit) return `每人限兑 ${goods.perUserLimit} 件，你已兑换过了`;
  if (credit < goods.price) return `积分不足，还差 ${goods.price - credit} 积分`;
  return null;
}

/**
 * A refusal that is certain before the write (the reader's limit reached, too few points) is answered without
 * spending the reader's exchange budget (30 a minute); the write checks again under the reader's lock, so a
 * race still ends in the same refusal.
 */
export async function refuseExchangeEarly(database: Database, userId: number, goodsId: number): Promise<void> {
  const goods = await findGoodsRepo(database.db, goodsId);
  const account = goods && sellingNow(goods) ? await readAccountRepo(database.db, userId) : null;
  if (!goods || !account) return;
  const refused = refusalOf(goods, account.credit, goods.perUserLimit > 0 ? await countExchangedRepo(database.db, userId, goods.id) : 0);
  if (refused) throw fail(StatusCode.fail, refused);
}

export async function exchangeService(database: Database, userId: number, key: string, input: ExchangeInput, now = new Date()): Promise<ExchangeOutcome> {
  const goods = await findGoodsRepo(database.db, input.goodsId);
  if (!goods || !sellingNow(goods, now)) throw fail(StatusCode.notFound, MALL_MESSAGES.goodsMissing);
  const delivery = deliveryOf(goods.kind, input);
  let row: ExchangeRow;
  try {
    row = await database.write(async (tx: Tx) => {
      const account = await lockAccountRepo(tx, userId);
      if (!account) throw fail(StatusCode.notFound, MALL_MESSAGES.noUser);
      // Under the lock every committed exchange of this reader is visible: a racing retry replays.
      const earlier = await findExchangeByKeyRepo(tx, userId, key);
      if (earlier) throw new Replay(earlier);
      const refused = refusalOf(goods, account.credit, goods.perUserLimit > 0 ? await countExchangedRepo(tx, userId, goods.id) : 0);
      if (refused) throw fail(StatusCode.fail, refused);
      if (!(await takeStockRepo(tx, goods.id))) throw fail(StatusCode.fail, MALL_MESSAGES.soldOut);
      const instant = goods.kind === 'card' || goods.kind === 'virtual';
      const exchange = await insertExchangeRepo(tx, {
        userId,
        goodsId: goods.id,
        kind: goods.kind,
        points: goods.price,
        status: instant ? EXCHANGE_STATUS.done : EXCHANGE_STATUS.exchanged,
        address: delivery.address,
        phone: delivery.phone,
        code: makeCode(goods.kind),
        validUntil: goods.validUntil,
        idemKey: key,
        createdAt: now,
        doneAt: instant ? now : null,
      });
      try {
        await spendPoints(tx, { userId, amount: goods.price, ref: String(exchange.id), idemKey: `exchange:${key}`, now });
      } catch (error) {
        if (error instanceof InsufficientPoints) throw fail(StatusCode.fail, '积分不足');
        throw error;
      }
      return exchange;
    });
  } catch (error) {
    if (error instanceof Replay) return replayOf(database, userId, error.row, input.goodsId);
    throw error;
  }
  const full = await findOwnExchangeRepo(database.db, userId, row.id);
  return { kind: 'new', exchange: full! };
}

/** 确认收货: 已发货 → 已完成; a second confirm answers the finished exchange. */
export async function confirmService(database: Database, userId: number, id: number, now = new Date()): Promise<ExchangeWithGoods> {
  const found = await findOwnExchangeRepo(database.db, userId, id);
  if (!found) throw fail(StatusCode.notFound, MALL_MESSAGES.exchangeMissing);
  if (found.status === EXCHANGE_STATUS.done) return found;
  if (found.status !== EXCHANGE_STATUS.shipped) throw fail(StatusCode.fail, MALL_MESSAGES.notShipped);
  await database.write((tx) => moveExchangeRepo(tx, userId, id, EXCHANGE_STATUS.shipped, { status: EXCHANGE_STATUS.done, doneAt: now }));
  return (await findOwnExchangeRepo(database.db, userId, id))!;
}

/** Marks an unused, unexpired coupon used (shown at the shop); a second call answers the used coupon. */
export async function useCouponService(
  database: Database,
  userId: number,
  id: number,
  now = new Date(),
): Promise<{ exchange: ExchangeWithGoods; message: string }> {
  const found = await findOwnExchangeRepo(database.db, userId, id);
  if (!found) throw fail(StatusCode.notFound, MALL_MESSAGES.exchangeMissing);
  if (found.kind !== 'coupon') throw fail(StatusCode.fail, MALL_MESSAGES.notCoupon);
  if (found.status === EXCHANGE_STATUS.cancelled) throw fail(StatusCode.fail, MALL_MESSAGES.cancelled);
  const state = couponStateOf(found, beijingDay(now));
  if (state === 'used') return { exchange: found, message: MALL_MESSAGES.couponUsed };
  if (state === 'expired') throw fail(StatusCode.fail, MALL_MESSAGES.couponExpired);
  await database.write((tx) => moveExchangeRepo(tx, userId, id, EXCHANGE_STATUS.exchanged, { status: EXCHANGE_STATUS.done, usedAt: now, doneAt: now }));
  return { exchange: (await findOwnExchangeRepo(database.db, userId, id))!, message: MALL_MESSAGES.couponUsed };
}

const COOPERATION_REPEAT_MS = 24 * 3600_000;

/**
 * A cooperation message. The same phone sending the same text again within a day (a double tap, a
 * retry after a lost answer) gets the first message's id; a transaction lock per phone makes that hold
 * for parallel submits too.
 */
export async function cooperationService(
  database: Database,
  input: { userId: number | null; company: string; contact: string; phone: string; content: string; ip: string },
  now = new Date(),
): Promise<number> {
  return database.write(async (tx) => {
    await lockCooperationPhoneRepo(tx, input.phone);
    const same = await findRecentCooperationRepo(tx, input.phone, input.content, new Date(now.getTime() - COOPERATION_REPEAT_MS));
    if (same !== null) return same;
    return insertCooperationRepo(tx, { ...input, createdAt: now });
  });
}
