/** Small generated SVG pictures (gradient background + wrapped title). No web fonts, no downloads. */
import { hashString } from './createRng.ts';

export interface SvgImageOptions {
  width: number;
  height: number;
  /** Drawn in the picture, wrapped over at most `maxLines` lines. */
  title: string;
  /** Any stable key (e.g. 'news-12-1'); the palette and decoration derive from it. */
  seed: string;
  /** A small caption in the bottom-left corner (e.g. '山城新闻' or '3/6'). */
  caption?: string;
  fontSize?: number;
  maxLines?: number;
}

const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif';

const PALETTES: readonly (readonly [string, string])[] = [
  ['#1d4e89', '#3a7bd5'],
  ['#c0392b', '#e9765b'],
  ['#0f766e', '#34b3a0'],
  ['#6d28d9', '#a78bfa'],
  ['#b45309', '#f0a04b'],
  ['#1f2937', '#4b5563'],
  ['#be185d', '#f472b6'],
  ['#166534', '#4ade80'],
  ['#0e7490', '#67c7e0'],
  ['#9a3412', '#d9480f'],
  ['#334155', '#64748b'],
  ['#7c2d12', '#c2410c'],
];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Splits a title into lines of at most `perLine` width units (CJK = 1, ASCII = 0.55). */
export function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  const chars = [...title];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const w = ch.charCodeAt(0) < 128 ? 0.55 : 1;
    if (width + w > perLine && line !== '') {
      if (lines.length === maxLines - 1) {
        lines.push(line.slice(0, -1) + '…');
        return lines;
      }
      lines.push(line);
      line = '';
      width = 0;
    }
    line += ch;
    width += w;
  }
  if (line !== '') lines.push(line);
  return lines;
}

export function svgImage(options: SvgImageOptions): string {
  const { width: w, height: h, title, seed } = options;
  const hash = hashString(seed);
  const [from, to] = PALETTES[hash % PALETTES.length] ?? ['#1d4e89', '#3a7bd5'];
  const fontSize = options.fontSize ?? Math.max(14, Math.round(Math.min(w / 14, h / 5)));
  const maxLines = options.maxLines ?? 3;
  const perLine = Math.max(1, Math.floor((w * 0.84) / fontSize));
  const lines = wrapTitle(title, perLine, maxLines);
  const lineHeight = Math.round(fontSize * 1.35);
  const firstY = Math.round(h / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35);
  const cx = Math.round(w * (0.6 + ((hash >>> 8) % 30) / 100));
  const cy = Math.round(h * (((hash >>> 16) % 60) / 100));
  const r = Math.round(Math.min(w, h) * 0.45);
  const tspans = lines.map((l, i) => `<tspan x="${Math.round(w / 2)}" y="${firstY + i * lineHeight}">${escapeXml(l)}</tspan>`).join('');
  const caption = options.caption
    ? `<text x="${Math.round(fontSize * 0.6)}" y="${h - Math.round(fontSize * 0.5)}" font-size="${Math.max(10, Math.round(fontSize * 0.55))}" fill="#fff" fill-opacity=".8">${escapeXml(options.caption)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".08"/>` +
    `<circle cx="${w - cx}" cy="${h - cy}" r="${Math.round(r * 0.6)}" fill="#fff" fill-opacity=".06"/>` +
    `<g font-family="${FONT}" font-weight="600">` +
    `<text font-size="${fontSize}" fill="#fff" text-anchor="middle">${tspans}</text>${caption}</g></svg>\n`
  );
}
