/**
 * The points mall's operations desk (docs/security.md "Points mall desk"): goods and stock, the fulfilment
 * queue, warehouse batches and the tracking import, cancel with refund, merchants' 核销, points rules and
 * the finance ledger. Each write runs in one transaction with its audit row (the caller's `audit`).
 *
 * Readers' addresses: only the 商城运营 role sees them whole (admins hold every permission but see them
 * masked); every showing of a whole address — one order's, or a batch's export — is an audit row.
 */
import { EXCHANGE_STATUS } from '../../contract/mall.ts';
import type { GoodsForm, QueueState } from '../../contract/mallDesk.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { parseCsv, toCsv } from '../../lib/csv.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { DeskAudit } from '../audit/repo.ts';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { keyOfNewsPicture } from '../publish/pictures.ts';
import { maskPhone, STATUS_TEXT } from '../mall/service.ts';
import { lockAccountRepo, readSettingsRepo, writeSettingRepo } from '../points/repo.ts';
import { refundPoints } from '../points/service.ts';
import { decideSettings, EARN_REASONS, REASON_TEXT } from '../points/settings.ts';
import { refuse } from '../staff/console.ts';
import type { StaffMember } from '../staff/permissions.ts';
import {
  cancelOrderRepo,
  categoryExistsRepo,
  countGoodsExchangesRepo,
  countQueueRepo,
  fillBatchRepo,
  findBatchByKeyRepo,
  findBatchRepo,
  findDeskGoodsRepo,
  findGoodsByKeyRepo,
  findMerchantCodeRepo,
  findOrderRepo,
  findStaffRoleRepo,
  findStockChangeByKeyRepo,
  insertBatchRepo,
  insertGoodsRepo,
  insertStockChangeRepo,
  ledgerRangeRepo,
  ledgerTotalsRepo,
  linkMerchantRepo,
  listAllCategoriesRepo,
  listBatchesRepo,
  listBatchOrdersRepo,
  listDeskGoodsRepo,
  listMerchantAccountsRepo,
  listMerchantNamesRepo,
  listQueueRepo,
  listStockChangesRepo,
  listVerifiedRepo,
  lockBatchesRepo,
  lockGoodsRepo,
  merchantOfStaffRepo,
  moveStockRepo,
  reconcileRepo,
  restockOneRepo,
  setBatchCountRepo,
  shipOrderRepo,
  updateGoodsRepo,
  useCodeRepo,
  type DeskGoodsRow,
  type OrderRow,
} from './repo.ts';

export type Audit = DeskAudit;

export const DESK_MESSAGES = {
  goodsMissing: '商品不存在',
  categoryMissing: '商品分类不存在',
  kindLocked: '商品已有兑换记录，不能再改商品类型',
  stockBelow: (stock: number) => `库存不足以减少：当前可兑库存 ${stock} 件，已兑出的不能收回`,
  keyReused: '该防重复标识已用于其他操作，请刷新页面后重试',
  orderMissing: '订单不存在',
  notPhysical: '只有实物订单需要发货',
  cancelled: '订单已取消',
  alreadyShipped: '订单已发货',
  done: '订单已完成',
  addressOnly: '收货信息仅商城运营可查看',
  cannotCancelShipped: '订单已发货，不能取消',
  cannotCancelUsed: '券码已核销，不能取消',
  cannotCancelVirtual: '话费流量已充值，不能取消',
  noMerchant: '你的账号尚未关联商户，请联系商城运营',
  codeMissing: '券码不存在',
  codeUsed: (at: string) => `券码已于 ${at} 核销，不能重复使用`,
  codeExpired: '券码已过期',
  codeCancelled: '该兑换已取消，券码作废',
  notMerchantAccount: '只能关联“部门”角色的账号',
  emptyImport: 'CSV 文件中没有订单行',
  tooManyRows: '每批至多导入 2000 行，请分批导入',
  nothingWaiting: '没有待导出的订单',
  batchMissing: '批次不存在',
  pictureNotUploaded: '商品图片须在本页上传，请重新上传图片',
} as const;

// ── masking ───────────────────────────────────────────────────────────────────────────────────

/** 张三 → 张*, 欧阳娜娜 → 欧***. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

export interface Receiver {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

export function maskReceiver(a: Receiver): Receiver {
  return { name: maskName(a.name), phone: maskPhone(a.phone), region: a.region, detail: '****' };
}

export function mayReadAddresses(staff: Pick<StaffMember, 'role'>): boolean {
  return staff.role === 'mallOperator';
}

// ── goods ─────────────────────────────────────────────────────────────────────────────────────

function goodsView(g: DeskGoodsRow) {
  return {
    id: g.id,
    categoryId: g.categoryId,
    kind: g.kind,
    name: g.name,
    subtitle: g.subtitle,
    description: g.description,
    pictures: g.pictures,
    price: g.price,
    marketPrice: g.marketPrice,
    stock: g.stock,
    sold: g.sold,
    perUserLimit: g.perUserLimit,
    merchant: g.merchant,
    validUntil: g.validUntil,
    usage: g.usage,
    onSale: g.onSale,
    saleStart: g.saleStart?.toISOString() ?? null,
    saleEnd: g.saleEnd?.toISOString() ?? null,
  };
}

export async function listGoods(database: Database, keyword: string | undefined, page: number) {
  const rows = await listDeskGoodsRepo(database.db, keyword, page, 20);
  return {
    categories: await listAllCategoriesRepo(database.db),
    items: rows.map((r) => ({ ...goodsView(r.goods), categoryName: r.categoryName, waiting: Number(r.waiting) })),
  };
}

export async function goodsDetail(database: Database, id: number) {
  const goods = await findDeskGoodsRepo(database.db, id);
  if (!goods) throw refuse(DESK_MESSAGES.goodsMissing);
  const changes = await listStockChangesRepo(database.db, id, 50);
  return {
    goods: goodsView(goods),
    stockChanges: changes.map((c) => ({
      id: c.id,
      delta: c.delta,
      stockAfter: c.stockAfter,
      reason: c.reason,
      staffName: c.staffName,
      time: formatBeijingTime(c.createdAt),
    })),
  };
}

type SavedGoods = GoodsForm & { key: string; pictures: string[]; onSale: boolean };

function goodsFields(input: SavedGoods) {
  return {
    categoryId: Number(input.categoryId),
    kind: input.kind,
    name: input.name,
    subtitle: input.subtitle ?? '',
    description: input.description ?? '',
    pictures: input.pictures,
    price: input.price,
    marketPrice: input.marketPrice ?? '',
    perUserLimit: input.perUserLimit ?? 0,
    merchant: input.merchant ?? '',
    validUntil: input.validUntil ?? null,
    usage: input.usage ?? '',
    saleStart: input.saleStart ? new Date(input.saleStart) : null,
    saleEnd: input.saleEnd ? new Date(input.saleEnd) : null,
    onSale: input.onSale,
  };
}

/**
 * Creates (once per key: a retried create answers the good it made) or edits a good. The stock of a new
 * good is its first stock change; an edit never touches stock (the stock form does, with a reason).
 */
export async function saveGoods(database: Database, staff: StaffMember, input: SavedGoods, audit: Audit, media: MediaStorage) {
  if (!(await categoryExistsRepo(database.db, Number(input.categoryId)))) throw refuse(DESK_MESSAGES.categoryMissing);
  const kept = input.id === undefined ? [] : ((await findDeskGoodsRepo(database.db, Number(input.id)))?.pictures ?? []);
  await checkGoodsPictures(media, input.pictures, kept);
  const fields = goodsFields(input);
  if (input.id === undefined) {
    const earlier = await findGoodsByKeyRepo(database.db, input.key);
    if (earlier) return goodsView(earlier);
    const made = await database.write(async (tx) => {
      const row = await insertGoodsRepo(tx, { ...fields, stock: input.stock ?? 0, clientKey: input.key });
      if (!row) return null;
      if (row.stock > 0) {
        await insertStockChangeRepo(tx, {
          goodsId: row.id,
          delta: row.stock,
          stockAfter: row.stock,
          reason: '新建商品的初始库存',
          staffId: staff.id,
          staffName: staff.name,
          idemKey: `create:${input.key}`,
        });
      }
      await audit(tx, { action: 'mall.goods.create', itemKind: 'mallGoods', itemId: row.id, after: goodsView(row) });
      return row;
    });
    return goodsView(made ?? (await findGoodsByKeyRepo(database.db, input.key))!);
  }
  const id = Number(input.id);
  const saved = await database.write(async (tx) => {
    const before = await lockGoodsRepo(tx, id);
    if (!before) throw refuse(DESK_MESSAGES.goodsMissing);
    if (before.kind !== fields.kind && (await countGoodsExchangesRepo(tx, id)) > 0) throw refuse(DESK_MESSAGES.kindLocked);
    const after = (await updateGoodsRepo(tx, id, { ...fields, updatedAt: new Date() }))!;
    await audit(tx, { action: 'mall.goods.edit', itemKind: 'mallGoods', itemId: id, before: goodsView(before), after: goodsView(after) });
    return after;
  });
  return goodsView(saved);
}

/**
 * Goods pictures are uploaded once through the desk (`/mall/goods/picture`, stored like the writing desk's
 * pictures, ADR 025) and served as `/media/…?w=` renditions (ADR 013). A picture the good does not already
 * show must be such an upload that exists in the media store: no hand-typed or outside addresses.
 */
export async function checkGoodsPictures(media: MediaStorage, pictures: readonly string[], kept: readonly string[]): Promise<void> {
  for (const url of pictures) {
    if (kept.includes(url)) continue;
    const key = keyOfNewsPicture(url);
    if (key === null || !(await media.exists(key))) throw refuse(DESK_MESSAGES.pictureNotUploaded);
  }
}

export async function setOnSale(database: Database, id: number, onSale: boolean, audit: Audit) {
  const saved = await database.write(async (tx) => {
    const before = await lockGoodsRepo(tx, id);
    if (!before) throw refuse(DESK_MESSAGES.goodsMissing);
    if (before.onSale === onSale) return before;
    const after = (await updateGoodsRepo(tx, id, { onSale, updatedAt: new Date() }))!;
    await audit(tx, {
      action: onSale ? 'mall.goods.onSale' : 'mall.goods.offSale',
      itemKind: 'mallGoods',
      itemId: id,
      before: { onSale: before.onSale },
      after: { onSale },
    });
    return after;
  });
  return goodsView(saved);
}

/**
 * A stock change with its reason, once per key. Stock never goes below 0: the units readers already
 * exchanged left `stock` when they were exchanged, so they are never taken back.
 */
export async function changeStock(database: Database, staff: StaffMember, input: { id: number; key: string; delta: number; reason: string }, audit: Audit) {
  const idemKey = `stock:${input.key}`;
  const earlier = await findStockChangeByKeyRepo(database.db, idemKey);
  if (earlier) {
    if (earlier.goodsId !== input.id || earlier.delta !== input.delta) throw refuse(DESK_MESSAGES.keyReused);
    return { stock: earlier.stockAfter };
  }
  return database.write(async (tx) => {
    const goods = await lockGoodsRepo(tx, input.id);
    if (!goods) throw refuse(DESK_MESSAGES.goodsMissing);
    // Under the goods lock a racing retry with the same key is visible now.
    const raced = await findStockChangeByKeyRepo(tx, idemKey);
    if (raced) return { stock: raced.stockAfter };
    const stock = await moveStockRepo(tx, input.id, input.delta);
    if (stock === null) throw refuse(DESK_MESSAGES.stockBelow(goods.stock));
    await insertStockChangeRepo(tx, {
      goodsId: input.id,
      delta: input.delta,
      stockAfter: stock,
      reason: input.reason,
      staffId: staff.id,
      staffName: staff.name,
      idemKey,
    });
    await audit(tx, {
      action: 'mall.goods.stock',
      itemKind: 'mallGoods',
      itemId: input.id,
      before: { stock: goods.stock },
      after: { stock },
      reason: input.reason,
    });
    return { stock };
  });
}

// ── orders ────────────────────────────────────────────────────────────────────────────────────

function orderView(o: OrderRow, whole: boolean) {
  const address = o.address ? (whole ? o.address : maskReceiver(o.address)) : null;
  return {
    id: o.id,
    goodsId: o.goodsId,
    goodsName: o.goodsName,
    merchant: o.merchant,
    kind: o.kind,
    points: o.points,
    status: o.status,
    statusText: STATUS_TEXT[o.status] ?? '已兑换',
    nickname: o.nickname,
    address,
    batchId: o.batchId,
    carrier: o.expressCompany ?? '',
    trackingNo: o.expressNo ?? '',
    createTime: formatBeijingTime(o.createdAt),
    shipTime: o.shippedAt ? formatBeijingTime(o.shippedAt) : '',
    doneTime: o.doneAt ? formatBeijingTime(o.doneAt) : '',
    cancelTime: o.cancelledAt ? formatBeijingTime(o.cancelledAt) : '',
    cancelReason: o.cancelReason ?? '',
    usedTime: o.usedAt ? formatBeijingTime(o.usedAt) : '',
  };
}
export type OrderView = ReturnType<typeof orderView>;

/** The queue: addresses always masked here (a whole one is asked for one order at a time, audited). */
export async function listQueue(database: Database, state: QueueState, keyword: string | undefined, page: number) {
  const rows = await listQueueRepo(database.db, state, keyword, page, 30);
  return {
    counts: await countQueueRepo(database.db),
    items: rows.map((o) => orderView(o, false)),
    batches: (await listBatchesRepo(database.db, 10)).map(batchView),
  };
}

/** One order's whole address, for the 商城运营 role only; the showing is an audit row. */
export async function revealAddress(database: Database, staff: StaffMember, id: number, audit: Audit) {
  if (!mayReadAddresses(staff)) throw refuse(DESK_MESSAGES.addressOnly);
  const order = await findOrderRepo(database.db, id);
  if (!order || !order.address) throw refuse(DESK_MESSAGES.orderMissing);
  await database.write((tx) => audit(tx, { action: 'mall.address.view', itemKind: 'mallExchange', itemId: id }));
  return orderView(order, true);
}

function refusalOfShip(o: OrderRow | null): string | null {
  if (!o) return DESK_MESSAGES.orderMissing;
  if (o.kind !== 'physical') return DESK_MESSAGES.notPhysical;
  if (o.status === EXCHANGE_STATUS.cancelled) return DESK_MESSAGES.cancelled;
  if (o.status === EXCHANGE_STATUS.done) return DESK_MESSAGES.done;
  return null;
}

/** Enters the carrier and number: 已兑换 → 已发货. The same number again answers the shipped order. */
export async function shipOrder(database: Database, input: { id: number; carrier: string; trackingNo: string }, audit: Audit, now = new Date()) {
  const before = await findOrderRepo(database.db, input.id);
  const refused = refusalOfShip(before);
  if (refused) throw refuse(refused);
  if (before!.status === EXCHANGE_STATUS.shipped) {
    if (before!.expressNo === input.trackingNo) return orderView(before!, false);
    throw refuse(`${DESK_MESSAGES.alreadyShipped}（${before!.expressCompany} ${before!.expressNo}）`);
  }
  await database.write(async (tx) => {
    if (!(await shipOrderRepo(tx, input.id, input.carrier, input.trackingNo, now))) throw refuse(DESK_MESSAGES.alreadyShipped);
    await audit(tx, {
      action: 'mall.ship',
      itemKind: 'mallExchange',
      itemId: input.id,
      before: { status: before!.status },
      after: { status: 2, carrier: input.carrier, trackingNo: input.trackingNo },
    });
  });
  return orderView((await findOrderRepo(database.db, input.id))!, false);
}

function cancelRefusal(o: OrderRow): string {
  if (o.kind === 'virtual') return DESK_MESSAGES.cannotCancelVirtual;
  if (o.usedAt) return DESK_MESSAGES.cannotCancelUsed;
  if (o.status === EXCHANGE_STATUS.done) return DESK_MESSAGES.done;
  return DESK_MESSAGES.cannotCancelShipped;
}

/**
 * Cancels an order and refunds its points, exactly once: the order row moves to 已取消 by one conditional
 * update under the reader's lock, and the refund's ledger key `refund:exchange:<id>` is unique per reader —
 * so parallel or repeated cancels refund once, and a second cancel answers the cancelled order. The unit
 * goes back to stock in the same transaction.
 */
export async function cancelOrder(database: Database, input: { id: number; reason: string }, audit: Audit, now = new Date()) {
  const order = await findOrderRepo(database.db, input.id);
  if (!order) throw refuse(DESK_MESSAGES.orderMissing);
  if (order.status === EXCHANGE_STATUS.cancelled) return orderView(order, false);
  await database.write(async (tx) => {
    await lockAccountRepo(tx, order.userId);
    const moved = await cancelOrderRepo(tx, input.id, input.reason, now);
    if (!moved) {
      const current = (await findOrderRepo(tx, input.id))!;
      if (current.status === EXCHANGE_STATUS.cancelled) return;
      throw refuse(cancelRefusal(current));
    }
    const refunded = await refundPoints(tx, { userId: order.userId, amount: order.points, ref: String(order.id), idemKey: `refund:exchange:${order.id}`, now });
    // The ledger key is the last guard: a refund already in the ledger rolls this cancel back.
    if (!refunded) throw new Error(`exchange ${order.id}: refund already in the ledger`);
    await restockOneRepo(tx, order.goodsId);
    await audit(tx, {
      action: 'mall.cancel',
      itemKind: 'mallExchange',
      itemId: order.id,
      before: { status: order.status },
      after: { status: EXCHANGE_STATUS.cancelled, refunded: order.points, balance: refunded.credit },
      reason: input.reason,
    });
  });
  return orderView((await findOrderRepo(database.db, input.id))!, false);
}

// ── warehouse batches ─────────────────────────────────────────────────────────────────────────

export const BATCH_MAX = 500;
const BATCH_HEADER = ['兑换单号', '批次', '商品', '数量', '收货人', '手机号', '所在地区', '详细地址', '兑换时间', '快递公司', '快递单号'];

function batchView(b: { id: number; staffName: string; orders: number; createdAt: Date }) {
  return { id: b.id, staffName: b.staffName, orders: b.orders, time: formatBeijingTime(b.createdAt) };
}

function batchCsv(batchId: number, orders: OrderRow[]): string {
  return toCsv(
    BATCH_HEADER,
    orders.map((o) => [
      o.id,
      batchId,
      o.goodsName,
      1,
      o.address?.name ?? '',
      o.address?.phone ?? '',
      o.address?.region ?? '',
      o.address?.detail ?? '',
      formatBeijingTime(o.createdAt),
      o.expressCompany ?? '',
      o.expressNo ?? '',
    ]),
  );
}

/**
 * Hands the oldest waiting orders (up to 500) to the warehouse as one batch and answers its CSV, with the
 * whole addresses: 商城运营 only, an audit row naming every order. The same key answers the same batch.
 */
export async function exportBatch(database: Database, staff: StaffMember, key: string, audit: Audit) {
  if (!mayReadAddresses(staff)) throw refuse(DESK_MESSAGES.addressOnly);
  let batch = await findBatchByKeyRepo(database.db, key);
  if (!batch) {
    batch = await database.write(async (tx) => {
      await lockBatchesRepo(tx);
      const raced = await findBatchByKeyRepo(tx, key);
      if (raced) return raced;
      const made = await insertBatchRepo(tx, { staffId: staff.id, staffName: staff.name, orders: 0, idemKey: key });
      const ids = await fillBatchRepo(tx, made.id, BATCH_MAX);
      if (ids.length === 0) throw refuse(DESK_MESSAGES.nothingWaiting);
      await setBatchCountRepo(tx, made.id, ids.length);
      await audit(tx, { action: 'mall.batch.export', itemKind: 'mallBatch', itemId: made.id, after: { orders: ids } });
      return { ...made, orders: ids.length };
    });
  } else {
    await database.write((tx) => audit(tx, { action: 'mall.batch.download', itemKind: 'mallBatch', itemId: batch!.id }));
  }
  const orders = await listBatchOrdersRepo(database.db, batch.id);
  return { batch: batchView(batch), filename: `商城发货批次-${batch.id}.csv`, csv: batchCsv(batch.id, orders) };
}

/** A past batch's CSV again (a lost file): an audit row too. */
export async function downloadBatch(database: Database, staff: StaffMember, batchId: number, audit: Audit) {
  if (!mayReadAddresses(staff)) throw refuse(DESK_MESSAGES.addressOnly);
  const batch = await findBatchRepo(database.db, batchId);
  if (!batch) throw refuse(DESK_MESSAGES.batchMissing);
  await database.write((tx) => audit(tx, { action: 'mall.batch.download', itemKind: 'mallBatch', itemId: batchId }));
  const orders = await listBatchOrdersRepo(database.db, batchId);
  return { batch: batchView(batch), filename: `商城发货批次-${batchId}.csv`, csv: batchCsv(batchId, orders) };
}

export interface ImportRow {
  line: number;
  id: string;
  carrier: string;
  trackingNo: string;
}

export interface ImportReport {
  shipped: number;
  unchanged: number;
  refused: { line: number; id: string; reason: string }[];
}

export const IMPORT_MAX_ROWS = 2000;
const TRACKING = /^[A-Za-z0-9-]{6,30}$/;

/** Reads the rows of a tracking file: the batch file filled in (columns found by header), or 单号,快递公司,快递单号. */
export function readImportRows(csv: string): ImportRow[] {
  const rows = parseCsv(csv);
  if (rows.length === 0) return [];
  const header = rows[0]!.map((c) => c.trim());
  const named = header.includes('兑换单号');
  const col = named ? { id: header.indexOf('兑换单号'), carrier: header.indexOf('快递公司'), no: header.indexOf('快递单号') } : { id: 0, carrier: 1, no: 2 };
  const body = named ? rows.slice(1) : rows;
  const first = named ? 2 : 1;
  return body.map((r, i) => ({
    line: first + i,
    // A cell we wrote neutralised comes back with its apostrophe: it is not part of the value.
    id: (r[col.id] ?? '').trim().replace(/^'/, ''),
    carrier: (r[col.carrier] ?? '').trim().replace(/^'/, ''),
    trackingNo: (r[col.no] ?? '').trim().replace(/^'/, ''),
  }));
}

function rowRefusal(row: ImportRow, order: OrderRow | null): string | null {
  if (!/^[1-9]\d{0,9}$/.test(row.id)) return '兑换单号不正确';
  if (row.carrier.length < 2 || row.carrier.length > 20) return '快递公司须为 2–20 个字';
  if (!TRACKING.test(row.trackingNo)) return '快递单号只能是 6–30 位字母、数字或横线';
  const refused = refusalOfShip(order);
  if (refused) return refused;
  if (order!.status === EXCHANGE_STATUS.shipped && order!.expressNo !== row.trackingNo) return `已发货，单号不同（原单号 ${order!.expressNo}）`;
  return null;
}

/**
 * Imports a warehouse file of tracking numbers. Every row is checked first; the rows accepted are shipped
 * in one transaction (a crash half way leaves every order either shipped or not, never half), each with
 * its audit row. Rows of orders already shipped with the same number are counted unchanged, so importing
 * the same file twice ships nothing twice.
 */
export async function importTracking(database: Database, csv: string, audit: Audit, now = new Date()): Promise<ImportReport> {
  const rows = readImportRows(csv);
  if (rows.length === 0) throw refuse(DESK_MESSAGES.emptyImport);
  if (rows.length > IMPORT_MAX_ROWS) throw refuse(DESK_MESSAGES.tooManyRows);
  const report: ImportReport = { shipped: 0, unchanged: 0, refused: [] };
  const seen = new Set<string>();
  const accepted: ImportRow[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) {
      report.refused.push({ line: row.line, id: row.id, reason: '同一订单在文件中重复出现' });
      continue;
    }
    seen.add(row.id);
    const order = /^[1-9]\d{0,9}$/.test(row.id) ? await findOrderRepo(database.db, Number(row.id)) : null;
    const reason = rowRefusal(row, order);
    if (reason) report.refused.push({ line: row.line, id: row.id, reason });
    else if (order!.status === EXCHANGE_STATUS.shipped) report.unchanged += 1;
    else accepted.push(row);
  }
  if (accepted.length > 0) {
    await database.write(async (tx) => {
      for (const row of accepted) {
        if (await shipOrderRepo(tx, Number(row.id), row.carrier, row.trackingNo, now)) {
          report.shipped += 1;
          await audit(tx, {
            action: 'mall.ship',
            itemKind: 'mallExchange',
            itemId: row.id,
            after: { status: 2, carrier: row.carrier, trackingNo: row.trackingNo },
            reason: '批量导入快递单号',
          });
        } else {
          // Moved since the check (cancelled or shipped by someone else meanwhile).
          report.refused.push({ line: row.line, id: row.id, reason: '订单状态已变化，请刷新后重试' });
        }
      }
      await audit(tx, {
        action: 'mall.import',
        itemKind: 'mallImport',
        itemId: now.toISOString(),
        after: { shipped: report.shipped, unchanged: report.unchanged, refused: report.refused.length },
      });
    });
  }
  report.refused.sort((a, b) => a.line - b.line);
  return report;
}

// ── merchants and 核销 ────────────────────────────────────────────────────────────────────────

async function merchantOf(database: Database, staff: StaffMember): Promise<string> {
  const merchant = await merchantOfStaffRepo(database.db, staff.id);
  if (!merchant) throw refuse(DESK_MESSAGES.noMerchant);
  return merchant;
}

function codeView(o: OrderRow, today: string) {
  const state = o.status === EXCHANGE_STATUS.cancelled ? 'cancelled' : o.usedAt ? 'used' : o.validUntil && o.validUntil < today ? 'expired' : 'unused';
  return {
    id: o.id,
    code: o.code ?? '',
    goodsName: o.goodsName,
    kind: o.kind,
    nickname: maskName(o.nickname),
    state,
    validUntil: o.validUntil ?? '',
    createTime: formatBeijingTime(o.createdAt),
    usedTime: o.usedAt ? formatBeijingTime(o.usedAt) : '',
  };
}

/** What a code is, before using it: only a code of this merchant's own goods is found. */
export async function lookupCode(database: Database, staff: StaffMember, code: string, now = new Date()) {
  const merchant = await merchantOf(database, staff);
  const found = await findMerchantCodeRepo(database.db, merchant, code.toUpperCase());
  if (!found) throw refuse(DESK_MESSAGES.codeMissing);
  return { merchant, code: codeView(found, beijingDay(now)) };
}

/** 核销: marks the code used, once; another merchant's code is 券码不存在 (its existence is not told). */
export async function verifyCode(database: Database, staff: StaffMember, code: string, audit: Audit, now = new Date()) {
  const merchant = await merchantOf(database, staff);
  const found = await findMerchantCodeRepo(database.db, merchant, code.toUpperCase());
  if (!found) throw refuse(DESK_MESSAGES.codeMissing);
  const today = beijingDay(now);
  if (found.status === EXCHANGE_STATUS.cancelled) throw refuse(DESK_MESSAGES.codeCancelled);
  if (found.usedAt) throw refuse(DESK_MESSAGES.codeUsed(formatBeijingTime(found.usedAt)));
  if (found.validUntil && found.validUntil < today) throw refuse(DESK_MESSAGES.codeExpired);
  await database.write(async (tx) => {
    if (!(await useCodeRepo(tx, found.id, staff.id, now))) {
      const current = await findOrderRepo(tx, found.id);
      throw refuse(current?.usedAt ? DESK_MESSAGES.codeUsed(formatBeijingTime(current.usedAt)) : DESK_MESSAGES.codeCancelled);
    }
    await audit(tx, { action: 'mall.verify', itemKind: 'mallExchange', itemId: found.id, after: { merchant, goodsId: found.goodsId } });
  });
  return { merchant, code: codeView((await findOrderRepo(database.db, found.id))!, today) };
}

export async function listVerified(database: Database, staff: StaffMember, page: number, now = new Date()) {
  const merchant = await merchantOf(database, staff);
  const rows = await listVerifiedRepo(database.db, merchant, page, 30);
  return { merchant, items: rows.map((o) => codeView(o, beijingDay(now))) };
}

export async function listMerchants(database: Database) {
  return {
    accounts: await listMerchantAccountsRepo(database.db).then((rows) => rows.map((r) => ({ ...r, merchant: r.merchant ?? '' }))),
    merchants: await listMerchantNamesRepo(database.db),
  };
}

/** Links a 部门 account to the merchant whose codes it verifies ('' unlinks). */
export async function linkMerchant(database: Database, input: { staffId: number; merchant: string }, audit: Audit) {
  if ((await findStaffRoleRepo(database.db, input.staffId)) !== 'department') throw refuse(DESK_MESSAGES.notMerchantAccount);
  await database.write(async (tx) => {
    const before = await linkMerchantRepo(tx, input.staffId, input.merchant);
    if (before !== (input.merchant || null))
      await audit(tx, {
        action: 'mall.merchant.link',
        itemKind: 'staff',
        itemId: input.staffId,
        before: { merchant: before ?? '' },
        after: { merchant: input.merchant },
      });
  });
  return listMerchants(database);
}

// ── points rules and finance ──────────────────────────────────────────────────────────────────

export async function pointsRules(database: Database) {
  const settings = decideSettings(await readSettingsRepo(database.db));
  return {
    rules: EARN_REASONS.map((reason) => ({ reason, text: REASON_TEXT[reason] ?? reason, ...settings.earn[reason] })),
    signinStreakBonus: settings.signinStreakBonus,
    signinStreakMaxBonus: settings.signinStreakMaxBonus,
  };
}

/** Changes one earning rule; the next earning reads it (points settings are read per action). */
export async function changeRule(
  database: Database,
  input: { reason: (typeof EARN_REASONS)[number]; points: number; dailyCap: number; note: string },
  audit: Audit,
) {
  await database.write(async (tx) => {
    const before = decideSettings(await readSettingsRepo(tx)).earn[input.reason];
    if (before.points === input.points && before.dailyCap === input.dailyCap) return;
    await writeSettingRepo(tx, `earn.${input.reason}`, { points: input.points, dailyCap: input.dailyCap });
    await audit(tx, {
      action: 'mall.points.rule',
      itemKind: 'pointsRule',
      itemId: input.reason,
      before,
      after: { points: input.points, dailyCap: input.dailyCap },
      reason: input.note,
    });
  });
  return pointsRules(database);
}

export const LEDGER_EXPORT_MAX = 200_000;

export async function ledgerTotals(database: Database, from: string, to: string) {
  const rows = await ledgerTotalsRepo(database.db, from, to);
  const byReason = rows.map((r) => ({ reason: r.reason, text: REASON_TEXT[r.reason] ?? r.reason, rows: Number(r.rows), amount: Number(r.amount) }));
  return { from, to, byReason, net: byReason.reduce((s, r) => s + r.amount, 0), rows: byReason.reduce((s, r) => s + r.rows, 0) };
}

/** The ledger of a range of Beijing days for finance (reader ids, not names or phones); an audit row. */
export async function exportLedger(database: Database, range: { from: string; to: string }, audit: Audit) {
  const rows = await ledgerRangeRepo(database.db, range.from, range.to, LEDGER_EXPORT_MAX + 1);
  if (rows.length > LEDGER_EXPORT_MAX) throw refuse(`该时段流水超过 ${LEDGER_EXPORT_MAX} 条，请缩短日期范围`);
  await database.write((tx) =>
    audit(tx, { action: 'mall.ledger.export', itemKind: 'pointsLedger', itemId: `${range.from}~${range.to}`, after: { rows: rows.length } }),
  );
  const csv = toCsv(
    ['流水号', '读者ID', '北京日期', '时间', '类型', '说明', '变动积分', '变动后余额', '关联单号'],
    rows.map((r) => [r.id, r.userId, r.day, formatBeijingTime(r.createdAt), r.reason, REASON_TEXT[r.reason] ?? r.reason, r.amount, r.balanceAfter, r.ref]),
  );
  return { filename: `积分流水-${range.from}-${range.to}.csv`, rows: rows.length, csv, totals: await ledgerTotals(database, range.from, range.to) };
}

export async function reconcile(database: Database) {
  const result = await reconcileRepo(database.db, 20);
  return { ...result, balanced: result.mismatchCount === 0 && result.balances === result.ledgerSum };
}
