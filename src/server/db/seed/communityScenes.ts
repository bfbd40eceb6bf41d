/**
 * Procedural demo pictures for the 互动 area: Chongqing-like scenes drawn as SVG (sky, layered hills,
 * the river, stepped high-rises, lit windows, a market's awnings) with no text on them, rasterised to
 * JPEG by sharp. Deterministic for a given rng.
 */
import sharp from 'sharp';
import type { Rng } from './createRng.ts';

export type SceneKind = 'riverDay' | 'night' | 'dawnHills' | 'market' | 'fog';

const SKIES: Record<SceneKind, [string, string]> = {
  riverDay: ['#6fa8dc', '#d7ecfa'],
  night: ['#0b1636', '#2a2f5e'],
  dawnHills: ['#f4a261', '#fde2c2'],
  market: ['#9ec9e8', '#f2f6f9'],
  fog: ['#c9d3db', '#eef1f3'],
};

function hill(rng: Rng, w: number, h: number, base: number, amp: number, colour: string): string {
  const points: string[] = [`0,${h}`];
  const steps = 8;
  for (let i = 0; i <= steps; i++) points.push(`${Math.round((w / steps) * i)},${Math.round(base - rng.int(0, amp))}`);
  points.push(`${w},${h}`);
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}

function towers(rng: Rng, w: number, ground: number, night: boolean): string {
  let x = rng.int(-10, 10);
  let out = '';
  while (x < w) {
    const bw = rng.int(Math.round(w / 24), Math.round(w / 11));
    const bh = rng.int(Math.round(ground * 0.25), Math.round(ground * 0.7));
    const shade = night ? `hsl(230 25% ${rng.int(12, 22)}%)` : `hsl(${rng.int(195, 225)} ${rng.int(8, 20)}% ${rng.int(52, 74)}%)`;
    out += `<rect x="${x}" y="${ground - bh}" width="${bw}" height="${bh}" fill="${shade}"/>`;
    const cols = Math.max(1, Math.floor(bw / 9));
    const rows = Math.max(1, Math.floor(bh / 12));
    for (let r = 0; r < rows; r++) {
      for (let col = 0; col < cols; col++) {
        if (!rng.chance(night ? 0.55 : 0.25)) continue;
        const fill = night ? rng.pick(['#ffd57a', '#ffe9a8', '#9fd3ff', '#ffb86b']) : 'rgba(255,255,255,0.55)';
        out += `<rect x="${x + 3 + col * 9}" y="${ground - bh + 4 + r * 12}" width="4" height="6" fill="${fill}"/>`;
      }
    }
    x += bw + rng.int(2, 8);
  }
  return out;
}

function stalls(rng: Rng, w: number, h: number): string {
  let out = `<rect x="0" y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#b9a48c"/>`;
  const count = rng.int(4, 6);
  const sw = w / count;
  for (let i = 0; i < count; i++) {
    const colour = rng.pick(['#d7000f', '#f08c00', '#2f7de1', '#1f9d6b', '#c2185b', '#f4c20d']);
    const x = i * sw + 4;
    const top = h * 0.38 + rng.int(-10, 10);
    out += `<polygon points="${x},${top + 30} ${x + sw / 2 - 4},${top} ${x + sw - 8},${top + 30}" fill="${colour}"/>`;
    out += `<rect x="${x + 6}" y="${top + 30}" width="${sw - 20}" height="${h * 0.62 - top - 30}" fill="#f3ead9"/>`;
    for (let k = 0; k < 5; k++) {
      out += `<circle cx="${x + 14 + k * ((sw - 36) / 4)}" cy="${h * 0.6}" r="${rng.int(5, 9)}" fill="${rng.pick(['#e53935', '#fb8c00', '#7cb342', '#fdd835', '#8d6e63'])}"/>`;
    }
    // People: a head and a body, seen from behind.
    const px = x + rng.int(10, Math.max(11, Math.round(sw - 20)));
    out += `<circle cx="${px}" cy="${h * 0.7}" r="9" fill="#3e2723"/><rect x="${px - 11}" y="${h * 0.7 + 9}" width="22" height="40" rx="8" fill="${rng.pick(['#455a64', '#6d4c41', '#1e88e5', '#ad1457'])}"/>`;
  }
  return out;
}

/** The SVG text of one scene. */
export function sceneSvg(rng: Rng, kind: SceneKind, width: number, height: number): string {
  const [top, bottom] = SKIES[kind];
  const w = width;
  const h = height;
  const night = kind === 'night';
  let body = `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
  body += `<rect width="${w}" height="${h}" fill="url(#s)"/>`;
  if (night) body += `<circle cx="${rng.int(w * 0.6, w * 0.9)}" cy="${rng.int(h * 0.1, h * 0.25)}" r="${Math.round(w / 28)}" fill="#f5f3ce"/>`;
  else if (kind !== 'fog')
    body += `<circle cx="${rng.int(w * 0.1, w * 0.9)}" cy="${rng.int(h * 0.1, h * 0.3)}" r="${Math.round(w / 16)}" fill="${kind === 'dawnHills' ? '#ffdd99' : '#fff7d6'}" opacity="0.9"/>`;
  if (kind === 'market') return wrap(w, h, body + hill(rng, w, h, h * 0.45, h * 0.08, '#7fa38a') + stalls(rng, w, h));
  const far = night ? '#1d2547' : kind === 'fog' ? '#aab7c2' : kind === 'dawnHills' ? '#b5838d' : '#7ea3b8';
  const near = night ? '#151a33' : kind === 'fog' ? '#8c9ba8' : kind === 'dawnHills' ? '#6d597a' : '#5f8a6e';
  body += hill(rng, w, h, h * 0.5, h * 0.15, far);
  const ground = Math.round(h * 0.68);
  if (kind !== 'dawnHills') body += towers(rng, w, ground, night);
  body += hill(rng, w, h, h * 0.72, h * 0.06, near);
  // The river with light on the water.
  const water = night ? '#10183a' : kind === 'fog' ? '#b8c4cc' : '#5b8fb0';
  body += `<rect x="0" y="${Math.round(h * 0.78)}" width="${w}" height="${h}" fill="${water}"/>`;
  for (let i = 0; i < 14; i++) {
    const y = rng.int(Math.round(h * 0.8), h - 6);
    const x = rng.int(0, w - 40);
    body += `<rect x="${x}" y="${y}" width="${rng.int(20, 70)}" height="2" fill="${night ? rng.pick(['#ffd57a', '#9fd3ff']) : '#ffffff'}" opacity="0.6"/>`;
  }
  if (kind === 'fog') body += `<rect width="${w}" height="${h}" fill="#ffffff" opacity="0.35"/>`;
  return wrap(w, h, body);
}

function wrap(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** The scene as JPEG bytes. */
export function sceneJpeg(rng: Rng, kind: SceneKind, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(rng, kind, width, height)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
}
