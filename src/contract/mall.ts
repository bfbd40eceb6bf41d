/**
 * Points and the points mall (ADR 012; spec 2.10). The reader's own numbers keep the spec's names
 * (credit 积分, integRal 成长值, creditLevel 等级). Prices and balances are whole points.
 */
import { endpointsOf } from './endpoint.ts';
import { ClassId, Id, Page, PageSize, Text } from './fields.ts';
import { Phone } from './accounts.ts';
import { z } from './zod.ts';

const pointsApi = endpointsOf('points');
const mallApi = endpointsOf('mall');

/** Goods kinds: 实物 shipped to an address, 优惠券 used at a shop, 卡密 a card code, 虚拟 topped up to a phone. */
export const GOODS_KINDS = ['physical', 'coupon', 'card', 'virtual'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

/** Exchange status (ADR 012): 1 已兑换 → 2 已发货 → 3 已完成; 4 已取消 (the operator refunded the points). */
export const EXCHANGE_STATUS = { exchanged: 1, shipped: 2, done: 3, cancelled: 4 } as const;

// ── points ─────────────────────────────────────────────────────────────────────────────────────

export const Account = z.object({
  credit: z.number().int(),
  integRal: z.number().int(),
  creditLevel: z.number().int(),
});
export type Account = z.infer<typeof Account>;

export const PointsSummary = Account.extend({
  /** Growth still needed for the next level (0 at the top level). */
  nextLevelGrowth: z.number().int(),
  /** 1 when the reader signed in today (Beijing day). */
  signedToday: z.number().int(),
  /** Consecutive sign-in days up to today or yesterday (0 when the streak is broken). */
  streak: z.number().int(),
  /** Points the next sign-in pays. */
  nextSigninPoints: z.number().int(),
  todayEarned: z.number().int(),
});
export type PointsSummary = z.infer<typeof PointsSummary>;

export const pointsSummary = pointsApi.get('/v1/points/summary', '我的积分、成长值、等级与今日签到状态', { auth: 'required', data: PointsSummary });

export const SigninResult = Account.extend({
  /** 1: signed in now and paid; 0: already signed in today, nothing paid. */
  signed: z.number().int(),
  streak: z.number().int(),
  points: z.number().int(),
});
export type SigninResult = z.infer<typeof SigninResult>;

export const pointsSignin = pointsApi.write('/v1/points/signin', '每日签到（每个北京日一次，连续签到加分；重复签到不再加分）', {
  invalidates: 'none',
  data: SigninResult,
});

export const LedgerItem = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  reasonText: z.string(),
  balance: z.number().int(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
});
export type LedgerItem = z.infer<typeof LedgerItem>;

export const pointsLedger = pointsApi.get('/v1/points/ledger', '积分明细（新的在前，分页到空数组为止）', {
  auth: 'required',
  query: z.object({ page: Page, pageSize: PageSize }),
  data: z.array(LedgerItem),
});

export const EarnResult = Account.extend({
  /** 1 when this call paid points; 0 when already paid for this item or the daily cap is reached. */
  awarded: z.number().int(),
  points: z.number().int(),
});
export type EarnResult = z.infer<typeof EarnResult>;

const ArticleRef = z.object({ classId: ClassId, newsId: Id });

export const pointsRead = pointsApi.write('/v1/points/read', '阅读文章得积分（每篇一次，每日有上限）', {
  invalidates: 'none',
  body: ArticleRef,
  data: EarnResult,
});

export const pointsShare = pointsApi.write('/v1/points/share', '分享文章得积分（每篇每日一次，每日有上限）', {
  invalidates: 'none',
  body: ArticleRef,
  data: EarnResult,
});

export const EarnRuleItem = z.object({ reason: z.string(), text: z.string(), points: z.number().int(), dailyCap: z.number().int() });

export const PointsRules = z.object({
  earn: z.array(EarnRuleItem),
  signinStreakBonus: z.number().int(),
  signinStreakMaxBonus: z.number().int(),
  levels: z.array(z.object({ level: z.number().int(), growth: z.number().int() })),
  /** The expiry rule in reader words ('' when points do not expire). */
  expiry: z.string(),
});
export type PointsRules = z.infer<typeof PointsRules>;

export const pointsRules = pointsApi.get('/v1/points/rules', '积分规则：获取方式、每日上限、等级门槛与过期规则', { cache: 'reference', data: PointsRules });

// ── mall ───────────────────────────────────────────────────────────────────────────────────────

export const GoodsCard = z.object({
  id: z.number().int(),
  kind: z.enum(GOODS_KINDS),
  name: z.string(),
  subtitle: z.string(),
  picture: z.string(),
  price: z.number().int(),
  marketPrice: z.string(),
  stock: z.number().int(),
  sold: z.number().int(),
});
export type GoodsCard = z.infer<typeof GoodsCard>;

export const GoodsDetail = GoodsCard.extend({
  categoryId: z.number().int(),
  categoryName: z.string(),
  pictures: z.array(z.string()),
  /** Plain text paragraphs. */
  description: z.array(z.string()),
  /** 0: no limit. */
  perUserLimit: z.number().int(),
  /** How many the caller already exchanged (0 when anonymous). */
  exchanged: z.number().int(),
  merchant: z.string(),
  /** Last day a coupon or card code can be used `YYYY-MM-DD` ('' when it does not expire). */
  validUntil: z.string(),
  usage: z.string(),
  onSale: z.number().int(),
});
export type GoodsDetail = z.infer<typeof GoodsDetail>;

export const MallCategory = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });
export const MallBanner = z.object({ id: z.number().int(), title: z.string(), image: z.string(), goodsId: z.number().int() });

export const MallHome = z.object({
  categories: z.array(MallCategory),
  banners: z.array(MallBanner),
  hot: z.array(GoodsCard),
  fresh: z.array(GoodsCard),
});
export type MallHome = z.infer<typeof MallHome>;

export const mallHome = mallApi.content('/v1/mall/home', '积分商城首页：分类、轮播、热门与新品', { data: MallHome });

const Keyword = Text({ max: 30, label: '搜索词' });

export const mallGoodsList = mallApi.get('/v1/mall/goods/list', '商品列表：按分类、类型或搜索词，分页到空数组为止', {
  query: z.object({
    categoryId: Id.optional(),
    kind: z.enum(GOODS_KINDS, '商品类型不正确').optional(),
    keyword: Keyword.optional(),
    page: Page,
    pageSize: PageSize,
  }),
  data: z.array(GoodsCard),
});

export const mallGoodsDetail = mallApi.get('/v1/mall/goods/detail', '商品详情：图片、积分价、库存、每人限兑、有效期、说明', {
  auth: 'optional',
  query: z.object({ id: Id }),
  data: GoodsDetail,
});

export const DeliveryAddress = z.object({
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
});

export const ExchangeItem = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  kind: z.enum(GOODS_KINDS),
  name: z.string(),
  picture: z.string(),
  points: z.number().int(),
  status: z.number().int(),
  statusText: z.string(),
  /** Coupons: unused / used / expired; '' for other kinds. */
  couponState: z.enum(['unused', 'used', 'expired', '']),
  validUntil: z.string(),
  createTime: z.string(),
});
export type ExchangeItem = z.infer<typeof ExchangeItem>;

export const ExchangeDetail = ExchangeItem.extend({
  /** The coupon or card code, shown once exchanged ('' for physical and virtual goods). */
  code: z.string(),
  usage: z.string(),
  merchant: z.string(),
  /** Physical goods, the phone masked. */
  address: DeliveryAddress.nullable(),
  /** Virtual goods: the phone topped up, masked. */
  phone: z.string(),
  expressCompany: z.string(),
  expressNo: z.string(),
  shipTime: z.string(),
  doneTime: z.string(),
});
export type ExchangeDetail = z.infer<typeof ExchangeDetail>;

/** An exchange. Physical goods need name, phone, region and address; virtual goods need mobile. */
export const ExchangeBody = z.object({
  goodsId: Id,
  name: Text({ max: 20, label: '收货人' }).optional(),
  phone: Phone.optional(),
  region: Text({ max: 40, label: '所在地区' }).optional(),
  address: Text({ max: 120, label: '详细地址' }).optional(),
  mobile: Phone.optional(),
});
export type ExchangeBody = z.input<typeof ExchangeBody>;

export const mallExchange = mallApi.write('/v1/mall/exchange', '兑换商品（需 Idempotency-Key；扣积分、减库存与兑换记录在同一事务中）', {
  body: ExchangeBody,
  data: ExchangeDetail,
});

export const mallExchangeList = mallApi.get('/v1/mall/exchange/list', '我的兑换（新的在前，分页到空数组为止）', {
  auth: 'required',
  query: z.object({ page: Page, pageSize: PageSize }),
  data: z.array(ExchangeItem),
});

export const mallExchangeDetail = mallApi.get('/v1/mall/exchange/detail', '我的一次兑换：状态、券码或卡密、收货信息', {
  auth: 'required',
  query: z.object({ id: Id }),
  data: ExchangeDetail,
});

export const mallExchangeConfirm = mallApi.write('/v1/mall/exchange/confirm', '确认收货（已发货 → 已完成）', {
  invalidates: 'none',
  body: z.object({ id: Id }),
  data: ExchangeDetail,
});

export const COUPON_STATES = ['unused', 'used', 'expired'] as const;

export const mallCouponList = mallApi.get('/v1/mall/coupon/list', '我的优惠券：未使用、已使用、已过期', {
  auth: 'required',
  query: z.object({ state: z.enum(COUPON_STATES, '优惠券状态不正确').default('unused'), page: Page, pageSize: PageSize }),
  data: z.array(ExchangeItem),
});

export const mallCouponUse = mallApi.write('/v1/mall/coupon/use', '在商家出示后标记优惠券为已使用', {
  invalidates: 'none',
  body: z.object({ id: Id }),
  data: ExchangeDetail,
});

export const mallTicketList = mallApi.get('/v1/mall/ticket/list', '我的票券：兑换到的卡密、观影与门票兑换码', {
  auth: 'required',
  query: z.object({ page: Page, pageSize: PageSize }),
  data: z.array(ExchangeItem),
});

export const CooperationBody = z.object({
  company: Text({ min: 2, max: 50, label: '公司名称' }),
  contact: Text({ min: 1, max: 20, label: '联系人' }),
  phone: Phone,
  content: Text({ min: 10, max: 500, label: '合作内容' }),
});
export type CooperationBody = z.input<typeof CooperationBody>;

export const mallCooperation = mallApi.post('/v1/mall/cooperation', '商城商务合作留言', {
  invalidates: 'none',
  auth: 'optional',
  body: CooperationBody,
  data: z.object({ id: z.number().int() }),
});
