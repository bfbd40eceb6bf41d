/**
 * `<sc-video-popup>`: opens on a tap on any `[data-video-open]` cover and plays; closing pauses (spec 4).
 * With a pre-roll ad in the popup (`[data-preroll]`, spec 5) the first play shows the ad first: 广告 N
 * counts down, 跳过广告 is allowed after its countdown, and the video plays when the ad is over or skipped.
 * The listeners on the <video> attach after 500 ms (spec 9, attachVideoListeners).
 */
import { attachVideoListeners, prerollState, skipLabel } from './preroll.ts';

class VideoPopupElement extends HTMLElement {
  /** The ad has run (or was skipped): later plays go straight to the video. */
  private adDone = false;
  private adTimer: ReturnType<typeof setInterval> | null = null;

  connectedCallback(): void {
    const dialog = this.querySelector('dialog');
    const video = this.querySelector<HTMLVideoElement>('[data-popup-video]');
    if (!dialog || !video) return;
    const ad = this.querySelector<HTMLElement>('[data-preroll]');
    const frame = this.querySelector<HTMLElement>('[data-video-frame]');
    if (!ad) this.adDone = true;

    const play = (): void => {
      // Autoplay with sound is allowed after a tap; if the browser still refuses, the controls remain.
      void video.play().catch(() => undefined);
    };
    const endAd = (): void => {
      if (this.adTimer !== null) clearInterval(this.adTimer);
      this.adTimer = null;
      this.adDone = true;
      if (ad) ad.hidden = true;
      if (frame) frame.hidden = false;
      play();
    };
    const startAd = (): void => {
      if (!ad) return;
      const left = ad.querySelector('[data-preroll-left]');
      const skip = ad.querySelector<HTMLButtonElement>('[data-preroll-skip]');
      ad.hidden = false;
      if (frame) frame.hidden = true;
      let elapsed = 0;
      const paint = (): void => {
        const state = prerollState(elapsed);
        if (left) left.textContent = String(state.left);
        if (skip) {
          skip.disabled = state.skipIn > 0;
          skip.textContent = skipLabel(state);
        }
        if (state.over) endAd();
      };
      paint();
      if (this.adTimer !== null) clearInterval(this.adTimer);
      this.adTimer = setInterval(() => {
        elapsed += 1;
        paint();
      }, 1000);
    };
    this.querySelector('[data-preroll-skip]')?.addEventListener('click', endAd);

    document.addEventListener('click', (event) => {
      const cover = (event.target as Element).closest<HTMLElement>('[data-video-open]');
      const src = cover?.dataset['src'];
      if (!cover || !src) return;
      event.preventDefault();
      if (video.getAttribute('src') !== src) video.src = src;
      const poster = cover.dataset['poster'];
      if (poster) video.poster = poster;
      dialog.showModal();
      if (this.adDone) play();
      else startAd();
    });
    // The dialog's close event comes a task later, so the button pauses at once itself.
    const close = (): void => {
      video.pause();
      dialog.close();
    };
    this.querySelector('[data-popup-close]')?.addEventListener('click', close);
    // Esc and the back gesture's close end here: closing pauses, and an unfinished ad starts over next time.
    dialog.addEventListener('close', () => {
      video.pause();
      if (this.adTimer !== null) clearInterval(this.adTimer);
      this.adTimer = null;
    });
    // Spec 9: the video's own listeners after 500 ms. A play that comes before the ad is over (media keys,
    // a picture-in-picture control) waits for the ad.
    attachVideoListeners(video, {
      play: () => {
        if (!this.adDone && ad && ad.hidden) {
          video.pause();
          startAd();
        }
      },
    });
  }
}

export function defineVideoPopup(): void {
  if (!customElements.get('sc-video-popup')) customElements.define('sc-video-popup', VideoPopupElement);
}
