/**
 * Pictures of the rural demo: small generated SVG landscapes — sky, sun, layered hills, terraced
 * fields or an orchard — with no text drawn on them. Deterministic from a seed string.
 */
import { createRng, hashString } from './createRng.ts';

const SCENES = [
  { sky: ['#9fd3f2', '#e6f4fb'], hills: ['#6b9e4f', '#4f7f3a', '#3b6a2c'], field: '#a8c957', sun: '#fff3b0' },
  { sky: ['#f6c58f', '#fde8c8'], hills: ['#b7873c', '#8f6a2e', '#6e5224'], field: '#e2b84a', sun: '#fff1c2' },
  { sky: ['#b8d8e8', '#eef6f9'], hills: ['#7fa39b', '#5f857c', '#45685f'], field: '#d9e4dd', sun: '#ffffff' },
  { sky: ['#8ec5e8', '#dff0fa'], hills: ['#3f8f5a', '#2f7347', '#225a37'], field: '#7cbf5a', sun: '#fff7c9' },
  { sky: ['#f0b27a', '#fbe3c4'], hills: ['#8a6d9e', '#6c5484', '#513f66'], field: '#e89b4f', sun: '#ffe9b0' },
] as const;

/** An SVG landscape `width`×`height`; `kind` picks terraces, an orchard (round trees) or a river valley. */
export function ruralPicture(seed: string, width: number, height: number): string {
  const rng = createRng(hashString(seed));
  const s = SCENES[rng.int(0, SCENES.length - 1)]!;
  const kind = rng.int(0, 2);
  const horizon = height * (0.35 + rng.next() * 0.15);
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#s)"/>`);
  parts.push(
    `<circle cx="${Math.round(width * (0.15 + rng.next() * 0.7))}" cy="${Math.round(horizon * 0.35)}" r="${Math.round(height * 0.07)}" fill="${s.sun}" opacity="0.9"/>`,
  );
  s.hills.forEach((colour, layer) => {
    const base = horizon + layer * height * 0.12;
    let d = `M0 ${height} L0 ${Math.round(base)}`;
    const steps = 6;
    for (let i = 1; i <= steps; i++) {
      const x = Math.round((width * i) / steps);
      const cx = Math.round(x - width / steps / 2);
      const peak = Math.round(base - height * (0.05 + rng.next() * 0.14));
      d += ` Q${cx} ${peak} ${x} ${Math.round(base + (rng.next() - 0.5) * height * 0.06)}`;
    }
    parts.push(`<path d="${d} L${width} ${height} Z" fill="${colour}"/>`);
  });
  const ground = horizon + height * 0.3;
  if (kind === 0) {
    // Terraced fields: curved bands.
    for (let i = 0; i < 6; i++) {
      const y = ground + i * (height - ground) * 0.17;
      parts.push(
        `<path d="M0 ${Math.round(y)} Q${Math.round(width / 2)} ${Math.round(y - 18 - rng.int(0, 20))} ${width} ${Math.round(y)} L${width} ${Math.round(y + 10)} Q${Math.round(width / 2)} ${Math.round(y - 8)} 0 ${Math.round(y + 10)} Z" fill="${s.field}" opacity="${(0.55 + i * 0.07).toFixed(2)}"/>`,
      );
    }
  } else if (kind === 1) {
    // An orchard: rows of round trees with fruit dots.
    for (let row = 0; row < 3; row++) {
      const y = ground + row * (height - ground) * 0.3;
      const r = Math.round(height * (0.045 + row * 0.015));
      for (let x = r; x < width; x += r * 2.6) {
        parts.push(
          `<rect x="${Math.round(x - r * 0.12)}" y="${Math.round(y)}" width="${Math.round(r * 0.24)}" height="${Math.round(r * 1.1)}" fill="#6b4a2b"/>`,
        );
        parts.push(`<circle cx="${Math.round(x)}" cy="${Math.round(y)}" r="${r}" fill="${s.hills[1]}"/>`);
        for (let k = 0; k < 3; k++)
          parts.push(
            `<circle cx="${Math.round(x + (rng.next() - 0.5) * r)}" cy="${Math.round(y + (rng.next() - 0.5) * r)}" r="${Math.max(2, Math.round(r * 0.16))}" fill="#f08a24"/>`,
          );
      }
    }
  } else {
    // A river through the valley.
    parts.push(
      `<path d="M${Math.round(width * 0.4)} ${Math.round(ground)} C${Math.round(width * 0.2)} ${Math.round(ground + (height - ground) * 0.4)} ${Math.round(width * 0.7)} ${Math.round(ground + (height - ground) * 0.6)} ${Math.round(width * 0.45)} ${height} L${Math.round(width * 0.75)} ${height} C${Math.round(width * 0.9)} ${Math.round(ground + (height - ground) * 0.5)} ${Math.round(width * 0.4)} ${Math.round(ground + (height - ground) * 0.3)} ${Math.round(width * 0.5)} ${Math.round(ground)} Z" fill="#6fb7d6" opacity="0.85"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${parts.join('')}</svg>`;
}

/** A round avatar: a coloured disc with a simple head-and-shoulders figure. */
export function ruralAvatar(seed: string): string {
  const rng = createRng(hashString(seed));
  const bg = ['#2e7d32', '#00695c', '#8a4b00', '#0b5cad', '#6a1b9a', '#b3261e'][rng.int(0, 5)]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img"><circle cx="60" cy="60" r="60" fill="${bg}"/><circle cx="60" cy="48" r="22" fill="#f5d9c0"/><path d="M20 108 Q60 62 100 108 Z" fill="#f5f5f5"/></svg>`;
}
