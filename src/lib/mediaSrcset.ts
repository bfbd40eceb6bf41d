/**
 * Pictures at their display size (ADR 013): a raster picture of our own media folder can
 * be asked for at one of MEDIA_WIDTHS with `?w=` (the server resizes it once and keeps it). A list shows
 * a thumbnail through `thumbAttrs`: a `src` at twice the display width and a `srcset` for 1×–3× screens,
 * so a 114-pixel thumbnail never loads a 690-pixel picture. Anything else (SVG, another site) is left as is.
 */
import { attr, markup, type Html } from './html.ts';

export const MEDIA_WIDTHS = [120, 160, 240, 320, 480, 640, 750, 960] as const;

export const RESIZABLE_MEDIA = /^\/media\/(?!.*\.\.)[a-zA-Z0-9/_.-]+\.(?:webp|jpe?g|png)$/i;

/** The smallest allowed width at least `px` (the largest when none is). */
function widthFor(px: number): number {
  return MEDIA_WIDTHS.find((w) => w >= px) ?? 960;
}

export interface ThumbAttrs {
  src: string;
  srcset?: string;
  sizes?: string;
}

/**
 * The `src`/`srcset`/`sizes` of a picture shown `displayWidth` CSS pixels wide (`sizes` overrides the
 * sizes attribute, e.g. for a full-width picture: 'calc(100vw - 1.5rem)').
 */
export function thumbAttrs(src: string, displayWidth: number, sizes?: string): ThumbAttrs {
  if (!RESIZABLE_MEDIA.test(src)) return { src };
  const widths = [...new Set([1, 2, 3].map((d) => widthFor(displayWidth * d)))];
  return {
    src: `${src}?w=${widthFor(displayWidth * 2)}`,
    srcset: widths.map((w) => `${src}?w=${w} ${w}w`).join(', '),
    sizes: sizes ?? `${displayWidth}px`,
  };
}

/** `thumbAttrs` as the `src`, `srcset` and `sizes` attributes of an `<img>` built in code (src/lib/html.ts). */
export function thumbImgAttrs(src: string, displayWidth: number, sizes?: string): Html {
  const t = thumbAttrs(src, displayWidth, sizes);
  return markup`${attr('src', t.src)}${attr('srcset', t.srcset)}${attr('sizes', t.sizes)}`;
}

/**
 * A video poster of our own media at a full-width phone screen's size (375 CSS pixels at 2×): `<video
 * poster>` has no srcset, and an editor's poster is often a camera-sized picture.
 */
export function posterSrc(src: string): string {
  return RESIZABLE_MEDIA.test(src) ? `${src}?w=${widthFor(375 * 2)}` : src;
}
