/**
 * Helpers of the specs that read or write as a reader: a real login through the accounts API (slide
 * check, SMS code from the development outbox, code login), an article picked from the demo data, a wait
 * for islands, a request counter, and which host (project) this run is.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';

const TRACK = 280;

/** An uneven drag to the right end (the server's slide check refuses straight, even trails). */
function humanTrail(): Array<[number, number, number]> {
  const points: Array<[number, number, number]> = [];
  let t = 0;
  for (let i = 0; i <= 40; i++) {
    const p = i / 40;
    points.push([Math.round(TRACK * (1 - (1 - p) ** 3) * 10) / 10, Math.round((Math.sin(i * 1.3) * 2 + (i % 4)) * 10) / 10, t]);
    t += 11 + ((i * 5) % 17);
  }
  return points;
}

export interface Reader {
  token: string;
  userId: number;
}

let phonesMade = 0;
/** A new reader's phone: two made in the same millisecond (readers logged in side by side) still differ. */
function newPhone(): string {
  phonesMade += 1;
  return `136${String((Date.now() * 7 + phonesMade * 1_009) % 100_000_000).padStart(8, '0')}`;
}

/** Logs a reader in through the accounts API; `phone` picks an existing account (e.g. a seeded department's). */
export async function loginByApi(request: APIRequestContext, phone = newPhone()): Promise<Reader> {
  const challenge = (await (await request.get('/api/captcha/challenge')).json()) as { data: { challenge: string } };
  const slide = (await (
    await request.post('/api/captcha/verify', { data: { challenge: challenge.data.challenge, width: TRACK, trail: humanTrail() } })
  ).json()) as {
    statusCode: number;
    data: Record<string, string>;
  };
  expect(slide.statusCode).toBe(200);
  const sent = (await (await request.post('/v1/common/webSendMsg1', { form: { ...slide.data, phone, type: 'login' } })).json()) as {
    statusCode: number;
    message: string;
  };
  expect(sent.statusCode, sent.message).toBe(200);
  const outbox = (await (await request.get(`/api/dev/outbox?phone=${phone}`)).json()) as { data: Array<{ text: string }> };
  const code = /验证码 (\d{6})/.exec(outbox.data[0]?.text ?? '')?.[1];
  expect(code, 'a code in the outbox').toBeDefined();
  const login = (await (await request.post('/v1/user/code_login', { form: { phone, code: code! } })).json()) as { statusCode: number; data: Reader };
  expect(login.statusCode).toBe(200);
  return login.data;
}

/** Puts the reader's session in local storage before any page script runs. */
export async function signIn(context: BrowserContext, reader: Reader): Promise<void> {
  await context.addInitScript((session) => {
    localStorage.setItem('token', session.token);
    localStorage.setItem('tokenType', 'Bearer');
    localStorage.setItem('userId', String(session.userId));
  }, reader);
}

/**
 * The `index`-th likable, commentable news article of the home channel's page 3 (other specs use
 * page 2), so specs do not share articles.
 */
export async function pickArticle(request: APIRequestContext, index: number): Promise<{ classId: number; newsId: number }> {
  const home = (await (await request.get('/kratos/v1/channel/home?channelId=1&page=3')).json()) as {
    data: { list: Array<{ id: number; classId: number; dataType: number }> };
  };
  let seen = 0;
  for (const item of home.data.list.filter((i) => i.dataType === 3)) {
    const detail = (await (await request.get(`/kratos/v1/detail?classId=${item.classId}&newsId=${item.id}`)).json()) as {
      statusCode: number;
      data: { permission: number; allowPl: boolean; pl: number };
    };
    if (detail.statusCode !== 200 || (detail.data.permission & 8) !== 0 || !detail.data.allowPl || detail.data.pl === 1) continue;
    if (seen++ === index) return { classId: item.classId, newsId: item.id };
  }
  throw new Error(`no article number ${index} on page 3 of the home channel`);
}

/** Waits until the island holding `inside` has hydrated (islands below the fold hydrate when seen; a click before that is lost). */
export async function islandReady(page: Page, inside: Locator): Promise<void> {
  await inside.first().scrollIntoViewIfNeeded();
  // A React island is ready once hydrated (no `ssr` attribute); a server-rendered element with a script
  // (the comment list, the tip hot-line) marks itself `data-ready` when its behaviour is connected.
  await expect(page.locator('astro-island:not([ssr]), [data-ready]').filter({ has: inside })).not.toHaveCount(0);
}

/** The hosts (Playwright projects) the `.all` specs run on, in the order `hostIndex` numbers them. */
export const HOSTS = ['browser', 'app-webview', 'messenger'];

/** This run's host: 0 phone browser, 1 app webview, 2 messenger; specs use it to pick items of their own, so the three runs on one server do not meet. */
export function hostIndex(): number {
  return Math.max(0, HOSTS.indexOf(test.info().project.name));
}

/** Counts the page's requests to `path` from now on, keeping their bodies. */
export function countCalls(page: Page, path: string): { n: number; bodies: string[] } {
  const counter = { n: 0, bodies: [] as string[] };
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === path) {
      counter.n++;
      counter.bodies.push(req.postData() ?? '');
    }
  });
  return counter;
}

/**
 * One new reader for the tests of this file (or of the describe block it is called in): logged in
 * through the accounts API once, before them, and signed in on every test's page. Returns the reader.
 */
export function useSignedInReader(): () => Reader {
  let reader: Reader | undefined;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    reader = await loginByApi(request);
    await request.dispose();
  });
  test.beforeEach(async ({ context }) => {
    await signIn(context, reader!);
  });
  return () => reader!;
}
