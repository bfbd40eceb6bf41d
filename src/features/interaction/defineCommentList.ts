/**
 * `<sc-comment-list>`: delete on the reader's own comments (spec 5). The delete buttons are in the HTML,
 * hidden; a style rule keyed by the reader's user id shows them, so pages appended later by
 * sc-more-list need no extra work. The server decides ownership again (security.md E34).
 * Flow: 提示 / 你确定要删除吗？ → deleteComment → 删除成功！ → reload after 1 s (spec 8, 9).
 * `data-from="bang"` on the element: the comments of a bangbang item, deleted with id=plId&from=bang (spec 7.4).
 */
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { ownCommentsCss } from './ownCommentsCss.ts';

/** Spec 9: reload after delete 1 s. */
export const RELOAD_AFTER_DELETE_MS = 1000;
const TOAST_MS = 2000;
/** Marks the document once the own-comments rule is in (several lists may connect). */
const STYLE_FLAG = 'scOwnComments';

/**
 * Adds a rule through the CSSOM: the page CSP allows only hashed <style> elements (ADR 009), and a
 * constructed sheet (or insertRule on our own stylesheet) is not an inline style.
 */
function addRule(css: string): void {
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const own = Array.from(document.styleSheets).find((sheet) => {
    try {
      return sheet.cssRules.length >= 0;
    } catch {
      return false; // another origin's sheet
    }
  });
  own?.insertRule(css, own.cssRules.length);
}

class CommentListElement extends HTMLElement {
  private pending: number | null = null;

  connectedCallback(): void {
    const css = ownCommentsCss($session.get().userId);
    if (css && document.documentElement.dataset[STYLE_FLAG] === undefined) {
      document.documentElement.dataset[STYLE_FLAG] = '';
      addRule(css);
    }
    this.addEventListener('click', (event) => this.onClick(event));
  }

  private get dialog(): HTMLElement | null {
    return this.querySelector<HTMLElement>('[data-confirm]');
  }

  private onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const del = target.closest<HTMLElement>('[data-delete]');
    if (del) {
      if (!$session.get().token) {
        void import('../login-gate/requireLogin.ts').then((m) => m.requireLogin());
        return;
      }
      this.pending = Number(del.dataset['delete']);
      const dialog = this.dialog;
      if (dialog) {
        dialog.hidden = false;
        dialog.querySelector<HTMLButtonElement>('[data-confirm-yes]')?.focus();
      }
      return;
    }
    if (target.closest('[data-confirm-no]')) this.close();
    else if (target.closest('[data-confirm-yes]')) void this.deleteComment();
  }

  private close(): void {
    this.pending = null;
    if (this.dialog) this.dialog.hidden = true;
  }

  private async deleteComment(): Promise<void> {
    const plId = this.pending;
    this.close();
    if (plId === null) return;
    try {
      // The API client loads on the first delete only: most readers never delete (issue 7 budgets).
      const { deleteComment } = await import('./interactionCalls.ts');
      const res = await deleteComment(plId, this.dataset['from'] === 'bang');
      if (res.statusCode === 200) {
        showToast(res.message || '删除成功！', { type: 'text', duration: TOAST_MS });
        setTimeout(() => location.reload(), RELOAD_AFTER_DELETE_MS);
      } else if (res.statusCode !== 301 && res.statusCode !== 302) {
        // The client already handled 301/302 (login); any other refusal is the server's message.
        showToast(res.message, { type: 'text', duration: TOAST_MS });
      }
    } catch {
      // Network failures are silent by spec 8; the comment stays and the reader can try again.
    }
  }
}

export function defineCommentList(): void {
  if (!customElements.get('sc-comment-list')) customElements.define('sc-comment-list', CommentListElement);
}
