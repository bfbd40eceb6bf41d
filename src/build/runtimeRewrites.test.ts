import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteRuntime } from './runtimeRewrites.ts';

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

  it('leaves other modules alone and stops the build when Astro no longer has the code it rewrites', () => {
    expect(rewriteRuntime('/x/node_modules/astro/dist/core/render/index.js', 'code')).toBeNull();
    expect(() => rewriteRuntime('/x/node_modules/astro/dist/core/encryption.js', 'export function other() {}')).toThrow(/check Astro's CSP/);
    expect(() => rewriteRuntime('/x/node_modules/@astrojs/react/dist/server.js', 'export default {}')).toThrow(/identifierPrefix/);
  });
});
