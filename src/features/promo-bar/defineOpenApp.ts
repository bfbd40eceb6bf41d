/**
 * The Open buttons (`[data-open-app]`, promo bar and the guide under articles). In the messenger's
 * browser opening the app first asks the dialog (spec 2.11, 8): 继续 opens the app, 取消 closes the
 * dialog and unfolds the folded article (the `sc:unfold` event the detail fold listens to).
 */
import { currentHost } from '../../bridge/detectHost.ts';
import { openAppLink } from '../../bridge/openAppLink.ts';

/** Sent to the document when the reader declines to open the app (spec 4: unfolds the content). */
export const UNFOLD_EVENT = 'sc:unfold';

function launchApp(): void {
  location.href = openAppLink(location.href);
}

function declineApp(): void {
  document.dispatchEvent(new CustomEvent(UNFOLD_EVENT));
}

export function defineOpenApp(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-open-app-dialog]');
  if (!dialog || dialog.dataset['wired'] === '1') return;
  dialog.dataset['wired'] = '1';
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'continue') launchApp();
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
      launchApp();
    }
  });
}
