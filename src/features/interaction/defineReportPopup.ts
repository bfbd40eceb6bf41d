/**
 * `<sc-report-popup>`: the report popup's behaviour (ReportPopup.astro has the markup, spec 4, 5, 8).
 * Open: login gate, then the reasons are fetched and shown with earlier choices cleared; no reasons
 * (call failed or empty) → nothing opens. 取消 with no reason, 提交 with one or more; 提交 with none shows
 * 请选择举报内容. 举报成功 closes; any other answer shows the server's message and keeps the choices.
 * The API client loads on first use.
 */
import { showToast } from '../../stores/toast.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import { CHOOSE_REASON, decideReportButton, REPORTED, toggleReason } from './decideReportButton.ts';

const TOAST_MS = 2000;

const num = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

class ReportPopupElement extends HTMLElement {
  private reasons: string[] = [];
  private chosen: string[] = [];
  private busy = false;

  connectedCallback(): void {
    this.addEventListener('click', this.onClick);
    this.addEventListener('keydown', this.onKey);
    this.dataset['ready'] = '';
  }

  disconnectedCallback(): void {
    this.removeEventListener('click', this.onClick);
    this.removeEventListener('keydown', this.onKey);
  }

  private get mask(): HTMLElement | null {
    return this.querySelector<HTMLElement>('[data-mask]');
  }

  private readonly onClick = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest('[data-open]')) {
      void this.open();
      return;
    }
    if (target === this.mask) {
      this.close();
      return;
    }
    const reason = target.closest<HTMLButtonElement>('[data-reason]');
    if (reason) {
      this.chosen = toggleReason(this.reasons, this.chosen, reason.dataset['reason'] ?? '');
      this.paint();
      return;
    }
    if (target.closest('[data-action]')) {
      if (decideReportButton(this.chosen) === '提交') void this.submit();
      else this.close();
    }
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.mask && !this.mask.hidden) this.close();
  };

  private async open(): Promise<void> {
    if (this.busy || !requireLogin()) return;
    this.busy = true;
    try {
      const { fetchReportOptions } = await import('./interactionCalls.ts');
      const res = await fetchReportOptions();
      if (res.statusCode !== 200 || res.data.type.length === 0) return;
      this.reasons = res.data.type;
      this.chosen = [];
      this.renderReasons();
      this.busy = false;
      this.paint();
      const mask = this.mask;
      if (mask) mask.hidden = false;
      this.querySelector<HTMLButtonElement>('[data-reason]')?.focus();
    } catch {
      // spec 8: report options call not 200 → no options are loaded.
    } finally {
      this.busy = false;
    }
  }

  private close(): void {
    const mask = this.mask;
    if (mask) mask.hidden = true;
    this.querySelector<HTMLButtonElement>('[data-open]')?.focus();
  }

  private async submit(): Promise<void> {
    if (this.chosen.length === 0) {
      showToast(CHOOSE_REASON, { type: 'text', duration: TOAST_MS });
      return;
    }
    if (this.busy) return;
    this.busy = true;
    this.paint();
    try {
      const { reportArticle } = await import('./interactionCalls.ts');
      const ids = { classId: num(this.dataset['classId']), newsId: num(this.dataset['newsId']) };
      const res = await reportArticle(this.dataset['from'] === 'bang' ? { ...ids, from: 'bang' } : ids, this.chosen);
      if (res.statusCode === 200) {
        showToast(REPORTED, { type: 'text', duration: TOAST_MS });
        this.close();
      } else if (res.statusCode !== 301 && res.statusCode !== 302) {
        showToast(res.message, { type: 'text', duration: TOAST_MS });
      }
    } catch {
      // Silent by spec 8; the popup stays open with the choices kept.
    } finally {
      this.busy = false;
      this.paint();
    }
  }

  /** One button per reason from the server (text only: textContent, never markup). */
  private renderReasons(): void {
    const box = this.querySelector<HTMLElement>('[data-reasons]');
    if (!box) return;
    box.replaceChildren(
      ...this.reasons.map((reason) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset['reason'] = reason;
        button.textContent = reason;
        return button;
      }),
    );
  }

  private paint(): void {
    for (const button of this.querySelectorAll<HTMLButtonElement>('[data-reason]')) {
      button.setAttribute('aria-pressed', String(this.chosen.includes(button.dataset['reason'] ?? '')));
    }
    const hint = this.querySelector<HTMLElement>('[data-hint]');
    if (hint) hint.hidden = this.chosen.length > 0;
    const action = this.querySelector<HTMLButtonElement>('[data-action]');
    if (action) {
      const label = decideReportButton(this.chosen);
      action.textContent = label;
      action.toggleAttribute('data-submit', label === '提交');
      action.disabled = this.busy;
    }
  }
}

export function defineReportPopup(): void {
  if (!customElements.get('sc-report-popup')) customElements.define('sc-report-popup', ReportPopupElement);
}
