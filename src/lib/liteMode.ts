/**
 * Lite mode (省流量): a reader whose browser sends `Save-Data: on`, or who chose 省流量 in 我的 (the cookie
 * below, set by src/client/readerPrefs.ts), gets pages that cost less: each of our pictures at its smallest
 * rendition for its box on a phone, at 1× (no srcset for 2× and 3× screens), every picture below the first
 * screen loaded only when the reader scrolls to it (its address waits in `data-lite-src`), and no video that plays or preloads by itself. The page HTML is rewritten once on
 * the server (src/middleware.ts), so the browser's preload scanner never fetches the large renditions. The
 * scripts do their part from `data-lite` on <html>: carousels start on the first touch only, islands
 * hydrate on the first tap (src/client/directives/afterLoad.ts `savesData`).
 *
 * A preference cookie, not identity: nothing reads who the reader is from it. A page answered for the cookie
 * is private (a shared cache keys on `Save-Data`, never on cookies); one answered for the header is shared
 * under `Vary: Save-Data` (src/server/web/pageCache.ts).
 */
import { MEDIA_WIDTHS } from './mediaSrcset.ts';

export const LITE_COOKIE = 'sc-lite';

export type LiteReason = 'header' | 'cookie';

/** Why this request gets the lite page, or null for the normal one. */
export function liteReason(saveData: string | null | undefined, cookie: string | null | undefined): LiteReason | null {
  if (saveData !== null && saveData !== undefined && saveData.trim().toLowerCase() === 'on') return 'header';
  if (cookie && cookie.split(';').some((c) => c.trim() === `${LITE_COOKIE}=1`)) return 'cookie';
  return null;
}

const IMG = /<img\b[^>]*>/gi;
const VIDEO = /<video\b[^>]*>/gi;
const OWN_MEDIA_SRC = /\ssrc="(\/media\/(?!.*\.\.)[\w/.-]+\.(?:webp|jpe?g|png))(?:\?w=(\d+))?"/i;
/** Where a picture below the first screen keeps its address until it is scrolled to (src/layouts/startShell.ts). */
export const LITE_SRC_ATTRIBUTE = 'data-lite-src';
const WIDTH = /\swidth="(\d+)"/i;

/** The smallest rendition at least `px` wide (the largest when none is). */
function renditionFor(px: number): number {
  return MEDIA_WIDTHS.find((w) => w >= px) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
}

/** A phone's width in CSS pixels, for a picture sized in `vw` (and one that says nothing). */
const PHONE_PX = 375;
const SIZES = /\ssizes="([^"]*)"/i;

/** The width a picture is shown at on a phone, from its `sizes` (the last, media-free entry), if it says. */
function boxWidth(sizes: string | undefined): number | null {
  const last = sizes?.split(',').pop()?.trim();
  if (!last) return null;
  const px = /^(\d+(?:\.\d+)?)px$/.exec(last);
  if (px) return Number(px[1]);
  const vw = /^(?:calc\()?(\d+(?:\.\d+)?)vw/.exec(last);
  return vw ? Math.ceil((PHONE_PX * Number(vw[1])) / 100) : null;
}

/** The lite version of a page's HTML (see the file comment). */
export function liteHtml(html: string): string {
  let out = html.replace(/<html\b/i, '<html data-lite="on"');
  out = out.replace(IMG, (tag) => {
    let t = tag;
    const src = OWN_MEDIA_SRC.exec(t);
    if (src) {
      const box = boxWidth(SIZES.exec(t)?.[1]) ?? Number(WIDTH.exec(t)?.[1] ?? src[2] ?? PHONE_PX);
      const width = renditionFor(src[2] ? Math.min(box, Number(src[2])) : box);
      t = t.replace(OWN_MEDIA_SRC, ` src="${src[1]}?w=${width}"`).replace(/\s(?:srcset|sizes)="[^"]*"/gi, '');
    }
    // The first screen's pictures (eager, or the one with high priority) come at once; the others wait
    // for the reader to scroll to them — not even the browser's early lazy loading fetches them.
    if (/\sfetchpriority="high"|\sloading="eager"/i.test(t)) return t;
    return t.replace(/\ssrc="/i, ` ${LITE_SRC_ATTRIBUTE}="`).replace(/\sloading="[^"]*"/i, '');
  });
  out = out.replace(VIDEO, (tag) => {
    const t = tag.replace(/\sautoplay(?:="[^"]*")?(?=[\s>])/gi, '');
    return /\spreload="[^"]*"/i.test(t) ? t.replace(/\spreload="[^"]*"/i, ' preload="none"') : t.replace(/^<video/i, '<video preload="none"');
  });
  return out;
}
