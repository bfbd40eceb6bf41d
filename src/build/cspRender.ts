/**
 * Build step (a Vite plugin in astro.config.mjs) that takes two per-render costs out of Astro's CSP, leaving the
 * policy it sends unchanged (bench/where-time-goes.md "Astro's CSP on each render"):
 *
 * - Astro's manifest lists the hash of every inline style of the build once per page that has it (986 entries,
 *   165 distinct, on this site), and every render copies that list and folds it into a set for the header. The
 *   render now copies the distinct entries, in their first order (a page may still add its own to its copy).
 * - Every render hashed the route's inline scripts and styles again through WebCrypto (an asynchronous job per
 *   element); the digest of the same text is now computed once per process.
 *
 * Both are text rewrites of Astro's runtime as the server bundle is built. When an Astro upgrade changes the
 * code they match, the build stops with a message naming the file, so nobody ships without them unknowingly.
 */
import type { Plugin } from 'vite';

interface Rewrite {
  /** The end of the module's path under node_modules/astro/dist. */
  file: string;
  from: string;
  to: string;
  /** Added once at the module's end. */
  append?: string;
}

const REWRITES: Rewrite[] = [
  {
    file: 'core/fetch/fetch-state.js',
    from: '[...manifest.csp.scriptDirective.hashes]',
    to: '[...__scDistinctHashes(manifest.csp.scriptDirective.hashes)]',
  },
  {
    file: 'core/fetch/fetch-state.js',
    from: '[...manifest.csp.styleDirective.hashes]',
    to: '[...__scDistinctHashes(manifest.csp.styleDirective.hashes)]',
    append: `
const __scDistinct = new WeakMap();
function __scDistinctHashes(hashes) {
  let distinct = __scDistinct.get(hashes);
  if (distinct === undefined) {
    distinct = [...new Set(hashes)];
    __scDistinct.set(hashes, distinct);
  }
  return distinct;
}
`,
  },
  {
    file: 'core/encryption.js',
    from: 'async function generateCspDigest(data, algorithm) {',
    to: 'async function __scComputeCspDigest(data, algorithm) {',
    append: `
const __scDigests = new Map();
function generateCspDigest(data, algorithm) {
  let byData = __scDigests.get(algorithm);
  if (byData === undefined) __scDigests.set(algorithm, (byData = new Map()));
  let digest = byData.get(data);
  if (digest === undefined) {
    // Bounded: the texts are the build's scripts and styles (a few hundred); anything else only costs the hashing.
    if (byData.size >= 2048) byData.clear();
    digest = __scComputeCspDigest(data, algorithm);
    byData.set(data, digest);
  }
  return digest;
}
`,
  },
];

/** Applies the rewrites of `id` to `code`; null when the module is not one of them. Throws when a rewrite no longer matches. */
export function rewriteAstroCsp(id: string, code: string): string | null {
  const path = id.split('?')[0]!.replaceAll('\\', '/');
  const mine = REWRITES.filter((r) => path.endsWith(`/node_modules/astro/dist/${r.file}`));
  if (mine.length === 0) return null;
  let out = code;
  for (const r of mine) {
    if (!out.includes(r.from))
      throw new Error(`cspRender: astro/dist/${r.file} no longer contains "${r.from}" (src/build/cspRender.ts: check Astro's CSP after the upgrade)`);
    out = out.replace(r.from, r.to) + (r.append ?? '');
  }
  return out;
}

export function cspRender(): Plugin {
  return {
    name: 'shancheng-csp-render',
    transform(code, id) {
      const out = rewriteAstroCsp(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
