/**
 * Build step (a PostCSS plugin in astro.config.mjs) for the site's styles (docs/conventions.md "Styles"):
 *
 * - Cascade layers. Every stylesheet — an Astro component's <style>, a CSS module, a global file — starts
 *   with the one layer order, so whichever reaches the page first sets it, and its rules that sit in no
 *   layer are wrapped in `components`. A file that names its own layers (src/styles/tokens.css,
 *   reset.css) keeps them. Nothing is left unlayered: a rule's weight is its layer, then its selector.
 * - Compiled tokens. The palette and the scales of tokens.css are ~150 entries; written once in the
 *   shared CSS they would weigh ~1 KB gzip on every page's first screen (the CSS is inline, ADR 001), and
 *   carried by each stylesheet that names them still ~0.3 KB. They are never switched at run time (a
 *   theme switches the roles), so the build writes each one's value where a stylesheet names it, and
 *   drops their rules from tokens.css: the page's CSS weighs what it did with literals.
 */
import postcss, { type Plugin } from 'postcss';

export const LAYER_ORDER = ['reset', 'tokens', 'base', 'components', 'utilities'] as const;

/**
 * The compiled tokens: the palette (a colour family, then its lightness) and the scales of type,
 * stacking, spacing and radius (tokens.css); the roles a theme switches are not among them.
 */
export const COMPILED_NAME = /^--(?:(?:white|black|grey|red|orange|yellow|green|teal|blue|purple)(?:-[\w-]*)?|font-\d+|z-[\w-]+|space-\d+|radius-[\w-]+)$/;

/** The compiled tokens of a tokens file: each `:root` rule that holds such entries alone. */
export function readCompiledTokens(css: string): Map<string, string> {
  const compiled = new Map<string, string>();
  postcss.parse(css).walkRules(':root', (rule) => {
    const decls = rule.nodes.filter((node) => node.type === 'decl');
    if (decls.length > 0 && decls.every((d) => COMPILED_NAME.test(d.prop))) for (const d of decls) compiled.set(d.prop, d.value);
  });
  return compiled;
}

/** At-rules that must stay at the top level of a file. */
const TOP_LEVEL = new Set(['layer', 'import', 'charset']);
/** A token named without a fallback. */
const TOKEN = /var\(\s*(--[\w-]+)\s*\)/g;

export function cssLayers(compiled: ReadonlyMap<string, string> = new Map()): Plugin {
  return {
    postcssPlugin: 'shancheng-css-layers',
    Once(root, { AtRule }) {
      if (!root.nodes.some((node) => node.type !== 'comment')) return;
      if (compiled.size > 0) {
        root.walkRules(':root', (rule) => {
          const decls = rule.nodes.filter((node) => node.type === 'decl');
          if (decls.length > 0 && decls.every((d) => compiled.has(d.prop))) rule.remove();
        });
        root.walkDecls((decl) => {
          if (decl.value.includes('var(')) decl.value = decl.value.replace(TOKEN, (whole, name: string) => compiled.get(name) ?? whole);
        });
      }
      const loose = root.nodes.filter((node) => node.type !== 'comment' && !(node.type === 'atrule' && TOP_LEVEL.has(node.name)));
      if (loose.length > 0) {
        const layer = new AtRule({ name: 'layer', params: 'components' });
        layer.append(...loose);
        root.append(layer);
      }
      root.prepend(new AtRule({ name: 'layer', params: LAYER_ORDER.join(', ') }));
    },
  };
}
