/**
 * The global configuration (/kratos/v1/init) for server rendering: cached briefly, because the
 * middleware asks for it on every page, and never failing, because a page must render even when
 * the config call does not answer (spec 8: failures are silent).
 */
import { init, type InitConfig } from '../contract/config.ts';
import type { ApiClient } from './apiClient.ts';
import { getEndpoint } from './getEndpoint.ts';

export const INIT_CONFIG_TTL_MS = 60_000;

export const DEFAULT_INIT_CONFIG: InitConfig = {
  goim: { roomId: '', accepts: [] },
  greyMode: false,
  appPromotion: true,
  defaultTitle: '山城新闻',
};

let cached: { config: InitConfig; at: number } | null = null;
let inFlight: Promise<InitConfig> | null = null;

/** The current config: fresh from the API at most once a TTL, else the cached or default one. */
export function loadInitConfig(client?: ApiClient, now: number = Date.now()): Promise<InitConfig> {
  if (cached && now - cached.at < INIT_CONFIG_TTL_MS) return Promise.resolve(cached.config);
  // Concurrent page requests share one call.
  inFlight ??= getEndpoint(init, undefined, client)
    .then((envelope) => {
      if (envelope.statusCode !== 200) return cached?.config ?? DEFAULT_INIT_CONFIG;
      cached = { config: envelope.data, at: now };
      return envelope.data;
    })
    .catch(() => cached?.config ?? DEFAULT_INIT_CONFIG)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Forgets the cached config (tests, or after an admin change). */
export function resetInitConfig(): void {
  cached = null;
  inFlight = null;
}
