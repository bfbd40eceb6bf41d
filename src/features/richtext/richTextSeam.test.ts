/**
 * The lint rule ESLint cannot express (it does not parse .astro files here): `set:html` and
 * `dangerouslySetInnerHTML` appear only in RichText.astro, which sanitizes first (security.md D33), and in the
 * bench's floor page, which emits a constant file of the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const ALLOWED = path.join(SRC, 'features/richtext/RichText.astro');
/** The bench's Astro floor emits a constant file of this repository (bench/floor-home.html), never data, and only with BENCH_FLOOR=1. */
const BENCH_FLOOR = path.join(SRC, 'pages/bench-floor.astro');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(astro|tsx?|jsx?|mdx?)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('raw HTML seam', () => {
  it('uses set:html / dangerouslySetInnerHTML only in RichText.astro', () => {
    const offenders = filesUnder(SRC).filter(
      (file) => file !== ALLOWED && file !== BENCH_FLOOR && /set:html\s*=|dangerouslySetInnerHTML\s*[=:]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('the allowed file sanitizes before it renders', () => {
    const text = readFileSync(ALLOWED, 'utf8');
    // sanitizeHtmlCached runs sanitizeHtml once per distinct input (sanitizeHtml.server.test.ts).
    expect(text).toMatch(/import \{ sanitizeHtmlCached(, withEagerFirstImage)? \} from '\.\/sanitizeHtml\.server\.ts'/);
    expect(text).toMatch(/const safe = sanitizeHtmlCached\(html\);/);
    // Only the sanitized text is rendered; withEagerFirstImage removes the lazy attribute the sanitizer wrote.
    expect(text).toMatch(/set:html=\{(eagerFirstImage \? withEagerFirstImage\(safe\) : )?safe\}/);
  });
});
