/**
 * The rules between server areas (docs/where-code-lives.md): no import cycle among the folders of
 * src/server, the framework and shared layers import no feature area, and only the composition root
 * (app/, main.ts) imports an area's routes. Read from the sources, so a new import that breaks a rule
 * fails here with the file that made it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Layers below the feature areas: they may import each other (without a cycle) and db, never a feature area. */
export const SHARED_AREAS = ['db', 'http', 'tokens', 'likes', 'profiles', 'realtime', 'web', 'cache', 'media', 'review'] as const;
/** The composition root: sees every area. */
const ROOT_AREAS = ['app', '(root)'];

interface Edge {
  from: string;
  to: string;
  file: string;
  target: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

function areaOf(file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : '(root)';
}

export function areaEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = path.resolve(path.dirname(file), (m[1] ?? m[2])!);
      if (!target.startsWith(root + path.sep)) continue;
      const from = areaOf(file);
      const to = areaOf(target);
      if (from !== to) edges.push({ from, to, file: path.relative(root, file), target: path.relative(root, target) });
    }
  }
  return edges;
}

/** Groups of areas that import each other (Tarjan's strongly connected components of more than one area). */
export function areaCycles(edges: readonly Pick<Edge, 'from' | 'to'>[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (ROOT_AREAS.includes(e.from) || ROOT_AREAS.includes(e.to)) continue;
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    graph.get(e.from)!.add(e.to);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

describe('server areas', () => {
  const edges = areaEdges();

  it('import each other without a cycle', () => {
    expect(areaCycles(edges)).toEqual([]);
  });

  it('the cycle finder finds one (so the test above can fail)', () => {
    expect(
      areaCycles([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'a' },
        { from: 'c', to: 'd' },
      ]),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('the framework and shared layers import no feature area', () => {
    const shared = new Set<string>(SHARED_AREAS);
    // Files at the top of src/server other than main.ts (log.ts) are shared too.
    const isShared = (e: Edge): boolean => shared.has(e.to) || (e.to === '(root)' && e.target !== 'main.ts');
    const wrong = edges.filter((e) => shared.has(e.from) && !isShared(e)).map((e) => `${e.file} → ${e.target}`);
    expect(wrong).toEqual([]);
  });

  it('the database layer imports no other server area', () => {
    expect(edges.filter((e) => e.from === 'db').map((e) => `${e.file} → ${e.target}`)).toEqual([]);
  });

  it("only the composition root (app/, main.ts) imports an area's routes", () => {
    const wrong = edges.filter((e) => !ROOT_AREAS.includes(e.from) && path.basename(e.target) === 'routes.ts').map((e) => `${e.file} → ${e.target}`);
    expect(wrong).toEqual([]);
    expect(edges.filter((e) => e.to === 'app' && e.from !== '(root)').map((e) => e.file)).toEqual([]);
  });
});
