import { describe, expect, it } from 'vitest';
import { bangPictureSrc } from './bangPictureSrc.ts';

describe('bangPictureSrc', () => {
  it('keeps board demo pictures, own uploads and http(s) URLs', () => {
    expect(bangPictureSrc('/media/bangbang/q-3-1.svg')).toBe('/media/bangbang/q-3-1.svg');
    expect(bangPictureSrc('/media/comments/12/0f8fad5b-d9cb-469f-a165-70867728950e.jpg')).toBe('/media/comments/12/0f8fad5b-d9cb-469f-a165-70867728950e.jpg');
    expect(bangPictureSrc('https://img.example.com/a.jpg')).toBe('https://img.example.com/a.jpg');
  });
  it('drops other paths and schemes', () => {
    expect(bangPictureSrc('/media/bangbang/../secrets.svg')).toBeNull();
    expect(bangPictureSrc('/media/other/a.svg')).toBeNull();
    expect(bangPictureSrc('javascript:alert(1)')).toBeNull();
    expect(bangPictureSrc('//evil.example/a.jpg')).toBeNull();
  });
});
