/**
 * `<sc-picture-viewer>`: the photo-set viewer (spec 4, 9). Slides scroll with CSS snap and stop at both
 * ends (the viewer does not loop); the counter, caption and thumbnail follow the current slide;
 * thumbnails jump to their slide; a 700 ms long press saves the picture.
 */
import { showToast } from '../../stores/toast.ts';

export const LONG_PRESS_MS = 700;

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
      const total = Number(this.dataset['total'] ?? '1');
      // No loop: the first and the last picture are ends.
      const index = Math.min(total - 1, Math.max(0, this.current + step));
      // Readers who ask for less motion get the slide at once.
      const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
      slides.scrollTo({ left: index * slides.clientWidth, behavior });
    });
    this.wireLongPress(slides);
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

  private wireLongPress(slides: HTMLElement): void {
    let timer = 0;
    let startX = 0;
    let startY = 0;
    const cancel = (): void => window.clearTimeout(timer);
    slides.addEventListener('pointerdown', (event) => {
      const img = (event.target as Element).closest('img');
      if (!img) return;
      startX = event.clientX;
      startY = event.clientY;
      timer = window.setTimeout(() => save(img), LONG_PRESS_MS);
    });
    slides.addEventListener('pointermove', (event) => {
      if (Math.abs(event.clientX - startX) > 10 || Math.abs(event.clientY - startY) > 10) cancel();
    });
    for (const type of ['pointerup', 'pointercancel', 'pointerleave', 'scroll']) slides.addEventListener(type, cancel);
    // The long press replaces the browser's own context menu on the picture.
    slides.addEventListener('contextmenu', (event) => {
      if ((event.target as Element).closest('img')) event.preventDefault();
    });
  }
}

function save(img: HTMLImageElement): void {
  const link = document.createElement('a');
  link.href = img.currentSrc || img.src;
  link.download = link.href.split('/').pop()?.split('?')[0] ?? 'picture';
  document.body.append(link);
  link.click();
  link.remove();
  showToast('图片已开始保存', { type: 'text', duration: 2000 });
}

export function definePictureViewer(): void {
  if (!customElements.get('sc-picture-viewer')) customElements.define('sc-picture-viewer', PictureViewerElement);
}
