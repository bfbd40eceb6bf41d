/**
 * The points mall's operations desk in the newsroom console (ADR 017, `/newsroom/api/mall/*`): goods and
 * their stock, the fulfilment queue of physical orders, cancel with refund, the merchants' 核销 of codes,
 * the points rules and the finance ledger. Not a reader API: the reader's side is src/contract/mall.ts.
 */
import { GOODS_KINDS } from './mall.ts';
import { CalendarDayOf, Id, Page, Text } from './fields.ts';
import { z } from './zod.ts';

/** The console's names of the goods kinds (a `card` is a ticket or card code: 票券/卡密). */
export const GOODS_KIND_LABELS: Readonly<Record<(typeof GOODS_KINDS)[number], string>> = {
  physical: '实物',
  coupon: '优惠券',
  card: '票券/卡密',
  virtual: '话费流量',
};

/** The console's Idempotency-Key of a write: made once per form, sent again on a retry. */
export const DeskKey = z.string({ error: '请求缺少防重复标识，请刷新页面后重试' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '请求缺少防重复标识，请刷新页面后重试');

const DayTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, '时间格式不正确')
  .nullable()
  .default(null);

const Picture = z
  .string()
  .max(300, '图片地址不正确')
  .regex(/^\/media\/[A-Za-z0-9/_.-]+\.(jpg|jpeg|png|gif|webp|svg)$/, '图片地址不正确')
  .refine((s) => !s.includes('..'), '图片地址不正确');

/** A good as the operator writes it. `stock` is read on create only; later changes go through the stock form. */
export const GoodsForm = z
  .object({
    id: Id.optional(),
    key: DeskKey,
    categoryId: Id,
    kind: z.enum(GOODS_KINDS, { error: '请选择商品类型' }),
    name: Text({ min: 2, max: 40, label: '商品名称' }),
    subtitle: Text({ max: 40, label: '副标题' }).default(''),
    description: Text({ max: 2000, label: '商品说明' }).default(''),
    pictures: z.array(Picture, { error: '图片地址不正确' }).min(1, '请至少上传 1 张商品图片').max(9, '商品图片至多 9 张'),
    price: z.number({ error: '兑换积分必须是正整数' }).int('兑换积分必须是正整数').min(1, '兑换积分至少为 1').max(1_000_000, '兑换积分不能超过 1000000'),
    marketPrice: Text({ max: 20, label: '市场价' }).default(''),
    stock: z.number({ error: '库存必须是整数' }).int('库存必须是整数').min(0, '库存不能小于 0').max(1_000_000, '库存不能超过 1000000').default(0),
    perUserLimit: z.number({ error: '每人限兑必须是整数' }).int('每人限兑必须是整数').min(0, '每人限兑不能小于 0').max(100, '每人限兑不能超过 100').default(0),
    merchant: Text({ max: 40, label: '提供方' }).default(''),
    validUntil: CalendarDayOf('有效期格式不正确').nullable().default(null),
    usage: Text({ max: 300, label: '使用说明' }).default(''),
    saleStart: DayTime,
    saleEnd: DayTime,
    onSale: z.boolean({ error: '请选择是否上架' }).default(false),
  })
  .refine((v) => !v.saleStart || !v.saleEnd || new Date(v.saleStart) < new Date(v.saleEnd), { message: '停售时间须晚于开售时间', path: ['saleEnd'] })
  .refine((v) => v.kind === 'physical' || v.kind === 'virtual' || v.merchant !== '', { message: '优惠券和票券须填写提供方（核销商户）', path: ['merchant'] });
export type GoodsForm = z.input<typeof GoodsForm>;

export const StockChange = z.object({
  id: Id,
  key: DeskKey,
  delta: z
    .number({ error: '库存变化必须是整数' })
    .int('库存变化必须是整数')
    .min(-1_000_000, '库存变化过大')
    .max(1_000_000, '库存变化过大')
    .refine((n) => n !== 0, '库存变化不能为 0'),
  reason: Text({ min: 2, max: 100, label: '变动原因' }),
});

export const QueueState = z.enum(['waiting', 'batched', 'shipped', 'done', 'cancelled'], { error: '订单状态不正确' });
export type QueueState = z.infer<typeof QueueState>;

export const QueueQuery = z.object({ state: QueueState.default('waiting'), keyword: Text({ max: 30, label: '搜索词' }).optional(), page: Page });

export const Carrier = Text({ min: 2, max: 20, label: '快递公司' });
export const TrackingNo = z
  .string({ error: '请填写快递单号' })
  .trim()
  .regex(/^[A-Za-z0-9-]{6,30}$/, '快递单号只能是 6–30 位字母、数字或横线');

export const ShipBody = z.object({ id: Id, carrier: Carrier, trackingNo: TrackingNo });

export const CancelBody = z.object({ id: Id, reason: Text({ min: 2, max: 100, label: '取消原因' }) });

/** The warehouse's CSV of tracking numbers: 兑换单号, 快递公司, 快递单号 (a header row allowed). At most 2,000 rows. */
export const ImportBody = z.object({
  csv: z.string({ error: '请选择 CSV 文件' }).min(1, '请选择 CSV 文件').max(90_000, 'CSV 文件过大，请分批导入（每批至多 2000 行）'),
});

export const VerifyBody = z.object({ code: z.string({ error: '请输入券码' }).trim().min(6, '券码不正确').max(40, '券码不正确') });

export const LedgerRange = z
  .object({
    from: z.string({ error: '请选择开始日期' }).pipe(CalendarDayOf('开始日期格式不正确')),
    to: z.string({ error: '请选择结束日期' }).pipe(CalendarDayOf('结束日期格式不正确')),
  })
  .refine((v) => v.from <= v.to, { message: '结束日期不能早于开始日期', path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 92, { message: '一次最多导出 92 天', path: ['to'] });

/** One earning rule as the console edits it: points per action and the daily cap. */
export const RuleChange = z.object({
  reason: z.enum(['signin', 'read', 'comment', 'share', 'question', 'answer', 'tip', 'post', 'profile'], { error: '积分规则不存在' }),
  points: z.number({ error: '积分必须是整数' }).int('积分必须是整数').min(1, '积分至少为 1').max(10_000, '积分不能超过 10000'),
  dailyCap: z.number({ error: '每日上限必须是整数' }).int('每日上限必须是整数').min(0, '每日上限不能小于 0').max(1000, '每日上限不能超过 1000'),
  note: Text({ min: 2, max: 100, label: '调整说明' }),
});

export const MerchantLink = z.object({ staffId: Id, merchant: Text({ max: 40, label: '商户名称' }) });
