/**
 * A bad setting stops the real server before it starts anything, with a message in Chinese and English
 * naming the variable (README "Settings", src/settings/settings.ts), and never its value.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sc-settings-')), DATABASE_URL: '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('a bad setting', () => {
  it('stops the start, naming the variable in Chinese and English', async () => {
    const { code, output } = await start({ PORT: 'eighty', LOG_LEVEL: 'info' });
    expect(code).toBe(1);
    expect(output).toContain('设置有误，服务未启动');
    expect(output).toContain('PORT：应为0–65535 的端口号');
    expect(output).toContain('PORT: expected a port number 0–65535');
    expect(output).not.toContain('eighty');
    expect(output).not.toContain('serving at');
    // Loading the server's modules takes seconds on a busy 2-core machine; the default 30 s is not for that.
  }, 120_000);
});
