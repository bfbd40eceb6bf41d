import { describe, expect, it } from 'vitest';
import { decideMoreFooter } from './decideMoreFooter.ts';

describe('decideMoreFooter', () => {
  it('a paged list links to its next page, and ends with 没有更多了 without one', () => {
    expect(decideMoreFooter({ paged: true, nextHref: '/x?page=2' }, 10)).toEqual({ kind: 'next', href: '/x?page=2' });
    expect(decideMoreFooter({ paged: true, nextHref: null }, 3)).toEqual({ kind: 'end' });
  });

  it('a preview below the 查看更多评论 threshold holds every comment, so it ends', () => {
    expect(decideMoreFooter({ paged: false, loaded: 4, viewMoreAt: 5 }, 4)).toEqual({ kind: 'end' });
    expect(decideMoreFooter({ paged: false, loaded: 5, viewMoreAt: 5 }, 5)).toEqual({ kind: 'none' });
  });

  it('an empty list shows its empty text, not a footer', () => {
    expect(decideMoreFooter({ paged: true, nextHref: null }, 0)).toEqual({ kind: 'none' });
    expect(decideMoreFooter({ paged: false, loaded: 0, viewMoreAt: 5 }, 0)).toEqual({ kind: 'none' });
  });
});
