/**
 * Sanitised HTML as plain text, the one converter: the official reply of a discover post for the feed
 * island (React renders it as text, so no markup from the database ever reaches the DOM as HTML there;
 * only RichText renders HTML), the captions of a photo set (one per <p>), and one line of text from outside
 * (a feed's title, summary and author). Block ends become line breaks; the few entities a sanitiser leaves
 * are decoded.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

const decodeEntities = (s: string): string => s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');

function inlineText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''));
}

export function htmlToText(html: string): string {
  return inlineText(html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n'))
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * The plain text of each non-empty <p>, in order. `keepEmpty` keeps an empty one in its place (''), for texts
 * that pair with something by position: a photo set's captions with its pictures.
 */
export function paragraphTexts(html: string, options: { keepEmpty?: boolean } = {}): string[] {
  const texts = [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => inlineText(m[1] ?? '').trim());
  return options.keepEmpty ? texts : texts.filter((t) => t !== '');
}

/**
 * Unsanitised text from outside (a feed's title, summary, author) as one plain line of at most `max`
 * characters. Entities are decoded before tags are dropped, so markup a feed escapes (`&lt;b onmouseover=…&gt;`)
 * goes too; a stray bracket and control characters go; white space runs become one space.
 */
export function oneLineText(s: string, max: number): string {
  const out = decodeEntities(s)
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>]/g, '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...out].slice(0, max).join('');
}
