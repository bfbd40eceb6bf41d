/**
 * Which footer a comment list shows: a next-page link, the end marker 没有更多了, or none. A paged list
 * (the comment page) ends when there is no next page. A preview (a detail page) links to the comment page
 * once it holds `viewMoreAt` comments (spec 9: 5); below that it shows every comment there is, so it ends.
 */
export type MoreFooter = { kind: 'none' } | { kind: 'next'; href: string } | { kind: 'end' };

export type CommentListMode = { paged: true; nextHref: string | null } | { paged: false; loaded: number; viewMoreAt: number };

export function decideMoreFooter(mode: CommentListMode, shown: number): MoreFooter {
  if (shown === 0) return { kind: 'none' };
  if (!mode.paged) return mode.loaded >= mode.viewMoreAt ? { kind: 'none' } : { kind: 'end' };
  return mode.nextHref ? { kind: 'next', href: mode.nextHref } : { kind: 'end' };
}
