import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { cssLayers, readCompiledTokens } from './cssLayers.ts';

const ORDER = '@layer reset, tokens, base, components, utilities;';

/** CSS without the whitespace between tokens, to compare structure. */
const norm = (css: string) =>
  css
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .trim();

async function run(css: string): Promise<string> {
  return norm((await postcss([cssLayers()]).process(css, { from: undefined })).css);
}

describe("cssLayers: every stylesheet in the site's cascade layers", () => {
  it("wraps a component's loose rules in components, after the one layer order", async () => {
    expect(await run('.a { color: var(--white); }\n@media (min-width: 40rem) { .a { color: var(--black); } }')).toBe(
      norm(`${ORDER} @layer components { .a { color: var(--white); } @media (min-width: 40rem) { .a { color: var(--black); } } }`),
    );
  });

  it('keeps the layers a file names itself, and wraps only what is outside them', async () => {
    expect(await run('@layer base { body { margin: 0; } }')).toBe(norm(`${ORDER} @layer base { body { margin: 0; } }`));
    expect(await run('@layer utilities { .u { display: none; } } .b { margin: 0; }')).toBe(
      norm(`${ORDER} @layer utilities { .u { display: none; } } @layer components { .b { margin: 0; } }`),
    );
  });

  it('leaves an empty or comment-only file alone', async () => {
    expect(await run('')).toBe('');
    expect(await run('/* nothing */')).toBe('/* nothing */');
  });
});

describe('cssLayers: the palette and scales compiled', () => {
  const tokens =
    '@layer tokens { :root { --white: #fff; --grey-40: #666; --red-47: #c62828; } :root { --font-13: 0.8125rem; --z-nav: 20; } :root { --brand: #d7000f; --radius: 0.25rem; } }';
  const palette = readCompiledTokens(tokens);

  it('reads the palette and scale rules of the tokens file, not the roles beside them', () => {
    expect([...palette]).toEqual([
      ['--white', '#fff'],
      ['--grey-40', '#666'],
      ['--red-47', '#c62828'],
      ['--font-13', '0.8125rem'],
      ['--z-nav', '20'],
    ]);
  });

  it('drops the palette rule from the tokens file and keeps the roles', async () => {
    const out = norm((await postcss([cssLayers(palette)]).process(tokens, { from: undefined })).css);
    expect(out).toBe(norm(`${ORDER} @layer tokens { :root { --brand: #d7000f; --radius: 0.25rem; } }`));
  });

  it("writes a compiled token's value where a stylesheet names it; roles and fallbacks stay custom properties", async () => {
    const css =
      '.a { color: var(--grey-40); border: 1px solid var(--white); background: var(--brand); font-size: var(--font-13); z-index: var( --z-nav ); outline-color: var(--grey-40, red); }';
    const out = norm((await postcss([cssLayers(palette)]).process(css, { from: undefined })).css);
    expect(out).toBe(
      norm(
        `${ORDER} @layer components { .a { color: #666; border: 1px solid #fff; background: var(--brand); font-size: 0.8125rem; z-index: 20; outline-color: var(--grey-40, red); } }`,
      ),
    );
  });
});
