/**
 * Uploads the discover composer's video (POST /api/upload/video; the body is the file itself) with
 * XMLHttpRequest, because fetch reports no upload progress and the API client's 10 s timeout (spec 9)
 * does not fit a 50 MB video on a phone network. The request carries what the API client sends (device
 * id, app key, version, bearer token, Idempotency-Key) and is judged like it: a refreshed token is kept,
 * a non-200 answer is a failure with the server's Chinese message when it has one. Only the composer of
 * /PublishDiscover imports this (the feed's budget never carries it).
 */
import type { Envelope } from '../../contract/envelope.ts';
import { HEADER_IDEMPOTENCY_KEY, HEADER_REFRESHED_TOKEN } from '../../contract/headers.ts';
import type { UploadedVideo, uploadVideo as uploadVideoEndpoint } from '../../contract/upload.ts';
import { VIDEO_MAX_BYTES, VIDEO_UPLOAD_MAX_MS } from '../../contract/uploadRules.ts';
import { readApiHosts } from '../../client/api.ts';
import { apiRequestHeaders, pickHost, refreshedToken } from '../../client/apiClient.ts';
import { getBrowserDeviceId } from '../../client/deviceId.ts';
import { $session, setToken } from '../../stores/session.ts';

export const VIDEO_TOO_BIG = '视频不能超过 50 MB';
export const VIDEO_NOT_VIDEO = '仅支持 MP4、MOV 或 WebM 格式的视频';
export const VIDEO_UPLOAD_FAILED = '视频上传失败，请重试';
/** The upload may take this long before it is given up (a slow phone network; the server has its own limits). */
export const VIDEO_UPLOAD_TIMEOUT_MS = VIDEO_UPLOAD_MAX_MS;

/** A message when the file is plainly unusable before sending it, else null (the server judges the bytes). */
export function checkVideoFile(file: { size: number; type: string }): string | null {
  if (file.size === 0) return VIDEO_UPLOAD_FAILED;
  if (file.size > VIDEO_MAX_BYTES) return VIDEO_TOO_BIG;
  // An empty type is allowed (some webviews leave it out).
  if (file.type !== '' && !/^video\/(mp4|quicktime|webm)$/.test(file.type)) return VIDEO_NOT_VIDEO;
  return null;
}

/** Thrown for an upload that got no usable answer; `message` is Chinese and may be shown as is. */
export class VideoUploadError extends Error {}

export function uploadVideo(file: Blob, key: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Envelope<UploadedVideo>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const path: (typeof uploadVideoEndpoint)['path'] = '/api/upload/video';
    xhr.open('POST', `${pickHost(path, readApiHosts()).replace(/\/+$/, '')}${path}`);
    xhr.timeout = VIDEO_UPLOAD_TIMEOUT_MS;
    const session = $session.get();
    apiRequestHeaders(session.deviceId || getBrowserDeviceId(), session.token, { [HEADER_IDEMPOTENCY_KEY]: key }).forEach((value, name) =>
      xhr.setRequestHeader(name, value),
    );
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const refreshed = refreshedToken(xhr.getResponseHeader(HEADER_REFRESHED_TOKEN));
      if (refreshed !== null) setToken(refreshed);
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const envelope =
        typeof body === 'object' && body !== null && typeof (body as { statusCode?: unknown }).statusCode === 'number'
          ? (body as Envelope<UploadedVideo>)
          : null;
      // A refusal the server explained (413 over 50 MB, 400 not a video, 429 too many) keeps its message.
      if (envelope) resolve({ ...envelope, message: typeof envelope.message === 'string' ? envelope.message : '' });
      else reject(new VideoUploadError(VIDEO_UPLOAD_FAILED));
    };
    xhr.onerror = () => reject(new VideoUploadError(VIDEO_UPLOAD_FAILED));
    xhr.ontimeout = () => reject(new VideoUploadError(VIDEO_UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
