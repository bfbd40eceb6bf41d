/** Runs the real server process (src/server/main.ts) on a free loopback port for process-level tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seededDataDir } from './seededDataDir.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Without a dataDir the server starts on a copy of the run's seeded snapshot (seededDataDir);
 * `coldStart` gives it an empty folder instead, to test the first start a user's machine makes.
 */
export async function startServer(options: { dataDir?: string; env?: NodeJS.ProcessEnv; coldStart?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (options.coldStart ? mkdtempSync(path.join(os.tmpdir(), 'sc-proc-')) : await seededDataDir('sc-proc-'));
  let out = '';
  const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', NODE_ENV: 'test', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  // A cold start seeds every area (pictures drawn once per machine): allow for a loaded CI machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${origin}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, dataDir, child, output: () => out, exited };
}

/** SIGTERM (the server drains) and wait for the exit; nothing to do when it has already exited. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}
