/**
 * The `src` of a bangbang picture: a reader's upload (commentPictureSrc: /media/comments/<user>/<uuid>),
 * a demo picture of the board (/media/bangbang/<name>.webp, written by the seed), or an http(s) URL
 * through safeUrl. Anything else is dropped.
 */
import { commentPictureSrc } from '../../features/interaction/commentPictureSrc.ts';

const BOARD_MEDIA = /^\/media\/bangbang\/[a-z0-9-]{1,64}\.(?:svg|jpg|png|webp)$/;

export function bangPictureSrc(raw: string): string | null {
  return BOARD_MEDIA.test(raw) ? raw : commentPictureSrc(raw);
}
