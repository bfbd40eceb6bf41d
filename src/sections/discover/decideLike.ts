/**
 * Spec 4, like on a discover post: liked only when the response carries a vote type and the post was
 * not yet liked, then the count + 1; otherwise only the server's message is shown. Tapping while liked
 * sends the call again (the caller always sends; this decides what the answer does).
 */
export interface LikeView {
  liked: boolean;
  count: number;
}

export type LikeOutcome = { kind: 'liked'; view: LikeView } | { kind: 'message'; message: string };

export function decideLikeAnswer(before: LikeView, res: { statusCode: number; message: string; data: { voteType?: number } | null }): LikeOutcome {
  if (res.statusCode === 200 && res.data?.voteType && !before.liked) return { kind: 'liked', view: { liked: true, count: before.count + 1 } };
  return { kind: 'message', message: res.message };
}
