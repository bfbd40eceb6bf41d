/**
 * `<sc-live-sources>`: picks a live source (spec 2.4). A tap, or the arrow keys as in any radio group,
 * highlights a source and emits its url through $liveSource; the player script plays it.
 */
import { chooseLiveSource } from './liveSourceStore.ts';

class LiveSourcePicker extends HTMLElement {
  connectedCallback(): void {
    this.addEventListener('click', this.onClick);
    this.addEventListener('keydown', this.onKey);
    this.dataset['ready'] = '';
  }

  disconnectedCallback(): void {
    this.removeEventListener('click', this.onClick);
    this.removeEventListener('keydown', this.onKey);
  }

  private get radios(): HTMLButtonElement[] {
    return Array.from(this.querySelectorAll<HTMLButtonElement>('[role="radio"]'));
  }

  private readonly onClick = (event: Event): void => {
    const radio = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[role="radio"]') : null;
    if (radio) this.choose(radio);
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const radios = this.radios;
    const at = radios.findIndex((r) => r.getAttribute('aria-checked') === 'true');
    const next = radios[(at + step + radios.length) % radios.length];
    if (!next) return;
    event.preventDefault();
    this.choose(next);
    next.focus();
  };

  private choose(radio: HTMLButtonElement): void {
    for (const r of this.radios) {
      const on = r === radio;
      r.setAttribute('aria-checked', String(on));
      r.tabIndex = on ? 0 : -1;
    }
    const url = radio.dataset['url'];
    if (url) chooseLiveSource(url);
  }
}

export function defineLiveSourcePicker(): void {
  if (!customElements.get('sc-live-sources')) customElements.define('sc-live-sources', LiveSourcePicker);
}
