/**
 * Spec 9: a long press (700 ms) on a picture saves it. Used by the photo set's strip and by the full-screen
 * viewer; a second finger (a pinch), a drag or lifting the finger earlier cancels it.
 */
import { showToast } from '../../stores/toast.ts';

export const LONG_PRESS_MS = 700;

export function savePicture(img: HTMLImageElement): void {
  const link = document.createElement('a');
  link.href = img.currentSrc || img.src;
  link.download = link.href.split('/').pop()?.split('?')[0] ?? 'picture';
  document.body.append(link);
  link.click();
  link.remove();
  showToast('图片已开始保存', { type: 'text', duration: 2000 });
}

export interface LongPressState {
  /** True once the press that is (or was last) down saved its picture. */
  longPressed: boolean;
  /** How far the pointer moved since it went down (px). */
  moved: number;
}

/** Wires the long press on the pictures inside `area`; returns the state of the last press and a stop function. */
export function wireLongPress(area: HTMLElement): () => void {
  return watchLongPress(area).stop;
}

export function watchLongPress(area: HTMLElement): { state: LongPressState; stop: () => void } {
  const state: LongPressState = { longPressed: false, moved: 0 };
  let timer = 0;
  let startX = 0;
  let startY = 0;
  let pointers = 0;
  const cancel = (): void => window.clearTimeout(timer);
  const down = (event: PointerEvent): void => {
    pointers += 1;
    const img = event.target instanceof Element ? event.target.closest('img') : null;
    cancel();
    state.longPressed = false;
    state.moved = 0;
    if (!img || pointers > 1) return;
    startX = event.clientX;
    startY = event.clientY;
    timer = window.setTimeout(() => {
      state.longPressed = true;
      savePicture(img);
    }, LONG_PRESS_MS);
  };
  const move = (event: PointerEvent): void => {
    state.moved = Math.max(state.moved, Math.hypot(event.clientX - startX, event.clientY - startY));
    if (state.moved > 10) cancel();
  };
  const up = (): void => {
    pointers = Math.max(0, pointers - 1);
    cancel();
  };
  // The long press replaces the browser's own context menu on the picture.
  const menu = (event: Event): void => {
    if (event.target instanceof Element && event.target.closest('img')) event.preventDefault();
  };
  const listeners: Array<[string, EventListener]> = [
    ['pointerdown', down as EventListener],
    ['pointermove', move as EventListener],
    ['pointerup', up],
    ['pointercancel', up],
    ['pointerleave', cancel],
    ['scroll', cancel],
    ['contextmenu', menu],
  ];
  for (const [type, fn] of listeners) area.addEventListener(type, fn);
  return {
    state,
    stop: () => {
      cancel();
      for (const [type, fn] of listeners) area.removeEventListener(type, fn);
    },
  };
}
