import { describe, expect, it } from 'vitest';
import { PAGE_CACHE } from '../../src/sections/shell/settlePage.ts';
import { ANONYMOUS_PAGE_CACHE_CONTROL } from '../../src/server/web/pageResponder.ts';

describe('page cache policies', () => {
  it("name the page responder's default for anonymous pages as 'list'", () => {
    expect(PAGE_CACHE.list).toBe(ANONYMOUS_PAGE_CACHE_CONTROL);
  });
});
