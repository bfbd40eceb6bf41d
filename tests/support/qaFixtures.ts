/**
 * 问答指派's suites (tests/api/qa-assign, tests/security/qaAssign): a reader's question through the reader API,
 * a reader made an approved member as 身份认证 would, and a question's audit rows.
 */
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { QuestionDetail } from '../../src/contract/bangbang.ts';
import { bangMembers } from '../../src/server/db/schema/bangbang.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteRequests, type TestApp } from './testApp.ts';
import { createTestUser, type TestUser } from './testUsers.ts';

let asked = 0;

/** A question asked by `asker` (each with its own key and a numbered title); its id. */
export async function askQuestion(t: TestApp, asker: TestUser, text: { title: string; content: string }): Promise<number> {
  asked += 1;
  const res = await suiteRequests(() => t).postJson<QuestionDetail>(
    '/v1/bangbang/wenda/add',
    { title: `${text.title}第${asked}问`, content: text.content },
    { ...asker.headers, 'idempotency-key': `qa-${process.pid}-${asked}` },
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data.id;
}

/** A reader made a member (userType 2 记者, 1 入驻答人), approved unless said. */
export async function makeMember(
  t: TestApp,
  userType = 2,
  typeName = '记者',
  reviewState = 'approved',
  realName?: (userId: number) => string,
): Promise<TestUser> {
  const user = await createTestUser(t.database);
  await t.database.write((tx) =>
    tx
      .insert(bangMembers)
      .values({ userId: user.userId, userType, typeName, realName: realName ? realName(user.userId) : `答人${user.userId}`, reviewState })
      .then(() => undefined),
  );
  return user;
}

/** The audit rows written about one question. */
export const questionAudits = (t: TestApp, questionId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.itemKind, 'bangQuestion'), eq(auditLog.itemId, String(questionId))))
    .orderBy(auditLog.id);
