/**
 * `<sc-picture-viewer>`: the photo-set viewer (spec 4, 9). Slides scroll with CSS snap and stop at both
 * ends (the viewer does not loop); the counter, caption and thumbnail follow the current slide;
 * thumbnails jump to their slide; a 700 ms long press saves the picture. Tapping a photo (or Enter on the
 * strip) opens the full-screen viewer with pinch-zoom (pictureLightbox), loaded the first time it is asked
 * for; closing it leaves the strip on the picture last shown.
 */
import { isTap } from './decideLightbox.ts';
import { watchLongPress } from './longPressSave.ts';

class PictureViewerElement extends HTMLElement {
  private current = 0;

  connectedCallback(): void {
    const slides = this.querySelector<HTMLElement>('[data-slides]');
    if (!slides) return;
    let frame = 0;
    slides.addEventListener('scroll', () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => this.show(Math.round(slides.scrollLeft / Math.max(1, slides.clientWidth))));
    });
    for (const thumb of this.querySelectorAll<HTMLElement>('[data-thumb]')) {
      thumb.addEventListener('click', () => {
        const index = Number(thumb.dataset['thumb']);
        // A thumbnail jumps straight to its picture (no animation to race with the next gesture).
        slides.scrollTo({ left: index * slides.clientWidth, behavior: 'instant' });
        this.show(index);
      });
    }
    slides.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      // The strip scrolls itself: the browser's own arrow-key scroll would move a second slide on top.
      event.preventDefault();
      const total = Number(this.dataset['total'] ?? '1');
      // No loop: the first and the last picture are ends.
      const index = Math.min(total - 1, Math.max(0, this.current + step));
      // Readers who ask for less motion get the slide at once.
      const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
      slides.scrollTo({ left: index * slides.clientWidth, behavior });
    });
    const press = watchLongPress(slides).state;
    slides.addEventListener('click', (event) => {
      const img = event.target instanceof Element ? event.target.closest('img') : null;
      if (img && isTap(press)) void this.openViewer(slides, this.current);
    });
    slides.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') void this.openViewer(slides, this.current);
    });
  }

  private opening = false;

  private async openViewer(slides: HTMLElement, start: number): Promise<void> {
    if (this.opening) return;
    this.opening = true;
    this.dataset['lightbox'] = 'loading';
    try {
      const { openLightbox } = await import('./pictureLightbox.ts');
      const pictures = Array.from(slides.querySelectorAll('img'), (img) => ({ src: img.currentSrc || img.src, alt: img.alt }));
      await openLightbox({
        pictures,
        start,
        onClose: (index) => {
          slides.scrollTo({ left: index * slides.clientWidth, behavior: 'instant' });
          this.show(index);
        },
      });
      this.dataset['lightbox'] = 'ready';
    } catch {
      // The viewer did not load (spec 8 ChunkLoadError): the strip keeps working as it is.
      delete this.dataset['lightbox'];
    } finally {
      this.opening = false;
    }
  }

  private show(index: number): void {
    const total = Number(this.dataset['total'] ?? '1');
    const i = Math.min(total - 1, Math.max(0, index));
    if (i === this.current && this.querySelector('[data-current]')?.textContent === String(i + 1)) return;
    this.current = i;
    const counter = this.querySelector('[data-current]');
    if (counter) counter.textContent = String(i + 1);
    for (const desc of this.querySelectorAll<HTMLElement>('[data-desc]')) desc.hidden = desc.dataset['desc'] !== String(i);
    for (const thumb of this.querySelectorAll<HTMLElement>('[data-thumb]')) {
      const on = thumb.dataset['thumb'] === String(i);
      thumb.setAttribute('aria-selected', on ? 'true' : 'false');
      if (on) thumb.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }
}

export function definePictureViewer(): void {
  if (!customElements.get('sc-picture-viewer')) customElements.define('sc-picture-viewer', PictureViewerElement);
}
