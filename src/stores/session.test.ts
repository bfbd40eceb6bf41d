import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../client/storage.ts';
import { createSessionModel, SESSION_STORAGE_KEYS, watchToken, type SessionDeps } from './session.ts';

const DEVICE = '0123456789abcdef0123456789abcdef';

function setup(initial: Record<string, string> = {}, autoLoad = false) {
  const storage = createMemoryStorage(initial);
  const deps: SessionDeps = { storage, deviceId: () => DEVICE, autoLoad };
  return { storage, model: createSessionModel(deps) };
}

const LOGGED_IN = {
  token: 't-1',
  tokenType: 'Bearer',
  userId: '42',
  syPhone: '13800000000',
  nickname: '山城读者',
  unionId: 'u-9',
  userPic: 'https://img.example/a.png',
};

describe('session model', () => {
  it('loads every spec key and the device id', () => {
    const { model } = setup(LOGGED_IN);
    expect(model.loadSession()).toEqual({ ...LOGGED_IN, deviceId: DEVICE });
    expect(model.$session.get()).toEqual({ ...LOGGED_IN, deviceId: DEVICE });
  });

  it.each([
    ['a token in storage', { token: 'abc' }, true],
    ['no token', {}, false],
    ['an empty token', { token: '' }, false],
  ])('isLoggedIn with %s → %s', (_name, initial, expected) => {
    expect(setup(initial).model.isLoggedIn()).toBe(expected);
  });

  it('setSession persists and updates memory; null clears', () => {
    const { model, storage } = setup({ nickname: 'old' });
    model.setSession({ token: 'new', userId: 7, nickname: null });
    expect(storage.getItem('token')).toBe('new');
    expect(storage.getItem('userId')).toBe('7');
    expect(storage.getItem('nickname')).toBeNull();
    expect(model.$session.get()).toMatchObject({ token: 'new', userId: '7', nickname: '', deviceId: DEVICE });
  });

  it('setToken replaces only the token', () => {
    const { model, storage } = setup(LOGGED_IN);
    model.setToken('t-2');
    expect(storage.getItem('token')).toBe('t-2');
    expect(model.$session.get()).toMatchObject({ ...LOGGED_IN, token: 't-2' });
  });

  it('logout clears every session key from memory and storage, keeping the device id', () => {
    const { model, storage } = setup({ ...LOGGED_IN, locationInfo: '{"name":"渝中"}' });
    model.logout();
    for (const key of SESSION_STORAGE_KEYS) expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem('locationInfo')).toBe('{"name":"渝中"}');
    expect(model.$session.get()).toMatchObject({ token: '', userId: '', syPhone: '', nickname: '', deviceId: DEVICE });
    expect(model.isLoggedIn()).toBe(false);
  });

  it('a new model reads what an earlier one persisted (a page reload)', () => {
    const storage = createMemoryStorage();
    const first = createSessionModel({ storage, deviceId: () => DEVICE, autoLoad: false });
    first.setSession({ token: 'persisted', userId: '1' });
    const second = createSessionModel({ storage, deviceId: () => DEVICE, autoLoad: false });
    expect(second.isLoggedIn()).toBe(true);
    expect(second.$session.get().userId).toBe('1');
  });

  it.each([
    [true, 'abc'],
    [false, ''],
  ])('with autoLoad=%s the first read of $session gives token %j', (autoLoad, token) => {
    const { model } = setup({ token: 'abc' }, autoLoad);
    expect(model.$session.get().token).toBe(token);
  });

  it('another tab writing the session (a storage event) reloads it; other keys are ignored', () => {
    const storage = createMemoryStorage();
    let fire: (key: string | null) => void = () => {};
    const model = createSessionModel({ storage, deviceId: () => DEVICE, autoLoad: true, onOtherTab: (changed) => (fire = changed) });
    const seen: string[] = [];
    watchToken((token) => seen.push(token), model.$session);
    storage.setItem('token', 'from-other-tab');
    fire('locationInfo');
    expect(model.$session.get().token).toBe('');
    fire('token');
    expect(model.$session.get().token).toBe('from-other-tab');
    storage.removeItem('token');
    fire(null); // localStorage.clear() in the other tab
    expect(seen).toEqual(['', 'from-other-tab', '']);
  });

  it('watchToken reports the token at once and then only when it changes (late app token, refresh, logout)', () => {
    const { model } = setup({}, true);
    const seen: Array<[string, string | null]> = [];
    const stop = watchToken((token, previous) => seen.push([token, previous]), model.$session);
    model.setToken('late-app-token');
    model.setSession({ nickname: '山城读者' }); // not a token change
    model.setToken('refreshed');
    model.logout();
    stop();
    model.setToken('after-stop');
    expect(seen).toEqual([
      ['', null],
      ['late-app-token', ''],
      ['refreshed', 'late-app-token'],
      ['', 'refreshed'],
    ]);
  });
});
