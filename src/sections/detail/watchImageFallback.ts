/**
 * Images marked `data-fallback` switch to that picture when they fail to load (spec 8: image load
 * error in the related-news grid). Errors do not bubble, so one capturing listener covers the page;
 * images that failed before this script ran are caught by the first sweep.
 */
function fallBack(img: HTMLImageElement): void {
  const fallback = img.dataset['fallback'];
  if (!fallback || img.src === fallback) return;
  img.src = fallback;
}

let watching = false;

export function watchImageFallback(): void {
  if (watching) return;
  watching = true;
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.dataset['fallback']) fallBack(target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc !== '') fallBack(img);
  }
}
