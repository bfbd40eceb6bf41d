/** The server's typed settings, made from the checked environment (settings.ts; README "Settings"). Read once at start. */
import path from 'node:path';
import { settings, type Settings } from './settings.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** TRUSTED_PROXIES: comma-separated IPs/CIDRs whose X-Forwarded-For is believed (src/server/http/rateLimit.ts). */
  trustedProxies: string | undefined;
  publicOrigin: string | undefined;
  production: boolean;
  logLevel: string;
  /** Parse every response with its contract schema before sending (tests and development). */
  checkResponses: boolean;
  /** CDN_PURGE_URL: called with the invalidation tags of every change (src/server/cache/invalidationBus.ts). */
  cdnPurgeUrl: string | undefined;
}

export function readConfig(env: Settings = settings()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    trustedProxies: env.TRUSTED_PROXIES || undefined,
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    production,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    checkResponses: !production,
    cdnPurgeUrl: env.CDN_PURGE_URL || undefined,
  };
}
