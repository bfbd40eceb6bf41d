import { describe, expect, it } from 'vitest';
import { checkPictureFile, PICTURE_NOT_IMAGE, PICTURE_TOO_BIG } from './uploadPicture.ts';

describe('checkPictureFile', () => {
  it.each([
    [{ size: 1000, type: 'image/jpeg' }, null],
    [{ size: 1000, type: 'image/webp' }, null],
    [{ size: 1000, type: '' }, null],
    [{ size: 10 * 1024 * 1024, type: 'image/png' }, null],
    [{ size: 10 * 1024 * 1024 + 1, type: 'image/png' }, PICTURE_TOO_BIG],
    [{ size: 1000, type: 'image/svg+xml' }, PICTURE_NOT_IMAGE],
    [{ size: 1000, type: 'text/html' }, PICTURE_NOT_IMAGE],
  ])('%o → %s', (file, expected) => {
    expect(checkPictureFile(file)).toBe(expected);
  });
});
