import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteAstroCsp } from './cspRender.ts';

const astroDist = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');
const read = (file: string): { id: string; code: string } => {
  const id = path.join(astroDist, file);
  return { id, code: readFileSync(id, 'utf8') };
};

describe('cspRender', () => {
  it('rewrites the installed Astro: the render copies the distinct hashes, and a digest is computed once per text', () => {
    const state = read('core/fetch/fetch-state.js');
    const rewritten = rewriteAstroCsp(state.id, state.code)!;
    expect(rewritten).toContain('[...__scDistinctHashes(manifest.csp.styleDirective.hashes)]');
    expect(rewritten).toContain('[...__scDistinctHashes(manifest.csp.scriptDirective.hashes)]');
    expect(rewritten).not.toContain('[...manifest.csp.styleDirective.hashes]');

    const encryption = read('core/encryption.js');
    const digestModule = rewriteAstroCsp(encryption.id, encryption.code)!;
    expect(digestModule).toContain('async function __scComputeCspDigest(data, algorithm) {');
    expect(digestModule).toMatch(/function generateCspDigest\(data, algorithm\) \{[\s\S]*__scComputeCspDigest\(data, algorithm\)/);
  });

  it('leaves other modules alone and stops the build when Astro no longer has the code it rewrites', () => {
    expect(rewriteAstroCsp('/x/node_modules/astro/dist/core/render/index.js', 'code')).toBeNull();
    expect(() => rewriteAstroCsp('/x/node_modules/astro/dist/core/encryption.js', 'export function other() {}')).toThrow(/check Astro's CSP/);
  });
});
