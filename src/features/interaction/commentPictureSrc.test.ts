import { describe, expect, it } from 'vitest';
import { commentPictureSrc } from './commentPictureSrc.ts';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('commentPictureSrc', () => {
  it.each([
    [`/media/comments/12/${uuid}.jpg`, `/media/comments/12/${uuid}.jpg`],
    [`/media/comments/12/${uuid}.webp`, `/media/comments/12/${uuid}.webp`],
    ['https://img.example.com/a.jpg', 'https://img.example.com/a.jpg'],
    [`/media/comments/12/../../etc/${uuid}.jpg`, null],
    [`/media/comments/12/${uuid}.svg`, null],
    ['/media/other/a.jpg', null],
    ['//evil.example/a.jpg', null],
    ['javascript:alert(1)', null],
    ['data:image/svg+xml,<svg/>', null],
  ])('%s → %s', (raw, expected) => {
    expect(commentPictureSrc(raw)).toBe(expected);
  });
});
