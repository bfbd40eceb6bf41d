/**
 * A moderator on the moderation desk of a real server process, over HTTP as the console does
 * (docs/adr/018-one-review-model.md): news comments are reviewed before publication, so a suite that needs
 * a public comment approves it here. The enrolment link is made on the suite's database before the server
 * starts (PGlite has one process); the sign-in and the decisions go through the server.
 */
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { inviteStaff } from '../../src/server/staff/service.ts';
import { enrolWithLink, signIn } from './testStaff.ts';

export interface DeskInvite {
  account: string;
  token: string;
}

/** Invites a moderator of every area (run before the server process opens the database). */
export async function inviteModerator(database: Database, account: string): Promise<DeskInvite> {
  const invited = await inviteStaff(database, { staffId: null, name: '命令行', ip: '' }, { account, name: '测试审核员', role: 'moderator', scopes: [] });
  return { account, token: invited.token };
}

/** Enrols and signs the invited moderator in on the server at `origin`; answers the headers of their writes. */
export async function moderatorOverHttp(origin: string, invite: DeskInvite): Promise<Record<string, string>> {
  const overHttp = { console: { app: { request: (url: string, init?: RequestInit) => fetch(`${origin}${url}`, init) } } } as unknown as Parameters<
    typeof signIn
  >[0];
  const enrolled = await enrolWithLink(overHttp, invite.token);
  const session = await signIn(overHttp, { account: invite.account, secret: enrolled.secret, lastStep: enrolled.step });
  return { cookie: session.cookie, 'x-csrf-token': session.csrf };
}

/** Approves a held comment on the desk through the console API. */
export async function approveOverHttp(origin: string, headers: Record<string, string>, plId: number): Promise<void> {
  const res = await fetch(`${origin}/newsroom/api/moderation/decide`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'comment', itemId: plId, action: 'approve' }),
  });
  const body = (await res.json()) as { statusCode: number; message: string };
  expect(body.statusCode, body.message).toBe(200);
}
