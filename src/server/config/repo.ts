import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { appConfig } from '../db/schema/core.ts';
import { readReference } from '../referenceCache.ts';

/**
 * One app_config value (operators edit them rarely): kept in the reference cache of `db`, see
 * referenceCache.ts. A caller inside a transaction passes it as `reader` (PGlite has one connection:
 * a read outside the open transaction would wait for it).
 */
export async function readConfigValue(db: Db, key: string, reader: Db | Tx = db): Promise<unknown> {
  return readReference(db, `app_config:${key}`, ['app_config'], async () => {
    const rows = await reader.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1);
    return rows[0]?.value;
  }, { alone: reader !== db });
}
