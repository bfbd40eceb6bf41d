/**
 * Carousels on swiper (ADR 011; spec 9). The server renders every carousel as a readable
 * scroll-snap strip (the first slide shows, the rest swipe natively, with no script at all); this
 * turns a strip into a swiper after first paint, and only when it has two or more slides and the
 * reader does not save data (Save-Data, 2g, deviceMemory ≤ 2: the strip stays as it is).
 *
 * Markup a strip gives: a root element, one track (`[data-track]`) whose children are the slides.
 * Swiper's classes are added here, so the server HTML does not depend on swiper's CSS.
 */
import type { SwiperOptions } from 'swiper/types';
import { savesData, type DataSavingNavigator } from '../../client/directives/afterLoad.ts';

/** Whether swiper may be loaded for a strip of `slides` slides. */
export function shouldEnhance(slides: number, nav: DataSavingNavigator): boolean {
  return slides >= 2 && !savesData(nav);
}

/** Runs `fn` after the load event and the next painted frame, when the browser is idle. */
export function afterFirstPaint(fn: () => void): void {
  const idle = (): void => {
    const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (ric) ric(fn, { timeout: 2000 });
    else setTimeout(fn, 1);
  };
  const painted = (): void => {
    requestAnimationFrame(() => setTimeout(idle, 0));
  };
  if (document.readyState === 'complete') painted();
  else addEventListener('load', painted, { once: true });
}

/**
 * Ends the current task: each carousel of a page then starts swiper in a task of its own, rather than all
 * of them in the one task that follows the chunk's arrival (a long task on a slow phone: Lighthouse TBT).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface EnhanceOptions {
  /** Swiper options; `modules` are picked by name from the chunk. */
  options: SwiperOptions;
  modules?: Array<'autoplay' | 'pagination'>;
  /** Called with the swiper once it runs. */
  ready?: (swiper: import('swiper').Swiper) => void;
}

/**
 * Turns `root` (with its `[data-track]`) into a swiper after first paint; starts at the slide the reader
 * scrolled to natively. Returns false when the strip stays native (one slide, or saving data).
 */
export function enhanceCarousel(root: HTMLElement, { options, modules = [], ready }: EnhanceOptions): boolean {
  const track = root.querySelector<HTMLElement>('[data-track]');
  if (!track || root.dataset['swiper'] !== undefined) return false;
  const slides = Array.from(track.children) as HTMLElement[];
  if (!shouldEnhance(slides.length, navigator as DataSavingNavigator)) return false;
  root.dataset['swiper'] = 'loading';
  afterFirstPaint(() => {
    void import('./swiperChunk.ts')
      .then(async ({ Swiper, Autoplay, Pagination, cssReady }) => {
        await cssReady;
        await yieldToMain();
        const start = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
        track.scrollLeft = 0;
        root.classList.add('swiper');
        track.classList.add('swiper-wrapper');
        for (const slide of slides) slide.classList.add('swiper-slide');
        const picked = modules.map((m) => (m === 'autoplay' ? Autoplay : Pagination));
        root.dataset['swiper'] = 'on';
        const swiper = new Swiper(root, { ...options, modules: picked, initialSlide: options.initialSlide ?? start });
        ready?.(swiper);
      })
      .catch(() => {
        // The chunk did not load (spec 8 ChunkLoadError): the native strip keeps working.
        delete root.dataset['swiper'];
      });
  });
  return true;
}
