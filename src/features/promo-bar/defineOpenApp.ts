/**
 * The Open buttons (`[data-open-app]`, promo bar and the guide under articles). In the messenger's
 * browser opening the app first asks the dialog (spec 2.11, 8): 继续 opens the app, 取消 closes the
 * dialog and unfolds the folded article (the `sc:unfold` event the detail fold listens to).
 *
 * Opening tries the app's scheme; a browser without the app stays on the page. The common pattern follows:
 * when the page is still showing after APP_OPEN_WAIT_MS (the app, had it opened, would have hidden it), the
 * reader goes to the download page the dialog names (setting APP_DOWNLOAD_URL, appDownload.ts); without
 * that setting, nothing more happens.
 */
import { currentHost } from '../../bridge/detectHost.ts';
import { openAppLink } from '../../bridge/openAppLink.ts';

/** Sent to the document when the reader declines to open the app (spec 4: unfolds the content). */
export const UNFOLD_EVENT = 'sc:unfold';

/** How long the page waits for the app to take over before it goes to the download page. */
export const APP_OPEN_WAIT_MS = 2500;

function launchApp(download: string | undefined): void {
  location.href = openAppLink(location.href);
  if (!download) return;
  let left = false;
  const leave = (): void => {
    if (document.visibilityState === 'hidden') left = true;
  };
  document.addEventListener('visibilitychange', leave);
  addEventListener('pagehide', () => (left = true), { once: true });
  setTimeout(() => {
    document.removeEventListener('visibilitychange', leave);
    if (!left && document.visibilityState === 'visible') location.href = download;
  }, APP_OPEN_WAIT_MS);
}

function declineApp(): void {
  document.dispatchEvent(new CustomEvent(UNFOLD_EVENT));
}

export function defineOpenApp(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-open-app-dialog]');
  if (!dialog || dialog.dataset['wired'] === '1') return;
  dialog.dataset['wired'] = '1';
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'continue') launchApp(dialog.dataset['download']);
    else declineApp();
  });
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest('[data-open-app]')) return;
    event.preventDefault();
    if (currentHost().kind === 'messenger') {
      dialog.returnValue = '';
      dialog.showModal();
    } else {
      launchApp(dialog.dataset['download']);
    }
  });
}
