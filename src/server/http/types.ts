import type { Hono } from 'hono';
import type { Endpoint } from '../../contract/endpoint.ts';
import type { ServerConfig } from '../../settings/serverConfig.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { RateLimiter, TrustedProxies } from './rateLimit.ts';
import type { RealtimePublisher } from '../realtime/RealtimePublisher.ts';
import type { MediaStorage } from '../media/storage.ts';

export interface AppDeps {
  database: Database;
  log: Logger;
  config: ServerConfig;
  /** Where seeded and uploaded media live (served at /media). */
  mediaDir: string;
  /** The media store (ADR 019: local folder or S3); absent means the local folder `mediaDir` (mediaOf). */
  media?: MediaStorage;
  /** Room broadcasts and session closes of the /sub socket (ADR 007 realtime); absent when no socket server runs. */
  realtime?: RealtimePublisher;
}

/** What a writing service needs: the app's dependencies and the shared rate limiter. */
export interface ServiceContext {
  deps: AppDeps;
  limiter: RateLimiter;
}

/** Room broadcasts (op ≥ 1000) and session closes of the /sub socket, across nodes: src/server/realtime/RealtimePublisher.ts. */
export type { RealtimePublisher };

export interface AppEnv {
  Variables: {
    requestId: string;
    /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES; rateLimit.ts clientIp). */
    trustedProxies: TrustedProxies | null;
  };
}

export interface ApiRegistry {
  app: Hono<AppEnv>;
  endpoints: Endpoint[];
  checkResponses: boolean;
  deps: AppDeps;
}
