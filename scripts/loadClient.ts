/**
 * A load generator in Node alone (no wrk): `connections` keep-alive loops, each asking the next URL of its list
 * as soon as the last answer is read, for `seconds`. Used by `npm run bench` (scripts/benchScale.ts) and by the
 * capacity check anyone can run (scripts/load.ts, docs/capacity.md). It costs CPU of its own: on a machine
 * shared with the server, rates are a floor of what the server does alone.
 */
import http from 'node:http';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx/3xx, and requests that failed outright. */
  bad: number;
  errors: number;
}

export interface LoadOptions {
  /** Full URLs, asked round-robin across the loops (several origins = the round-robin in front of processes). */
  urls: readonly string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

function ask(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const urls = options.urls.map((u) => new URL(u));
  const headers = { 'accept-encoding': 'gzip', ...options.headers };
  const latencies: number[] = [];
  let bad = 0;
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < end) {
      const url = urls[next++ % urls.length]!;
      const t = performance.now();
      try {
        const status = await ask(agent, url, headers);
        if (status < 200 || status >= 400) bad += 1;
        latencies.push(performance.now() - t);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), bad, errors };
}
