/**
 * Spec 4: an answer off the detail page is clamped to 8 lines, with 查看全文 when its rendered text
 * reaches 8 lines or more. Each `[data-clamp-text]` is measured in the browser (the server only guessed),
 * again when its width changes (rotation, larger type), and so are the answers a paged list appends
 * (加载更多); its card's `[data-full-link]` is shown or hidden accordingly.
 */
import { measuredNeedsFullTextLink } from './decideClamp.ts';

function measure(text: HTMLElement): void {
  const link = text.closest('[data-answer]')?.querySelector<HTMLElement>('[data-full-link]');
  if (!link) return;
  const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
  link.hidden = !measuredNeedsFullTextLink({ shownHeight: text.clientHeight, fullHeight: text.scrollHeight, lineHeight });
}

export function defineAnswerClamp(): void {
  const tracked = new WeakSet<Element>();
  const widths = new WeakMap<Element, number>();
  const resized =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          for (const entry of entries) {
            const width = entry.contentRect.width;
            if (widths.get(entry.target) === width) continue;
            widths.set(entry.target, width);
            measure(entry.target as HTMLElement);
          }
        });
  const track = (): void => {
    for (const text of document.querySelectorAll<HTMLElement>('[data-clamp-text]')) {
      if (tracked.has(text)) continue;
      tracked.add(text);
      measure(text);
      resized?.observe(text);
    }
  };
  track();
  new MutationObserver(track).observe(document.body, { childList: true, subtree: true });
}
