// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast } from '../../stores/toast.ts';
import { LONG_PRESS_MS, watchLongPress } from './longPressSave.ts';

/** jsdom has no PointerEvent: a MouseEvent of the pointer type carries the coordinates the code reads. */
function pointer(type: string, target: Element, x = 10, y = 10): void {
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y }));
}

let area: HTMLElement;
let img: HTMLImageElement;
let clicks: string[];

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div id="area"><img src="/media/p/1.webp" alt="图"></div>';
  area = document.getElementById('area')!;
  img = area.querySelector('img')!;
  clicks = [];
  // The save is a download link clicked once.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
  $toast.set(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('long-press save (spec 9: 700 ms)', () => {
  it('saves the picture after 700 ms held, not before', () => {
    const { state } = watchLongPress(area);
    pointer('pointerdown', img);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(clicks).toEqual(['1.webp']);
    expect($toast.get()?.message).toBe('图片已开始保存');
    expect(state.longPressed).toBe(true);
  });

  it.each([
    ['lifting the finger early', () => pointer('pointerup', img)],
    ['dragging more than 10 px', () => pointer('pointermove', img, 30, 10)],
    ['a second finger (a pinch)', () => pointer('pointerdown', img, 50, 50)],
  ])('is cancelled by %s', (_name, interrupt) => {
    const { state } = watchLongPress(area);
    pointer('pointerdown', img);
    vi.advanceTimersByTime(300);
    interrupt();
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(clicks).toEqual([]);
    expect(state.longPressed).toBe(false);
  });

  it('does nothing once stopped (the viewer closed)', () => {
    const { stop } = watchLongPress(area);
    stop();
    pointer('pointerdown', img);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(clicks).toEqual([]);
  });
});
