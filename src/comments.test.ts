/**
 * Comments cite what is in this repository (docs/conventions.md "Comments"): the spec section, an ADR, a
 * page of docs/. Not the team's design brief or conventions file outside the repository (both now live in
 * docs/conventions.md), and no "issue N" references: issues close, the reason must stay readable here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'migrations' || name.startsWith('.')) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx|mts|mjs|js|astro|css)$/.test(name) && full !== fileURLToPath(import.meta.url) ? [full] : [];
  });
}

const sources = [
  ...['src', 'tests', 'scripts'].flatMap((d) => files(path.join(repo, d))),
  ...['eslint.config.js', 'astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts'].map((f) => path.join(repo, f)),
];

describe('comments cite the repository', () => {
  it('no source cites DESIGN.md or CONVENTIONS, files outside the repository', () => {
    const hits = sources.filter((f) => /\bDESIGN(\.md|\s+"|\b(?=[:)]))|\bCONVENTIONS\b/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(repo, f));
    expect(hits).toEqual([]);
  });

  it('no source cites an issue number', () => {
    const hits = sources.filter((f) => /\b[Ii]ssues? [0-9]+/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(repo, f));
    expect(hits).toEqual([]);
  });
});
