/**
 * Puts the spec 2.7 back rule (decideBangBack) on the shell's back button of a bangbang detail page.
 * It listens in the capture phase, before the shell's own handler, and replaces it on this page only.
 * A page that marks itself `data-bang-back="from"` (politicsCommit, Ask) goes back in history when its
 * query has `from`.
 */
import { decideBangBack } from './decideBangBack.ts';

export function defineBangBack(): void {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('[data-back]') : null;
      if (!target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const fromGoesBack = document.querySelector<HTMLElement>('[data-bang-back]')?.dataset['bangBack'] === 'from';
      const back = decideBangBack({
        search: location.search,
        referrer: document.referrer,
        origin: location.origin,
        historyLength: history.length,
        fromGoesBack,
      });
      if (back.kind === 'history') history.back();
      else location.assign(back.href);
    },
    { capture: true },
  );
}
