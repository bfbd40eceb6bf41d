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

/**
 * How `html` holds the page: `utf8` is ordinary text; `latin1` is the page's UTF-8 bytes one character per byte
 * (`buffer.toString('latin1')`), which the page responder reads because it costs a copy where decoding UTF-8
 * costs a pass over every Chinese character. The tags searched for are ASCII, so both find the same elements,
 * and each element's content is hashed as the same bytes.
 */
export type PageText = 'utf8' | 'latin1';

/**
 * The hashes of inline elements seen before, by reading, then algorithm, then content. A site's pages carry the same few
 * dozen inline scripts and styles render after render, so a hash is mostly a lookup. Maps within maps rather than one key
 * made of algorithm and content: such a key is a new string of the whole content, hashed again for every algorithm, where
 * the content's own string is hashed once (V8 keeps a string's hash). The memo is emptied when it grows past its bound (a
 * page with fresh inline content each time only costs the hashing it did without one).
 */
const HASH_MEMO_MAX = 512;
const hashMemo: Record<PageText, Map<string, Map<string, string>>> = { utf8: new Map(), latin1: new Map() };
let hashMemoSize = 0;

function hashSource(alg: string, content: string, text: PageText): string {
  let byContent = hashMemo[text].get(alg);
  let source = byContent?.get(content);
  if (source === undefined) {
    source = `'${alg}-${createHash(alg).update(content, text).digest('base64')}'`;
    if (hashMemoSize >= HASH_MEMO_MAX) {
      hashMemo.utf8.clear();
      hashMemo.latin1.clear();
      hashMemoSize = 0;
      byContent = undefined;
    }
    if (byContent === undefined) hashMemo[text].set(alg, (byContent = new Map()));
    byContent.set(content, source);
    hashMemoSize += 1;
  }
  return source;
}

/** The `'<alg>-<base64>'` sources of every inline script and style in `html`, for the algorithms asked. */
export function inlineHashSources(html: string, algorithms: ReadonlySet<string>, text: PageText = 'utf8'): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(INLINE_ELEMENT)) {
    const [, tag = '', attrs = '', content = ''] = match;
    if (tag.toLowerCase() === 'script' && HAS_SRC.test(attrs)) continue;
    for (const alg of algorithms) found.add(hashSource(alg, content, text));
  }
  return found;
}

/** A policy split once: its directives' tokens and the hash algorithms it names (pages repeat a few policies). */
interface ParsedPolicy {
  directives: { raw: string; tokens: string[]; hashed: boolean }[];
  algorithms: Set<string>;
}
/**
 * Policies parsed before: a site's routes each carry their own policy, and a reader's traffic moves among dozens of them.
 * Emptied when it grows past its bound.
 */
const POLICY_MEMO_MAX = 64;
const policyMemo = new Map<string, ParsedPolicy>();

function parsePolicy(policy: string): ParsedPolicy {
  let parsed = policyMemo.get(policy);
  if (parsed) return parsed;
  const algorithms = new Set<string>();
  const directives = policy.split(';').map((raw) => {
    const tokens = raw.trim().split(/\s+/);
    for (const token of tokens) {
      const m = HASH_SOURCE.exec(token);
      if (m?.[1]) algorithms.add(m[1]);
    }
    return { raw, tokens, hashed: HASHED_DIRECTIVES.has(tokens[0]?.toLowerCase() ?? '') };
  });
  parsed = { directives, algorithms };
  if (policyMemo.size >= POLICY_MEMO_MAX) policyMemo.clear();
  policyMemo.set(policy, parsed);
  return parsed;
}

/** `policy` with the script and style hash sources that `html` does not use removed. */
export function trimCspHashes(policy: string, html: string, text: PageText = 'utf8'): string {
  const { directives, algorithms } = parsePolicy(policy);
  if (algorithms.size === 0) return policy;
  const used = inlineHashSources(html, algorithms, text);
  return directives
    .map(({ raw, tokens, hashed }) => {
      if (!hashed) return raw;
      const kept = tokens.filter((t, i) => i === 0 || !HASH_SOURCE.test(t) || used.has(t));
      // Never leave a directive bare (that would mean 'none'): with nothing else kept, it stays whole.
      return (raw.startsWith(' ') ? ' ' : '') + (kept.length > 1 ? kept : tokens).join(' ');
    })
    .join(';');
}
