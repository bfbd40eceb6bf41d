/**
 * Share cards in the messenger (spec 2.11): title, description, image and link, configured through
 * the messenger's JS-SDK with a signature from the server for this page's URL and content id
 * (spec 7.1 "share signature call (url, id)"). The article's card comes from the server; other pages
 * use their own meta tags. Failures are silent (spec 8): the messenger then shares a plain link.
 */
import { getByPath } from '../../client/getEndpoint.ts';
// Types only: the contract's zod schemas stay out of the page's JavaScript (ADR 001 byte budgets).
import type { ShareCard, shareSignature } from '../../contract/share.ts';

/** The path of `shareSignature` in src/contract/share.ts. */
export const SIGNATURE_PATH: (typeof shareSignature)['path'] = '/api/share/signature';

/** The messenger's JS-SDK global, as far as we use it. */
interface MessengerSdk {
  config(options: Record<string, unknown>): void;
  ready(fn: () => void): void;
  error?(fn: (err: unknown) => void): void;
  updateAppMessageShareData?(card: ShareCard): void;
  updateTimelineShareData?(card: Omit<ShareCard, 'desc'>): void;
}

/** The messenger's JS-SDK script; only loaded inside the messenger, and only when it is not there yet. */
export const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'];

function sdk(): MessengerSdk | null {
  const wx = (window as unknown as { wx?: unknown }).wx;
  return typeof wx === 'object' && wx !== null && typeof (wx as MessengerSdk).config === 'function' ? (wx as MessengerSdk) : null;
}

function loadSdk(): Promise<MessengerSdk | null> {
  const ready = sdk();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.referrerPolicy = 'no-referrer';
    script.onload = () => resolve(sdk());
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[property="${name}"], meta[name="${name}"]`)?.content ?? '';
}

function absolute(src: string): string {
  if (src === '') return '';
  try {
    const url = new URL(src, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The card the page describes itself with (og: meta, else the title, description and first picture). */
export function pageCard(link: string): ShareCard {
  const firstPicture = document.querySelector<HTMLImageElement>('main img')?.getAttribute('src') ?? '';
  return {
    title: meta('og:title') || document.title,
    desc: meta('og:description') || meta('description'),
    imgUrl: absolute(meta('og:image') || firstPicture),
    link,
  };
}

/** The content id of the page (an article's newsId), when it has one. */
function contentId(): number | undefined {
  const raw = document.querySelector<HTMLElement>('[data-news-id]')?.dataset['newsId'];
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export async function startShare(): Promise<void> {
  const url = location.href.split('#')[0] ?? location.href;
  const id = contentId();
  try {
    const [envelope, wx] = await Promise.all([getByPath<typeof shareSignature>(SIGNATURE_PATH, id === undefined ? { url } : { url, id }), loadSdk()]);
    if (envelope.statusCode !== 200 || !wx) return;
    const signed = envelope.data;
    const own = pageCard(signed.url);
    const card: ShareCard = signed.card ? { ...signed.card, imgUrl: signed.card.imgUrl || own.imgUrl } : own;
    wx.config({
      debug: false,
      appId: signed.appId,
      timestamp: signed.timestamp,
      nonceStr: signed.nonceStr,
      signature: signed.signature,
      jsApiList: JS_API_LIST,
    });
    wx.ready(() => {
      wx.updateAppMessageShareData?.(card);
      wx.updateTimelineShareData?.({ title: card.title, link: card.link, imgUrl: card.imgUrl });
    });
  } catch {
    // spec 8: rejected silently; the messenger shares the plain link.
  }
}
