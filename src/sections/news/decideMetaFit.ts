/**
 * Whether a card's meta line keeps its date (spec 3: showType 4 trims the date if tags overflow). The
 * width is estimated on the server in "units" of one 12 px CJK character, so the HTML is final and no
 * script measures anything: Latin letters and digits count about half, each tag adds its border and
 * padding, and items are separated by a gap.
 */
export interface MetaParts {
  tags: readonly string[];
  source: string;
  time: string;
  views: string;
}

const TAG_EXTRA = 0.8;
const GAP = 0.67;

export function textUnits(text: string): number {
  let units = 0;
  for (const ch of text) units += /[\u0000-\u00ff]/.test(ch) ? 0.55 : 1;
  return units;
}

export function metaUnits(parts: MetaParts, withTime: boolean): number {
  const pieces = [
    ...parts.tags.map((t) => textUnits(t) + TAG_EXTRA),
    ...[parts.source, withTime ? parts.time : '', parts.views].filter((s) => s !== '').map(textUnits),
  ];
  return pieces.reduce((a, b) => a + b, 0) + GAP * Math.max(0, pieces.length - 1);
}

/** Available units of the meta line by card layout, at the 375 px phone width. */
export const META_WIDTH_UNITS = { full: 29, mini: 18, middle: 15 } as const;

export function decideMetaFit(parts: MetaParts, showType: number, availableUnits: number): { showTime: boolean } {
  if (showType !== 4) return { showTime: true };
  return { showTime: metaUnits(parts, true) <= availableUnits };
}
