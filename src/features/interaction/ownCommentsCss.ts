/** The CSS that shows delete on the comments (not the replies inside them) written by `userId`. */
export function ownCommentsCss(userId: string): string | null {
  if (!/^[1-9]\d{0,9}$/.test(userId)) return null;
  return `li[data-author="${userId}"] > .body > .meta > [data-delete] { display: inline !important; }`;
}
