/**
 * A page's Content-Security-Policy names only the hashes of the inline `<script>` and `<style>` elements
 * that page has (ADR 009, ADR 001 "CSP header").
 *
 * Astro puts the hash of every inline style of the whole build in every page's policy: with the CSS
 * inline (`inlineStylesheets: 'always'`) that is ~150 hashes, 8–10 KB of header on each page. HTTP/1.1
 * headers are not compressed, so the article's 16 KB of brotli HTML arrived as 26 KB: past TCP's first
 * window (~14 KB), one more round trip before the first paint on a weak network. A hash the page does not
 * carry allows nothing on that page, so dropping it changes no decision the browser makes.
 */
import { createHash } from 'node:crypto';

/** Directives whose hash sources are trimmed; anything else in the policy is left as it is. */
const HASHED_DIRECTIVES = new Set(['script-src', 'script-src-elem', 'style-src', 'style-src-elem']);
const HASH_SOURCE = /^'(sha256|sha384|sha512)-[A-Za-z0-9+/=]+'$/;
/** Inline script and style elements (raw text: their content is hashed exactly as it stands). */
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

/** The `'<alg>-<base64>'` sources of every inline script and style in `html`, for the algorithms asked. */
export function inlineHashSources(html: string, algorithms: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(INLINE_ELEMENT)) {
    const [, tag = '', attrs = '', content = ''] = match;
    if (tag.toLowerCase() === 'script' && HAS_SRC.test(attrs)) continue;
    for (const alg of algorithms) found.add(`'${alg}-${createHash(alg).update(content, 'utf8').digest('base64')}'`);
  }
  return found;
}

/** `policy` with the script and style hash sources that `html` does not use removed. */
export function trimCspHashes(policy: string, html: string): string {
  const directives = policy.split(';');
  const algorithms = new Set<string>();
  for (const d of directives) {
    for (const token of d.trim().split(/\s+/)) {
      const m = HASH_SOURCE.exec(token);
      if (m?.[1]) algorithms.add(m[1]);
    }
  }
  if (algorithms.size === 0) return policy;
  const used = inlineHashSources(html, algorithms);
  return directives
    .map((d) => {
      const tokens = d.trim().split(/\s+/);
      if (!HASHED_DIRECTIVES.has(tokens[0]?.toLowerCase() ?? '')) return d;
      const kept = tokens.filter((t, i) => i === 0 || !HASH_SOURCE.test(t) || used.has(t));
      // Never leave a directive bare (that would mean 'none'): with nothing else kept, it stays whole.
      return (d.startsWith(' ') ? ' ' : '') + (kept.length > 1 ? kept : tokens).join(' ');
    })
    .join(';');
}
