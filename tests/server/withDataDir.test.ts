import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withDataDir } from '../../scripts/withDataDir.ts';

// `npm test` removes the browser tests' data folder after the run, whatever its outcome.
describe('withDataDir', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'sc-datadir-test-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const fill = (dir: string): void => {
    // What a server leaves behind: a database folder and media files.
    mkdirSync(path.join(dir, 'pg', 'base'), { recursive: true });
    writeFileSync(path.join(dir, 'pg', 'base', '1'), Buffer.alloc(4096));
    writeFileSync(path.join(dir, 'media.webp'), 'x');
  };

  it('removes the folder after a passing run and gives back the run’s status', () => {
    const status = withDataDir('shancheng-e2e-', (dir) => (fill(dir), 0), base);
    expect(status).toBe(0);
    expect(readdirSync(base)).toEqual([]);
  });

  it('removes the folder after a failing run (non-zero status)', () => {
    expect(withDataDir('shancheng-e2e-', (dir) => (fill(dir), 1), base)).toBe(1);
    expect(readdirSync(base)).toEqual([]);
  });

  it('removes the folder when the run throws', () => {
    let seen = '';
    expect(() =>
      withDataDir(
        'shancheng-e2e-',
        (dir) => {
          seen = dir;
          fill(dir);
          throw new Error('playwright crashed');
        },
        base,
      ),
    ).toThrow('playwright crashed');
    expect(existsSync(seen)).toBe(false);
  });

  it('npm test runs the browser tests inside withDataDir (no other temporary folder)', () => {
    const script = spawnSync('git', ['grep', '-n', 'mkdtempSync', '--', 'scripts/test.ts'], { encoding: 'utf8' });
    expect(script.stdout).toBe('');
    const uses = spawnSync('git', ['grep', '-c', "withDataDir('shancheng-e2e-'", '--', 'scripts/test.ts'], { encoding: 'utf8' });
    expect(uses.stdout.trim()).toBe('scripts/test.ts:1');
  });
});
