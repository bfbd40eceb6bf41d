/** Addresses of the points mall pages (spec 2.10), under the site's base path. */
import { BASE_PATH } from '../../lib/safeUrl.ts';

export const MALL_BASE = `${BASE_PATH}/AccumulatedPoints`;

export const mallLinks = {
  home: `${MALL_BASE}/index`,
  goods: (id: number) => `${MALL_BASE}/goodsdetail?id=${id}`,
  convert: (id: number) => `${MALL_BASE}/convertgoods?id=${id}`,
  exchanges: `${MALL_BASE}/Conversion`,
  exchange: (id: number) => `${MALL_BASE}/convertdetail?id=${id}`,
  coupons: `${MALL_BASE}/coupon`,
  tickets: `${MALL_BASE}/Tickets`,
  search: `${MALL_BASE}/SearchPage`,
  /** Every good on sale, paged (the home's 查看全部商品). */
  allGoods: `${MALL_BASE}/SearchPage?all=1`,
  rules: `${MALL_BASE}/rules`,
  disclaimer: `${MALL_BASE}/disclaimer`,
  secure: `${MALL_BASE}/secureprotocol`,
  service: `${MALL_BASE}/customerservice`,
  about: `${MALL_BASE}/aboutUs`,
  cooperation: `${MALL_BASE}/cooperation`,
} as const;

export const KIND_TEXT: Record<string, string> = { physical: '实物', coupon: '优惠券', card: '卡密', virtual: '充值' };

/** A picture path from the API (`/media/...`) as the page uses it. */
export function mallPicture(src: string): string {
  return src;
}
