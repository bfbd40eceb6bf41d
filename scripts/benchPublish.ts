/**
 * The writing desk's two figures (ADR 025), on a production server of its own:
 * - publish → card: the time from the chief's 发布 answering until the story's card is in the channel page a
 *   reader gets, that page having been served from the page cache just before (median and worst of N stories);
 * - the editor's load: a 5,000-character story with 20 captioned pictures opened in the console's editor in
 *   Chromium, from navigation start until the editor holds the whole story with every picture decoded
 *   (first visit, then the median of the visits after it).
 *
 *   node scripts/benchPublish.ts          (this section alone; `npm run bench` includes it)
 *
 * The bench's chief is made the way an admin makes one (npm run staff: an enrolment link), then enrols and signs
 * in over HTTP with the TOTP codes of its secret, as a person with an authenticator app would.
 * Settings: BENCH_PUBLISH_STORIES (10), BENCH_EDITOR_VISITS (5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/client.ts';
import { inviteStaff } from '../src/server/staff/service.ts';
import { currentTotp, unusedTotp } from '../src/server/staff/totp.ts';
import { startServer, type ServerProcess } from '../tests/support/serverProcess.ts';
import { median, percentile } from './benchStats.ts';
import { findChromium } from './findChromium.ts';

const STORIES = Number(process.env.BENCH_PUBLISH_STORIES ?? 10);
const VISITS = Number(process.env.BENCH_EDITOR_VISITS ?? 5);
const PASSWORD = 'Bench-Publish-2026!';
const ACCOUNT = 'bench-chief';

interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

/** A signed-in console session over HTTP. */
class Console {
  readonly origin: string;
  private cookie = '';
  private csrf = '';

  constructor(origin: string) {
    this.origin = origin;
  }

  get sessionCookie(): string {
    return this.cookie;
  }

  async call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.origin}/newsroom/api${route}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json', 'x-newsroom': '1', origin: this.origin, 'x-csrf-token': this.csrf } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const got = (await res.json()) as Envelope<T>;
    if (got.statusCode !== 200) throw new Error(`${route}: ${got.message}`);
    const set = /nr_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
    if (set?.[1]) this.cookie = `nr_session=${set[1]}`;
    const token = (got.data as { csrfToken?: string } | null)?.csrfToken;
    if (token) this.csrf = token;
    return got.data;
  }
}

/** A fresh data folder with the bench's chief invited; answers the folder and the enrolment token. */
async function prepare(): Promise<{ dataDir: string; token: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sc-bench-publish-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const invited = await inviteStaff(database, { staffId: null, name: '命令行', ip: '' }, { account: ACCOUNT, name: '压测总编', role: 'chief', scopes: [] });
    return { dataDir, token: invited.token };
  } finally {
    await database.close();
  }
}

async function signedInChief(origin: string, token: string): Promise<Console> {
  const desk = new Console(origin);
  const { secret } = await desk.call<{ secret: string }>('POST', '/enrol/start', { token });
  const step = Math.floor(Date.now() / 30_000);
  await desk.call('POST', '/enrol/finish', { token, password: PASSWORD, code: currentTotp(secret) });
  const { challenge } = await desk.call<{ challenge: string }>('POST', '/signin/password', { account: ACCOUNT, password: PASSWORD });
  await desk.call('POST', '/signin/code', { challenge, code: unusedTotp(secret, step).code });
  return desk;
}

interface Options {
  channels: { id: number; name: string }[];
  columns: { id: number; channelId: number }[];
}

async function newStory(desk: Console, place: { channelId: number; classId: number }, title: string, content: string): Promise<number> {
  const created = await desk.call<{ id: number; revision: number }>('POST', '/publish/create', { key: randomUUID() });
  await desk.call('POST', '/publish/save', {
    id: created.id,
    saveId: randomUUID(),
    revision: created.revision,
    fields: { title, smallText: '压测稿件：发布到读者看到卡片的时间。', befrom: '山城新闻', writer: '压测', ...place },
    content,
  });
  return created.id;
}

/** Publish → card on the channel page a reader gets (the page cache warm before each publish). */
async function publishToCard(desk: Console, place: { channelId: number; classId: number }): Promise<string> {
  const page = `${desk.origin}/shancheng/home/${place.channelId}`;
  const times: number[] = [];
  for (let i = 0; i < STORIES; i += 1) {
    const title = `压测快讯第 ${i + 1} 条 ${randomUUID().slice(0, 8)}`;
    const id = await newStory(desk, place, title, `<p>${title}：嘉陵江畔新添滨江步道，市民周末踏青。</p>`);
    // Served twice: the second answer comes from the page cache (its x-page-cache header says so).
    await (await fetch(page)).text();
    const cached = await fetch(page);
    await cached.text();
    if (cached.headers.get('x-page-cache') !== 'hit')
      throw new Error(`the channel page was not served from the page cache (${cached.headers.get('x-page-cache')})`);
    await desk.call('POST', '/publish/publish', { id });
    const start = performance.now();
    for (;;) {
      if ((await (await fetch(page)).text()).includes(title)) break;
      if (performance.now() - start > 30_000) throw new Error(`the card of story ${id} did not appear within 30 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    times.push(performance.now() - start);
  }
  const fmt = (ms: number) => `${Math.round(ms)} ms`;
  return [
    `| stories | median | p90 | worst |`,
    `|---|---|---|---|`,
    `| ${times.length} | ${fmt(median(times))} | ${fmt(percentile(times, 90))} | ${fmt(Math.max(...times))} |`,
    '',
    `Goal: a published story on every process within 2 s, cached pages included. Measured on \`/shancheng/home/${place.channelId}\`: ` +
      'the page is served twice before each 发布 (the second answer from the page cache), then asked every 10 ms until the card is in it.',
  ].join('\n');
}

/** A 5,000-character story with 20 captioned pictures; answers its id. */
async function longStory(desk: Console, place: { channelId: number; classId: number }): Promise<number> {
  const figures: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40 + i * 9, g: 120, b: 200 - i * 7 } } })
      .png()
      .toBuffer();
    const stored = await desk.call<{ url: string }>('POST', '/publish/picture', { data: png.toString('base64') });
    figures.push(`<figure><img src="${stored.url}" alt="滨江步道第 ${i + 1} 段"><figcaption>滨江步道第 ${i + 1} 段，市民沿江散步。</figcaption></figure>`);
  }
  const sentence = '记者从市城市管理局获悉，这条步道连接了三处江边公园，沿线设置观景平台与休息驿站，方便市民周末踏青。';
  const paragraphs: string[] = [];
  for (let chars = 0, i = 0; chars < 5000; i += 1) {
    const text = `${i + 1}. ${sentence}${sentence}`;
    paragraphs.push(`<p>${text}</p>`);
    chars += text.length;
  }
  const body = paragraphs.map((p, i) => (i % Math.ceil(paragraphs.length / 20) === 0 ? `${p}${figures.shift() ?? ''}` : p)).join('') + figures.join('');
  return newStory(desk, place, '滨江步道全线开放：二十张图看沿江风景', body);
}

/** The editor's load in Chromium: navigation start → the whole story in the editor, every picture decoded. */
async function editorLoad(desk: Console, id: number): Promise<string> {
  const executablePath = findChromium();
  if (!executablePath) return 'No Chromium: skipped.';
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const times: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const [name, value] = desk.sessionCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: desk.origin }]);
    const page = await context.newPage();
    for (let visit = 0; visit < VISITS + 1; visit += 1) {
      await page.goto(`${desk.origin}/newsroom/articles/edit?id=${id}`, { waitUntil: 'commit' });
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const check = (): void => {
              const editor = document.querySelector('.ProseMirror');
              const pictures = editor ? [...editor.querySelectorAll('img')] : [];
              if (editor && pictures.length === 20 && pictures.every((img) => img.complete && img.naturalWidth > 0) && editor.textContent?.includes('20.')) {
                resolve(performance.now());
                return;
              }
              requestAnimationFrame(check);
            };
            check();
          }),
      );
      times.push(ms);
    }
  } finally {
    await browser.close();
  }
  const [first, ...rest] = times;
  return [
    `| story | first visit | later visits (median of ${rest.length}) |`,
    `|---|---|---|`,
    `| 5,000 characters, 20 pictures of 1200×800 | ${Math.round(first ?? NaN)} ms | ${Math.round(median(rest))} ms |`,
    '',
    'From navigation start (performance.now() in the page) until the editor holds the last paragraph and all 20 pictures are decoded; ' +
      'Chromium at 1440×900 on the same machine as the server.',
  ].join('\n');
}

export async function publishBench(): Promise<string> {
  const { dataDir, token } = await prepare();
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ dataDir, env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' } });
    const desk = await signedInChief(server.origin, token);
    const options = await desk.call<Options>('GET', '/publish/options');
    const channel = options.channels[0]!;
    const column = options.columns.find((c) => c.channelId === channel.id)!;
    const place = { channelId: channel.id, classId: column.id };
    const card = await publishToCard(desk, place);
    const editor = await editorLoad(desk, await longStory(desk, place));
    return `### Publish → the card on a cached page (${channel.name})\n\n${card}\n\n### The editor's load\n\n${editor}`;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await publishBench());
}
