/**
 * What the writing desk's suites share (ADR 025): the first column of a news channel, where their stories are
 * placed, and a console call as a given staff member (a GET's body becomes its query).
 */
import { eq } from 'drizzle-orm';
import { channels, columns } from '../../src/server/db/schema/core.ts';
import type { TestApp } from './testApp.ts';
import { consoleCall, type TestStaff } from './testStaff.ts';

export interface StoryPlace {
  channelId: number;
  classId: number;
}

/** The first column of a news channel in the seeded data. */
export async function newsColumn(t: TestApp): Promise<StoryPlace> {
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
export function staffCaller(t: TestApp) {
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
