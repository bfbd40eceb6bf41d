/**
 * Pages link media through the CDN named by MEDIA_PUBLIC_BASE (ADR 019 "Pages and the CDN"). What the
 * database, the API and the islands hold stays `/media/<key>` (the ownership checks of security.md I68–I70
 * and the upload → publish round trip match that form); only the page HTML a reader's browser receives is
 * rewritten, once, as the page is buffered (src/server/web/pageResponder.ts), so a kept page carries the CDN
 * addresses too. The CDN's origin is this server's `/media/` (the `?w=` renditions of ADR 013 are made there),
 * so `/media/<key>?w=320` becomes `<base>/<key>?w=320`.
 *
 * Rewritten: the `src`, `srcset`, `poster` and `href` attributes of the server-rendered HTML outside islands.
 * Inside an `<astro-island>` the HTML is left as it is: the island renders the same `/media/` address again
 * when it hydrates, and a differing attribute would be a hydration mismatch.
 */

/** Attributes that carry a media address in our pages (img, source, video, a). */
const MEDIA_ATTRIBUTE = /(\s(?:src|srcset|poster|href)\s*=\s*)(["'])([^"']*)\2/gi;
/** An island's start or end tag (islands may nest). */
const ISLAND_TAG = /<(\/?)astro-island\b/gi;

export interface MediaLinker {
  /** The CDN origin (`https://img.example.cn`), for the page CSP's img-src and media-src. */
  readonly origin: string;
  /** The page HTML with its `/media/` addresses outside islands pointing at the CDN. */
  html(page: string): string;
  /** `policy` with the CDN origin added to img-src and media-src. */
  csp(policy: string): string;
}

/** The linker for MEDIA_PUBLIC_BASE, or null when no CDN is set (pages keep `/media/`). */
export function mediaLinker(publicBase: string | undefined): MediaLinker | null {
  if (!publicBase) return null;
  const url = new URL(publicBase);
  const base = publicBase.replace(/\/+$/, '');
  const origin = url.origin;
  // Each address in the value: at its start or after a srcset comma.
  const link = (value: string): string => value.replace(/(^|,\s*)\/media\//g, (_m, lead: string) => `${lead}${base}/`);
  const rewrite = (part: string): string =>
    part.includes('/media/')
      ? part.replace(MEDIA_ATTRIBUTE, (all, name: string, quote: string, value: string) =>
          value.includes('/media/') ? `${name}${quote}${link(value)}${quote}` : all,
        )
      : part;
  return {
    origin,
    html(page) {
      if (!page.includes('/media/')) return page;
      let out = '';
      let depth = 0;
      let from = 0;
      for (const m of page.matchAll(ISLAND_TAG)) {
        const at = m.index;
        const closing = m[1] === '/';
        const part = page.slice(from, at);
        out += depth === 0 ? rewrite(part) : part;
        from = at;
        depth = Math.max(0, depth + (closing ? -1 : 1));
      }
      out += depth === 0 ? rewrite(page.slice(from)) : page.slice(from);
      return out;
    },
    csp(policy) {
      return policy
        .split(';')
        .map((d) => {
          const name = d.trim().split(/\s+/)[0]?.toLowerCase();
          return name === 'img-src' || name === 'media-src' ? `${d.trimEnd()} ${origin}` : d;
        })
        .join(';');
    },
  };
}
