/**
 * The style system's rule (docs/conventions.md "Styles"): colours, font sizes and z-indexes are written
 * once, in src/styles/tokens.css; every other style names a token (`var(--grey-40)`, `var(--font-13)`,
 * `var(--z-nav)`). Read here: every stylesheet, every Astro <style> block and static style attribute, and
 * the style objects of React components. Not read, because there a colour is data rather than a style:
 * SVG drawings' presentation attributes (fill, stroke), the data tables in .ts files and Astro front
 * matter (an entry's or a topic's own colour, passed into a style through a variable), the seed's
 * pictures, and the theme-color meta value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED_NAME } from '../build/cssLayers.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const TOKENS = path.join(SRC, 'styles', 'tokens.css');
/** The newsroom console's own token file (it shares no style with the reader site). */
const CONSOLE_TOKENS = path.join(SRC, 'newsroom', 'tokens.css');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The parts of a source file that are style, each with the line it starts on. */
export function styleParts(file: string, text: string): { line: number; css: string }[] {
  const at = (index: number) => text.slice(0, index).split('\n').length;
  if (file.endsWith('.css')) return [{ line: 1, css: text }];
  const parts: { line: number; css: string }[] = [];
  const take = (re: RegExp) => {
    for (const m of text.matchAll(re)) parts.push({ line: at(m.index + m[0].indexOf(m[1]!)), css: m[1]! });
  };
  if (file.endsWith('.astro')) {
    take(/<style[^>]*>([\s\S]*?)<\/style>/g);
    take(/\sstyle="([^"]*)"/g);
  }
  if (file.endsWith('.tsx')) take(/\sstyle=\{(\{[\s\S]*?\})\}/g);
  return parts.sort((a, b) => a.line - b.line);
}

/** A colour written as hex, a colour function or a colour name (in a declaration's value, not a class name). */
const COLOUR =
  /(?<![\w&-])#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:[^;{}\n]*(?<![\w.#-])(?:white|black|red|green|blue|gray|grey|orange|yellow|purple|pink|silver|gold)(?![\w-])(?![^{\n]*\{)/;
/** A font size with a length in it (CSS `font-size`, the `font` shorthand, a React `fontSize`), not a token. */
const FONT_SIZE = /(?:font-size|fontSize)\s*:(?![\s'"]*var\(--font-)[^;}\n]*\d/;
const FONT_SHORTHAND = /(?<![\w-])font\s*:\s*[^;}\n]*\d(?:px|rem|em|%)/;
/** A z-index other than 0 or auto, not a token. */
const Z_INDEX = /(?:z-index|zIndex)\s*:\s*['"]?\s*-?[1-9]/;

/** Literal colours, font sizes and z-indexes in a file's style parts, as `file:line: text`. */
export function literalsIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const part of styleParts(file, text)) {
    const css = part.css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    css.split('\n').forEach((line, i) => {
      if ([COLOUR, FONT_SIZE, FONT_SHORTHAND, Z_INDEX].some((re) => re.test(line))) {
        found.push(`${path.isAbsolute(file) ? path.relative(SRC, file) : file}:${part.line + i}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('style tokens', () => {
  it('no stylesheet, Astro style or React style object writes a literal colour, font size or z-index', () => {
    const files = walk(SRC).filter((f) => /\.(css|astro|tsx)$/.test(f) && f !== TOKENS && f !== CONSOLE_TOKENS);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => literalsIn(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('finds each kind of literal where styles are written', () => {
    expect(
      literalsIn('a.css', '.a { color: #fff; }\n.b { background: rgb(0 0 0 / 0.5); }\n.c { border-color: white; }\n.red:hover .blue { color: red; }'),
    ).toHaveLength(4);
    expect(literalsIn('a.css', '.a { font-size: 0.8125rem; }\n.b { font: 600 14px/1.5 sans-serif; }\n.c { z-index: 30; }')).toHaveLength(3);
    expect(literalsIn('a.astro', '<p style="color:#666">x</p>\n<style>\n  .a { font-size: 13px; }\n</style>')).toEqual([
      'a.astro:1: color:#666',
      'a.astro:3: .a { font-size: 13px; }',
    ]);
    expect(literalsIn('a.tsx', "<b style={{ color: '#fff', fontSize: '0.9375rem' }} />")).toHaveLength(1);
  });

  it('lets tokens, data and comments through', () => {
    expect(
      literalsIn(
        'a.css',
        '.a { color: var(--grey-40); font-size: var(--font-13); z-index: var(--z-nav); }\n/* #fff on --brand */ .b { font: inherit; z-index: 0; }\n.red:hover .blue, .grey { filter: grayscale(1); }',
      ),
    ).toEqual([]);
    expect(literalsIn('a.css', '.a { background: var(--black-a60); border-color: var(--white); }')).toEqual([]);
    expect(literalsIn('a.astro', '---\nconst c = "#c40010";\n---\n<svg><path fill="#fff" /></svg>')).toEqual([]);
  });

  it('inline styles name only the roles: the palette and scales are compiled into stylesheets (src/build/cssLayers.ts)', () => {
    const inline = walk(SRC)
      .filter((f) => /\.(astro|tsx)$/.test(f))
      .flatMap((f) =>
        styleParts(f, readFileSync(f, 'utf8'))
          .filter((part) => !part.css.includes('{') || f.endsWith('.tsx'))
          .flatMap((part) =>
            [...part.css.matchAll(/var\(\s*(--[\w-]+)\s*\)/g)]
              .filter((m) => COMPILED_NAME.test(m[1]!))
              .map((m) => `${path.relative(SRC, f)}:${part.line}: ${m[0]}`),
          ),
      );
    expect(inline).toEqual([]);
  });

  it('the tokens file defines every token the styles name', () => {
    const defined = new Set([...readFileSync(TOKENS, 'utf8').matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
    const named = walk(SRC)
      .filter((f) => /\.(css|astro|tsx)$/.test(f))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/var\((--(?:white|black|grey|red|orange|yellow|green|teal|blue|purple|font|z)-?[\w-]*)\)/g)].map((m) => m[1]),
      );
    expect(named.filter((name) => !defined.has(name))).toEqual([]);
  });
});
