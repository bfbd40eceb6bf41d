/**
 * The shell's few lines of behaviour: the toast host, the back button, and the previous route name
 * and scroll position kept in sessionStorage (the original app's keep-alive, as multi-page behaviour).
 */
import { tabStorage } from '../client/storage.ts';
import { DROP_POSITION_ATTRIBUTE } from './dropPosition.ts';
import { $toast } from '../stores/toast.ts';
import { LITE_SRC_ATTRIBUTE } from '../lib/liteMode.ts';

const SCROLL_PREFIX = 'scroll:';

function renderToasts(): void {
  const host = document.getElementById('toast-host');
  if (!host) return;
  $toast.subscribe((toast) => {
    host.replaceChildren();
    if (!toast) return;
    const box = document.createElement('div');
    box.className = `toast toast-${toast.type}`;
    box.textContent = toast.message;
    host.append(box);
  });
}

function wireBackButton(): void {
  const back = document.querySelector<HTMLAnchorElement>('[data-back]');
  if (!back) return;
  back.addEventListener('click', (event) => {
    // Go back in history when the reader came from one of our pages; else follow the link home.
    const fromHere = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
    if (fromHere && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
}

function keepPosition(): void {
  const key = SCROLL_PREFIX + location.pathname + location.search;
  const saved = Number(tabStorage.getItem(key));
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  // Restore only when returning to a page (back/forward or reload); a fresh visit starts at the top.
  if (saved > 0 && (nav?.type === 'back_forward' || nav?.type === 'reload')) window.scrollTo(0, saved);
  // pagehide keeps pages back/forward-cache friendly (no unload handler).
  addEventListener('pagehide', () => {
    if (document.documentElement.hasAttribute(DROP_POSITION_ATTRIBUTE)) tabStorage.removeItem(key);
    else tabStorage.setItem(key, String(Math.round(window.scrollY)));
    tabStorage.setItem('previousRoute', location.pathname);
  });
}

/** Lite mode (src/lib/liteMode.ts): a picture below the first screen gets its address when scrolled into view. */
function revealLitePictures(): void {
  const waiting = document.querySelectorAll<HTMLImageElement>(`img[${LITE_SRC_ATTRIBUTE}]`);
  if (waiting.length === 0) return;
  const reveal = (img: HTMLImageElement): void => {
    const src = img.getAttribute(LITE_SRC_ATTRIBUTE);
    img.removeAttribute(LITE_SRC_ATTRIBUTE);
    if (src) img.src = src;
  };
  if (typeof IntersectionObserver === 'undefined') return waiting.forEach(reveal);
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer.unobserve(e.target);
      reveal(e.target as HTMLImageElement);
    }
  });
  waiting.forEach((img) => observer.observe(img));
}

export function startShell(): void {
  revealLitePictures();
  renderToasts();
  wireBackButton();
  keepPosition();
}
