/** The README and docs name only files in the repository (a clone has no ../shared). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs')).filter((f) => !f.includes(`${path.sep}spec${path.sep}`))];

describe('README and docs', () => {
  it.each(files.map((f) => [path.relative(root, f), f]))('%s refers to nothing outside the repository', (_name, file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/\.\.\/shared\//);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))('%s links only to files that exist', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => !existsSync(path.resolve(path.dirname(file), target)));
    expect(broken).toEqual([]);
  });

  it('has the architecture page a newcomer needs', () => {
    const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    for (const heading of ['## The layers', "## One request's path", '## Where each spec area lives']) expect(text).toContain(heading);
  });
});
