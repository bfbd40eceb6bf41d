/**
 * Build step (a Vite plugin in astro.config.mjs): text rewrites of Astro's runtime and its React renderer as the
 * server bundle is built, each taking a per-render cost out and leaving what is sent unchanged.
 *
 * Two take costs out of Astro's CSP, leaving the policy it sends unchanged (bench/where-time-goes.md "Astro's CSP on
 * each render"):
 *
 * - Astro's manifest lists the hash of every inline style of the build once per page that has it (986 entries,
 *   165 distinct, on this site), and every render copies that list and folds it into a set for the header. The
 *   render now copies the distinct entries, in their first order (a page may still add its own to its copy).
 * - Every render hashed the route's inline scripts and styles again through WebCrypto (an asynchronous job per
 *   element); the digest of the same text is now computed once per process.
 *
 * One encodes a streamed page in pieces rather than as one string (ENCODE_NOW_SOURCE below).
 *
 * One keeps the islands' ids: the islands are rendered to a string, not a stream (`react({ experimentalDisableStreaming:
 * true })` in astro.config.mjs: no web stream and no text decoding per island, bench/where-time-goes.md), and that
 * path of the renderer leaves out the island's `identifierPrefix`, which the browser hydrates with. Without it every
 * island's `useId` would start from the same id on the server and differ from the browser's (a hydration mismatch);
 * the rewrite passes it.
 *
 * When an upgrade changes the code a rewrite matches, the build stops with a message naming the file, so nobody
 * ships without it unknowingly.
 */
import type { Plugin } from 'vite';

interface Rewrite {
  /** The module's path under node_modules. */
  file: string;
  /** What to check after the upgrade, for the message that stops the build. */
  check: string;
  from: string;
  to: string;
  /** Added once at the module's end. */
  append?: string;
}

/**
 * Whether the text a streamed render has gathered is encoded to bytes now (Astro then joins the pieces' bytes).
 * Astro joins the strings of a page into one and encodes it when the response is read. A page with enough Chinese
 * makes that one string longer than 128 KB (two bytes a character from 64 K characters on; the home page is 76 K),
 * and V8 allocates such a string in its large-object space, on each render: that and the copy cost the home page
 * about 0.6 ms of its 5 (bench/where-time-goes.md "One string per page"). Pieces of 16 K characters stay in the
 * ordinary heap. A piece never ends inside a surrogate pair, whose halves could come in two writes.
 */
export const ENCODE_NOW_SOURCE = `
function __scEncodeNow(text) {
  if (text.length < 16384) return false;
  const last = text.charCodeAt(text.length - 1);
  return last < 0xd800 || last > 0xdbff;
}
`;

const REWRITES: Rewrite[] = [
  {
    file: 'astro/dist/core/fetch/fetch-state.js',
    check: "Astro's CSP",
    from: '[...manifest.csp.scriptDirective.hashes]',
    to: '[...__scDistinctHashes(manifest.csp.scriptDirective.hashes)]',
  },
  {
    file: 'astro/dist/core/fetch/fetch-state.js',
    check: "Astro's CSP",
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
    file: 'astro/dist/core/encryption.js',
    check: "Astro's CSP",
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
  {
    file: 'astro/dist/runtime/server/render/astro/render.js',
    check: 'that a streamed page is encoded in pieces',
    from: `          if (lastIsString) {
            buffer[buffer.length - 1] = buffer[buffer.length - 1] + bytes;
          } else {
            buffer.push(bytes);
            lastIsString = true;
          }`,
    to: `          if (lastIsString) {
            buffer[buffer.length - 1] = buffer[buffer.length - 1] + bytes;
          } else {
            buffer.push(bytes);
            lastIsString = true;
          }
          if (__scEncodeNow(buffer[buffer.length - 1])) {
            buffer[buffer.length - 1] = encoder.encode(buffer[buffer.length - 1]);
            hasBytes = true;
            lastIsString = false;
          }`,
    append: ENCODE_NOW_SOURCE,
  },
  {
    file: '@astrojs/react/dist/server.js',
    check: 'that React islands rendered to a string keep their identifierPrefix',
    from: 'html = ReactDOM.renderToString(vnode);',
    to: 'html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });',
  },
];

/** Applies the rewrites of `id` to `code`; null when the module is not one of them. Throws when a rewrite no longer matches. */
export function rewriteRuntime(id: string, code: string): string | null {
  const path = id.split('?')[0]!.replaceAll('\\', '/');
  const mine = REWRITES.filter((r) => path.endsWith(`/node_modules/${r.file}`));
  if (mine.length === 0) return null;
  let out = code;
  for (const r of mine) {
    if (!out.includes(r.from))
      throw new Error(`runtimeRewrites: ${r.file} no longer contains "${r.from}" (src/build/runtimeRewrites.ts: check ${r.check} after the upgrade)`);
    out = out.replace(r.from, r.to) + (r.append ?? '');
  }
  return out;
}

export function runtimeRewrites(): Plugin {
  return {
    name: 'shancheng-runtime-rewrites',
    transform(code, id) {
      const out = rewriteRuntime(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
