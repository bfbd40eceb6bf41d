/**
 * <sc-marquee>: a pure headline longer than its line scrolls 1 px every 50 ms, pauses 3 s at each end
 * and starts over (spec 9). Short titles, readers who prefer reduced motion and elder mode (适老化: no
 * auto-scrolling titles; the card shows the whole title instead) get a still line.
 */
const STEP_MS = 50;
const PAUSE_MS = 3000;

class Marquee extends HTMLElement {
  private timer: number | undefined;
  private observer: IntersectionObserver | undefined;

  connectedCallback(): void {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    // Only scroll while on screen: a long list must not keep dozens of timers busy.
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.start();
      else this.stop();
    });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.stop();
  }

  private start(): void {
    if (this.timer !== undefined || this.scrollWidth - this.clientWidth < 2 || document.documentElement.hasAttribute('data-text')) return;
    const tick = (): void => {
      const max = this.scrollWidth - this.clientWidth;
      if (this.scrollLeft >= max - 0.5) {
        this.timer = window.setTimeout(() => {
          this.scrollLeft = 0;
          this.timer = window.setTimeout(tick, PAUSE_MS);
        }, PAUSE_MS);
        return;
      }
      this.scrollLeft += 1;
      this.timer = window.setTimeout(tick, STEP_MS);
    };
    this.timer = window.setTimeout(tick, PAUSE_MS);
  }

  private stop(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

export function defineMarquee(): void {
  if (!customElements.get('sc-marquee')) customElements.define('sc-marquee', Marquee);
}
