import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('subqueries among selected fields', () => {
  it('name their columns with qualified(): a bare ${table.column} there loses its table in a one-table select', () => {
    const bare: string[] = [];
    for (const file of sources(join(import.meta.dirname, '..'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // A selected field: `name: sql<…>` whose text opens a subquery.
          const field = /^\s*(?:const \w+ = |\w+: )sql<[^>]+>`(.*)$/.exec(line);
          const sub = field?.[1]?.indexOf('(select ') ?? -1;
          if (field && sub >= 0 && /\$\{[A-Za-z]\w*\.[A-Za-z]\w*\}/.test(field[1]!.slice(sub))) bare.push(`${file}:${i + 1}`);
        });
    }
    expect(bare).toEqual([]);
  });
});
