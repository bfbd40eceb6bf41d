/** Links of discover (spec 2.6), built once here; no zod, no React: pages, islands and scripts import it. */
import { BASE_PATH } from '../../lib/safeUrl.ts';

export const DISCOVER_HOME = `${BASE_PATH}/Discover`;

export function detailHref(p: { classId: number; id: number }): string {
  return `${BASE_PATH}/DetailDiscover?classId=${p.classId}&newsId=${p.id}`;
}

export function commentHref(p: { classId: number; id: number }): string {
  return `${BASE_PATH}/CommentDiscover?classId=${p.classId}&newsId=${p.id}`;
}

export function themeHref(themeId: number): string {
  return `${BASE_PATH}/SelfDiscover?themeId=${themeId}`;
}

export function publishHref(topic?: { id: number; title: string }): string {
  if (!topic) return `${BASE_PATH}/PublishDiscover`;
  return `${BASE_PATH}/PublishDiscover?HotTagsId=${topic.id}&HotTagsTitle=${encodeURIComponent(topic.title)}`;
}

export function searchHref(keyword?: string): string {
  return keyword ? `${BASE_PATH}/SearchDiscover?keyword=${encodeURIComponent(keyword)}` : `${BASE_PATH}/SearchDiscover`;
}

/**
 * What a post's video shows before it is played: the player loads nothing until then (the feed's budget), and
 * without a poster a phone shows a black box. A dark 16:9 tile with a play mark, inline (no request).
 */
export const VIDEO_POSTER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#3a3a3a"/><stop offset="1" stop-color="#141414"/></linearGradient></defs><rect width="160" height="90" fill="url(#g)"/><circle cx="80" cy="45" r="15" fill="#fff" fill-opacity=".2" stroke="#fff" stroke-width="1.5"/><path d="M75 37.5v15l12-7.5z" fill="#fff"/></svg>',
)}`;

/** Spec 2.6: the post author's nickname and user id are kept in local storage before the comment page opens. */
export const COMMENT_AUTHOR_KEYS = { nickname: 'discoverAuthorNickname', userId: 'discoverAuthorUserId' } as const;

/** Only our own media paths are shown as pictures (seeded or uploaded); anything else is dropped. */
export function pictureSrc(url: string): string | null {
  return /^\/media\/[A-Za-z0-9_\-/]+\.(?:svg|jpg|jpeg|png|gif|webp)$/.test(url) && !url.includes('..') ? url : null;
}

/** Only our own media paths are played as a post's video (an upload under /media/videos/, or a seeded one). */
export function videoSrc(url: string): string | null {
  return /^\/media\/[A-Za-z0-9_\-/]+\.(?:mp4|webm)$/.test(url) && !url.includes('..') ? url : null;
}
