/**
 * A fresh API over a fresh database for one suite: PGlite in memory by default, or its own schema on
 * PostgreSQL when DATABASE_URL is set (npm run test:services). Requests go to `app.request` (no ports).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { UploadedImage } from '../../src/contract/upload.ts';
import { readConfig } from '../../src/settings/serverConfig.ts';
import type { Database } from '../../src/server/db/client.ts';
import { openTestDatabase } from './testDatabase.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { createApiApp, type ApiApp } from '../../src/server/app/createApiApp.ts';
import { createLogger } from '../../src/server/log.ts';
import type { MediaStorage } from '../../src/server/media/storage.ts';
import { uploadImage } from '../../src/contract/upload.ts';

export interface TestApp extends ApiApp {
  database: Database;
  mediaDir: string;
  close(): Promise<void>;
}

/** `media`: the media store uploads go to (default: the local folder `mediaDir`, as the server's default). */
export async function createTestApp(options: { seed?: boolean; media?: MediaStorage } = {}): Promise<TestApp> {
  const snapshot = (options.seed ?? true) ? inject('seedSnapshot') : null;
  const database = await openTestDatabase(
    snapshot === null ? {} : snapshot.pgTemplate ? { pgTemplate: snapshot.pgTemplate } : { loadDataDir: new Blob([readFileSync(snapshot.file)]) },
  );
  // Suites write uploads into their own media folder; seeded pictures are in the snapshot's folder.
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'sc-media-'));
  if ((options.seed ?? true) && !snapshot) await seedDemo(database, { mediaDir });
  const config = { ...readConfig({ NODE_ENV: 'test' }), checkResponses: true };
  const api = createApiApp({ database, log: createLogger('silent'), config, mediaDir, ...(options.media ? { media: options.media } : {}) });
  return {
    ...api,
    database,
    mediaDir,
    async close() {
      await database.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** One broadcast the API asked the /sub publisher for. */
export interface Published {
  room: string;
  op: number;
  body: unknown;
}

/** A second API over the suite's database whose socket publisher records what it is asked to broadcast. */
export function recordingApp(t: TestApp): { app: ApiApp['app']; console: ApiApp['console']; published: Published[] } {
  const published: Published[] = [];
  const { app, console } = createApiApp({
    database: t.database,
    log: createLogger('silent'),
    config: { ...readConfig({ NODE_ENV: 'test' }), checkResponses: true },
    mediaDir: t.mediaDir,
    realtime: { publish: (room, op, body) => void published.push({ room, op, body }), closeSessions: () => undefined },
  });
  return { app, console, published };
}

/**
 * The suite's app, opened before its tests and closed after them. The handle reads the open app, so a
 * file's `const t = suiteApp()` stands for the `let t` a beforeAll would set (hooks the file adds after
 * it run once the app is open).
 */
export function suiteApp(options: { seed?: boolean } = {}): TestApp {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_handle, key) {
      if (current === null) throw new Error('the suite app opens in beforeAll');
      return Reflect.get(current, key);
    },
  });
}

/** Reads a JSON envelope from a response. */
export async function envelope<T = unknown>(res: Response): Promise<{ statusCode: number; message: string; data: T }> {
  return (await res.json()) as { statusCode: number; message: string; data: T };
}

/** POSTs to the app: a string body as an encoded form, an object as JSON; answers the Response (to read headers or the envelope). */
export function postFormOrJson(
  app: ApiApp['app'],
  path: string,
  body: Record<string, unknown> | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = typeof body === 'string';
  return Promise.resolve(
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
      body: form ? body : JSON.stringify(body),
    }),
  );
}

/**
 * A suite's request helpers on its app (`app()` is read at each call, so it may be opened in beforeAll):
 * `get` reads an envelope, `postJson` sends a JSON body, `postForm` a form body (its Response, to read
 * headers or the envelope).
 */
export function suiteRequests(app: () => TestApp) {
  return {
    async get<T>(path: string, headers: Record<string, string> = {}) {
      return envelope<T>(await app().app.request(path, { headers }));
    },
    async postJson<T>(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
      return envelope<T>(
        await app().app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
      );
    },
    postForm(path: string, body: Record<string, string | number>, headers: Record<string, string> = {}): Promise<Response> {
      return Promise.resolve(
        app().app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
        }),
      );
    },
  };
}

/** Uploads a small PNG as `user` through the picture path and answers its URL (the upload must succeed). */
export async function uploadTestPng(
  t: TestApp,
  user: { headers: Record<string, string> },
  size: { width: number; height: number } = { width: 12, height: 8 },
): Promise<string> {
  const bytes = await sharp({ create: { ...size, channels: 3, background: { r: 60, g: 140, b: 80 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'p.png');
  const res = await envelope<UploadedImage>(await t.app.request(uploadImage.path, { method: 'POST', headers: user.headers, body: form }));
  if (res.statusCode !== 200) throw new Error(`picture upload refused: ${res.message}`);
  return res.data.url;
}
