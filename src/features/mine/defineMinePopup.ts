/**
 * <sc-mine-popup>: the behaviour of the mine popup (MinePopup.astro). The API client is imported only
 * when a logged-in reader opens the popup, so pages ship it only to those who need it.
 */
import type { baseInfo, logoutEndpoint } from '../../contract/accounts.ts';
import { buildLoginUrl } from '../../client/browserUi.ts';
import { safeUrl } from '../../lib/safeUrl.ts';
import type { ReaderPrefs } from '../../client/readerPrefs.ts';
import { $session, logout, watchToken } from '../../stores/session.ts';
import { addressWithoutCode, decideLoginDelay } from './decideLoginDelay.ts';

class MinePopup extends HTMLElement {
  private loginTimer: ReturnType<typeof setTimeout> | undefined;

  connectedCallback(): void {
    const trigger = document.querySelector<HTMLAnchorElement>('[data-mine]');
    trigger?.addEventListener('click', (event) => {
      event.preventDefault();
      this.open();
    });
    // A tap on the dimmed backdrop or on × closes; taps inside the panel do not.
    this.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      if (target.classList.contains('backdrop') || target.closest('.close')) this.close();
    });
    this.find('[data-login]')?.addEventListener('click', () => {
      location.assign(buildLoginUrl(`${location.pathname}${location.search}`));
    });
    this.find('[data-logout]')?.addEventListener('click', () => void this.signOut());
    addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !this.hidden) this.close();
    });
    // Live session: a popup left open follows a login or logout made elsewhere (another tab, the app).
    watchToken((_token, previous) => {
      if (previous !== null && !this.hidden) this.open();
    });
    this.wireComfort();
    this.dataset.ready = '';
  }

  /** A setting changed since the popup last opened: the stored state read at opening is older than the form. */
  private comfortChanged = false;

  /**
   * The reading settings: shown as stored when the popup opens, saved and applied on each change. Their module
   * loads on the popup's first opening or change (the boot script already applied the stored choice to the page).
   */
  private wireComfort(): void {
    const form = this.find('[data-comfort]');
    if (!form) return;
    form.addEventListener('change', (event) => {
      this.comfortChanged = true;
      const input = event.target as HTMLInputElement;
      void import('../../client/readerPrefs.ts').then(({ saveReaderPrefs }) => {
        if (input.name === 'theme' && (input.value === 'system' || input.value === 'light' || input.value === 'dark')) saveReaderPrefs({ theme: input.value });
        else if (input.name === 'text' && (input.value === 'auto' || input.value === 'large' || input.value === 'normal'))
          saveReaderPrefs({ text: input.value });
        else if (input.name === 'lite') saveReaderPrefs({ lite: input.checked });
      });
    });
  }

  /** Shows the stored reading settings in the popup's form. */
  private async showComfort(): Promise<void> {
    const form = this.find('[data-comfort]');
    if (!form) return;
    this.comfortChanged = false;
    const { readReaderPrefs } = await import('../../client/readerPrefs.ts');
    if (this.comfortChanged) return;
    const prefs: ReaderPrefs = readReaderPrefs();
    for (const input of form.querySelectorAll<HTMLInputElement>('input')) {
      if (input.type === 'checkbox') input.checked = prefs.lite;
      else input.checked = input.value === (input.name === 'theme' ? prefs.theme : prefs.text);
    }
  }

  private find<T extends HTMLElement = HTMLElement>(selector: string): T | null {
    return this.querySelector<T>(selector);
  }

  private open(): void {
    void this.showComfort();
    const session = $session.get();
    const loggedIn = Boolean(session.token);
    this.hidden = false;
    this.find('[data-user]')!.hidden = !loggedIn;
    const login = this.find<HTMLButtonElement>('[data-login]')!;
    login.hidden = loggedIn;
    this.showProfile(loggedIn ? (session.nickname ?? '') : '未登录', session.userPic ?? null);
    if (loggedIn) {
      void this.loadInfo();
      return;
    }
    // Spec 9: login allowed only after 1000 ms with an auth code, 1800 ms otherwise.
    login.disabled = true;
    clearTimeout(this.loginTimer);
    this.loginTimer = setTimeout(() => (login.disabled = false), decideLoginDelay(location.search));
  }

  private close(): void {
    this.hidden = true;
    clearTimeout(this.loginTimer);
  }

  private showProfile(name: string, picture: string | null): void {
    this.find('[data-name]')!.textContent = name;
    const pic = safeUrl(picture);
    const img = this.find<HTMLImageElement>('[data-pic]')!;
    img.hidden = pic === null;
    if (pic !== null) img.src = pic;
    this.find('[data-no-pic]')!.toggleAttribute('hidden', pic !== null);
  }

  private async loadInfo(): Promise<void> {
    const stats = this.find('[data-stats]')!;
    stats.setAttribute('aria-busy', 'true');
    try {
      const { getByPath } = await import('../../client/getEndpoint.ts');
      const res = await getByPath<typeof baseInfo>('/v1/user/baseInfo');
      if (res.statusCode !== 200) return;
      const info = res.data;
      this.showProfile(info.userName, info.userPic || ($session.get().userPic ?? null));
      this.find('[data-credit]')!.textContent = String(info.credit);
      this.find('[data-integral]')!.textContent = String(info.integRal);
      this.find('[data-level]')!.textContent = `Lv${info.creditLevel}`;
    } catch {
      // The API client already told the reader what went wrong (spec 8); the popup keeps its dashes.
    } finally {
      stats.removeAttribute('aria-busy');
    }
  }

  private async signOut(): Promise<void> {
    try {
      const { postByPath } = await import('../../client/postEndpoint.ts');
      await postByPath<typeof logoutEndpoint>('/v1/user/logout');
    } catch {
      // The local session goes anyway; the token dies on its own at expiry.
    }
    logout();
    // Spec 4: reload, or strip the code parameter from the address.
    const stripped = addressWithoutCode(location.pathname, location.search, location.hash);
    if (stripped !== null) {
      history.replaceState(history.state, '', stripped);
      this.close();
    } else location.reload();
  }
}

export function defineMinePopup(): void {
  if (!customElements.get('sc-mine-popup')) customElements.define('sc-mine-popup', MinePopup);
}
