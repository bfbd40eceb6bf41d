/**
 * <sc-more-list>: appends the next page's cards when the "加载更多" link comes into view. The next page
 * is the same server-rendered view with ?page=N+1, so cards are rendered once, on the server.
 */
const LOADING = '加载中…';
const END = '没有更多了';
const RETRY = '加载失败，点击重试';

class MoreList extends HTMLElement {
  private busy = false;
  private observer: IntersectionObserver | undefined;

  connectedCallback(): void {
    const next = this.querySelector<HTMLAnchorElement>('[data-next]');
    if (!next) return;
    next.addEventListener('click', (event) => {
      event.preventDefault();
      void this.loadNext();
    });
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void this.loadNext();
      },
      { rootMargin: '600px 0px' },
    );
    this.observer.observe(next);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
  }

  private async loadNext(): Promise<void> {
    const next = this.querySelector<HTMLAnchorElement>('[data-next]');
    const list = this.querySelector('[data-list]');
    if (!next || !list || this.busy) return;
    this.busy = true;
    const href = next.href;
    next.textContent = LOADING;
    this.dataset['state'] = 'loading';
    next.setAttribute('aria-busy', 'true');
    try {
      // Not an API call (the next page's server-rendered HTML): raw fetch, so the list's 15 KB before load
      // carries no API client (ADR 011 covers the API).
      const res = await fetch(href, { headers: { accept: 'text/html' } });
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const incoming = doc.querySelector(`sc-more-list [data-list]`);
      const cards = incoming ? Array.from(incoming.children) : [];
      for (const card of cards) {
        card.querySelectorAll('img').forEach((img) => {
          img.loading = 'lazy';
          img.removeAttribute('fetchpriority');
        });
        list.append(document.adoptNode(card));
      }
      const newer = doc.querySelector<HTMLAnchorElement>('sc-more-list [data-next]');
      if (cards.length > 0 && newer) {
        next.href = newer.href;
        next.textContent = '加载更多';
        this.dataset['state'] = '';
      } else {
        // spec 4: the list is finished when a page comes back empty.
        this.observer?.disconnect();
        next.replaceWith(Object.assign(document.createElement('span'), { textContent: END }));
        this.dataset['state'] = 'end';
      }
    } catch {
      // Nothing appended: tapping the link retries the same page, so no card is lost or doubled.
      next.textContent = RETRY;
      this.dataset['state'] = 'error';
    } finally {
      next.removeAttribute('aria-busy');
      this.busy = false;
    }
  }
}

export function defineMoreList(): void {
  if (!customElements.get('sc-more-list')) customElements.define('sc-more-list', MoreList);
}
