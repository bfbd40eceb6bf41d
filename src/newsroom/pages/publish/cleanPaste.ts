/**
 * Pasted HTML from Word, WPS and web pages, made plain before the editor parses it: Word's conditional
 * comments and XML islands, `<o:p>`, `<style>`, classes and inline styles go. The editor's schema then keeps
 * only what it knows (paragraphs, 小标题, lists, quotes, bold, italic, links, our pictures), and the server
 * sanitises again at save (docs/security.md P1).
 */
export function cleanPaste(html: string): string {
  return (
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(style|script|xml|meta|link|title)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<(meta|link)\b[^>]*>/gi, '')
      .replace(/<\/?o:p[^>]*>/gi, '')
      .replace(/<\/?[a-z]+:[a-z]+[^>]*>/gi, '')
      .replace(/\s(class|style|lang|id|align|face|size|color|width|height)=("[^"]*"|'[^']*'|[^\s>]*)/gi, '')
      // WPS and Word mark empty paragraphs with &nbsp; only.
      .replace(/<p>(?:\s|&nbsp;)*<\/p>/gi, '')
  );
}
