/** `<sc-tip-hotline>`: opens and closes the hot-line sheet and copies the number (spec 8: 复制失败). */
import { showToast } from '../../stores/toast.ts';

export const COPY_FAILED = '复制失败';

class TipHotline extends HTMLElement {
  connectedCallback(): void {
    const sheet = this.querySelector<HTMLElement>('[data-sheet]');
    if (!sheet) return;
    this.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      if (target.closest('[data-open]')) sheet.hidden = false;
      else if (target.closest('[data-close]') || target === sheet) sheet.hidden = true;
      else if (target.closest('[data-copy]')) void this.copy(sheet);
    });
  }

  private async copy(sheet: HTMLElement): Promise<void> {
    const tel = this.dataset['tel'] ?? '';
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(tel);
      sheet.hidden = true;
      showToast('已复制', { type: 'text', duration: 1500 });
    } catch {
      alert(COPY_FAILED);
    }
  }
}

export function defineTipHotline(): void {
  if (!customElements.get('sc-tip-hotline')) customElements.define('sc-tip-hotline', TipHotline);
}
