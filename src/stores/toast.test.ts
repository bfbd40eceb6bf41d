import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, hideToast, showToast } from './toast.ts';

describe('$toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    hideToast();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['text', 1500],
    ['loading', 3000],
  ] as const)('shows a %s toast for %i ms', (type, duration) => {
    showToast('你好', { type, duration });
    expect($toast.get()).toMatchObject({ message: '你好', type, until: 1_000_000 + duration });
    vi.advanceTimersByTime(duration - 1);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('replaces the previous toast, and the old timer does not hide the new one', () => {
    showToast('第一条', { type: 'text', duration: 1000 });
    vi.advanceTimersByTime(500);
    showToast('第二条', { type: 'loading', duration: 3000 });
    expect($toast.get()).toMatchObject({ message: '第二条', type: 'loading' });
    vi.advanceTimersByTime(600);
    expect($toast.get()?.message).toBe('第二条');
    vi.advanceTimersByTime(2400);
    expect($toast.get()).toBeNull();
  });

  it('gives each toast a new id', () => {
    showToast('同一条', { type: 'text', duration: 1000 });
    const first = $toast.get()?.id;
    showToast('同一条', { type: 'text', duration: 1000 });
    expect($toast.get()?.id).not.toBe(first);
  });

  it('hideToast clears it at once', () => {
    showToast('x', { type: 'text', duration: 1000 });
    hideToast();
    expect($toast.get()).toBeNull();
  });
});

describe('a notice toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    hideToast();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not replace the toast of a tap; it shows once that one is gone', () => {
    showToast('点赞成功', { type: 'text', duration: 2000 });
    showToast('阅读文章 +5 积分', { type: 'text', duration: 2000, notice: true });
    expect($toast.get()?.message).toBe('点赞成功');
    vi.advanceTimersByTime(2000);
    expect($toast.get()?.message).toBe('阅读文章 +5 积分');
    vi.advanceTimersByTime(2000);
    expect($toast.get()).toBeNull();
  });

  it('shows at once on an empty screen, and a tap replaces it', () => {
    showToast('阅读文章 +5 积分', { type: 'text', duration: 2000, notice: true });
    expect($toast.get()?.message).toBe('阅读文章 +5 积分');
    showToast('点赞成功', { type: 'text', duration: 2000 });
    expect($toast.get()?.message).toBe('点赞成功');
  });

  it('a newer notice takes the place of a waiting one', () => {
    showToast('评论成功', { type: 'text', duration: 1000 });
    showToast('第一条通知', { type: 'text', duration: 1000, notice: true });
    showToast('第二条通知', { type: 'text', duration: 1000, notice: true });
    vi.advanceTimersByTime(1000);
    expect($toast.get()?.message).toBe('第二条通知');
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toBeNull();
  });
});
