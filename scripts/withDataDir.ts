/**
 * A folder of its own for one run (the browser tests' database and media), removed after the run whatever
 * its outcome — a failing status, a thrown error — so `npm test` never leaves a folder in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function withDataDir<T>(prefix: string, run: (dir: string) => T, base: string = os.tmpdir()): T {
  const dir = mkdtempSync(path.join(base, prefix));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
