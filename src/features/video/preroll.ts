/**
 * The pre-roll ad before a video's first play (spec 5: the news flag `ad` hides it, nothing else) and the
 * spec 9 rule "Video listeners attach after 500 ms". Pure, for unit tests; defineVideoPopup.ts drives them.
 */

/** Spec 9: listeners on a <video> attach 500 ms after the player is set up. */
export const VIDEO_LISTENERS_DELAY_MS = 500;
/** The reader may skip the ad after this countdown. */
export const PREROLL_SKIP_AFTER_S = 5;
/** The ad ends by itself after this long. */
export const PREROLL_LENGTH_S = 15;

export interface PrerollState {
  /** Seconds of ad left (shown as 广告 N). */
  left: number;
  /** Seconds until 跳过广告 is allowed (0: allowed). */
  skipIn: number;
  over: boolean;
}

/** The ad after `elapsed` whole seconds. */
export function prerollState(elapsed: number): PrerollState {
  const e = Math.max(0, Math.floor(elapsed));
  return { left: Math.max(0, PREROLL_LENGTH_S - e), skipIn: Math.max(0, PREROLL_SKIP_AFTER_S - e), over: e >= PREROLL_LENGTH_S };
}

/** The skip button's text: a countdown, then 跳过广告. */
export function skipLabel(state: PrerollState): string {
  return state.skipIn > 0 ? `${state.skipIn} 秒后可跳过` : '跳过广告';
}

type Listeners = Partial<{ [K in keyof HTMLMediaElementEventMap]: (event: HTMLMediaElementEventMap[K]) => void }>;

/** Attaches `listeners` to `video` after VIDEO_LISTENERS_DELAY_MS (spec 9); returns a cancel for a player torn down first. */
export function attachVideoListeners(
  video: Pick<HTMLVideoElement, 'addEventListener'>,
  listeners: Listeners,
  schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): void {
  schedule(() => {
    for (const [type, listener] of Object.entries(listeners)) video.addEventListener(type, listener as EventListener);
  }, VIDEO_LISTENERS_DELAY_MS);
}
