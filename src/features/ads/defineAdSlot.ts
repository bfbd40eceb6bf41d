/** `<sc-ad-slot>`: shows the ad the slot's per-class counter points at, then advances it (spec 4). */
import { storage } from '../../client/storage.ts';
import { nextRotation, parseCounter } from './adRotation.ts';

class AdSlotElement extends HTMLElement {
  connectedCallback(): void {
    const key = this.dataset['key'];
    const ads = [...this.querySelectorAll<HTMLElement>('[data-ad]')];
    if (!key || ads.length === 0) return;
    const { index, next } = nextRotation(parseCounter(storage.getItem(key)), ads.length);
    ads.forEach((el, i) => {
      el.hidden = i !== index;
    });
    storage.setItem(key, String(next));
  }
}

export function defineAdSlot(): void {
  if (!customElements.get('sc-ad-slot')) customElements.define('sc-ad-slot', AdSlotElement);
}
