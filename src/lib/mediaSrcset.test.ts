import { describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS, posterSrc, thumbAttrs, thumbImgAttrs } from './mediaSrcset.ts';

describe('thumbAttrs (list thumbnails at their display size)', () => {
  it('asks a 114-pixel thumbnail at 1×–3× widths, never the full picture', () => {
    expect(thumbAttrs('/media/news/12-1.webp', 114)).toEqual({
      src: '/media/news/12-1.webp?w=240',
      srcset: '/media/news/12-1.webp?w=120 120w, /media/news/12-1.webp?w=240 240w, /media/news/12-1.webp?w=480 480w',
      sizes: '114px',
    });
  });

  it('uses only widths the server makes, capped at the largest', () => {
    const { srcset } = thumbAttrs('/media/banner/1.jpg', 400, 'calc(100vw - 1.5rem)');
    const widths = (srcset ?? '').split(', ').map((s) => Number(/\?w=(\d+) /.exec(s)?.[1]));
    for (const w of widths) expect(MEDIA_WIDTHS).toContain(w);
    expect(widths).toEqual([480, 960]);
  });

  it('leaves SVGs, other sites and odd paths alone', () => {
    for (const src of ['/media/icon/a.svg', 'https://img.example/a.jpg', '/media/../db/a.png', '/other/a.webp']) {
      expect(thumbAttrs(src, 114)).toEqual({ src });
    }
  });
});

describe('posterSrc', () => {
  it('asks for our own poster at a full-width phone screen (750) and leaves any other address alone', () => {
    expect(posterSrc('/media/news/309-1.webp')).toBe('/media/news/309-1.webp?w=750');
    expect(posterSrc('https://img.example.com/p.jpg')).toBe('https://img.example.com/p.jpg');
    expect(posterSrc('/media/news/a.svg')).toBe('/media/news/a.svg');
  });
});

describe("thumbImgAttrs (the same, as an <img>'s attributes built in code)", () => {
  it('writes src, srcset and sizes for our own media', () => {
    expect(String(thumbImgAttrs('/media/news/12-1.webp', 114))).toBe(
      ' src="/media/news/12-1.webp?w=240" srcset="/media/news/12-1.webp?w=120 120w, /media/news/12-1.webp?w=240 240w, /media/news/12-1.webp?w=480 480w" sizes="114px"',
    );
  });

  it('writes only an escaped src for a picture it cannot resize', () => {
    expect(String(thumbImgAttrs('https://cdn.example.com/a.jpg?x=1&y="2"', 114))).toBe(' src="https://cdn.example.com/a.jpg?x=1&amp;y=&quot;2&quot;"');
  });
});
