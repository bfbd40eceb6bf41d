import { describe, expect, it, vi } from 'vitest';
import { $toast } from '../stores/toast.ts';
import { APP_LOGIN_PROMPT_MESSAGE, browserUi, buildLoginUrl, createBrowserUi, type BrowserLocation } from './browserUi.ts';

function fakeLocation(pathname: string, search = '', hash = ''): BrowserLocation & { assigned: string[] } {
  const assigned: string[] = [];
  return { pathname, search, hash, assigned, assign: (url) => assigned.push(url) };
}

describe('buildLoginUrl', () => {
  it.each([
    ['/shancheng/home/1', '/shancheng/LoginPage?mastLogin=true&redirect=%2Fshancheng%2Fhome%2F1'],
    ['/shancheng/NewsDetail?id=5&classId=2', '/shancheng/LoginPage?mastLogin=true&redirect=%2Fshancheng%2FNewsDetail%3Fid%3D5%26classId%3D2'],
  ])('%s → %s', (current, expected) => {
    expect(buildLoginUrl(current)).toBe(expected);
  });
});

describe('createBrowserUi', () => {
  it.each([
    ['/shancheng/NewsDetail', '?id=5', '#c', ['/shancheng/LoginPage?mastLogin=true&redirect=%2Fshancheng%2FNewsDetail%3Fid%3D5%23c']],
    ['/shancheng/LoginPage', '?mastLogin=true', '', []],
    ['/shancheng/loginpage', '', '', []],
  ])('goLogin from %s%s%s', (pathname, search, hash, expected) => {
    const loc = fakeLocation(pathname, search, hash);
    const ui = createBrowserUi({ location: () => loc, toast: vi.fn(), isInApp: () => false });
    ui.goLogin();
    expect(loc.assigned).toEqual(expected);
  });

  it('goLogin does nothing without a location (server)', () => {
    const ui = createBrowserUi({ location: () => null, toast: vi.fn(), isInApp: () => false });
    expect(() => ui.goLogin()).not.toThrow();
  });

  it('appLoginPrompt asks to log in to the app account', () => {
    const toast = vi.fn();
    createBrowserUi({ location: () => null, toast, isInApp: () => true }).appLoginPrompt();
    expect(toast).toHaveBeenCalledWith(APP_LOGIN_PROMPT_MESSAGE, expect.objectContaining({ type: 'text' }));
  });
});

describe('browserUi on the server (no window)', () => {
  it('shows nothing, navigates nowhere, and is not the app', () => {
    browserUi.toast('x', { type: 'text', duration: 1000 });
    browserUi.goLogin();
    expect($toast.get()).toBeNull();
    expect(browserUi.isInApp()).toBe(false);
  });
});
