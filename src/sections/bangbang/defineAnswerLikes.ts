/**
 * `<sc-answer-likes>`: the like buttons of the answers of a Q&A question (spec 9: type 6 by bangId).
 * The buttons are server-rendered; a logged-in reader's liked answers are asked once (the page is
 * rendered anonymously). A button turns active only after statusCode 200 (spec 4); an answer already
 * liked answers 你已经点过赞了 without a call (spec 8). The API client loads on first use.
 */
import { decideLikeAnswer, decideLikeTap } from '../../features/interaction/decideLikeTap.ts';
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';

const TOAST_MS = 2000;

function paint(button: HTMLButtonElement, liked: boolean, likeNum: number): void {
  button.setAttribute('aria-pressed', String(liked));
  button.setAttribute('aria-label', `${liked ? '已赞' : '赞'}回答 ${likeNum}`);
  button.dataset['likeNum'] = String(likeNum);
  const count = button.querySelector('[data-count]');
  if (count) count.textContent = likeNum > 0 ? String(likeNum) : '赞';
}

class AnswerLikes extends HTMLElement {
  private busy = false;

  connectedCallback(): void {
    this.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-answer-like]') : null;
      if (button) void this.like(button);
    });
    if ($session.get().token) void this.markLiked();
  }

  private async markLiked(): Promise<void> {
    const questionId = Number(this.dataset['question']);
    try {
      const { fetchAnswers } = await import('../../features/interaction/interactionCalls.ts');
      const res = await fetchAnswers(questionId, 1);
      if (res.statusCode !== 200) return;
      for (const answer of res.data) {
        const button = this.querySelector<HTMLButtonElement>(`[data-answer-like="${answer.id}"]`);
        if (button) paint(button, answer.isDoLike === 1, answer.likeNum);
      }
    } catch {
      // Silent by spec 8: the buttons stay as rendered.
    }
  }

  private async like(button: HTMLButtonElement): Promise<void> {
    if (this.busy) return;
    const { requireLogin } = await import('../../features/login-gate/requireLogin.ts');
    if (!requireLogin()) return;
    const liked = button.getAttribute('aria-pressed') === 'true' ? 1 : 0;
    const tap = decideLikeTap(liked);
    if (!tap.call) {
      showToast(tap.toast, { type: 'text', duration: TOAST_MS });
      return;
    }
    this.busy = true;
    try {
      const { likeAnswer } = await import('../../features/interaction/interactionCalls.ts');
      const res = await likeAnswer(Number(button.dataset['answerLike']));
      const next = decideLikeAnswer({ isDoLike: liked, likeNum: Number(button.dataset['likeNum'] ?? 0), views: 0 }, res, { countsView: false });
      paint(button, next.counts.isDoLike === 1, next.counts.likeNum);
      if (next.toast) showToast(next.toast, { type: 'text', duration: TOAST_MS });
    } catch {
      // spec 8: transport failures are silent; the button stays as it was.
    } finally {
      this.busy = false;
    }
  }
}

export function defineAnswerLikes(): void {
  if (!customElements.get('sc-answer-likes')) customElements.define('sc-answer-likes', AnswerLikes);
}
