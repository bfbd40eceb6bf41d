/** `<sc-video-popup>`: opens on a tap on any `[data-video-open]` cover and plays; closing pauses (spec 4). */
class VideoPopupElement extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector('dialog');
    const video = this.querySelector<HTMLVideoElement>('[data-popup-video]');
    if (!dialog || !video) return;
    document.addEventListener('click', (event) => {
      const cover = (event.target as Element).closest<HTMLElement>('[data-video-open]');
      const src = cover?.dataset['src'];
      if (!cover || !src) return;
      event.preventDefault();
      if (video.getAttribute('src') !== src) video.src = src;
      const poster = cover.dataset['poster'];
      if (poster) video.poster = poster;
      dialog.showModal();
      // Autoplay with sound is allowed after a tap; if the browser still refuses, the controls remain.
      void video.play().catch(() => undefined);
    });
    // The dialog's close event comes a task later, so the button pauses at once itself.
    const close = (): void => {
      video.pause();
      dialog.close();
    };
    this.querySelector('[data-popup-close]')?.addEventListener('click', close);
    // Esc and the back gesture's close end here: closing pauses.
    dialog.addEventListener('close', () => video.pause());
  }
}

export function defineVideoPopup(): void {
  if (!customElements.get('sc-video-popup')) customElements.define('sc-video-popup', VideoPopupElement);
}
