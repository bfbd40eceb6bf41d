/** Every file below `dir` (depth first, folders followed), for the static file table and the build's precompress step. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function listFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, out);
    else out.push(full);
  }
  return out;
}
