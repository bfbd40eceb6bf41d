/**
 * The newsroom console from the browser tests: the demo staff (the development-only demo-staff endpoint gives each
 * one's password and current code), signing one in at /newsroom/, axe's WCAG 2.1 AA report on a console page, and
 * approving held comments (docs/adr/018-one-review-model.md): news comments are reviewed before publication, so a test
 * that needs a reader's comment public approves it as the demo moderator would in the console. That moderator signs
 * in once per worker (each worker has its own server).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

const CONSOLE = '/newsroom/api';
const WRITE = { 'content-type': 'application/json', 'x-newsroom': '1' };

export interface DemoStaff {
  account: string;
  name: string;
  password: string;
  code: string;
  /** The code of the next 30 s step: a code works once, and another test may have spent the current one. */
  next: string;
  /** How long until `code` is taken (0 but for a third sign-in of one person within one 30 s step). */
  validInMs?: number;
}

/** A demo staff member of this worker's server, by account (demo-admin, demo-editor, demo-moderator, …). */
export async function demoStaff(request: APIRequestContext, account: string): Promise<DemoStaff> {
  const body = (await (await request.get(`${CONSOLE}/dev/demo-staff`)).json()) as { data: DemoStaff[] };
  const person = body.data.find((d) => d.account === account);
  if (!person) throw new Error(`no demo account ${account}`);
  return person;
}

/**
 * Signs a staff member in at /newsroom/ with password and code, and waits for 工作台. When the code was spent
 * already (another test signed the same person in within its 30 s step), the next one.
 */
export async function signInStaff(page: Page, person: { account: string; password: string; code: string; next?: string }): Promise<void> {
  await page.goto('/newsroom/');
  await page.getByRole('textbox', { name: '账号' }).fill(person.account);
  await page.getByRole('textbox', { name: '密码' }).fill(person.password);
  await page.getByRole('button', { name: '下一步' }).click();
  const code = page.getByRole('textbox', { name: '动态验证码' });
  await code.fill(person.code);
  await page.getByRole('button', { name: '登录' }).click();
  const home = page.getByRole('heading', { name: '工作台' });
  if (person.next !== undefined) {
    await expect(home.or(page.getByRole('alert'))).toBeVisible();
    if (!(await home.isVisible())) {
      await code.fill(person.next);
      await page.getByRole('button', { name: '登录' }).click();
    }
  }
  await expect(home).toBeVisible();
}

/** A demo staff member signed in on `page`; answers who. */
export async function signInDemo(page: Page, request: APIRequestContext, account: string): Promise<DemoStaff> {
  let person = await demoStaff(request, account);
  if (person.validInMs) {
    // Both codes of this step are spent: wait for the step the offered code belongs to (no refused code, which
    // would count towards the account's lock), with the wait added to the test's time.
    test.info().setTimeout(test.info().timeout + person.validInMs + 5_000);
    await page.waitForTimeout(person.validInMs + 300);
    person = await demoStaff(request, account);
  }
  await signInStaff(page, person);
  return person;
}

/**
 * A demo staff member signed in on a page of a context of their own (1440 px unless told), as a desk journey opens
 * one per person. The context bypasses the console's CSP: axe is injected as a script of its own.
 */
export async function signedIn(browser: Browser, request: APIRequestContext, account: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', bypassCSP: true });
  const page = await context.newPage();
  await signInDemo(page, request, account);
  return page;
}

/**
 * `reporter` makes a story from the 稿件库's 新建 menu with `link` (新建图集, 新建直播) and waits for its editor, where
 * the button `ready` shows; answers the editor's address.
 */
export async function newStoryFromLibrary(reporter: Page, link: string, ready: string): Promise<string> {
  await reporter.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '稿件库' }).click();
  await reporter.getByRole('navigation', { name: '新建稿件' }).getByRole('link', { name: link }).click();
  await expect(reporter.getByRole('button', { name: ready })).toBeVisible({ timeout: 20_000 });
  await expect(reporter).toHaveURL(/\/newsroom\/articles\/edit\?id=\d+$/);
  return reporter.url();
}

/** A story's kind as the writing desk's editor shows it (ADR 025 "Kinds"). */
export type DeskStoryKind = 'article' | 'photos' | 'live' | 'vr' | 'link';

/** What the editor shows once a story of that kind has loaded: the body, the photo set's pictures, the live's sources, the VR panorama, the link. */
const EDITOR_READY: Record<DeskStoryKind, (page: Page) => ReturnType<Page['getByRole']>> = {
  article: (page) => page.getByRole('textbox', { name: '正文' }),
  photos: (page) => page.getByRole('group', { name: /图集图片/ }),
  live: (page) => page.getByRole('group', { name: '直播' }),
  vr: (page) => page.getByRole('group', { name: 'VR 全景图' }),
  link: (page) => page.getByRole('group', { name: '外链' }),
};

/** Opens the story editor at `url` and waits until the editor of that kind has loaded. */
export async function openStory(page: Page, url: string, kind: DeskStoryKind): Promise<void> {
  await page.goto(url);
  await expect(EDITOR_READY[kind](page)).toBeVisible({ timeout: 20_000 });
}

/** The three reviews (ADR 025), each by a different demo staff member: 一审 the editor, 二审 the admin, 三审 the chief. */
const REVIEWS = [
  ['demo-editor', '一审'],
  ['demo-admin', '二审'],
  ['demo-chief', '三审'],
] as const;

/**
 * Takes a submitted story through 一审, 二审 and 三审, each passed by a different person on a page of their own (a
 * page in `pages` is used as it is, for someone the journey has signed in already), and answers the chief's page,
 * left on the story for 签发. The pages this opened for 一审 and 二审 are closed.
 */
export async function throughReviews(
  browser: Browser,
  request: APIRequestContext,
  url: string,
  kind: DeskStoryKind,
  pages: Partial<Record<(typeof REVIEWS)[number][0], Page>> = {},
): Promise<Page> {
  let chief: Page | undefined;
  for (const [account, stage] of REVIEWS) {
    const given = pages[account];
    const reviewer = given ?? (await signedIn(browser, request, account));
    await openStory(reviewer, url, kind);
    await reviewer.getByRole('button', { name: `${stage}通过` }).click();
    await expect(reviewer.getByText(`${stage}已通过`)).toBeVisible();
    if (account === 'demo-chief') chief = reviewer;
    else if (!given) await reviewer.context().close();
  }
  return chief!;
}

/** The chief signs (签发) the reviewed story open on `chief`; answers the reader page's address the console links to. */
export async function signOff(chief: Page): Promise<string | null> {
  await chief.getByRole('button', { name: '签发' }).click();
  await expect(chief.getByRole('link', { name: '在读者页面查看' })).toBeVisible();
  return chief.getByRole('link', { name: '在读者页面查看' }).getAttribute('href');
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 AA violations on the page, one line each. `settle` first waits for the network to go quiet
 * (a page still loading its lists); a desk that polls passes false. The spec needs `test.use({ bypassCSP: true })`:
 * axe is injected as a script of its own, which the console's CSP (own scripts only) refuses.
 */
export async function axeReport(page: Page, options: { settle?: boolean } = {}): Promise<string[]> {
  if (options.settle ?? true) await page.waitForLoadState('networkidle');
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')}`);
  });
}

let session: { cookie: string; csrf: string } | null = null;

async function signInModerator(request: APIRequestContext): Promise<{ cookie: string; csrf: string }> {
  const moderator = await demoStaff(request, 'demo-moderator');
  const first = await request.post(`${CONSOLE}/signin/password`, { headers: WRITE, data: { account: moderator.account, password: moderator.password } });
  const { data } = (await first.json()) as { data: { challenge: string } };
  // The current code, or the next one if the current was already used.
  for (const code of [moderator.code, moderator.next]) {
    const second = await request.post(`${CONSOLE}/signin/code`, { headers: WRITE, data: { challenge: data.challenge, code } });
    const body = (await second.json()) as { statusCode: number; data: { csrfToken: string } };
    const cookie = /nr_session=[^;]*/.exec(second.headers()['set-cookie'] ?? '')?.[0];
    if (body.statusCode === 200 && cookie) return { cookie, csrf: body.data.csrfToken };
  }
  throw new Error('the demo moderator could not sign in');
}

/** Approves every held comment whose text contains `text` (its last 20 characters, where a test puts what is unique); answers how many. */
export async function approveHeldComments(request: APIRequestContext, text: string): Promise<number> {
  session ??= await signInModerator(request);
  const word = text.slice(-20);
  const queue = await request.get(`${CONSOLE}/moderation/queue?tab=pending&word=${encodeURIComponent(word)}`, { headers: { cookie: session.cookie } });
  const { data } = (await queue.json()) as { data: { items: { kind: string; itemId: number }[] } };
  const held = data.items.filter((i) => i.kind === 'comment');
  for (const item of held) {
    const res = await request.post(`${CONSOLE}/moderation/decide`, {
      headers: { ...WRITE, cookie: session.cookie, 'x-csrf-token': session.csrf },
      data: { kind: item.kind, itemId: item.itemId, action: 'approve' },
    });
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
  }
  return held.length;
}
