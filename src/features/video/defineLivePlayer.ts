/** `<sc-live-player>`: plays the source the picker emits ($liveSource), keeping the picked one on reload of the element. */
import { $liveSource } from './liveSourceStore.ts';

class LivePlayerElement extends HTMLElement {
  private unsubscribe: (() => void) | undefined;

  connectedCallback(): void {
    // The video may come later: a live that starts while the page is open gets its player then (liveFeed.ts).
    this.unsubscribe = $liveSource.listen((url) => {
      const video = this.querySelector('video');
      if (!url || !video || video.getAttribute('src') === url) return;
      video.src = url;
      this.dataset['source'] = url;
      void video.play().catch(() => undefined);
    });
  }

  disconnectedCallback(): void {
    this.unsubscribe?.();
  }
}

export function defineLivePlayer(): void {
  if (!customElements.get('sc-live-player')) customElements.define('sc-live-player', LivePlayerElement);
}
