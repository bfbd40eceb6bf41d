/**
 * The capacity check anyone can run (docs/capacity.md): Node only, no wrk. Sends the reader mix of the
 * capacity plan — home and channel pages, articles, API list and detail calls — to one or more running
 * processes (or the load balancer / CDN in front of them) and prints the rate, latency and failures.
 *
 *   node scripts/load.ts --target=http://127.0.0.1:4321[,http://127.0.0.1:4322] [--seconds=30] [--connections=50]
 *     [--article=/NewsDetail?classId=101&newsId=1]
 *
 * Compare the rate with docs/capacity.md: a deployment carries the breaking-news peak when this mix runs at
 * the plan's peak requests per second with p99 under 1 s and no failures. Run it from another machine
 * than the servers: a load client on the same cores takes CPU from them.
 */
import { runLoad } from './loadClient.ts';

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const targets = (arg('target') ?? 'http://127.0.0.1:4321').split(',').map((t) => t.replace(/\/+$/, ''));
const seconds = Number(arg('seconds') ?? 30);
const connections = Number(arg('connections') ?? 50);
const article = arg('article') ?? '/NewsDetail?classId=101&newsId=1';

/**
 * The mix of docs/capacity.md "Reader mix" (assumption A3): of ten requests, three list pages, three article
 * pages, four API calls (the islands' paging, counts and the detail call).
 */
const MIX = [
  '/shancheng/home/1',
  '/shancheng/home/1',
  '/shancheng/columns?columnId=101',
  `/shancheng${article}`,
  `/shancheng${article}`,
  `/shancheng${article}`,
  '/kratos/v1/channel/list?channelId=1&page=1',
  '/kratos/v1/channel/list?channelId=1&page=2',
  '/kratos/v1/detail?classId=101&newsId=1',
  '/kratos/v1/channel/list?channelId=13&page=1',
];

const urls = MIX.flatMap((p) => targets.map((t) => t + p));
console.log(`${connections} connections for ${seconds} s against ${targets.join(', ')} …`);
const r = await runLoad({ urls, connections, seconds });
console.log(
  `${r.requests} requests: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
    `${r.bad} answers not 2xx/3xx, ${r.errors} failed requests.`,
);
process.exit(r.bad + r.errors > 0 ? 1 : 0);
