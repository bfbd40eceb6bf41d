/** Links of the composition section (spec 2.8), built once here; no zod, no React: pages, islands and scripts import it. */
import { BASE_PATH } from '../../lib/safeUrl.ts';

const C = `${BASE_PATH}/composition`;

export const COMPOSITION_LINKS = {
  home: `${C}/home`,
  contribute: `${C}/contribute`,
  list: `${C}/List`,
  recommend: `${C}/RecommendList`,
  newspapers: `${C}/NewspapersList`,
  info: `${C}/InformationList`,
  userCenter: `${C}/userCenter`,
  teachers: `${C}/Teachers`,
  schools: `${C}/Schools`,
  teacherReview: `${C}/TeacherReview`,
  teacherComments: `${C}/TeacherCommentList`,
  search: `${C}/SearchPage`,
} as const;

export function essayHref(id: number): string {
  return `${C}/compositionDetail?id=${id}`;
}
export function rankHref(type: 'rank' | 'start'): string {
  return `${C}/RankList?type=${type}`;
}
export function studentHref(userId: number): string {
  return `${C}/StudentDetailPage?id=${userId}`;
}
export function teacherHref(id: number): string {
  return `${C}/TeacherDetailPage?id=${id}`;
}
export function schoolHref(id: number): string {
  return `${C}/SchoolDetailPage?id=${id}`;
}
export function reviewHref(essayId: number): string {
  return `${C}/TeacherCommentDetail?id=${essayId}`;
}
export function reviewFormHref(essayId: number): string {
  return `${C}/TeacherReview?id=${essayId}`;
}
export function commentsHref(essayId: number): string {
  return `${BASE_PATH}/compositionCommentList?id=${essayId}`;
}
export function listHref(filter: { grade?: number; schoolId?: number }): string {
  const q = new URLSearchParams();
  if (filter.grade) q.set('grade', String(filter.grade));
  if (filter.schoolId) q.set('schoolId', String(filter.schoolId));
  const s = q.toString();
  return s ? `${C}/List?${s}` : `${C}/List`;
}

/** Only our own media paths are shown as pictures (seeded or uploaded); anything else is dropped. */
export function mediaSrc(url: string): string | null {
  return /^\/media\/[A-Za-z0-9_\-/]+\.(?:svg|jpg|jpeg|png|gif|webp)$/.test(url) && !url.includes('..') ? url : null;
}

/** 审核中 / 未通过 / '' for an essay or comment's review state (team rule: the author sees the state). */
export function reviewStateLabel(state: string): string {
  return state === 'pending' ? '审核中' : state === 'rejected' ? '未通过' : '';
}
