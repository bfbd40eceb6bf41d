/**
 * The real server process on a keep-alive connection: a refused large body (HTTP 413)
 * is answered with `Connection: close`, so the client's next request goes on a fresh connection and never
 * fails; and the start log names the address actually bound (item 10: HOST=127.0.0.1 → 127.0.0.1).
 */
import { Agent, request } from 'node:http';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stopServer, type ServerProcess } from '../support/serverProcess.ts';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { LOG_LEVEL: 'info', SEED_DEMO: '0', REDIS_URL: '' } });
}, 120_000);
afterAll(async () => {
  await stopServer(server);
  rmSync(server.dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through `agent`; `chunked` sends the body without a Content-Length. */
function send(agent: Agent, method: string, path: string, body?: Buffer, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (body && !chunked) headers['content-length'] = body.length;
    const req = request(`${server.origin}${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    // Writing the rest of a refused body may hit the closed socket; the answer has already arrived.
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const bigJson = (bytes: number): Buffer => Buffer.from(JSON.stringify({ sayText: 'x'.repeat(bytes) }));

describe('a refused large body on a keep-alive connection', () => {
  it.each([
    ['with a Content-Length', false],
    ['chunked', true],
  ])(
    '413 (%s) closes the connection, and the next requests on the same agent all succeed',
    async (_name, chunked) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < 5; round++) {
          const refused = await send(agent, 'POST', '/v1/comment/store', bigJson(200 * 1024), chunked);
          expect(refused.status).toBe(413);
          expect(refused.headers.connection).toBe('close');
          expect(JSON.parse(refused.body)).toMatchObject({ message: expect.stringMatching(/[\u4e00-\u9fff]/) });
          const next = await send(agent, 'GET', '/healthz');
          expect(next.status).toBe(200);
        }
      } finally {
        agent.destroy();
      }
    },
    60_000,
  );

  it('a body within the limit keeps the connection alive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const small = await send(agent, 'POST', '/v1/comment/store', bigJson(10));
      expect(small.status).not.toBe(413);
      expect(small.headers.connection).toBe('keep-alive');
    } finally {
      agent.destroy();
    }
  });
});

describe('the start log (item 10)', () => {
  it('names the address and port actually bound', () => {
    const port = new URL(server.origin).port;
    expect(server.output()).toContain(`serving at http://127.0.0.1:${port}/shancheng/`);
    expect(server.output()).not.toContain('serving at http://localhost');
  });
});
