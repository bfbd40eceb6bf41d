/** The one toast on screen (rendered by the toast host in AppShell). A new toast replaces the old. */
import { atom } from 'nanostores';

export type ToastType = 'text' | 'loading';

export interface ToastState {
  message: string;
  type: ToastType;
  /** Epoch ms at which the toast goes away. */
  until: number;
  /** Changes with every toast, so a host can restart its animation for an identical message. */
  id: number;
}

export interface ToastOptions {
  type: ToastType;
  duration: number;
  /**
   * A notice nobody asked for (e.g. 阅读文章 +N 积分): it never replaces a toast that answers the
   * reader's own tap (点赞成功 …); it waits until that one is gone, and any later toast replaces it.
   */
  notice?: boolean;
}

export const $toast = atom<ToastState | null>(null);

let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

let waiting: (() => void) | undefined;

/** Shows a toast for `duration` ms, replacing any toast already shown (a notice waits its turn). */
export function showToast(message: string, { type, duration, notice = false }: ToastOptions): void {
  if (notice && $toast.get() !== null) {
    // One notice waits at most; it shows once the toast on screen has gone.
    waiting?.();
    const stop = $toast.listen((now) => {
      if (now !== null) return;
      stop();
      waiting = undefined;
      showToast(message, { type, duration, notice });
    });
    waiting = stop;
    return;
  }
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  const id = nextId++;
  $toast.set({ message, type, until: Date.now() + duration, id });
  hideTimer = setTimeout(() => {
    hideTimer = undefined;
    // Only hide the toast this timer belongs to.
    if ($toast.get()?.id === id) $toast.set(null);
  }, duration);
}

export function hideToast(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
  $toast.set(null);
}
