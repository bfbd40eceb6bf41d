/** Settings from the environment (all optional; DESIGN.md "Settings"). Read once at start. */
import path from 'node:path';

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
  /**
   * OPERATOR_TOKEN: the secret of the operator API (reviewing bangbang identity applications, ADR 015);
   * undefined (the API refuses every call) when unset or shorter than OPERATOR_TOKEN_MIN characters.
   */
  operatorToken: string | undefined;
}

/** A shorter OPERATOR_TOKEN is ignored: the operator API stays closed rather than guessable. */
export const OPERATOR_TOKEN_MIN = 32;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
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
    operatorToken: env.OPERATOR_TOKEN && env.OPERATOR_TOKEN.length >= OPERATOR_TOKEN_MIN ? env.OPERATOR_TOKEN : undefined,
  };
}
