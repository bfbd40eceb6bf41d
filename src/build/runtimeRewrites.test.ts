import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENCODE_NOW_SOURCE, rewriteRuntime } from './runtimeRewrites.ts';

const require = createRequire(import.meta.url);
/** A module of an installed package, under the path the bundler gives it. */
const read = (pkg: string, file: string): { id: string; code: string } => {
  const id = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
  return { id, code: readFileSync(id, 'utf8') };
};

describe('runtimeRewrites', () => {
  it('rewrites the installed Astro: the render copies the distinct hashes, and a digest is computed once per text', () => {
    const state = read('astro', 'dist/core/fetch/fetch-state.js');
    const rewritten = rewriteRuntime(state.id, state.code)!;
    expect(rewritten).toContain('[...__scDistinctHashes(manifest.csp.styleDirective.hashes)]');
    expect(rewritten).toContain('[...__scDistinctHashes(manifest.csp.scriptDirective.hashes)]');
    expect(rewritten).not.toContain('[...manifest.csp.styleDirective.hashes]');

    const encryption = read('astro', 'dist/core/encryption.js');
    const digestModule = rewriteRuntime(encryption.id, encryption.code)!;
    expect(digestModule).toContain('async function __scComputeCspDigest(data, algorithm) {');
    expect(digestModule).toMatch(/function generateCspDigest\(data, algorithm\) \{[\s\S]*__scComputeCspDigest\(data, algorithm\)/);
  });

  it('rewrites the installed React renderer: an island rendered to a string keeps the prefix the browser hydrates its ids with', () => {
    const server = read('@astrojs/react', 'dist/server.js');
    const rewritten = rewriteRuntime(server.id, server.code)!;
    expect(rewritten).toContain('html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });');
    expect(rewritten).not.toContain('html = ReactDOM.renderToString(vnode);');
    // The prefix is the island's own, the one its attributes carry to the browser.
    expect(rewritten).toMatch(/prefix = incrementId\(this\.result\);[\s\S]*const attrs = \{ prefix \};/);
  });

  it('rewrites the installed Astro: a streamed page is encoded in pieces of 16 K characters, never inside a surrogate pair', () => {
    const render = read('astro', 'dist/runtime/server/render/astro/render.js');
    const rewritten = rewriteRuntime(render.id, render.code)!;
    expect(rewritten).toMatch(/buffer\.push\(bytes\);\s*lastIsString = true;\s*\}\s*if \(__scEncodeNow\(buffer\[buffer\.length - 1\]\)\) \{/);
    expect(rewritten).toContain('buffer[buffer.length - 1] = encoder.encode(buffer[buffer.length - 1]);');

    const encodeNow = new Function(`${ENCODE_NOW_SOURCE}; return __scEncodeNow;`)() as (text: string) => boolean;
    expect(encodeNow('山'.repeat(16383))).toBe(false);
    expect(encodeNow('山'.repeat(16384))).toBe(true);
    expect(encodeNow(`${'a'.repeat(16383)}😀`)).toBe(true);
    // The first half of 😀 (\ud83d) waits for its second in the next write.
    expect(encodeNow(`${'a'.repeat(16383)}\ud83d`)).toBe(false);

    // Pieces cut where it says give the same bytes as the whole text at once.
    const encoder = new TextEncoder();
    const writes = [
      'a'.repeat(16383),
      '\ud83d',
      '\ude00',
      ...Array.from({ length: 3000 }, (_, i) => (i % 7 === 3 ? '\ud83d' : i % 7 === 4 ? '\ude00重庆' : `<p class="c${i}">山城</p>`)),
    ];
    const pieces: Uint8Array[] = [];
    let text = '';
    for (const w of writes) {
      text += w;
      if (encodeNow(text)) {
        pieces.push(encoder.encode(text));
        text = '';
      }
    }
    pieces.push(encoder.encode(text));
    expect(pieces.length).toBeGreaterThan(2);
    expect(Buffer.concat(pieces).equals(Buffer.from(encoder.encode(writes.join(''))))).toBe(true);
  });

  it('leaves other modules alone and stops the build when Astro no longer has the code it rewrites', () => {
    expect(rewriteRuntime('/x/node_modules/astro/dist/core/render/index.js', 'code')).toBeNull();
    expect(() => rewriteRuntime('/x/node_modules/astro/dist/core/encryption.js', 'export function other() {}')).toThrow(/check Astro's CSP/);
    expect(() => rewriteRuntime('/x/node_modules/@astrojs/react/dist/server.js', 'export default {}')).toThrow(/identifierPrefix/);
  });
});
