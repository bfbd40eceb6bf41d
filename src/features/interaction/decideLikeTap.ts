/**
 * What a tap on the article like button does (spec 4 "Like on news detail", spec 8): no call when
 * already liked (notice 你已经点过赞了); otherwise the call, and on statusCode 200 the server message as
 * a toast with likes and views +1 (unless the server says the like already existed); 100 → 点赞失败.
 */
export const ALREADY_LIKED = '你已经点过赞了';
export const LIKE_FAILED = '点赞失败';

export type LikeTap = { call: false; toast: string } | { call: true };

export function decideLikeTap(isDoLike: number): LikeTap {
  return isDoLike === 1 ? { call: false, toast: ALREADY_LIKED } : { call: true };
}

export interface LikeCounts {
  isDoLike: number;
  likeNum: number;
  views: number;
}

export interface LikeAnswer {
  statusCode: number;
  message: string;
  data: { likeNum: number } | null;
}

/** The counts after an answer, and the toast to show (null: the client already handled it, e.g. 301). */
export function decideLikeAnswer(before: LikeCounts, answer: LikeAnswer, options: { countsView?: boolean } = {}): { counts: LikeCounts; toast: string | null } {
  if (answer.statusCode === 200) {
    // A like that already existed (a retry, another tab) changes no count on this page.
    const fresh = answer.message !== ALREADY_LIKED;
    return {
      counts: {
        // Active only now, after statusCode 200 (spec 4: Q&A and politics likes).
        isDoLike: 1,
        likeNum: fresh ? before.likeNum + 1 : Math.max(before.likeNum, answer.data?.likeNum ?? before.likeNum),
        views: fresh && options.countsView !== false ? before.views + 1 : before.views,
      },
      toast: likeToast(answer),
    };
  }
  return { counts: before, toast: likeToast(answer) };
}

/** What an answer to a like says (spec 4 and 8): the server's message; nothing for a login redirect; 点赞失败 for 100. */
function likeToast(answer: Pick<LikeAnswer, 'statusCode' | 'message'>): string | null {
  if (answer.statusCode === 200) return answer.message || null;
  if (answer.statusCode === 301 || answer.statusCode === 302) return null;
  return answer.statusCode === 100 ? LIKE_FAILED : answer.message || LIKE_FAILED;
}

/**
 * The toast of a like the outbox sent later (ADR 032), as if it had been sent now: the server's envelope decides
 * (spec 4's message, a silent login redirect, 点赞失败 for statusCode 100); a refusal without one says the
 * server's words, if any.
 */
export function queuedLikeToast(answer: LikeAnswer | undefined, message = ''): string | null {
  return answer ? likeToast(answer) : message || null;
}
