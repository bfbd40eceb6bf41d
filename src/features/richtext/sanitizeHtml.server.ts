/**
 * The one HTML sanitizer (docs/conventions.md "Rules that shape the code", security.md G53–G56 and appendix 1): DOMPurify on jsdom with an
 * allowlist profile. Article HTML (`originNewstext`) passes through it when it is stored (the seed and
 * every write) and again right before it is rendered by RichText.astro, the only `set:html` user.
 *
 * Server only (`.server.ts`): jsdom never ships to the browser.
 */
import { createHash } from 'node:crypto';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/** Video hosts whose players may be embedded, https only (security.md G56). */
export const IFRAME_HOSTS: readonly string[] = ['player.bilibili.com', 'v.qq.com', 'player.youku.com', 'open.iqiyi.com', 'player.cntv.cn'];

/** CSS properties kept from a `style` attribute; everything else (position, background …) is dropped. */
const STYLE_PROPS = new Set(['text-align', 'color', 'font-weight']);
const IMG_STYLE_PROPS = new Set(['width', 'height']);
/** A plain value: keywords, numbers with units, #hex, rgb()/rgba(). No url(), expression(), escapes, comments. */
const SAFE_STYLE_VALUE = /^(?:[a-z-]+|#[0-9a-f]{3,8}|-?\d+(?:\.\d+)?(?:px|em|rem|%|vw)?|rgba?\(\s*[\d.%\s,/]+\))$/i;

const EXTERNAL_REL = 'noopener noreferrer nofollow';

const CONFIG: Config = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allowfullscreen'],
  FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'style', 'object', 'embed', 'base', 'meta', 'link'],
  FORBID_ATTR: ['srcdoc', 'formaction', 'action'],
  SANITIZE_NAMED_PROPS: true,
  ALLOW_DATA_ATTR: false,
};

/** Keeps only allowlisted declarations of a style attribute; returns '' when nothing survives. */
export function filterStyle(style: string, tagName: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const prop = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    const allowed = STYLE_PROPS.has(prop) || (tagName === 'IMG' && IMG_STYLE_PROPS.has(prop));
    if (!allowed || value === '' || !SAFE_STYLE_VALUE.test(value)) continue;
    kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

/** An absolute http(s) URL or a protocol-relative one (`//evil.com` counts as external, G55). */
function isExternal(href: string): boolean {
  const value = href.trim();
  return value.startsWith('//') || /^https?:/i.test(value);
}

function allowedIframe(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && IFRAME_HOSTS.includes(url.hostname);
}

let purifier: DOMPurify | undefined;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const p = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'iframe') return;
    const el = node as Element;
    if (!allowedIframe(el.getAttribute('src') ?? '')) el.parentNode?.removeChild(el);
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.hasAttribute('style')) {
      const style = filterStyle(el.getAttribute('style') ?? '', el.tagName);
      if (style === '') el.removeAttribute('style');
      else el.setAttribute('style', style);
    }
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      // Fixed attribute order keeps the output stable when sanitized twice (ingest, then render).
      el.removeAttribute('target');
      el.removeAttribute('rel');
      if (href !== null && isExternal(href)) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', EXTERNAL_REL);
      }
    } else if (el.hasAttribute('target')) {
      el.removeAttribute('target');
    }
    if (el.tagName === 'IFRAME') {
      for (const attr of [...el.attributes]) {
        if (!['src', 'width', 'height', 'allowfullscreen', 'title'].includes(attr.name)) el.removeAttribute(attr.name);
      }
      el.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
      el.setAttribute('referrerpolicy', 'no-referrer');
      el.setAttribute('loading', 'lazy');
    }
    if (el.tagName === 'IMG' && !el.hasAttribute('loading')) el.setAttribute('loading', 'lazy');
  });
  purifier = p;
  return p;
}

/** Sanitizes CMS article HTML with the allowlist profile; safe to run again on its own output. */
export function sanitizeHtml(html: string): string {
  if (html === '') return '';
  return getPurifier().sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** Sanitized copies kept for rendering, by SHA-256 of the input; bounded in characters, least recently used first out. */
const SANITIZED_MAX_CHARS = 4 * 1024 * 1024;
const sanitized = new Map<string, string>();
let sanitizedChars = 0;

/**
 * `sanitizeHtml` for the render path (ADR 001; DOMPurify on jsdom cost about a tenth of a detail
 * render). The same input always gives the same output, so the output is kept by the SHA-256 of the
 * input: a render of an unchanged article hashes it (microseconds) instead of parsing it into a DOM.
 * A changed row has another hash and is sanitized afresh; the hash is over the whole input, so no
 * other text can be served for it.
 */
export function sanitizeHtmlCached(html: string): string {
  if (html === '') return '';
  const key = createHash('sha256').update(html).digest('base64');
  const hit = sanitized.get(key);
  if (hit !== undefined) {
    sanitized.delete(key);
    sanitized.set(key, hit);
    return hit;
  }
  const out = sanitizeHtml(html);
  if (out.length <= SANITIZED_MAX_CHARS / 8) {
    sanitized.set(key, out);
    sanitizedChars += out.length;
    for (const [k, v] of sanitized) {
      if (sanitizedChars <= SANITIZED_MAX_CHARS) break;
      sanitized.delete(k);
      sanitizedChars -= v.length;
    }
  }
  return out;
}

/**
 * Sanitized HTML with the lazy loading taken off its first picture (the sanitizer makes every picture
 * lazy) and `fetchpriority="high"` on it: it is the article's largest paint, asked for before the
 * page's other pictures (ads, logos). Only an attribute the sanitizer itself wrote is removed.
 */
export function withEagerFirstImage(safeHtml: string): string {
  const start = safeHtml.indexOf('<img ');
  if (start === -1) return safeHtml;
  const end = safeHtml.indexOf('>', start);
  if (end === -1) return safeHtml;
  const tag = safeHtml.slice(start, end).replace(' loading="lazy"', '') + ' fetchpriority="high"';
  return safeHtml.slice(0, start) + tag + safeHtml.slice(end);
}
