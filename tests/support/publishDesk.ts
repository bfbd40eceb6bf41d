/**
 * What the writing desk's suites share (ADR 025): the people of a 三审 suite; the first column of a news channel, where their stories are
 * placed; a console call as a given staff member (a GET's body becomes its query); a picture in the media store; a
 * story made, saved and taken through 三审 to publication; a story's audit trail.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ArticleFields, ArticleView, StoredPicture, StoryKind } from '../../src/contract/publish.ts';
import { channels, columns } from '../../src/server/db/schema/core.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import type { UploadedVideo } from '../../src/contract/upload.ts';
import { envelope, type TestApp } from './testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from './testStaff.ts';

export interface StoryPlace {
  channelId: number;
  classId: number;
}

/** The app a desk suite calls: the suite app, or a recording one (`recordingApp`) on its database. */
type DeskApp = Pick<TestApp, 'console'>;

/** Who a 三审 suite needs: a reporter who writes, two editors for 一审 and 二审, a chief for 三审. */
export interface ReviewDesk {
  reporter: TestStaff;
  editorA: TestStaff;
  editorB: TestStaff;
  chief: TestStaff;
}

/** The people of a 三审 suite by name, enrolled and signed in one after another (each enrolment takes a fresh TOTP step). */
export async function reviewDesk(t: Pick<TestApp, 'console' | 'database'>, names: Record<keyof ReviewDesk, string>): Promise<ReviewDesk> {
  return {
    reporter: await createTestStaff(t, 'reporter', { name: names.reporter }),
    editorA: await createTestStaff(t, 'editor', { name: names.editorA }),
    editorB: await createTestStaff(t, 'editor', { name: names.editorB }),
    chief: await createTestStaff(t, 'chief', { name: names.chief }),
  };
}

/** The first column of a news channel in the seeded data. */
export async function newsColumn(t: Pick<TestApp, 'database'>): Promise<StoryPlace> {
  const [col] = await t.database.db
    .select({ classId: columns.id, channelId: columns.channelId })
    .from(columns)
    .innerJoin(channels, eq(channels.id, columns.channelId))
    .where(eq(channels.kind, 'news'))
    .limit(1);
  if (!col) throw new Error('the seed has no column in a news channel');
  return col;
}

/** `call(who, 'GET' | 'POST', path, body)` on the console as `who`. */
export function staffCaller(t: DeskApp) {
  return <T>(who: TestStaff, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
    method === 'GET'
      ? consoleCall<T>(
          t,
          'GET',
          `${path}?${new URLSearchParams(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])).toString()}`,
          undefined,
          who.headers,
        )
      : consoleCall<T>(t, 'POST', path, body, who.headers);
}

/** `post(who, path, body)`: a console POST as `who`. */
export function staffPoster(t: DeskApp) {
  return <T>(who: TestStaff, path: string, body: Record<string, unknown>) => consoleCall<T>(t, 'POST', path, body, who.headers);
}

/** A plain picture of one colour, uploaded by `who` through the desk (checked stored); answers its media-store address. */
export async function uploadPicture(
  t: DeskApp,
  who: TestStaff,
  size: { width: number; height: number },
  colour: { r: number; g: number; b: number },
): Promise<string> {
  const png = await sharp({ create: { ...size, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const up = await consoleCall<StoredPicture>(t, 'POST', '/publish/picture', { data: png.toString('base64') }, who.headers);
  expect(up.statusCode, up.message).toBe(200);
  return up.data.url;
}

/**
 * A video file sent to the desk's `/publish/video` as `who`, the file as the body (headers: its type, the key of the
 * attempt, and any other to try); answers the response and its envelope.
 */
export async function uploadVideo(t: DeskApp, who: TestStaff | null, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await t.console.app.request(`/newsroom/api/publish/video`, {
    method: 'POST',
    headers: { 'content-type': 'video/mp4', 'x-newsroom': '1', 'idempotency-key': randomUUID(), ...(who?.headers ?? {}), ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { res, ...(await envelope<UploadedVideo>(res)) };
}

/** A new story by `who` (of `kind`, else the desk's default article), checked made. */
export async function createStory(t: DeskApp, who: TestStaff, kind?: StoryKind): Promise<ArticleView> {
  const made = await consoleCall<ArticleView>(t, 'POST', '/publish/create', { key: randomUUID(), ...(kind ? { kind } : {}) }, who.headers);
  expect(made.statusCode, made.message).toBe(200);
  return made.data;
}

/** Saves `fields` and `content` on `story` as `who`, once (a fresh save id, from the story's revision); answers the envelope. */
export function saveStory(t: DeskApp, who: TestStaff, story: Pick<ArticleView, 'id' | 'revision'>, fields: Partial<ArticleFields>, content = '') {
  return consoleCall<ArticleView>(t, 'POST', '/publish/save', { id: story.id, saveId: randomUUID(), revision: story.revision, fields, content }, who.headers);
}

/**
 * Submitted by its author, 一审 二审 三审 approved by three other people in turn, then published by `publisher`
 * (each step checked); answers the published view.
 */
export async function throughReviews(
  t: DeskApp,
  id: number,
  people: { author: TestStaff; reviewers: readonly [TestStaff, TestStaff, TestStaff]; publisher: TestStaff },
): Promise<ArticleView> {
  const post = staffPoster(t);
  const sent = await post(people.author, '/publish/submit', { id });
  expect(sent.statusCode, sent.message).toBe(200);
  for (const who of people.reviewers) {
    const r = await post(who, '/publish/review', { id, decision: 'approve' });
    expect(r.statusCode, r.message).toBe(200);
  }
  const published = await post<ArticleView>(people.publisher, '/publish/publish', { id });
  expect(published.statusCode, published.message).toBe(200);
  return published.data;
}

/** The audit actions recorded on a story, oldest first. */
export async function auditActions(t: Pick<TestApp, 'database'>, articleId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.itemKind, 'article'), eq(auditLog.itemId, String(articleId))))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

/**
 * What a scheduled publish that was refused at its time leaves: the story back at 待签发 with the note 定时发布未执行：
 * and the reason, one `publish.scheduleRefused` audit row by 定时发布 with that reason, and no `publish.scheduled`.
 */
export async function expectScheduleRefused(t: Pick<TestApp, 'database'>, desk: ArticleView, reason: string): Promise<void> {
  expect(desk).toMatchObject({ state: 'approved', newsId: null, publishAt: null, note: `定时发布未执行：${reason}` });
  const refused = await t.database.db
    .select({ staffName: auditLog.staffName, reason: auditLog.reason })
    .from(auditLog)
    .where(and(eq(auditLog.itemKind, 'article'), eq(auditLog.itemId, String(desk.id)), eq(auditLog.action, 'publish.scheduleRefused')));
  expect(refused).toEqual([{ staffName: '定时发布', reason }]);
  expect(await auditActions(t, desk.id)).not.toContain('publish.scheduled');
}
