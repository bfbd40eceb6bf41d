import { InitConfig, init } from '../../contract/config.ts';
import { ok } from '../http/envelope.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { DEFAULT_SITE_ROOM_ID, readConfigValue } from './repo.ts';

/** Used until an operator stores an 'init' row: the product still starts on an empty database. */
const DEFAULT_INIT: InitConfig = {
  goim: { roomId: DEFAULT_SITE_ROOM_ID, accepts: [1000, 1001, 1002] },
  greyMode: false,
  appPromotion: true,
  defaultTitle: '山城新闻',
};

export function registerConfigRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  registerEndpoint(registry, init, async () => {
    const stored = InitConfig.partial().safeParse((await readConfigValue(db, 'init')) ?? {});
    return ok({ ...DEFAULT_INIT, ...(stored.success ? stored.data : {}) });
  });
}
