/** Which paging footer a comment list shows: none (preview), a next-page link, or the end marker. */
export type MoreFooter = { kind: 'none' } | { kind: 'next'; href: string } | { kind: 'end' };

export function decideMoreFooter(paged: boolean, shown: number, nextHref: string | null): MoreFooter {
  if (!paged || shown === 0) return { kind: 'none' };
  return nextHref ? { kind: 'next', href: nextHref } : { kind: 'end' };
}
