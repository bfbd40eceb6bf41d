/**
 * How a page outside the app opens the provider's app (the promo bar's Open button, the guide under
 * articles): the app registers the `shancheng://` scheme and opens the page given in `url` itself.
 */
export const APP_SCHEME = 'shancheng://';

/** The app link that opens `pageUrl` inside the app; only http(s) pages are passed on. */
export function openAppLink(pageUrl: string): string {
  let url = '';
  try {
    const parsed = new URL(pageUrl);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') url = parsed.href;
  } catch {
    url = '';
  }
  return url ? `${APP_SCHEME}open?url=${encodeURIComponent(url)}` : `${APP_SCHEME}open`;
}
