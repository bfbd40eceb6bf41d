/**
 * Text into HTML, the one escape: a caption, a feed's name or link, a reply typed as plain text. What comes
 * out is text to the browser, whatever was typed; the caller still passes a whole body through the one
 * sanitiser (src/features/richtext/sanitizeHtml.server.ts) before it is stored.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most text a page escapes (a headline, a name) has nothing to escape: it is returned as it is, with no new string.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c) : text;
}

/** Plain text as paragraphs: each non-empty line one escaped <p>, in order. */
export function paragraphsHtml(text: string): string {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}
