/**
 * <sc-banner>: home and channel banners (spec 9: autoplay 5000 ms, loop off with a single slide, dots
 * only with more than one). The server renders a scroll-snap strip that swipes with no script. After
 * first paint, with two or more slides, swiper (core + Autoplay + Pagination, ADR 011) takes
 * the strip over; when the reader saves data swiper never loads, and this small script autoplays the
 * native strip instead (ADR 011 "swiper").
 */
import { enhanceCarousel } from '../../features/carousel/enhanceCarousel.ts';
import { decideBannerOptions, nextSlide } from './decideBannerOptions.ts';

class Banner extends HTMLElement {
  private timer: ReturnType<typeof setInterval> | undefined;
  private held = false;

  connectedCallback(): void {
    const frame = this.querySelector<HTMLElement>('.frame');
    const strip = this.querySelector<HTMLElement>('.slides');
    const slides = Array.from(this.querySelectorAll<HTMLElement>('.slide'));
    const options = decideBannerOptions(slides.length);
    if (!frame || !strip || !options.autoplay) return;
    const dots = this.querySelector<HTMLElement>('.dots');
    enhanceCarousel(frame, {
      modules: ['autoplay', 'pagination'],
      options: {
        // Swiper's loop needs a slide to borrow on each side: two slides rewind instead.
        loop: options.loop && slides.length > 2,
        rewind: options.loop && slides.length === 2,
        autoplay: options.autoplay,
        ...(options.pagination && dots ? { pagination: { el: dots, bulletClass: 'dot', bulletActiveClass: 'on' } } : {}),
      },
      ready: () => this.stopNative(),
    });
    // Until swiper runs (and for good when it does not come): the native strip autoplays — in lite mode
    // (src/lib/liteMode.ts) only from the reader's first touch, so no slide's picture loads unasked.
    const delay = options.autoplay.delay;
    const start = () => this.native(strip, slides.length, options.loop, delay);
    if (document.documentElement.getAttribute('data-lite') !== 'on') start();
    else strip.addEventListener('pointerdown', start, { once: true, passive: true });
  }

  private native(strip: HTMLElement, count: number, loop: boolean, delay: number): void {
    const dots = Array.from(this.querySelectorAll<HTMLElement>('.dot'));
    const current = () => Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth));
    strip.addEventListener(
      'scroll',
      () => {
        const i = current();
        dots.forEach((d, k) => d.classList.toggle('on', k === i));
      },
      { passive: true },
    );
    const hold = () => (this.held = true);
    const release = () => (this.held = false);
    strip.addEventListener('pointerdown', hold, { passive: true });
    strip.addEventListener('touchstart', hold, { passive: true });
    strip.addEventListener('pointerup', release, { passive: true });
    strip.addEventListener('touchend', release, { passive: true });
    this.timer = setInterval(() => {
      if (this.held || document.hidden) return;
      const target = nextSlide(current(), count, loop);
      if (target === null) return;
      strip.scrollTo({ left: target * strip.clientWidth, behavior: 'smooth' });
    }, delay);
  }

  private stopNative(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  disconnectedCallback(): void {
    this.stopNative();
  }
}

export function defineBanner(): void {
  if (!customElements.get('sc-banner')) customElements.define('sc-banner', Banner);
}
