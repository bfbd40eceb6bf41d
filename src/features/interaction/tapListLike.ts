/**
 * A tap on a like button inside a list (a comment's 赞, an answer's 赞; spec 4, 7.3, 8): the login gate;
 * already liked → 你已经点过赞了 with no call; otherwise the call, and after statusCode 200 the button is
 * active with its count +1 (unchanged when the like already existed) and the server's message is shown.
 * Transport failures are silent. The button carries `aria-pressed` and `data-like-num`; `paint` redraws
 * it (and any other button of the same item).
 */
import { showToast } from '../../stores/toast.ts';
import { decideLikeAnswer, decideLikeTap, type LikeAnswer } from './decideLikeTap.ts';

const TOAST_MS = 2000;

export async function tapListLike(button: HTMLElement, call: () => Promise<LikeAnswer>, paint: (liked: boolean, likeNum: number) => void): Promise<void> {
  const { requireLogin } = await import('../login-gate/requireLogin.ts');
  if (!requireLogin()) return;
  const liked = button.getAttribute('aria-pressed') === 'true' ? 1 : 0;
  const tap = decideLikeTap(liked);
  if (!tap.call) {
    showToast(tap.toast, { type: 'text', duration: TOAST_MS });
    return;
  }
  try {
    const res = await call();
    const next = decideLikeAnswer({ isDoLike: liked, likeNum: Number(button.dataset['likeNum'] ?? 0), views: 0 }, res, { countsView: false });
    paint(next.counts.isDoLike === 1, next.counts.likeNum);
    if (next.toast) showToast(next.toast, { type: 'text', duration: TOAST_MS });
  } catch {
    // spec 8: transport failures are silent; the button stays as it was.
  }
}
