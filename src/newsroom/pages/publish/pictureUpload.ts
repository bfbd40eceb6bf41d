/** Sends a picture to the desk's media endpoint (base64 in JSON: the console's writes are JSON only, ADR 017). */
import { PICTURE_UPLOAD_MAX_BYTES, type StoredPicture } from '../../../contract/publish.ts';
import { ConsoleError, post } from '../../api.ts';

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** `path`: the desk's upload endpoint (the writing desk's by default; the mall desk has its own, ADR 025). */
export async function uploadPicture(file: File, path = '/publish/picture'): Promise<StoredPicture> {
  // Refused before the upload, as the server would refuse it: the desk shows this message (messageOf), not 操作失败.
  if (file.size > PICTURE_UPLOAD_MAX_BYTES) throw new ConsoleError(413, '图片不能超过 10 MB');
  return post<StoredPicture>(path, { data: toBase64(await file.arrayBuffer()) });
}
