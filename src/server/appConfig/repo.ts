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
  return readReference(
    db,
    `app_config:${key}`,
    ['app_config'],
    async () => {
      const rows = await reader.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1);
      return rows[0]?.value;
    },
    { alone: reader !== db },
  );
}

/** The site-wide realtime room (init config `goim.roomId`, spec 3) when no operator has stored one. */
export const DEFAULT_SITE_ROOM_ID = 'live://1000';

/** The room every reader page joins (init config `goim.roomId`): where site-wide notices are pushed. */
export async function siteRoomIdRepo(db: Db): Promise<string> {
  const value = (await readConfigValue(db, 'init')) as { goim?: { roomId?: unknown } } | undefined;
  const room = value?.goim?.roomId;
  return typeof room === 'string' && room !== '' ? room : DEFAULT_SITE_ROOM_ID;
}
