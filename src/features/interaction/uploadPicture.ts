/**
 * Uploads one comment picture (POST /api/upload/image, multipart). Only the composer of
 * /PublishComment imports this, so the article page's JavaScript does not carry it (ADR 001 budgets).
 * The limits are hints for a quick answer; the server judges the bytes (security.md I68–I75).
 */
import type { Envelope } from '../../contract/envelope.ts';
import type { UploadedImage, uploadImage } from '../../contract/upload.ts';
import { UPLOAD_MAX_BYTES } from '../../contract/uploadRules.ts';
import { postByPath } from '../../client/postEndpoint.ts';

export const PICTURE_TOO_BIG = '图片不能超过 10 MB';
export const PICTURE_NOT_IMAGE = '仅支持 JPG、PNG、GIF、WebP 格式的图片';

/** A message when the file is plainly unusable before sending it, else null. */
export function checkPictureFile(file: { size: number; type: string }): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return PICTURE_TOO_BIG;
  // An empty type is allowed (some webviews leave it out): the server decides from the bytes.
  if (file.type !== '' && !/^image\/(jpeg|png|gif|webp)$/.test(file.type)) return PICTURE_NOT_IMAGE;
  return null;
}

export function uploadPicture(file: Blob, name: string): Promise<Envelope<UploadedImage>> {
  const form = new FormData();
  form.append('file', file, name);
  return postByPath<typeof uploadImage>('/api/upload/image', form);
}
