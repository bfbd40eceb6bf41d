/**
 * The one swiper chunk (ADR 011): swiper core and only the modules the carousels use
 * (Autoplay for the banners, Pagination for their dots), and swiper's core CSS only — the dots and
 * the slides are styled by our own components. Never imported statically: `enhanceCarousel()` brings it
 * after first paint, so no page carries it before its load event.
 *
 * The CSS comes as a URL and is linked here, when the chunk runs: imported as a module, the build would
 * hoist it into every page's <head> as a render-blocking stylesheet, before the load event.
 */
import Swiper from 'swiper';
import { Autoplay, Pagination } from 'swiper/modules';
import coreCss from 'swiper/css?url';

/** Resolves once swiper's core CSS is in (or failed: swiper still works, the strip's own CSS holds it). */
export const cssReady: Promise<void> = new Promise((resolve) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = coreCss;
  link.addEventListener('load', () => resolve(), { once: true });
  link.addEventListener('error', () => resolve(), { once: true });
  document.head.append(link);
});

export { Swiper, Autoplay, Pagination };
