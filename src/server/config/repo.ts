import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appConfig } from '../db/schema/core.ts';

export async function readConfigValue(db: Db, key: string): Promise<unknown> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1);
  return rows[0]?.value;
}
