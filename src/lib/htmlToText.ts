/**
 * Sanitised HTML as plain text, the one converter: the official reply of a discover post for the feed
 * island (React renders it as text, so no markup from the database ever reaches the DOM as HTML there;
 * only RichText renders HTML), and the captions of a photo set (one per <p>). Block ends become line
 * breaks; the few entities a sanitiser leaves are decoded.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function inlineText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

export function htmlToText(html: string): string {
  return inlineText(html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n'))
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The plain text of each non-empty <p>, in order: the captions of a photo set. */
export function paragraphTexts(html: string): string[] {
  return [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => inlineText(m[1] ?? '').trim()).filter((t) => t !== '');
}
