/**
 * `<sc-fold>`: the long-content fold (spec 4, 9). Outside the app webview, once images have loaded
 * and 500 ms have passed, content at least 1.2 window heights tall is folded to 1.2 window heights.
 * The unfold icon (or a `sc:unfold` event, sent when the reader declines to open the app) unfolds it.
 */
import { shouldFoldLongContent } from '../../bridge/detectHost.ts';
import { FOLD_DELAY_MS, decideFold } from './decideFold.ts';

class FoldElement extends HTMLElement {
  connectedCallback(): void {
    // Never inside the app (spec 4): the server says so from the request, the client double-checks.
    if (this.dataset['foldable'] !== '1' || !shouldFoldLongContent()) {
      this.markDecided();
      return;
    }
    const fold = (): void => {
      window.setTimeout(() => this.foldNow(), FOLD_DELAY_MS);
    };
    if (document.readyState === 'complete') fold();
    else window.addEventListener('load', fold, { once: true });
    this.querySelector('[data-unfold]')?.addEventListener('click', () => this.unfold());
    document.addEventListener('sc:unfold', () => this.unfold());
  }

  private foldNow(): void {
    const body = this.querySelector<HTMLElement>('[data-fold-body]');
    if (!body || this.dataset['unfolded'] === '1') {
      this.markDecided();
      return;
    }
    const height = decideFold(body.scrollHeight, window.innerHeight);
    this.markDecided();
    if (height === null) return;
    body.style.maxBlockSize = `${height}px`;
    this.classList.add('folded');
    const button = this.querySelector<HTMLButtonElement>('[data-unfold]');
    if (button) button.hidden = false;
  }

  /** `data-fold-decided`: whether to fold has been decided (a test or a script can wait for it, not for a time). */
  private markDecided(): void {
    this.dataset['foldDecided'] = '1';
  }

  unfold(): void {
    this.dataset['unfolded'] = '1';
    const body = this.querySelector<HTMLElement>('[data-fold-body]');
    if (body) body.style.maxBlockSize = '';
    this.classList.remove('folded');
    const button = this.querySelector<HTMLButtonElement>('[data-unfold]');
    if (button) button.hidden = true;
  }
}

export function defineFold(): void {
  if (!customElements.get('sc-fold')) customElements.define('sc-fold', FoldElement);
}
