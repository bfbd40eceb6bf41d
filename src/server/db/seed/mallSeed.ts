/**
 * Demo data of the points mall (ADR 012), under its own seed-run name: 6 categories, 34 goods across
 * physical goods, coupons, card codes and phone top-ups (some sold out), 3 banners. Pictures are drawn
 * SVG still lifes with no text on them (a parcel, a coupon, a card, a phone; the banners a skyline).
 * Deterministic: ids follow the order of mallData.ts, colours and shapes from a fixed PRNG.
 */
import { mkdir } from 'node:fs/promises';
import { writeSvgAsWebp } from './demoPictures.ts';
import { join } from 'node:path';
import type { Database } from '../client.ts';
import { mallBanners, mallCategories, mallGoods } from '../schema/mall.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng, type Rng } from './createRng.ts';
import { MALL_BANNERS, MALL_CATEGORIES, MALL_GOODS } from './mallData.ts';
import { seedOnce } from './seedOnce.ts';

export const MALL_SEED_NAME = 'mall';
const DAY = 24 * 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#fde8e4', '#f7b7a3', '#d7000f'],
  ['#e6f0fb', '#a9c8ee', '#1d4e89'],
  ['#e8f6f2', '#a3dcc9', '#0f766e'],
  ['#f3ecfd', '#cdb6f5', '#6d28d9'],
  ['#fdf3e3', '#f5c98a', '#b45309'],
  ['#fbe9f1', '#f2a9c8', '#be185d'],
];

function frame(w: number, h: number, [bg, mid]: readonly string[], body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${body}</svg>\n`
  );
}

/** A drawing of the kind of good, on a soft background; `variant` turns it a little so pictures differ. */
export function goodsPicture(kind: string, rng: Rng): string {
  const palette = rng.pick(PALETTES);
  const accent = palette[2]!;
  const tilt = rng.int(-8, 8);
  const shadow = `<ellipse cx="300" cy="500" rx="${rng.int(170, 210)}" ry="22" fill="#000" fill-opacity=".08"/>`;
  let body: string;
  if (kind === 'physical') {
    body =
      `<g transform="rotate(${tilt} 300 320)"><rect x="140" y="220" width="320" height="260" rx="14" fill="${accent}"/>` +
      `<rect x="120" y="170" width="360" height="80" rx="12" fill="${accent}" fill-opacity=".85"/>` +
      `<rect x="280" y="170" width="40" height="310" fill="#fff" fill-opacity=".9"/>` +
      `<path d="M300 170c-40-70-120-60-110-10 8 40 80 20 110 10zm0 0c40-70 120-60 110-10-8 40-80 20-110 10z" fill="#fff" fill-opacity=".9"/></g>`;
  } else if (kind === 'coupon') {
    body =
      `<g transform="rotate(${tilt} 300 300)"><path d="M90 190h420v70a40 40 0 0 0 0 80v70H90v-70a40 40 0 0 0 0-80z" fill="${accent}"/>` +
      `<path d="M380 200v200" stroke="#fff" stroke-width="6" stroke-dasharray="14 12" stroke-opacity=".8"/>` +
      `<circle cx="230" cy="300" r="${rng.int(46, 60)}" fill="#fff" fill-opacity=".85"/>` +
      `<circle cx="445" cy="300" r="22" fill="#fff" fill-opacity=".6"/></g>`;
  } else if (kind === 'card') {
    body =
      `<g transform="rotate(${tilt} 300 300)"><rect x="110" y="170" width="380" height="250" rx="24" fill="${accent}"/>` +
      `<rect x="150" y="230" width="70" height="54" rx="8" fill="#f6d365"/>` +
      `<rect x="150" y="330" width="${rng.int(180, 260)}" height="14" rx="7" fill="#fff" fill-opacity=".75"/>` +
      `<rect x="150" y="360" width="120" height="14" rx="7" fill="#fff" fill-opacity=".5"/>` +
      `<circle cx="420" cy="240" r="30" fill="#fff" fill-opacity=".35"/><circle cx="450" cy="240" r="30" fill="#fff" fill-opacity=".35"/></g>`;
  } else {
    body =
      `<g transform="rotate(${tilt} 300 300)"><rect x="210" y="110" width="180" height="360" rx="30" fill="#1f2937"/>` +
      `<rect x="224" y="140" width="152" height="290" rx="10" fill="${accent}"/>` +
      `<path d="M300 210l-40 80h34l-14 70 60-96h-36l16-54z" fill="#fff" fill-opacity=".9"/>` +
      `<circle cx="300" cy="452" r="9" fill="#4b5563"/></g>`;
  }
  return frame(600, 600, palette, shadow + body);
}

/** A banner: hills, river and a skyline at dusk, no words. */
export function bannerPicture(rng: Rng): string {
  const palette = rng.pick(PALETTES);
  const towers = Array.from({ length: 14 }, (_, i) => {
    const w = rng.int(26, 44);
    const h = rng.int(60, 170);
    return `<rect x="${30 + i * 52}" y="${230 - h}" width="${w}" height="${h}" fill="${palette[2]}" fill-opacity="${(0.55 + rng.next() * 0.35).toFixed(2)}"/>`;
  }).join('');
  const body =
    `<circle cx="${rng.int(520, 680)}" cy="80" r="46" fill="#fff" fill-opacity=".75"/>` +
    `<path d="M0 200 Q180 120 360 190 T750 170 V300 H0z" fill="${palette[1]}" fill-opacity=".8"/>${towers}` +
    `<path d="M0 240 Q200 220 375 245 T750 235 V300 H0z" fill="#fff" fill-opacity=".55"/>` +
    `<path d="M60 262h160M300 272h220M560 258h120" stroke="#fff" stroke-width="4" stroke-opacity=".8"/>`;
  return frame(750, 300, palette, body);
}

/** Relative media path → SVG of every goods picture (two angles each) and banner. */
export function mallImages(): Map<string, string> {
  const rng = createRng(1818);
  const images = new Map<string, string>();
  MALL_GOODS.forEach((g, i) => {
    images.set(`mall/goods-${i + 1}-1.webp`, goodsPicture(g.kind, rng));
    images.set(`mall/goods-${i + 1}-2.webp`, goodsPicture(g.kind, rng));
  });
  MALL_BANNERS.forEach((_, i) => images.set(`mall/banner-${i + 1}.webp`, bannerPicture(rng)));
  return images;
}

export async function seedMall(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, MALL_SEED_NAME, async () => {
    await mkdir(join(options.mediaDir, 'mall'), { recursive: true });
    // Raster like every demo picture, drawn once and then copied from the picture cache.
    for (const [rel, svg] of mallImages()) await writeSvgAsWebp(svg, join(options.mediaDir, rel));
    return async (tx) => {
      const rng = createRng(1819);
      const categories = await tx
        .insert(mallCategories)
        .values(MALL_CATEGORIES.map((c, i) => ({ name: c.name, icon: c.icon, sort: i })))
        .returning({ id: mallCategories.id });
      const goods = await tx
        .insert(mallGoods)
        .values(
          MALL_GOODS.map((g, i) => ({
            categoryId: categories[g.category]!.id,
            kind: g.kind,
            name: g.name,
            subtitle: g.subtitle,
            description: g.description.join('\n\n'),
            pictures: [`/media/mall/goods-${i + 1}-1.webp`, `/media/mall/goods-${i + 1}-2.webp`],
            price: g.price,
            marketPrice: g.marketPrice,
            stock: g.stock,
            // Sold counts look like a shop that has been open a while; sold-out goods sold what they had.
            sold: g.stock === 0 ? rng.int(40, 200) : rng.int(3, 160),
            perUserLimit: g.perUserLimit,
            merchant: g.merchant,
            validUntil: g.validUntil ?? null,
            usage: g.usage,
            isHot: g.hot ?? false,
            isNew: g.fresh ?? false,
            sort: i,
            createdAt: new Date(ANCHOR_MS - (MALL_GOODS.length - i) * DAY),
          })),
        )
        .returning({ id: mallGoods.id });
      await tx
        .insert(mallBanners)
        .values(MALL_BANNERS.map((b, i) => ({ title: b.title, image: `/media/mall/banner-${i + 1}.webp`, goodsId: goods[b.goods]!.id, sort: i })));
    };
  });
}
