/** Banner carousel options (spec 9: autoplay 5000 ms, no loop with one slide, dots only with more than one). */
export const BANNER_AUTOPLAY_MS = 5000;

export interface BannerOptions {
  loop: boolean;
  autoplay: { delay: number; disableOnInteraction: boolean } | false;
  pagination: boolean;
}

export function decideBannerOptions(slides: number): BannerOptions {
  const many = slides > 1;
  return {
    loop: many,
    autoplay: many ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false } : false,
    pagination: many,
  };
}

/** The slide autoplay moves to: the next one, back to the first after the last when looping, else none. */
export function nextSlide(current: number, count: number, loop: boolean): number | null {
  if (count < 2) return null;
  if (current + 1 < count) return current + 1;
  return loop ? 0 : null;
}
