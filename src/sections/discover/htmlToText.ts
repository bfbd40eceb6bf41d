/**
 * The official reply's sanitised HTML as plain text for the feed island: React renders it as text, so
 * no markup from the database ever reaches the DOM as HTML there (only RichText renders HTML). Block
 * ends become line breaks; the few entities a sanitiser leaves are decoded.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

export function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
