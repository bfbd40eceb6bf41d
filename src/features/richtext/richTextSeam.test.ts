/**
 * The lint rule ESLint cannot express (it does not parse .astro files here): `set:html` and
 * `dangerouslySetInnerHTML` appear only in RichText.astro, which sanitizes first (security.md D33), in the
 * bench's floor page, which emits a constant file of the repository, and in the few components whose repeated
 * fragments are built in code by `markup` (src/lib/html.ts, which escapes every value unless it is already markup),
 * each passing only what its builder returns.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const ALLOWED = path.join(SRC, 'features/richtext/RichText.astro');
/** The bench's Astro floor emits a constant file of this repository (bench/floor-home.html), never data, and only with BENCH_FLOOR=1. */
const BENCH_FLOOR = path.join(SRC, 'pages/bench-floor.astro');

/** Components that take markup built in code: the only expressions each may pass to set:html. */
const BUILT_IN_CODE: Record<string, RegExp> = {
  'sections/news/NewsCard.astro': /^card\.inner$/,
  'sections/home/ChannelMenu.astro': /^(channelLinksHtml\(channels, activeId, \{ base \}\)|columnChips\(ch\))$/,
  'sections/home/ChannelTabs.astro': /^channelLinksHtml\(channels, activeId, \{ base, markDomestic: true \}\)$/,
  'sections/detail/HotNews.astro': /^hotRowsHtml\(items\)$/,
  'sections/detail/RelatedNews.astro': /^(relatedGridHtml\(pictured\)|relatedTextHtml\(textOnly\))$/,
  'features/interaction/CommentEntry.astro': /^commentEntryInner\(item, \{ article, platform, withReplies \}\)$/,
  'features/interaction/ThumbIcon.astro': /^thumbIconHtml\(size, strokeWidth\)\.toString\(\)$/,
};
/** The builders those expressions come from: each builds its markup with `markup` and `attr` alone. */
const BUILDERS = [
  'sections/news/newsCardHtml.ts',
  'sections/detail/newsRowsHtml.ts',
  'sections/home/channelLinksHtml.ts',
  'features/interaction/commentEntryHtml.ts',
  'features/interaction/thumbIcon.ts',
  'features/picture/pictureBadge.ts',
  'bridge/itemLinkAttrs.ts',
];

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
      (file) =>
        file !== ALLOWED &&
        file !== BENCH_FLOOR &&
        !(path.relative(SRC, file) in BUILT_IN_CODE) &&
        /set:html\s*=|dangerouslySetInnerHTML\s*[=:]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('a component of markup built in code passes set:html only its builder’s string', () => {
    for (const [file, allowed] of Object.entries(BUILT_IN_CODE)) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      const expressions = [...text.matchAll(/set:html=\{(.*?)\} \/>/g)].map((m) => m[1]);
      expect(expressions.length, file).toBeGreaterThan(0);
      expect(text.match(/set:html/g)?.length, file).toBe(expressions.length);
      for (const expression of expressions) expect(expression, file).toMatch(allowed);
      expect(text.includes('dangerouslySetInnerHTML'), file).toBe(false);
    }
    // The name the menu passes is built by markup in the same file.
    for (const [file, names] of [['sections/home/ChannelMenu.astro', ['columnChips']]] as const) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      for (const name of names) expect(text, `${file}: ${name}`).toMatch(new RegExp(`const ${name} = (\\(ch: Channel\\): string =>\\s*)?markup\``));
    }
    for (const file of BUILDERS) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      expect(text, file).toMatch(/from '(\.\.\/)+lib\/html\.ts';/);
      expect(text, file).not.toMatch(/new Html\(|innerHTML/);
    }
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
