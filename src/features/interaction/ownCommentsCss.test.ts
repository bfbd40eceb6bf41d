import { describe, expect, it } from 'vitest';
import { ownCommentsCss } from './ownCommentsCss.ts';

describe('ownCommentsCss', () => {
  it.each([
    ['12', 'li[data-author="12"] > .body > .meta > [data-delete] { display: inline !important; }'],
    ['', null],
    ['0', null],
    ['1"] *, [x="', null],
    ['12a', null],
  ])('for user id %j is %j', (userId, css) => {
    expect(ownCommentsCss(userId)).toBe(css);
  });
});
