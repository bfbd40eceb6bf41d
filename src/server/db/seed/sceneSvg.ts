/**
 * Procedural demo scenes of Chongqing (ADR 013): a skyline with bridges, the rivers, mountains, night
 * lights, markets, people at events, hotpot, the monorail, terraced fields, a newspaper page and emblems.
 * Pure: SVG text from a kind, a size and a seed; no text is ever drawn. demoPictures.ts rasterises it.
 */
import { createRng, hashString, type Rng } from './createRng.ts';

export const SCENE_KINDS = ['skyline', 'river', 'mountains', 'night', 'market', 'crowd', 'hotpot', 'rail', 'fields', 'paper', 'emblem', 'portrait'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

type Draw = (rng: Rng, w: number, h: number) => string;

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function lerpColor(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + ((pb[i] ?? v) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function gradient(id: string, stops: readonly string[], vertical = true): string {
  const s = stops.map((c, i) => `<stop offset="${f(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s}</linearGradient>`;
}

/** A ridge line from x=0 to x=w around `base`, closed to the bottom. */
function ridge(rng: Rng, w: number, h: number, base: number, amp: number, steps: number, fill: string, opacity = 1): string {
  let d = `M0 ${f(h)} L0 ${f(base)}`;
  let y = base;
  for (let i = 1; i <= steps; i++) {
    const x = (w * i) / steps;
    y = Math.max(base - amp, Math.min(base + amp * 0.4, y + (rng.next() - 0.55) * amp * 0.9));
    const cx = x - w / steps / 2;
    d += ` Q${f(cx)} ${f(y - amp * rng.next() * 0.6)} ${f(x)} ${f(y)}`;
  }
  return `<path d="${d} L${f(w)} ${f(h)} Z" fill="${fill}" fill-opacity="${opacity}"/>`;
}

const SKIES = [
  ['#7fb6e6', '#cfe5f5', '#f3eee4'],
  ['#f2a65a', '#f7c98b', '#fbe7c6'],
  ['#8fa9c4', '#c9d6e2', '#e8ecef'],
  ['#5d8fc9', '#a7c7e7', '#e6f0f7'],
  ['#d9836b', '#f0b98f', '#f6dcc0'],
] as const;

function buildings(rng: Rng, w: number, groundY: number, maxH: number, color: string, windows: string | null, density = 1): string {
  let out = '';
  let x = -rng.int(0, 20);
  while (x < w) {
    const bw = rng.int(Math.round(w / 40), Math.round(w / 14));
    const bh = rng.int(Math.round(maxH * 0.25), Math.round(maxH)) * (rng.chance(0.12) ? 1.25 : 1);
    const top = groundY - bh;
    out += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(bh + 2)}" fill="${color}"/>`;
    if (rng.chance(0.25))
      out += `<rect x="${f(x + bw * 0.4)}" y="${f(top - bh * 0.12)}" width="${f(Math.max(1, bw * 0.12))}" height="${f(bh * 0.12)}" fill="${color}"/>`;
    if (windows) {
      const cols = Math.max(1, Math.floor(bw / 7));
      const rows = Math.max(1, Math.floor(bh / 9));
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (!rng.chance(0.35 * density)) continue;
          out += `<rect x="${f(x + 2 + c * 7)}" y="${f(top + 4 + r * 9)}" width="3" height="4" fill="${windows}" fill-opacity="${f(0.5 + rng.next() * 0.5)}"/>`;
        }
      }
    }
    x += bw + rng.int(0, 4);
  }
  return out;
}

function bridge(rng: Rng, w: number, deckY: number, color: string, lights: string | null): string {
  const x0 = w * (0.05 + rng.next() * 0.15);
  const x1 = w * (0.8 + rng.next() * 0.18);
  let out = `<rect x="${f(x0)}" y="${f(deckY)}" width="${f(x1 - x0)}" height="${f(Math.max(3, w / 160))}" fill="${color}"/>`;
  if (rng.chance(0.5)) {
    // Cable-stayed: two pylons with fans of cables.
    for (const px of [x0 + (x1 - x0) * 0.3, x0 + (x1 - x0) * 0.7]) {
      const top = deckY - w * 0.12;
      out += `<rect x="${f(px - 2)}" y="${f(top)}" width="4" height="${f(deckY - top + w * 0.06)}" fill="${color}"/>`;
      for (let k = 1; k <= 6; k++) {
        const dx = (x1 - x0) * 0.032 * k;
        out += `<path d="M${f(px)} ${f(top + 4)} L${f(px - dx)} ${f(deckY)} M${f(px)} ${f(top + 4)} L${f(px + dx)} ${f(deckY)}" stroke="${color}" stroke-width="1"/>`;
      }
    }
  } else {
    // Arch bridge (like the Chaotianmen bridge).
    const mid = (x0 + x1) / 2;
    out += `<path d="M${f(x0 + (x1 - x0) * 0.15)} ${f(deckY + 2)} Q${f(mid)} ${f(deckY - w * 0.16)} ${f(x1 - (x1 - x0) * 0.15)} ${f(deckY + 2)}" fill="none" stroke="${color}" stroke-width="${f(Math.max(3, w / 120))}"/>`;
    for (let k = 1; k < 10; k++) {
      const x = x0 + (x1 - x0) * (0.15 + 0.07 * k);
      out += `<rect x="${f(x)}" y="${f(deckY - w * 0.07 * Math.sin((Math.PI * k) / 10))}" width="1.5" height="${f(w * 0.07 * Math.sin((Math.PI * k) / 10))}" fill="${color}"/>`;
    }
  }
  out += `<rect x="${f(x0 + 6)}" y="${f(deckY)}" width="${f(Math.max(4, w / 90))}" height="${f(w)}" fill="${color}"/>`;
  out += `<rect x="${f(x1 - 12)}" y="${f(deckY)}" width="${f(Math.max(4, w / 90))}" height="${f(w)}" fill="${color}"/>`;
  if (lights) for (let x = x0; x < x1; x += 9) out += `<circle cx="${f(x)}" cy="${f(deckY - 1)}" r="1.3" fill="${lights}"/>`;
  return out;
}

function water(w: number, h: number, top: number, from: string, to: string, rng: Rng, sparkle: string): string {
  let out = `<rect x="0" y="${f(top)}" width="${f(w)}" height="${f(h - top)}" fill="url(#water)"/>`;
  for (let i = 0; i < 26; i++) {
    const y = top + 4 + rng.next() * (h - top - 6);
    const x = rng.next() * w;
    out += `<rect x="${f(x)}" y="${f(y)}" width="${f(8 + rng.next() * w * 0.08)}" height="1.2" fill="${sparkle}" fill-opacity="${f(0.2 + rng.next() * 0.35)}"/>`;
  }
  return `<defs>${gradient('water', [from, to])}</defs>${out}`;
}

function boat(x: number, y: number, s: number, color: string): string {
  return (
    `<path d="M${f(x)} ${f(y)} L${f(x + s * 3)} ${f(y)} L${f(x + s * 2.6)} ${f(y + s * 0.5)} L${f(x + s * 0.3)} ${f(y + s * 0.5)} Z" fill="${color}"/>` +
    `<rect x="${f(x + s * 0.9)}" y="${f(y - s * 0.6)}" width="${f(s * 1.2)}" height="${f(s * 0.6)}" fill="${color}"/>`
  );
}

function person(x: number, ground: number, s: number, color: string): string {
  return (
    `<circle cx="${f(x)}" cy="${f(ground - s * 2.1)}" r="${f(s * 0.42)}" fill="${color}"/>` +
    `<path d="M${f(x - s * 0.75)} ${f(ground)} Q${f(x - s * 0.8)} ${f(ground - s * 1.6)} ${f(x)} ${f(ground - s * 1.62)} Q${f(x + s * 0.8)} ${f(ground - s * 1.6)} ${f(x + s * 0.75)} ${f(ground)} Z" fill="${color}"/>`
  );
}

const skyline: Draw = (rng, w, h) => {
  const sky = rng.pick(SKIES);
  const horizon = h * (0.5 + rng.next() * 0.12);
  return (
    `<defs>${gradient('sky', sky)}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>` +
    `<circle cx="${f(w * (0.15 + rng.next() * 0.7))}" cy="${f(h * 0.2)}" r="${f(h * 0.07)}" fill="#fff7e0" fill-opacity=".8"/>` +
    ridge(rng, w, h, horizon - h * 0.12, h * 0.1, 6, '#9fb3c4', 0.7) +
    buildings(rng, w, horizon + 4, h * 0.32, '#8096ab', '#dfe8ef', 0.5) +
    buildings(rng, w, horizon + 10, h * 0.24, '#5a6f85', '#f3f0da', 0.6) +
    water(w, h, horizon + 8, '#6f93ad', '#37586f', rng, '#ffffff') +
    bridge(rng, w, horizon + (h - horizon) * 0.35, '#2e3d4c', null) +
    boat(w * rng.next() * 0.8, h * 0.9, w / 60, '#24303b')
  );
};

const river: Draw = (rng, w, h) => {
  const sky = rng.pick(SKIES);
  const horizon = h * (0.38 + rng.next() * 0.1);
  const bankL = `<path d="M0 ${f(horizon)} Q${f(w * 0.25)} ${f(horizon + h * 0.1)} ${f(w * 0.35)} ${f(h)} L0 ${f(h)} Z" fill="#5f7d4e"/>`;
  const bankR = `<path d="M${f(w)} ${f(horizon - h * 0.02)} Q${f(w * 0.75)} ${f(horizon + h * 0.15)} ${f(w * 0.82)} ${f(h)} L${f(w)} ${f(h)} Z" fill="#4c6a3f"/>`;
  let out =
    `<defs>${gradient('sky', sky)}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>` +
    ridge(rng, w, h, horizon - h * 0.1, h * 0.12, 5, '#8aa0a8', 0.8) +
    ridge(rng, w, h, horizon - h * 0.02, h * 0.08, 7, '#6f8a78', 0.9) +
    water(w, h, horizon, rng.chance(0.5) ? '#8fa99a' : '#a39474', '#5a7065', rng, '#fff') +
    bankL +
    bankR;
  for (let i = 0; i < rng.int(1, 3); i++) out += boat(w * (0.3 + rng.next() * 0.4), horizon + (h - horizon) * (0.2 + rng.next() * 0.5), w / 45, '#3b3f3a');
  for (let i = 0; i < 5; i++)
    out += `<circle cx="${f(w * 0.05 + rng.next() * w * 0.2)}" cy="${f(h * 0.8 + rng.next() * h * 0.15)}" r="${f(h * 0.05)}" fill="#3f5a34"/>`;
  return out;
};

const mountains: Draw = (rng, w, h) => {
  const warm = rng.chance(0.4);
  const sky = warm ? ['#f6c28b', '#f9dfc0', '#fdf2e2'] : ['#9cc3e0', '#d5e6f1', '#f1f5f6'];
  const layers = ['#a7b9c9', '#7f98ab', '#5b7a70', '#3f5e4c', '#2c4536'];
  let out = `<defs>${gradient('sky', sky)}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>`;
  out += `<circle cx="${f(w * (0.2 + rng.next() * 0.6))}" cy="${f(h * 0.25)}" r="${f(h * 0.08)}" fill="#fffaf0" fill-opacity=".85"/>`;
  layers.forEach((c, i) => {
    out += ridge(rng, w, h, h * (0.38 + i * 0.12), h * (0.2 - i * 0.02), 4 + i * 2, c, 0.95);
    if (i < 3) out += `<rect y="${f(h * (0.42 + i * 0.12))}" width="${f(w)}" height="${f(h * 0.05)}" fill="#fff" fill-opacity=".18"/>`;
  });
  for (let i = 0; i < 30; i++) {
    const x = rng.next() * w;
    const y = h * (0.8 + rng.next() * 0.2);
    out += `<path d="M${f(x)} ${f(y - h * 0.06)} L${f(x - h * 0.02)} ${f(y)} L${f(x + h * 0.02)} ${f(y)} Z" fill="#1f3527"/>`;
  }
  return out;
};

const night: Draw = (rng, w, h) => {
  const horizon = h * (0.55 + rng.next() * 0.08);
  let out = `<defs>${gradient('sky', ['#0b1330', '#1b2a5a', '#3a3f6e'])}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>`;
  for (let i = 0; i < 40; i++)
    out += `<circle cx="${f(rng.next() * w)}" cy="${f(rng.next() * horizon * 0.6)}" r="${f(0.5 + rng.next())}" fill="#fff" fill-opacity="${f(0.3 + rng.next() * 0.6)}"/>`;
  out += buildings(rng, w, horizon, h * 0.42, '#141b33', '#ffd479', 1.2);
  out += buildings(rng, w, horizon + 6, h * 0.26, '#0e1326', '#ffb347', 1.4);
  out += water(w, h, horizon + 4, '#141d3d', '#070b1c', rng, '#ffcf6b');
  // Reflections.
  for (let i = 0; i < 60; i++) {
    const x = rng.next() * w;
    out += `<rect x="${f(x)}" y="${f(horizon + 6 + rng.next() * (h - horizon) * 0.7)}" width="${f(2 + rng.next() * 6)}" height="1.5" fill="${rng.pick(['#ffd479', '#ff7b54', '#7fd3ff'])}" fill-opacity=".55"/>`;
  }
  out += bridge(rng, w, horizon + (h - horizon) * 0.3, '#05070f', '#ffe6a1');
  return out;
};

const market: Draw = (rng, w, h) => {
  let out = `<defs>${gradient('sky', ['#f7e4c6', '#eed2a8'])}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>`;
  out += `<rect y="${f(h * 0.72)}" width="${f(w)}" height="${f(h * 0.28)}" fill="#8c7a66"/>`;
  const stalls = rng.int(3, 5);
  const sw = w / stalls;
  const colors = ['#d94f3d', '#2f7fc1', '#e9a23b', '#3d9a6b', '#b54a8a'];
  for (let i = 0; i < stalls; i++) {
    const x = i * sw + 4;
    const c = rng.pick(colors);
    out += `<rect x="${f(x)}" y="${f(h * 0.2)}" width="${f(sw - 8)}" height="${f(h * 0.52)}" fill="#6b5443"/>`;
    for (let k = 0; k < 6; k++)
      out += `<rect x="${f(x + (k * (sw - 8)) / 6)}" y="${f(h * 0.16)}" width="${f((sw - 8) / 12)}" height="${f(h * 0.12)}" fill="${k % 2 ? '#fff' : c}"/>`;
    out += `<rect x="${f(x)}" y="${f(h * 0.16)}" width="${f(sw - 8)}" height="${f(h * 0.12)}" fill="${c}" fill-opacity=".55"/>`;
    // Goods: piles of fruit and vegetables.
    for (let k = 0; k < 14; k++) {
      out += `<circle cx="${f(x + 8 + rng.next() * (sw - 24))}" cy="${f(h * (0.52 + rng.next() * 0.14))}" r="${f(h * (0.02 + rng.next() * 0.02))}" fill="${rng.pick(['#e4572e', '#f3a712', '#76b041', '#a23b72', '#f6d743'])}"/>`;
    }
    out += `<rect x="${f(x)}" y="${f(h * 0.64)}" width="${f(sw - 8)}" height="${f(h * 0.08)}" fill="#4e3b2e"/>`;
  }
  // Lanterns.
  for (let i = 0; i < stalls * 2; i++) out += `<ellipse cx="${f(rng.next() * w)}" cy="${f(h * 0.08)}" rx="${f(h * 0.03)}" ry="${f(h * 0.04)}" fill="#d7263d"/>`;
  for (let i = 0; i < rng.int(5, 9); i++)
    out += person(rng.next() * w, h * (0.95 + rng.next() * 0.05), h * (0.1 + rng.next() * 0.04), rng.pick(['#2d2a32', '#3b3548', '#4a3f35']));
  return out;
};

const crowd: Draw = (rng, w, h) => {
  const evening = rng.chance(0.5);
  let out = `<defs>${gradient('sky', evening ? ['#241b3a', '#5b2b57', '#c2536b'] : ['#6fa8dc', '#bcd9ee', '#eef4f7'])}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>`;
  // Stage or finish arch.
  out += `<rect x="${f(w * 0.2)}" y="${f(h * 0.25)}" width="${f(w * 0.6)}" height="${f(h * 0.35)}" fill="${evening ? '#1a1428' : '#c0392b'}"/>`;
  out += `<rect x="${f(w * 0.24)}" y="${f(h * 0.3)}" width="${f(w * 0.52)}" height="${f(h * 0.22)}" fill="${evening ? '#3c2f68' : '#e8e1d5'}"/>`;
  if (evening) {
    for (let i = 0; i < 5; i++) {
      const x = w * (0.22 + i * 0.14);
      out += `<path d="M${f(x)} ${f(h * 0.26)} L${f(x - w * 0.12 + rng.next() * w * 0.24)} ${f(h)} L${f(x + w * 0.06)} ${f(h)} Z" fill="#fff3b0" fill-opacity=".12"/>`;
    }
  }
  for (let i = 0; i < 10; i++)
    out += `<rect x="${f(w * 0.06 * i + rng.next() * 10)}" y="${f(h * 0.05 + rng.next() * h * 0.1)}" width="${f(w * 0.04)}" height="${f(h * 0.03)}" fill="${rng.pick(['#e74c3c', '#f1c40f', '#3498db', '#2ecc71'])}"/>`;
  // Rows of people, back to front.
  for (let row = 0; row < 4; row++) {
    const ground = h * (0.72 + row * 0.1);
    const s = h * (0.06 + row * 0.025);
    const c = lerpColor(evening ? '#3a2f4f' : '#5a6470', '#15131a', row / 3);
    for (let x = -s + rng.next() * s; x < w + s; x += s * (1.3 + rng.next() * 0.6)) out += person(x, ground + rng.next() * 4, s, c);
  }
  return out;
};

const hotpot: Draw = (rng, w, h) => {
  const cx = w / 2 + (rng.next() - 0.5) * w * 0.1;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.36;
  let out = `<rect width="${f(w)}" height="${f(h)}" fill="${rng.pick(['#6b3e26', '#5a3a2b', '#7a4a2c'])}"/>`;
  for (let i = 0; i < 8; i++) out += `<rect y="${f((h / 8) * i)}" width="${f(w)}" height="1.5" fill="#000" fill-opacity=".12"/>`;
  // Side plates.
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI * 2 * i) / 6 + rng.next() * 0.4;
    const px = cx + Math.cos(a) * r * 1.55;
    const py = cy + Math.sin(a) * r * 1.15;
    const pr = r * (0.28 + rng.next() * 0.1);
    out += `<circle cx="${f(px)}" cy="${f(py)}" r="${f(pr)}" fill="#f3efe6"/>`;
    const food = rng.pick(['#c0392b', '#7fb04a', '#e8d9b0', '#d9a066', '#a84b3a']);
    for (let k = 0; k < 7; k++)
      out += `<ellipse cx="${f(px + (rng.next() - 0.5) * pr)}" cy="${f(py + (rng.next() - 0.5) * pr)}" rx="${f(pr * 0.32)}" ry="${f(pr * 0.16)}" fill="${food}" transform="rotate(${rng.int(0, 180)} ${f(px)} ${f(py)})"/>`;
  }
  // The pot: red spicy half and clear half (鸳鸯锅) or all red (九宫格).
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.08)}" fill="#8c8f94"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#b8261b"/>`;
  if (rng.chance(0.5)) {
    out += `<path d="M${f(cx)} ${f(cy - r)} A${f(r)} ${f(r)} 0 0 1 ${f(cx)} ${f(cy + r)} Z" fill="#e9d9a6"/>`;
    out += `<path d="M${f(cx)} ${f(cy - r)} C${f(cx - r * 0.4)} ${f(cy - r * 0.3)} ${f(cx + r * 0.4)} ${f(cy + r * 0.3)} ${f(cx)} ${f(cy + r)}" stroke="#8c8f94" stroke-width="${f(r * 0.06)}" fill="none"/>`;
  } else {
    for (const d of [-r / 3, r / 3]) {
      out += `<rect x="${f(cx + d - 2)}" y="${f(cy - r)}" width="4" height="${f(r * 2)}" fill="#8c8f94"/><rect x="${f(cx - r)}" y="${f(cy + d - 2)}" width="${f(r * 2)}" height="4" fill="#8c8f94"/>`;
    }
  }
  for (let i = 0; i < 70; i++) {
    const a = rng.next() * Math.PI * 2;
    const d = Math.sqrt(rng.next()) * r * 0.92;
    out += `<ellipse cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" rx="${f(r * 0.04)}" ry="${f(r * 0.015)}" fill="${rng.pick(['#e63b2e', '#ff6b3d', '#5c0f0a', '#f2c14e'])}" transform="rotate(${rng.int(0, 180)} ${f(cx + Math.cos(a) * d)} ${f(cy + Math.sin(a) * d)})"/>`;
  }
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#shine)"/>`;
  return `<defs><radialGradient id="shine" cx=".35" cy=".3" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>${out}`;
};

const rail: Draw = (rng, w, h) => {
  const sky = rng.pick(SKIES);
  const trackY = h * (0.45 + rng.next() * 0.15);
  let out = `<defs>${gradient('sky', sky)}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>`;
  out += buildings(rng, w, h * 0.85, h * 0.55, '#a5b1bd', '#eef2f5', 0.5);
  out += buildings(rng, w, h, h * 0.45, '#6c7a88', '#f5f1dc', 0.5);
  // A building the line runs through (李子坝).
  const bx = w * (0.55 + rng.next() * 0.2);
  out += `<rect x="${f(bx)}" y="${f(h * 0.1)}" width="${f(w * 0.18)}" height="${f(h * 0.9)}" fill="#c9b79c"/>`;
  for (let r = 0; r < 12; r++)
    out += `<rect x="${f(bx + 4)}" y="${f(h * 0.12 + r * h * 0.07)}" width="${f(w * 0.18 - 8)}" height="${f(h * 0.025)}" fill="#8f7e67"/>`;
  out += `<rect x="0" y="${f(trackY)}" width="${f(w)}" height="${f(h * 0.035)}" fill="#5b5f63"/>`;
  for (let x = w * 0.05; x < w; x += w * 0.2) out += `<rect x="${f(x)}" y="${f(trackY)}" width="${f(w * 0.02)}" height="${f(h - trackY)}" fill="#6e7378"/>`;
  const tx = w * (0.1 + rng.next() * 0.3);
  const tw = w * 0.5;
  const tc = rng.pick(['#e8edf1', '#f1f1f1', '#dfe7ec']);
  const stripe = rng.pick(['#c0392b', '#1e88e5', '#43a047']);
  out += `<rect x="${f(tx)}" y="${f(trackY - h * 0.13)}" width="${f(tw)}" height="${f(h * 0.13)}" rx="${f(h * 0.04)}" fill="${tc}"/>`;
  out += `<rect x="${f(tx)}" y="${f(trackY - h * 0.04)}" width="${f(tw)}" height="${f(h * 0.02)}" fill="${stripe}"/>`;
  for (let x = tx + 10; x < tx + tw - 20; x += w * 0.05)
    out += `<rect x="${f(x)}" y="${f(trackY - h * 0.11)}" width="${f(w * 0.035)}" height="${f(h * 0.05)}" fill="#2d3a46"/>`;
  return out;
};

const fields: Draw = (rng, w, h) => {
  const autumn = rng.chance(0.4);
  let out = `<defs>${gradient('sky', ['#8fc1e3', '#d6ebf5'])}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sky)"/>`;
  out += ridge(rng, w, h, h * 0.3, h * 0.1, 5, '#7d9c8a', 0.9);
  const greens = autumn ? ['#d9b44a', '#c99a2e', '#e3c565', '#b8862b'] : ['#7cb342', '#9ccc65', '#558b2f', '#8bc34a'];
  for (let i = 0; i < 9; i++) {
    const y = h * (0.35 + i * 0.075);
    const c = rng.pick(greens);
    out += `<path d="M0 ${f(y + 6)} Q${f(w * 0.3)} ${f(y - 8 + rng.next() * 10)} ${f(w * 0.6)} ${f(y + 4)} T${f(w)} ${f(y)} L${f(w)} ${f(h)} L0 ${f(h)} Z" fill="${c}"/>`;
    out += `<path d="M0 ${f(y + 6)} Q${f(w * 0.3)} ${f(y - 8)} ${f(w * 0.6)} ${f(y + 4)} T${f(w)} ${f(y)}" stroke="#fff" stroke-opacity=".3" stroke-width="1.5" fill="none"/>`;
  }
  // A farmhouse with a grey roof.
  const hx = w * (0.15 + rng.next() * 0.6);
  const hy = h * 0.5;
  out += `<rect x="${f(hx)}" y="${f(hy)}" width="${f(w * 0.1)}" height="${f(h * 0.08)}" fill="#f2efe8"/><path d="M${f(hx - 4)} ${f(hy)} L${f(hx + w * 0.05)} ${f(hy - h * 0.05)} L${f(hx + w * 0.1 + 4)} ${f(hy)} Z" fill="#4a4f55"/>`;
  return out;
};

const paper: Draw = (rng, w, h) => {
  let out = `<rect width="${f(w)}" height="${f(h)}" fill="#f4efe3"/>`;
  const m = w * 0.06;
  out += `<rect x="${f(m)}" y="${f(m)}" width="${f(w - 2 * m)}" height="${f(h * 0.08)}" fill="#b71c1c"/>`;
  out += `<rect x="${f(m)}" y="${f(m + h * 0.1)}" width="${f(w - 2 * m)}" height="2" fill="#333"/>`;
  const picW = (w - 2 * m) * 0.6;
  const picH = h * 0.28;
  out += `<svg x="${f(m)}" y="${f(m + h * 0.13)}" width="${f(picW)}" height="${f(picH)}" viewBox="0 0 ${f(picW)} ${f(picH)}">${skyline(rng, picW, picH)}</svg>`;
  const cols = 3;
  const cw = (w - 2 * m - 16) / cols;
  for (let c = 0; c < cols; c++) {
    const top = c < 2 ? m + h * 0.13 + picH + 10 : m + h * 0.13;
    for (let y = top; y < h - m; y += 7) {
      if (rng.chance(0.08)) {
        y += 6;
        continue;
      }
      out += `<rect x="${f(m + c * (cw + 8))}" y="${f(y)}" width="${f(cw * (rng.chance(0.1) ? 0.6 : 1))}" height="3" fill="#6b655a" fill-opacity=".55"/>`;
    }
  }
  return out;
};

const PICTOGRAMS: readonly ((s: number) => string)[] = [
  (s) =>
    `<path d="M${f(s * 0.2)} ${f(s * 0.75)} L${f(s * 0.2)} ${f(s * 0.45)} L${f(s * 0.35)} ${f(s * 0.45)} L${f(s * 0.35)} ${f(s * 0.3)} L${f(s * 0.5)} ${f(s * 0.3)} L${f(s * 0.5)} ${f(s * 0.5)} L${f(s * 0.65)} ${f(s * 0.5)} L${f(s * 0.65)} ${f(s * 0.22)} L${f(s * 0.8)} ${f(s * 0.22)} L${f(s * 0.8)} ${f(s * 0.75)} Z" fill="#fff"/>`,
  (s) =>
    `<path d="M${f(s * 0.15)} ${f(s * 0.72)} L${f(s * 0.4)} ${f(s * 0.32)} L${f(s * 0.55)} ${f(s * 0.52)} L${f(s * 0.66)} ${f(s * 0.4)} L${f(s * 0.85)} ${f(s * 0.72)} Z" fill="#fff"/>`,
  (s) =>
    `<path d="M${f(s * 0.15)} ${f(s * 0.55)} Q${f(s * 0.32)} ${f(s * 0.4)} ${f(s * 0.5)} ${f(s * 0.55)} T${f(s * 0.85)} ${f(s * 0.55)}" stroke="#fff" stroke-width="${f(s * 0.07)}" fill="none"/><path d="M${f(s * 0.15)} ${f(s * 0.7)} Q${f(s * 0.32)} ${f(s * 0.55)} ${f(s * 0.5)} ${f(s * 0.7)} T${f(s * 0.85)} ${f(s * 0.7)}" stroke="#fff" stroke-width="${f(s * 0.07)}" fill="none"/>`,
  (s) =>
    `<circle cx="${f(s * 0.5)}" cy="${f(s * 0.5)}" r="${f(s * 0.2)}" fill="#fff"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((k) => `<rect x="${f(s * 0.48)}" y="${f(s * 0.14)}" width="${f(s * 0.04)}" height="${f(s * 0.1)}" fill="#fff" transform="rotate(${k * 45} ${f(s * 0.5)} ${f(s * 0.5)})"/>`).join('')}`,
  (s) =>
    `<rect x="${f(s * 0.22)}" y="${f(s * 0.28)}" width="${f(s * 0.56)}" height="${f(s * 0.4)}" rx="${f(s * 0.06)}" fill="#fff"/><circle cx="${f(s * 0.5)}" cy="${f(s * 0.48)}" r="${f(s * 0.11)}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="${f(s * 0.04)}"/>`,
  (s) =>
    `<path d="M${f(s * 0.25)} ${f(s * 0.3)} h${f(s * 0.5)} v${f(s * 0.32)} h-${f(s * 0.28)} l-${f(s * 0.12)} ${f(s * 0.1)} v-${f(s * 0.1)} h-${f(s * 0.1)} Z" fill="#fff"/>`,
  (s) => `<path d="M${f(s * 0.38)} ${f(s * 0.28)} L${f(s * 0.72)} ${f(s * 0.5)} L${f(s * 0.38)} ${f(s * 0.72)} Z" fill="#fff"/>`,
  (s) =>
    `<circle cx="${f(s * 0.5)}" cy="${f(s * 0.38)}" r="${f(s * 0.12)}" fill="#fff"/><path d="M${f(s * 0.26)} ${f(s * 0.76)} Q${f(s * 0.5)} ${f(s * 0.38)} ${f(s * 0.74)} ${f(s * 0.76)} Z" fill="#fff"/>`,
  (s) =>
    `<rect x="${f(s * 0.26)} " y="${f(s * 0.22)}" width="${f(s * 0.48)}" height="${f(s * 0.56)}" rx="${f(s * 0.04)}" fill="#fff"/>${[0, 1, 2, 3].map((k) => `<rect x="${f(s * 0.32)}" y="${f(s * (0.3 + k * 0.11))}" width="${f(s * 0.36)}" height="${f(s * 0.04)}" fill="#000" fill-opacity=".25"/>`).join('')}`,
];

const EMBLEM_COLORS = ['#e53935', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#f4511e', '#3949ab', '#c0ca33', '#d81b60'] as const;

const emblem: Draw = (rng, w, h) => {
  const c = rng.pick(EMBLEM_COLORS);
  const s = Math.min(w, h);
  return (
    `<defs>${gradient('bg', [lerpColor(c, '#ffffff', 0.2), c])}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#bg)"/>` +
    `<g transform="translate(${f((w - s) / 2)} ${f((h - s) / 2)})">${rng.pick(PICTOGRAMS)(s)}</g>`
  );
};

const portrait: Draw = (rng, w, h) => {
  const c = rng.pick(EMBLEM_COLORS);
  const s = Math.min(w, h);
  return (
    `<defs>${gradient('bg', [lerpColor(c, '#ffffff', 0.35), lerpColor(c, '#000000', 0.1)])}</defs><rect width="${f(w)}" height="${f(h)}" fill="url(#bg)"/>` +
    `<circle cx="${f(w / 2)}" cy="${f(h * 0.42)}" r="${f(s * 0.2)}" fill="#fff" fill-opacity=".9"/>` +
    `<path d="M${f(w / 2 - s * 0.36)} ${f(h)} Q${f(w / 2)} ${f(h * 0.52)} ${f(w / 2 + s * 0.36)} ${f(h)} Z" fill="#fff" fill-opacity=".9"/>`
  );
};

const DRAW: Readonly<Record<SceneKind, Draw>> = { skyline, river, mountains, night, market, crowd, hotpot, rail, fields, paper, emblem, portrait };

/** Emblem seeds of the form `name:<column name>` get the pictogram the name calls for. */
const EMBLEM_HINTS: readonly (readonly [RegExp, number])[] = [
  [/天气|气象/, 3],
  [/评论|问政|互动|问答|帮帮/, 5],
  [/视频|直播|微视/, 6],
  [/图片|组图|摄影|VR/, 4],
  [/民生|社会|教育|健康|人/, 7],
  [/生态|环境|江|水/, 2],
  [/区县|城市|建设|新区|两江|交通|财经|重庆/, 0],
  [/旅游|文旅|山/, 1],
];

/** The SVG of one scene; the same kind, size and seed always give the same picture. */
export function sceneSvg(kind: SceneKind, width: number, height: number, seed: string): string {
  const rng = createRng(hashString(`${kind}:${seed}`));
  if (kind === 'emblem' && seed.startsWith('name:')) {
    const name = seed.slice(5);
    const hint = EMBLEM_HINTS.find(([pattern]) => pattern.test(name))?.[1] ?? 8;
    const c = EMBLEM_COLORS[hashString(name) % EMBLEM_COLORS.length] ?? '#e53935';
    const sz = Math.min(width, height);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${gradient('bg', [lerpColor(c, '#ffffff', 0.2), c])}</defs><rect width="${f(width)}" height="${f(height)}" fill="url(#bg)"/><g transform="translate(${f((width - sz) / 2)} ${f((height - sz) / 2)})">${PICTOGRAMS[hint]?.(sz) ?? ''}</g></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${DRAW[kind](rng, width, height)}</svg>`;
}

const CAPTION_SCENES: readonly (readonly [RegExp, SceneKind])[] = [
  [/火锅|美食|小面|串串|抄手|烧烤|豆花|吃|餐|味/, 'hotpot'],
  [/夜|灯|霓虹|洪崖洞/, 'night'],
  [/轨道|地铁|轻轨|列车|站台|高铁|公交|通车/, 'rail'],
  [/市场|菜|摊|集市|商场|商铺|超市|店/, 'market'],
  [/田|村|稻|果|茶|农|柑|橘|菜园/, 'fields'],
  [/江|河|码头|船|索道|滨江|湖|水/, 'river'],
  [/山|步道|森林|云|雾|雪|花|公园|景区|峡/, 'mountains'],
  [/人|活动|比赛|马拉松|演出|学生|志愿|排队|群众|居民|会|节/, 'crowd'],
];

/** The scene that fits a picture's caption (a reader's photo of a market is a market scene). */
export function sceneForCaption(caption: string, fallbackSeed: number): SceneKind {
  for (const [pattern, kind] of CAPTION_SCENES) if (pattern.test(caption)) return kind;
  return (['skyline', 'river', 'mountains', 'night'] as const)[fallbackSeed % 4] ?? 'skyline';
}
