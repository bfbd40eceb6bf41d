/**
 * The test files that change what outlives a file run isolated (vitest.config.ts `ISOLATED`; docs/conventions.md
 * "Tests"): the others share a module graph per worker, where a leftover mock, spy, environment variable, fake
 * clock or process listener would reach the next file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'tests/api', 'tests/security', 'tests/server', 'tests/budgets', 'tests/services'];
/** What outlives a test file unless the file runs isolated. */
const LEAKS = /\bvi\.(?:mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|\bdelete process\.env|process\.on\(/;

function testFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.test.ts')) out.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return out;
}

describe('vitest isolation list', () => {
  it('holds every test file that mocks, spies, stubs, changes the environment, fakes the clock or listens on the process', () => {
    const needing = FOLDERS.flatMap(testFiles).filter((file) => LEAKS.test(readFileSync(path.join(root, file), 'utf8')));
    expect(needing.length).toBeGreaterThan(5);
    expect(needing.filter((file) => !ISOLATED.includes(file))).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(ISOLATED.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
