/**
 * `<sc-interaction-bar>`: the like and comment bar's behaviour (InteractionBar.astro has the markup).
 * - A logged-in reader's like state and fresh counts are asked once (the page is cached anonymously).
 * - Like (spec 4, 8): login gate; already liked → 你已经点过赞了 with no call; otherwise the call, and on
 *   statusCode 200 the server's message with likes (and, for news, views) +1; bangbang items turn active
 *   only after statusCode 200. Transport failures are silent.
 * - Counts pushed over /sub (src/features/realtime) replace the shown ones; spec 4 lets a broadcast
 *   lower a like count.
 * The API client loads on first use, so the bar adds almost nothing to the page's first load.
 */
import { formatBadge, formatCount } from '../../lib/formatCount.ts';
import { watchToken } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import { $liveCounts, liveCountsKey, type LiveCounts } from '../realtime/liveCountsStore.ts';
import { decideLikeAnswer, decideLikeTap, type LikeCounts } from './decideLikeTap.ts';

const TOAST_MS = 2000;

const num = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

class InteractionBarElement extends HTMLElement {
  private counts: LikeCounts = { isDoLike: 0, likeNum: 0, views: 0 };
  private comments = 0;
  private busy = false;
  private unsubscribe: (() => void) | null = null;
  private stopWatching: (() => void) | null = null;
  private lastPush: LiveCounts | undefined;

  private get ids(): { classId: number; newsId: number } {
    return { classId: num(this.dataset['classId']), newsId: num(this.dataset['newsId']) };
  }

  private get bang(): boolean {
    return this.dataset['from'] === 'bang';
  }

  connectedCallback(): void {
    this.counts = { isDoLike: 0, likeNum: num(this.dataset['likeNum']), views: num(this.dataset['views']) };
    this.comments = num(this.dataset['comments']);
    this.addEventListener('click', this.onClick);
    const key = liveCountsKey(this.ids.classId, this.ids.newsId);
    this.unsubscribe = $liveCounts.subscribe((all) => {
      const pushed = all[key];
      if (!pushed || pushed === this.lastPush) return;
      this.lastPush = pushed;
      this.counts = { ...this.counts, likeNum: pushed.likeNum };
      this.comments = pushed.commentCount;
      this.paint();
    });
    // Live session (issue 14): a token arriving late from the app, a login in another tab or a refresh asks
    // the reader's like state; a logout shows the bar as anyone sees it.
    this.stopWatching = watchToken((token, previous) => {
      if (token) void this.fetchState();
      else if (previous) {
        this.counts = { ...this.counts, isDoLike: 0 };
        this.paint();
      }
    });
    // Tests and tools can tell the behaviour is in place (as hydration marks an island).
    this.dataset['ready'] = '';
  }

  disconnectedCallback(): void {
    this.removeEventListener('click', this.onClick);
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private readonly onClick = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[data-like]')) void this.like();
  };

  private async fetchState(): Promise<void> {
    try {
      const calls = await import('./interactionCalls.ts');
      const fresh = this.bang
        ? await calls.fetchBangLikeState(this.ids).then((res) => (res.statusCode === 200 ? { isDoLike: res.data.isDoLike, likeNum: res.data.likeNum, commentCount: res.data.commentCount } : null))
        : await calls.fetchLikeState(this.ids).then((res) => (res.statusCode === 200 ? { isDoLike: res.data.isDoLike, likeNum: res.data.doLikeNum, commentCount: res.data.commentCount } : null));
      // Issue 18: reading an article earns points; said in a short toast only when points were paid.
      if (!this.bang) {
        void calls
          .earnReadPoints(this.ids)
          .then((res) => res.statusCode === 200 && res.data.awarded === 1 && showToast(`阅读文章 +${res.data.points} 积分`, { type: 'text', duration: TOAST_MS }))
          .catch(() => {});
      }
      if (!fresh || !this.isConnected) return;
      this.counts = { ...this.counts, isDoLike: fresh.isDoLike, likeNum: fresh.likeNum };
      this.comments = fresh.commentCount;
      this.paint();
    } catch {
      // Silent by spec 8: the bar keeps the counts it was rendered with.
    }
  }

  private async like(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (!requireLogin()) return;
      const tap = decideLikeTap(this.counts.isDoLike);
      if (!tap.call) {
        showToast(tap.toast, { type: 'text', duration: TOAST_MS });
        return;
      }
      const calls = await import('./interactionCalls.ts');
      const res = await (this.bang ? calls.likeBangItem(this.ids) : calls.likeArticle(this.ids));
      // spec 4: a news like also counts a view; a bangbang item shows no views.
      const next = decideLikeAnswer(this.counts, res, { countsView: !this.bang });
      this.counts = next.counts;
      this.paint();
      if (next.toast) showToast(next.toast, { type: 'text', duration: TOAST_MS });
    } catch {
      // spec 8: transport failures are silent; the button stays as it was.
    } finally {
      this.busy = false;
    }
  }

  /** Puts the current counts into the server-rendered markup. */
  private paint(): void {
    const { isDoLike, likeNum, views } = this.counts;
    const like = this.querySelector<HTMLButtonElement>('[data-like]');
    if (like) {
      const liked = isDoLike === 1;
      like.setAttribute('aria-pressed', String(liked));
      like.setAttribute('aria-label', `${liked ? '已点赞' : '点赞'} ${likeNum}`);
      const count = like.querySelector('[data-count]');
      if (count) count.textContent = likeNum > 0 ? formatCount(likeNum) : '赞';
    }
    const viewsText = views > 0 ? `${formatCount(views)}阅读` : '';
    for (const el of this.querySelectorAll<HTMLElement>('[data-views-text]')) {
      el.textContent = viewsText;
      if (el.dataset['viewsText'] === 'toggle') el.hidden = views <= 0;
    }
    const icon = this.querySelector<HTMLElement>('[data-comment-icon]');
    icon?.setAttribute('aria-label', `评论 ${this.comments}`);
    const badge = this.querySelector<HTMLElement>('[data-badge]');
    if (badge) {
      const text = formatBadge(this.comments);
      badge.textContent = text;
      badge.hidden = text === '';
    }
  }
}

export function defineInteractionBar(): void {
  if (!customElements.get('sc-interaction-bar')) customElements.define('sc-interaction-bar', InteractionBarElement);
}
