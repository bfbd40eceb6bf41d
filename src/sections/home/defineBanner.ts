/**
 * <sc-banner>: the server-rendered scroll-snap strip is the carousel (swiping is native scrolling);
 * this script adds spec 9's behaviour: autoplay every 5000 ms, wrapping to the first slide when there
 * are several, dots following the visible slide, nothing at all with a single slide. It pauses while
 * the reader touches the strip and while the page is hidden. About 1 KB instead of swiper's 24 KB
 * gzip, which alone broke the 15 KB list-page budget (docs/adr/003-banner-without-swiper.md).
 */
import { decideBannerOptions, nextSlide } from './decideBannerOptions.ts';

class Banner extends HTMLElement {
  private timer: ReturnType<typeof setInterval> | undefined;
  private held = false;

  connectedCallback(): void {
    const strip = this.querySelector<HTMLElement>('.slides');
    const slides = Array.from(this.querySelectorAll<HTMLElement>('.slide'));
    const options = decideBannerOptions(slides.length);
    if (!strip || !options.autoplay) return;
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
    const delay = options.autoplay.delay;
    this.timer = setInterval(() => {
      if (this.held || document.hidden) return;
      const target = nextSlide(current(), slides.length, options.loop);
      if (target === null) return;
      strip.scrollTo({ left: target * strip.clientWidth, behavior: 'smooth' });
    }, delay);
  }

  disconnectedCallback(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}

export function defineBanner(): void {
  if (!customElements.get('sc-banner')) customElements.define('sc-banner', Banner);
}
