/**
 * The `src` of a comment picture (conpic). The server stores only the caller's own uploads, at
 * `/media/comments/<userId>/<uuid>.<ext>` (src/server/interaction/service.ts); older data may hold
 * http(s) URLs. safeUrl alone would drop the same-origin /media path (it allows only paths under the
 * base path, being the gate for hrefs), so our media paths are matched exactly here; anything else
 * goes through safeUrl.
 */
import { safeUrl } from '../../lib/safeUrl.ts';

const OWN_MEDIA = /^\/media\/comments\/\d{1,10}\/[0-9a-f-]{36}\.(?:jpg|png|gif|webp)$/;

export function commentPictureSrc(raw: string): string | null {
  return OWN_MEDIA.test(raw) ? raw : safeUrl(raw);
}
