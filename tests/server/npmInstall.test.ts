/**
 * A newcomer's `npm install` on the system Node prints no EBADENGINE or ERESOLVE noise and
 * leaves package-lock.json exactly as committed. Resolves the tree against the registry in a copy of the
 * manifest (lock only: node_modules is not touched).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sc-npm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm install on a fresh clone', () => {
  it('is quiet and keeps package-lock.json unchanged', { timeout: 180_000 }, () => {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(path.join(root, file), path.join(dir, file));
    const result = spawnSync('npm', ['install', '--package-lock-only', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output).not.toMatch(/EBADENGINE|ERESOLVE|overriding peer dependency/);
    expect(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')).toBe(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  });
});
