/**
 * `<sc-comment-list>`: delete on the reader's own comments (spec 5). The delete buttons are in the HTML,
 * hidden; a style rule keyed by the reader's user id shows them, so pages appended later by
 * sc-more-list need no extra work. The server decides ownership again (security.md E34).
 * Flow: 提示 / 你确定要删除吗？ → deleteComment → 删除成功！ → reload after 1 s (spec 8, 9).
 * `data-from="bang"` on the element: the comments of a bangbang item, deleted with id=plId&from=bang (spec 7.4).
 * Likes (spec 7.3: type 2, type 3 on the bangbang board): login gate; a comment already liked answers
 * 你已经点过赞了 with no call; otherwise the call, active and +1 after statusCode 200. The page is cached
 * anonymously, so a logged-in reader's liked comments of the first page (or of the thread,
 * `data-thread`) are asked once; a later page's liked comment is marked by the server's answer on a tap.
 */
import { $session, watchToken } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import type { CommentItem, CommentReply } from '../../contract/interaction.ts';
import { formatCount } from '../../lib/formatCount.ts';
import type { ArticleRef } from './commentLinks.ts';
import { ownCommentsCss } from './ownCommentsCss.ts';
import { tapListLike } from './tapListLike.ts';
import { LIVE_REPORT_CLASS_ID } from './reportPlatform.ts';

/** Spec 9: reload after delete 1 s. */
export const RELOAD_AFTER_DELETE_MS = 1000;
const TOAST_MS = 2000;
/** How many more comments than the page shows are asked, for the reader's own in review. */
const HELD_ROOM = 10;
let ownSheet: CSSStyleSheet | null = null;
let ownRule: CSSRule | null = null;

/**
 * Puts the reader's own-comments rule in (or takes it out) through the CSSOM: the page CSP allows only
 * hashed <style> elements (ADR 009), and a constructed sheet (or insertRule on our own stylesheet) is not an
 * inline style. Called again whenever the reader changes (login, logout, another tab).
 */
function setOwnRule(css: string | null): void {
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!ownSheet) {
      ownSheet = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, ownSheet];
    }
    ownSheet.replaceSync(css ?? '');
    return;
  }
  if (ownSheet && ownRule) {
    const index = Array.from(ownSheet.cssRules).indexOf(ownRule);
    if (index >= 0) ownSheet.deleteRule(index);
    ownRule = null;
  }
  if (!css) return;
  ownSheet ??=
    Array.from(document.styleSheets).find((sheet) => {
      try {
        return sheet.cssRules.length >= 0;
      } catch {
        return false; // another origin's sheet
      }
    }) ?? null;
  if (!ownSheet) return;
  const index = ownSheet.insertRule(css, ownSheet.cssRules.length);
  ownRule = ownSheet.cssRules[index] ?? null;
}

/** A comment's like button as liked or not, with its count (赞 at 0). */
function paintLike(button: HTMLButtonElement, liked: boolean, likeNum: number): void {
  button.setAttribute('aria-pressed', String(liked));
  button.setAttribute('aria-label', `${liked ? '已赞评论' : '赞评论'} ${likeNum}`);
  button.dataset['likeNum'] = String(likeNum);
  const count = button.querySelector('[data-count]');
  if (count) count.textContent = likeNum > 0 ? formatCount(likeNum) : '赞';
}

class CommentListElement extends HTMLElement {
  private pending: number | null = null;
  private liking = false;
  /** Counts the likes done here: a list of liked comments asked before a like finished is older than the buttons. */
  private likesDone = 0;

  private stopWatching: (() => void) | null = null;

  connectedCallback(): void {
    this.addEventListener('click', (event) => this.onClick(event));
    // Live session: a late app token, a login in another tab or a refresh marks the liked comments; a
    // logout unmarks them.
    this.stopWatching = watchToken((token, previous) => {
      if (token) {
        void this.markLiked();
      } else if (previous) {
        for (const button of this.querySelectorAll<HTMLButtonElement>('[data-comment-like]')) paintLike(button, false, Number(button.dataset['likeNum']) || 0);
        for (const own of this.querySelectorAll('li[data-own]')) own.remove();
      }
    });
    this.dataset['ready'] = '';
  }

  disconnectedCallback(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private get ref(): ArticleRef {
    const ids = { classId: Number(this.dataset['classId']), newsId: Number(this.dataset['newsId']) };
    const from = this.dataset['from'];
    return from === 'bang' || from === 'quan' ? { ...ids, from } : ids;
  }

  /**
   * Marks the comments the reader liked, as the API tells them with the reader's token, and draws in the reader's
   * own comments in review (审核中, 未通过：reason), which the cached page never holds (ownHeldComments.ts).
   */
  private async markLiked(): Promise<void> {
    const likesBefore = this.likesDone;
    try {
      const calls = await import('./interactionCalls.ts');
      const thread = Number(this.dataset['thread']);
      const shown = this.querySelectorAll('[data-comment-like]').length;
      // Room for the reader's own newest comments in review above what the page shows.
      const size = Math.min(50, shown + HELD_ROOM);
      let items: Array<CommentItem | CommentReply> = [];
      if (Number.isSafeInteger(thread) && thread > 0) {
        const res = await calls.fetchThread(this.ref, thread, size);
        if (res.statusCode === 200) items = [res.data.comment, ...res.data.list];
      } else {
        const res = await calls.fetchComments(this.ref, size);
        if (res.statusCode === 200) items = res.data.flatMap((c) => [c, ...c.subComments]);
      }
      if ($session.get().token) {
        const { drawHeld } = await import('./ownHeldComments.ts');
        drawHeld(this, items, Number.isSafeInteger(thread) && thread > 0 ? thread : null);
      }
      // A like finished while the list was asked: the buttons are newer than this answer.
      if (this.likesDone !== likesBefore) return;
      for (const item of items) {
        for (const button of this.querySelectorAll<HTMLButtonElement>(`[data-comment-like="${item.id}"]`)) {
          paintLike(button, item.isDoLike === 1, item.zcNum);
        }
      }
    } catch {
      // Silent by spec 8: the buttons stay as rendered.
    }
  }

  private async likeComment(button: HTMLButtonElement): Promise<void> {
    if (this.liking) return;
    this.liking = true;
    const id = button.dataset['commentLike'] ?? '';
    try {
      await tapListLike(
        button,
        async () => (await import('./interactionCalls.ts')).likeComment(this.ref, Number(id)),
        // The same comment may show twice (a thread's root and a list entry): both follow.
        (liked, likeNum) => {
          this.likesDone += 1;
          this.querySelectorAll<HTMLButtonElement>(`[data-comment-like="${id}"]`).forEach((same) => paintLike(same, liked, likeNum));
        },
      );
    } finally {
      this.liking = false;
    }
  }

  /**
   * Spec 7.4, 9: 举报 on a comment or reply posts /api/comment/doReport through the reasons popup (login
   * first, at least one reason; 举报成功 closes it). The page's platform id is on the button.
   */
  private reportComment(button: HTMLElement): void {
    const ref = this.ref;
    const platformId = Number(button.dataset['platform']) || 0;
    const body = {
      commentId: Number(button.dataset['reportComment']),
      classId: platformId === 1 ? LIVE_REPORT_CLASS_ID : ref.classId,
      newsId: ref.newsId,
      platformId,
    };
    // Loaded on the first 举报 only (most readers never report: ADR 001 budgets).
    void import('./reportStore.ts').then(({ openReport }) =>
      openReport({ kind: 'custom', submit: async (content) => (await import('./interactionCalls.ts')).reportComment(body, content) }),
    );
  }

  private get dialog(): HTMLElement | null {
    return this.querySelector<HTMLElement>('[data-confirm]');
  }

  private onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const like = target.closest<HTMLButtonElement>('[data-comment-like]');
    if (like) {
      void this.likeComment(like);
      return;
    }
    const report = target.closest<HTMLElement>('[data-report-comment]');
    if (report) {
      this.reportComment(report);
      return;
    }
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
      // The API client loads on the first delete only: most readers never delete (ADR 001 budgets).
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

let watchingOwner = false;

export function defineCommentList(): void {
  if (!watchingOwner) {
    watchingOwner = true;
    let userId: string | null = null;
    $session.subscribe((session) => {
      if (session.userId === userId) return;
      userId = session.userId;
      setOwnRule(ownCommentsCss(userId));
    });
  }
  if (!customElements.get('sc-comment-list')) customElements.define('sc-comment-list', CommentListElement);
}
