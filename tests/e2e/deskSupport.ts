/**
 * The moderation desk from the browser tests (docs/adr/018-one-review-model.md): news comments are reviewed
 * before publication, so a test that needs a reader's comment public approves it as the demo moderator
 * would in the console. The moderator signs in once per worker (each worker has its own server) with the
 * password and current code of the development-only demo-staff endpoint.
 */
import { expect, type APIRequestContext } from '@playwright/test';

const CONSOLE = '/newsroom/api';
const WRITE = { 'content-type': 'application/json', 'x-newsroom': '1' };

interface DemoStaff {
  account: string;
  password: string;
  code: string;
  next: string;
}

let session: { cookie: string; csrf: string } | null = null;

async function signInModerator(request: APIRequestContext): Promise<{ cookie: string; csrf: string }> {
  const list = (await (await request.get(`${CONSOLE}/dev/demo-staff`)).json()) as { data: DemoStaff[] };
  const moderator = list.data.find((s) => s.account === 'demo-moderator');
  if (!moderator) throw new Error('no demo moderator on this server');
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
