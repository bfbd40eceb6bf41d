import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { nextRotation, parseCounter } from './adRotation.ts';
import { AD_SLOT_INLINE } from './adSlotInline.ts';

/** A page with one slot of `count` ads followed by the inline chooser, parsed with scripts running. */
function parse(count: number, stored: string | null, eager = true): { shown: number[]; loading: string[] } {
  const ads = Array.from(
    { length: count },
    (_, i) =>
      `<a class="ad" data-ad="${i + 1}"${i > 0 ? ' hidden' : ''}><img src="/media/ad/${i + 1}.webp" loading="${i === 0 && eager ? 'eager' : 'lazy'}"></a>`,
  ).join('');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { runScripts: 'dangerously', url: 'http://127.0.0.1/shancheng/NewsDetail?classId=101' });
  if (stored !== null) dom.window.localStorage.setItem('adContentTurnUp_101', stored);
  const doc = dom.window.document;
  doc.open();
  doc.write(`<sc-ad-slot data-key="adContentTurnUp_101"${eager ? ' data-eager' : ''}>${ads}</sc-ad-slot><script>${AD_SLOT_INLINE}</script>`);
  doc.close();
  const links = [...doc.querySelectorAll<HTMLElement>('[data-ad]')];
  return { shown: links.flatMap((a, i) => (a.hidden ? [] : [i])), loading: links.map((a) => a.querySelector('img')?.getAttribute('loading') ?? '') };
}

describe('the ad slot chooser that runs while the page is parsed', () => {
  it.each([
    [3, null],
    [3, '0'],
    [3, '1'],
    [3, '2'],
    [3, '7'],
    [2, '5'],
    [3, 'x1'],
    [3, '-1'],
    [1, '4'],
  ])('%i ads, counter %s: shows the one the page script will show (adRotation.ts)', (count, stored) => {
    const { index } = nextRotation(parseCounter(stored), count);
    expect(parse(count, stored).shown).toEqual([index]);
  });

  it('asks for the shown ad at once above the title, and leaves lazy loading below it', () => {
    expect(parse(3, '2').loading).toEqual(['eager', 'lazy', 'eager']);
    expect(parse(3, '2', false).loading).toEqual(['lazy', 'lazy', 'lazy']);
  });

  it('leaves the first ad when storage cannot be read', () => {
    const dom = new JSDOM('<!doctype html><body></body>', { runScripts: 'dangerously' });
    Object.defineProperty(dom.window, 'localStorage', {
      get: () => {
        throw new Error('denied');
      },
    });
    const doc = dom.window.document;
    doc.write(`<sc-ad-slot data-key="k"><a data-ad="1"></a><a data-ad="2" hidden></a></sc-ad-slot><script>${AD_SLOT_INLINE}</script>`);
    expect([...doc.querySelectorAll<HTMLElement>('[data-ad]')].map((a) => a.hidden)).toEqual([false, true]);
  });
});

describe('AdChooser.astro', () => {
  it('renders exactly AD_SLOT_INLINE, the text whose hash the CSP carries', () => {
    const astro = readFileSync(new URL('./AdChooser.astro', import.meta.url), 'utf8');
    expect(astro).toContain(`<script is:inline>${AD_SLOT_INLINE}</script>`);
  });
});
