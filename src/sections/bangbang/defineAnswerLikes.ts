/**
 * `<sc-answer-likes>`: the like buttons of the answers of a Q&A question (spec 9: type 6 by bangId).
 * The buttons are server-rendered; a logged-in reader's liked answers are asked once (the page is
 * rendered anonymously). A button turns active only after statusCode 200 (spec 4); an answer already
 * liked answers 你已经点过赞了 without a call (spec 8). The API client loads on first use.
 */
import { tapListLike } from '../../features/interaction/tapListLike.ts';
import { watchToken } from '../../stores/session.ts';

function paint(button: HTMLButtonElement, liked: boolean, likeNum: number): void {
  button.setAttribute('aria-pressed', String(liked));
  button.setAttribute('aria-label', `${liked ? '已赞' : '赞'}回答 ${likeNum}`);
  button.dataset['likeNum'] = String(likeNum);
  const count = button.querySelector('[data-count]');
  if (count) count.textContent = likeNum > 0 ? String(likeNum) : '赞';
}

class AnswerLikes extends HTMLElement {
  private busy = false;
  /** Counts the likes done here: an answer list asked before a like finished is older than the buttons. */
  private likesDone = 0;
  private stopWatching: (() => void) | null = null;

  connectedCallback(): void {
    this.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-answer-like]') : null;
      if (button) void this.like(button);
    });
    // Live session: marks the liked answers when a token arrives (late app token, another tab), unmarks on logout.
    this.stopWatching = watchToken((token, previous) => {
      if (token) void this.markLiked();
      else if (previous)
        for (const button of this.querySelectorAll<HTMLButtonElement>('[data-answer-like]')) paint(button, false, Number(button.dataset['likeNum']) || 0);
    });
  }

  disconnectedCallback(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private async markLiked(): Promise<void> {
    const questionId = Number(this.dataset['question']);
    const likesBefore = this.likesDone;
    try {
      const { fetchAnswers } = await import('../../features/interaction/interactionCalls.ts');
      const res = await fetchAnswers(questionId, 1);
      if (res.statusCode !== 200 || this.likesDone !== likesBefore) return;
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
    this.busy = true;
    try {
      await tapListLike(
        button,
        async () => (await import('../../features/interaction/interactionCalls.ts')).likeAnswer(Number(button.dataset['answerLike'])),
        (liked, likeNum) => {
          this.likesDone += 1;
          paint(button, liked, likeNum);
        },
      );
    } finally {
      this.busy = false;
    }
  }
}

export function defineAnswerLikes(): void {
  if (!customElements.get('sc-answer-likes')) customElements.define('sc-answer-likes', AnswerLikes);
}
