/**
 * Refreshes the bench's Astro floors (src/pages/bench-floor.astro): saves the home page's, the article's and the
 * live detail's HTML, as a running server renders them to an anonymous reader, to bench/floor-*.html. Run it
 * after a change that moves a page's bytes, then rebuild; `npm run bench` warns when a floor no longer matches
 * its page's size.
 *
 *   node scripts/benchFloors.ts http://127.0.0.1:4321
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { routes } from '../src/routing/routes.ts';

export const FLOOR_PAGES = {
  home: '/shancheng/home/1',
  article: `/shancheng${routes.find((r) => r.path === '/NewsDetail')?.example ?? '/NewsDetail?classId=101&newsId=1'}`,
  live: `/shancheng${routes.find((r) => r.path === '/LiveDetail')?.example ?? '/LiveDetail?classId=601&newsId=309'}`,
} as const;

if (import.meta.main) {
  const origin = process.argv[2];
  if (!origin) throw new Error('usage: node scripts/benchFloors.ts <origin of a running server>');
  for (const [name, page] of Object.entries(FLOOR_PAGES)) {
    const res = await fetch(origin + page);
    if (!res.ok) throw new Error(`${page}: ${res.status}`);
    const html = await res.text();
    writeFileSync(path.join(import.meta.dirname, '..', 'bench', `floor-${name}.html`), html);
    console.log(`bench/floor-${name}.html: ${html.length} characters from ${page}`);
  }
}
