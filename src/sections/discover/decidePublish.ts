/**
 * The rules of the discover composer (/PublishDiscover), pure so they are unit-tested: what may be
 * sent, and the draft kept in storage across a failed send and a reload. The server judges again
 * (PublishBody in src/contract/discover.ts); these give the reader the answer before a round trip.
 */
import { POST_MAX_CHARS, POST_MAX_PICTURES, POST_VIDEO_URL } from '../../contract/discoverRules.ts';

export const PUBLISH_EMPTY = '请输入动态内容';
export const PUBLISH_TOO_LONG = `正文最多 ${POST_MAX_CHARS} 字`;
export const PUBLISH_NO_TOPIC = '请选择话题';
export const PUBLISH_UPLOADING = '图片上传中，请稍候';
export const PUBLISH_VIDEO_UPLOADING = '视频上传中，请稍候';

/** Code points, as the server counts (an emoji is one). */
function length(text: string): number {
  return Array.from(text).length;
}

/** null when the post may be sent, else the message to show. */
export function checkPost(p: { text: string; topicId: number | null; uploading: boolean; videoUploading?: boolean }): string | null {
  const text = p.text.trim();
  if (text === '') return PUBLISH_EMPTY;
  if (length(text) > POST_MAX_CHARS) return PUBLISH_TOO_LONG;
  if (p.topicId === null) return PUBLISH_NO_TOPIC;
  if (p.uploading) return PUBLISH_UPLOADING;
  if (p.videoUploading) return PUBLISH_VIDEO_UPLOADING;
  return null;
}

export interface PublishDraft {
  text: string;
  /** Uploaded pictures (the reader's own /media/comments/ copies). */
  pictures: string[];
  /** The uploaded video (the reader's own /media/videos/ copy), '' for none. */
  video: string;
  topicId: number | null;
}

/** One draft per reader on this device: another account never sees it. */
export function publishDraftKey(userId: string): string {
  return `discoverDraft:${userId || 'anonymous'}`;
}

/** A stored draft read back defensively (storage is outside input): unknown shapes give an empty draft. */
export function readDraft(raw: string | null): PublishDraft {
  const empty: PublishDraft = { text: '', pictures: [], video: '', topicId: null };
  if (!raw) return empty;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (typeof value !== 'object' || value === null) return empty;
  const v = value as Record<string, unknown>;
  const text = typeof v['text'] === 'string' ? v['text'].slice(0, POST_MAX_CHARS * 4) : '';
  const pictures = Array.isArray(v['pictures'])
    ? v['pictures']
        .filter((u): u is string => typeof u === 'string' && /^\/media\/comments\/\d+\/[A-Za-z0-9_-]+\.(?:jpg|jpeg|png|gif|webp)$/.test(u))
        .slice(0, POST_MAX_PICTURES)
    : [];
  const video = typeof v['video'] === 'string' && POST_VIDEO_URL.test(v['video']) ? v['video'] : '';
  const topicId = typeof v['topicId'] === 'number' && Number.isInteger(v['topicId']) && v['topicId'] > 0 ? v['topicId'] : null;
  return { text, pictures, video, topicId };
}

/** The draft as stored; null when there is nothing worth keeping (the key is removed). */
export function writeDraft(d: PublishDraft): string | null {
  if (d.text.trim() === '' && d.pictures.length === 0 && d.video === '') return null;
  return JSON.stringify(d);
}
