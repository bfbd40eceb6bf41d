/**
 * The points mall desk's console endpoints (ADR 017; docs/security.md "Points mall desk"). Permissions:
 * `mall.goods` goods and stock, `mall.orders` the fulfilment queue and cancellations (whole addresses
 * for the 商城运营 role only), `mall.verify` a merchant's 核销, `mall.points` the earning rules,
 * `mall.finance` the ledger export and the reconciliation. Writes that show whole addresses are POSTs:
 * each is an audit row and needs the session's CSRF token.
 */
import { Id, Page } from '../../contract/fields.ts';
import {
  CancelBody,
  DeskKey,
  GoodsForm,
  ImportBody,
  LedgerRange,
  MerchantLink,
  QueueQuery,
  RuleChange,
  ShipBody,
  StockChange,
  VerifyBody,
} from '../../contract/mallDesk.ts';
import { Text } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';
import { PictureInput, PICTURE_UPLOAD_MAX_BYTES } from '../../contract/publish.ts';
import { mediaOf } from '../media/storage.ts';
import { storeNewsPicture } from '../publish/pictures.ts';
import { consoleEndpoint, type ConsoleRegistry } from '../staff/console.ts';
import * as desk from './service.ts';

export function registerMallDeskConsole(registry: ConsoleRegistry): void {
  const { database } = registry.deps;

  // ── goods ──
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/goods',
    summary: '商品列表（含已下架）与分类',
    permission: 'mall.goods',
    input: z.object({ keyword: Text({ max: 30, label: '搜索词' }).optional(), page: Page }),
    handler: ({ input }) => desk.listGoods(database, input.keyword || undefined, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/goods/detail',
    summary: '一件商品与它的库存变动记录',
    permission: 'mall.goods',
    input: z.object({ id: Id }),
    handler: ({ input }) => desk.goodsDetail(database, input.id),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/goods/save',
    summary: '新建或编辑商品（图片、分类、积分价、限兑、类型、售卖时间、上下架）',
    permission: 'mall.goods',
    invalidates: 'readers',
    input: GoodsForm,
    handler: ({ input, staff, audit }) => desk.saveGoods(database, staff, input, audit, mediaOf(registry.deps)),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/goods/picture',
    summary: '上传商品图片（同一张只存一次；按需出缩略图）',
    permission: 'mall.goods',
    input: PictureInput,
    maxBodyBytes: Math.ceil((PICTURE_UPLOAD_MAX_BYTES * 4) / 3) + 4096,
    handler: async ({ staff, input, audit }) => {
      // Decoding is the costly part: the writing desk's limit, shared (docs/security.md P6).
      await registry.limiter.take([{ key: `console:picture:${staff.id}`, rules: [{ max: 60, windowMs: 10 * 60_000 }] }]);
      const stored = await storeNewsPicture(mediaOf(registry.deps), new Uint8Array(Buffer.from(input.data, 'base64')));
      await database.write((tx) => audit(tx, { action: 'mall.goods.picture', itemKind: 'picture', itemId: stored.url }));
      return stored;
    },
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/goods/sale',
    summary: '上架或下架商品',
    permission: 'mall.goods',
    invalidates: 'readers',
    input: z.object({ id: Id, onSale: z.boolean({ error: '请选择上架或下架' }) }),
    handler: ({ input, audit }) => desk.setOnSale(database, input.id, input.onSale, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/goods/stock',
    summary: '调整库存（写明原因；不能少于已兑出的）',
    permission: 'mall.goods',
    invalidates: 'readers',
    input: StockChange,
    handler: ({ input, staff, audit }) => desk.changeStock(database, staff, input, audit),
  });

  // ── orders ──
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/orders',
    summary: '实物订单发货队列（收货信息打码）',
    permission: 'mall.orders',
    input: QueueQuery,
    handler: ({ input }) => desk.listQueue(database, input.state, input.keyword || undefined, input.page),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/orders/address',
    summary: '查看一笔订单的完整收货信息（仅商城运营；记入操作记录）',
    permission: 'mall.orders',
    input: z.object({ id: Id }),
    handler: ({ input, staff, audit }) => desk.revealAddress(database, staff, input.id, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/orders/ship',
    summary: '填写快递公司与单号：订单变为已发货',
    permission: 'mall.orders',
    input: ShipBody,
    handler: ({ input, audit }) => desk.shipOrder(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/orders/cancel',
    summary: '取消订单并退回积分（只退一次）与库存',
    permission: 'mall.orders',
    invalidates: 'readers',
    input: CancelBody,
    handler: ({ input, audit }) => desk.cancelOrder(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/orders/export',
    summary: '导出一批待发货订单给仓库（CSV；仅商城运营；记入操作记录）',
    permission: 'mall.orders',
    input: z.object({ key: DeskKey }),
    handler: ({ input, staff, audit }) => desk.exportBatch(database, staff, input.key, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/orders/batch',
    summary: '重新下载一个发货批次（CSV；仅商城运营；记入操作记录）',
    permission: 'mall.orders',
    input: z.object({ batchId: Id }),
    handler: ({ input, staff, audit }) => desk.downloadBatch(database, staff, input.batchId, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/orders/import',
    summary: '导入仓库回传的快递单号（CSV），报告拒收的行',
    permission: 'mall.orders',
    input: ImportBody,
    handler: ({ input, audit }) => desk.importTracking(database, input.csv, audit),
  });

  // ── merchants ──
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/merchants',
    summary: '商户账号与它们核销的商户',
    permission: 'mall.goods',
    input: z.object({}),
    handler: () => desk.listMerchants(database),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/merchants/link',
    summary: '把“部门”账号关联到一个商户（核销该商户的券码）',
    permission: 'mall.goods',
    input: MerchantLink,
    handler: ({ input, audit }) => desk.linkMerchant(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/verify/lookup',
    summary: '商户查询本店券码',
    permission: 'mall.verify',
    input: VerifyBody,
    handler: ({ input, staff }) => desk.lookupCode(database, staff, input.code),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/verify',
    summary: '商户核销券码（每个券码只能用一次）',
    permission: 'mall.verify',
    input: VerifyBody,
    handler: ({ input, staff, audit }) => desk.verifyCode(database, staff, input.code, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/verify/list',
    summary: '本店已核销的券码',
    permission: 'mall.verify',
    input: z.object({ page: Page }),
    handler: ({ input, staff }) => desk.listVerified(database, staff, input.page),
  });

  // ── points rules and finance ──
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/points/rules',
    summary: '积分规则（每次得分与每日上限）',
    permission: 'mall.points',
    input: z.object({}),
    handler: () => desk.pointsRules(database),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/points/rule',
    summary: '修改一条积分规则（下一次得分即生效，记入操作记录）',
    permission: 'mall.points',
    invalidates: 'readers',
    input: RuleChange,
    handler: ({ input, audit }) => desk.changeRule(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/ledger/totals',
    summary: '积分流水按类型汇总（北京日期范围）',
    permission: 'mall.finance',
    input: LedgerRange,
    handler: ({ input }) => desk.ledgerTotals(database, input.from, input.to),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/mall/ledger/export',
    summary: '导出积分流水给财务（CSV；记入操作记录）',
    permission: 'mall.finance',
    input: LedgerRange,
    handler: ({ input, audit }) => desk.exportLedger(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/mall/ledger/reconcile',
    summary: '对账：每位读者的余额与流水是否一致',
    permission: 'mall.finance',
    input: z.object({}),
    handler: () => desk.reconcile(database),
  });
}
