/** Pictures a reader attaches to what they write: only their own uploads (security.md I68–I70). */
import { StatusCode } from '../../contract/envelope.ts';
import { fail } from '../http/envelope.ts';
import type { AppDeps } from '../http/types.ts';
import { mediaOf } from '../media/storage.ts';

export const PICTURE_INVALID = '图片无效，请重新上传';

/** Uploaded comment pictures are served from /media/comments/<userId>/<uuid>.<ext>: nothing else is accepted. */
const PICTURE_URL = /^\/media\/comments\/(\d{1,10})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|gif|webp))$/;

export async function checkPictures(deps: AppDeps, userId: number, urls: string[]): Promise<void> {
  const media = mediaOf(deps);
  for (const url of urls) {
    const match = PICTURE_URL.exec(url);
    // Only the caller's own uploads (security.md I68–I70): no outside URLs, no other user's files.
    if (!match || Number(match[1]) !== userId || !(await media.exists(`comments/${match[1]!}/${match[2]!}`))) {
      throw fail(StatusCode.badParams, PICTURE_INVALID);
    }
  }
}
