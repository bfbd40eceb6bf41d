import { shareSignature, type ShareCard } from '../../contract/share.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { getOrCreateSecretRepo } from '../tokens/repo.ts';
import { newSecret } from '../tokens/secrets.ts';
import { failure, ok } from '../http/envelope.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { shareSourceRepo } from './repo.ts';
import { decideSignableUrl, newNonceStr, signShareUrl } from './signShareUrl.ts';
import { settings, type Settings } from '../../settings/settings.ts';

/** Shown when the page address is not one of ours. */
export const NOT_OWN_URL_MESSAGE = '只能为本站页面签名';

export interface ShareSettings {
  /** SHARE_TICKET: the messenger's JS-SDK ticket; without it a random development ticket kept in the database (DATA_DIR). */
  ticket: string | undefined;
  /** SHARE_APP_ID: the messenger app id the ticket belongs to. */
  appId: string;
}

export function readShareSettings(env: Settings = settings()): ShareSettings {
  return { ticket: env.SHARE_TICKET || undefined, appId: env.SHARE_APP_ID || 'shancheng-development' };
}

function absolute(url: string, origin: string): string {
  if (url === '') return '';
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '';
  } catch {
    return '';
  }
}

export function registerShareRoutes(registry: ApiRegistry, settings: ShareSettings = readShareSettings()): void {
  const { database, config } = registry.deps;
  let devTicket: Promise<string> | null = null;
  const ticket = (): Promise<string> => {
    if (settings.ticket) return Promise.resolve(settings.ticket);
    // Every node agrees on the first stored value (getOrCreateSecretRepo), and it survives restarts.
    devTicket ??= getOrCreateSecretRepo(database, 'share_jsapi_ticket', newSecret).catch((err: unknown) => {
      devTicket = null;
      throw err;
    });
    return devTicket;
  };

  registerEndpoint(registry, shareSignature, async ({ query, c }) => {
    // PUBLIC_ORIGIN when configured (a Host header cannot widen it, security.md H66); else this request's origin.
    const ownOrigin = config.publicOrigin ? new URL(config.publicOrigin).origin : new URL(c.req.url).origin;
    const url = decideSignableUrl(query.url, ownOrigin);
    if (!url) return failure(StatusCode.badParams, NOT_OWN_URL_MESSAGE);
    const timestamp = Math.floor(Date.now() / 1000);
    const nonceStr = newNonceStr();
    const signature = signShareUrl({ ticket: await ticket(), nonceStr, timestamp, url });
    let card: ShareCard | null = null;
    if (query.id !== undefined) {
      const source = await shareSourceRepo(database.db, query.id);
      if (source) {
        card = {
          title: source.title,
          desc: (source.smallText || source.intro).slice(0, 120),
          imgUrl: absolute(source.customImage || source.imageUrls[0] || '', ownOrigin),
          link: url,
        };
      }
    }
    return ok({ appId: settings.appId, timestamp, nonceStr, signature, url, card });
  });
}
