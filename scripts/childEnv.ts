/** Environment for child tools: node_modules/.bin first, so their `#!/usr/bin/env node` finds the pinned Node 24. */
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const bin = path.join(root, 'node_modules', '.bin');
  return { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, ...extra };
}

export function binPath(name: string): string {
  return path.join(root, 'node_modules', '.bin', name);
}
