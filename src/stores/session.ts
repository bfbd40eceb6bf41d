/**
 * The reader's session (spec 3 "Session data"; spec 4 "Login state"). Persisted under the spec's
 * local storage keys through the never-throwing storage wrapper; the device id comes from its
 * cookie and is never cleared. Change it only through the functions below, which persist.
 *
 * Browser only: on the server this module-level store would be shared by every request, so
 * server rendering must never call the setters (src/client/api.ts uses a request-neutral session).
 */
import { map, type MapStore } from 'nanostores';
import { getBrowserDeviceId } from '../client/deviceId.ts';
import { storage, type KeyValueStorage } from '../client/storage.ts';

/** The spec 3 local storage keys of the session, in storage under exactly these names. */
export const SESSION_STORAGE_KEYS = ['token', 'tokenType', 'userId', 'syPhone', 'nickname', 'unionId', 'userPic'] as const;
export type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[number];

/** Every field is a string; '' means absent. */
export type SessionState = Record<SessionStorageKey | 'deviceId', string>;

/** A partial update: null, undefined or '' clears a field. Numbers (userId) are stored as text. */
export type SessionPatch = { [K in SessionStorageKey]?: string | number | null | undefined };

export interface SessionModel {
  $session: MapStore<SessionState>;
  /** (Re)reads the session from storage and the device id cookie. */
  loadSession(): SessionState;
  setSession(patch: SessionPatch): void;
  /** Spec 4: a refreshed token from a response header replaces the stored one. */
  setToken(token: string): void;
  logout(): void;
  isLoggedIn(): boolean;
}

export interface SessionDeps {
  storage: KeyValueStorage;
  deviceId: () => string;
  /** Load from storage at once (in the browser: a few localStorage reads when the module starts). */
  autoLoad: boolean;
  /**
   * Tells the model when another tab changed the stored session (the browser's `storage` event): `key` is
   * the storage key, or null when the whole storage was cleared.
   */
  onOtherTab?: (changed: (key: string | null) => void) => void;
}

function emptySession(): SessionState {
  return { token: '', tokenType: '', userId: '', syPhone: '', nickname: '', unionId: '', userPic: '', deviceId: '' };
}

function isSessionKey(key: string): key is SessionStorageKey {
  return (SESSION_STORAGE_KEYS as readonly string[]).includes(key);
}

export function createSessionModel(deps: SessionDeps): SessionModel {
  const $session = map<SessionState>(emptySession());
  let loaded = false;

  function loadSession(): SessionState {
    loaded = true;
    const next = emptySession();
    for (const key of SESSION_STORAGE_KEYS) next[key] = deps.storage.getItem(key) ?? '';
    next.deviceId = deps.deviceId();
    $session.set(next);
    return next;
  }

  function ensureLoaded(): void {
    if (!loaded) loadSession();
  }

  // Loaded eagerly rather than on first subscription: nanostores' lifecycle helpers cost more bytes
  // on every page than the seven localStorage reads they would defer (ADR 001 budgets).
  if (deps.autoLoad) loadSession();

  // A login or logout in another tab reaches every island and script of this page without a reload.
  deps.onOtherTab?.((key) => {
    if (key === null || isSessionKey(key)) loadSession();
  });

  function writeKey(key: SessionStorageKey, value: string): void {
    if (value === '') deps.storage.removeItem(key);
    else deps.storage.setItem(key, value);
  }

  function setSession(patch: SessionPatch): void {
    ensureLoaded();
    const next = { ...$session.get() };
    for (const [key, raw] of Object.entries(patch)) {
      if (!isSessionKey(key)) continue;
      const value = raw === null || raw === undefined ? '' : String(raw);
      next[key] = value;
      writeKey(key, value);
    }
    $session.set(next);
  }

  function setToken(token: string): void {
    setSession({ token });
  }

  function logout(): void {
    // Spec 4 names token, tokenType, userId and syPhone; nickname, unionId and the picture belong
    // to the same account, so they go too (a next user must not see the previous profile).
    const cleared: SessionPatch = {};
    for (const key of SESSION_STORAGE_KEYS) cleared[key] = null;
    setSession(cleared);
  }

  function isLoggedIn(): boolean {
    ensureLoaded();
    return $session.get().token !== '';
  }

  return { $session, loadSession, setSession, setToken, logout, isLoggedIn };
}

const inBrowser = typeof window !== 'undefined';
const defaultModel = createSessionModel({
  storage,
  deviceId: getBrowserDeviceId,
  autoLoad: inBrowser,
  ...(inBrowser ? { onOtherTab: (changed: (key: string | null) => void) => window.addEventListener('storage', (event) => changed(event.key)) } : {}),
});

export const $session: MapStore<SessionState> = defaultModel.$session;
export const loadSession = defaultModel.loadSession;
export const setSession = defaultModel.setSession;
export const setToken = defaultModel.setToken;
export const logout = defaultModel.logout;
export const isLoggedIn = defaultModel.isLoggedIn;

/**
 * Calls `onChange` with the reader's token now and whenever it changes (a late app token, a login or logout
 * in this or another tab, a refreshed token): scripts use it instead of reading `$session` once.
 * Returns the unsubscribe function.
 */
export function watchToken(onChange: (token: string, previous: string | null) => void, store: MapStore<SessionState> = $session): () => void {
  let last: string | null = null;
  return store.subscribe((session) => {
    if (session.token === last) return;
    const previous = last;
    last = session.token;
    onChange(session.token, previous);
  });
}
