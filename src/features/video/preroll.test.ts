import { describe, expect, it, vi } from 'vitest';
import { attachVideoListeners, PREROLL_LENGTH_S, prerollState, skipLabel, VIDEO_LISTENERS_DELAY_MS } from './preroll.ts';

describe('attachVideoListeners — spec 9 "Video listeners attach after 500 ms"', () => {
  it('schedules the listeners 500 ms out and attaches nothing before', () => {
    const added: string[] = [];
    const video = { addEventListener: (type: string) => added.push(type) };
    let scheduled: { fn: () => void; ms: number } | null = null;
    attachVideoListeners(video, { play: () => undefined, ended: () => undefined }, (fn, ms) => (scheduled = { fn, ms }));
    expect(VIDEO_LISTENERS_DELAY_MS).toBe(500);
    expect(scheduled!.ms).toBe(500);
    expect(added).toEqual([]);
    scheduled!.fn();
    expect(added).toEqual(['play', 'ended']);
  });
  it('with the real timer: not at 499 ms, at 500 ms', () => {
    vi.useFakeTimers();
    const play = vi.fn();
    const target = new EventTarget();
    attachVideoListeners(target as unknown as HTMLVideoElement, { play });
    vi.advanceTimersByTime(499);
    target.dispatchEvent(new Event('play'));
    expect(play).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    target.dispatchEvent(new Event('play'));
    expect(play).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('prerollState — the pre-roll ad before the first play, skippable after its countdown', () => {
  it.each([
    [0, { left: 15, skipIn: 5, over: false }, '5 秒后可跳过'],
    [4, { left: 11, skipIn: 1, over: false }, '1 秒后可跳过'],
    [5, { left: 10, skipIn: 0, over: false }, '跳过广告'],
    [PREROLL_LENGTH_S, { left: 0, skipIn: 0, over: true }, '跳过广告'],
  ])('after %i s', (elapsed, state, label) => {
    expect(prerollState(elapsed)).toEqual(state);
    expect(skipLabel(prerollState(elapsed))).toBe(label);
  });
});
