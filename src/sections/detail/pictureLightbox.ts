/**
 * The full-screen picture viewer of a photo set (spec 9: the image viewer does not loop; long-press save
 * 700 ms), on swiper with its Zoom module: pinch or double-tap zooms, a button does the same for a reader
 * who cannot pinch (WCAG 2.5.1), a counter follows the slide; the phone's back closes it. This module and
 * swiper come by dynamic import when the reader first taps a photo (definePictureViewer), never before: the
 * page stays within its budget before load (ADR 001 "Picture viewer").
 *
 * The CSS comes as URLs and is linked when the viewer first opens, as swiperChunk does: imported as modules,
 * the build would hoist it into the page's <head> as a render-blocking stylesheet.
 */
import Swiper from 'swiper';
import { Keyboard, Zoom } from 'swiper/modules';
import coreCss from 'swiper/css?url';
import zoomCss from 'swiper/css/zoom?url';
import { decideViewerCounter, ZOOM_MAX_RATIO } from './decideLightbox.ts';
import { wireLongPress } from './longPressSave.ts';

export interface LightboxPicture {
  src: string;
  alt: string;
}

export interface LightboxOptions {
  pictures: readonly LightboxPicture[];
  start: number;
  /** Called with the index shown when the viewer closes (the page's strip follows it). */
  onClose: (index: number) => void;
}

let cssReady: Promise<void> | null = null;

function linkCss(): Promise<void> {
  cssReady ??= Promise.all(
    [coreCss, zoomCss].map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          document.head.append(link);
        }),
    ),
  ).then(() => undefined);
  return cssReady;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

/** Opens the viewer over the page at `start`; resolves once it shows. */
export async function openLightbox({ pictures, start, onClose }: LightboxOptions): Promise<void> {
  await linkCss();
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = element('div', 'plb', { role: 'dialog', 'aria-modal': 'true', 'aria-label': '图片查看器' });
  const counter = element('p', 'plb-count', { 'aria-live': 'polite', 'data-lightbox-counter': '' });
  const close = element('button', 'plb-close', { type: 'button', 'aria-label': '关闭图片查看器' });
  close.textContent = '×';
  const zoom = element('button', 'plb-zoom', { type: 'button', 'aria-pressed': 'false' });
  zoom.textContent = '放大';
  const root = element('div', 'plb-swiper swiper');
  const wrapper = element('div', 'swiper-wrapper');
  pictures.forEach((picture, i) => {
    const slide = element('div', 'swiper-slide', { 'data-lightbox-slide': String(i), role: 'group', 'aria-label': `第${i + 1}张，共${pictures.length}张` });
    const container = element('div', 'swiper-zoom-container');
    const img = element('img', '', { src: picture.src, alt: picture.alt, draggable: 'false', decoding: 'async' });
    container.append(img);
    slide.append(container);
    wrapper.append(slide);
  });
  root.append(wrapper);
  const bar = element('div', 'plb-bar');
  bar.append(counter, zoom, close);
  const hint = element('p', 'plb-hint');
  hint.textContent = '双指或双击缩放，长按保存图片';
  dialog.append(root, bar, hint);
  document.body.append(dialog);
  document.documentElement.classList.add('plb-open');

  const swiper = new Swiper(root, {
    modules: [Zoom, Keyboard],
    // Spec 9: the image viewer does not loop.
    loop: false,
    initialSlide: start,
    zoom: { maxRatio: ZOOM_MAX_RATIO, toggle: true },
    keyboard: { enabled: true },
    speed: matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 300,
  });
  const showCounter = (): void => {
    counter.textContent = decideViewerCounter(swiper.activeIndex, pictures.length);
  };
  const showZoom = (scale: number): void => {
    const zoomed = scale > 1;
    zoom.textContent = zoomed ? '还原' : '放大';
    zoom.setAttribute('aria-pressed', zoomed ? 'true' : 'false');
    dialog.dataset['zoomed'] = zoomed ? 'true' : 'false';
  };
  showCounter();
  showZoom(1);
  swiper.on('slideChange', () => {
    showCounter();
    showZoom(1);
  });
  swiper.on('zoomChange', (_swiper, scale) => showZoom(scale));
  zoom.addEventListener('click', () => {
    if (swiper.zoom.scale > 1) swiper.zoom.out();
    else swiper.zoom.in(ZOOM_MAX_RATIO);
  });
  const stopLongPress = wireLongPress(root);

  // The phone's back gesture closes the viewer, not the page: opening adds a history entry, and every way of
  // closing (×, Escape, back) goes through that entry's popstate.
  history.pushState({ lightbox: true }, '');
  let open = true;
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') history.back();
  };
  function shut(): void {
    if (!open) return;
    open = false;
    const index = swiper.activeIndex;
    removeEventListener('popstate', shut);
    document.removeEventListener('keydown', onKey);
    stopLongPress();
    swiper.destroy(true, true);
    dialog.remove();
    document.documentElement.classList.remove('plb-open');
    opener?.focus({ preventScroll: true });
    onClose(index);
  }
  addEventListener('popstate', shut);
  close.addEventListener('click', () => history.back());
  document.addEventListener('keydown', onKey);
  close.focus();
}
