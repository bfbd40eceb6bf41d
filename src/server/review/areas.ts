/**
 * The areas readers write in (a moderator may be scoped to some of them: src/server/staff/permissions.ts), and what
 * each does before the group changes it on the console's settings page (docs/adr/018-one-review-model.md). News
 * comments are reviewed before publication (先审后发, the 互联网跟帖评论服务管理规定); the other areas publish at once
 * until the group decides otherwise.
 */
/**
 * The areas a scoped person may be limited to, with their Chinese names. The moderation desk maps each
 * kind of reader-written content to one of these ids.
 */
export const AREA_LABELS = {
  news: '新闻评论',
  live: '直播与视频',
  bangbang: '帮帮',
  wenzheng: '问政',
  baoliao: '爆料',
  group: '圈子',
  discover: '发现',
  composition: '作文',
  rural: '裕农',
  complaints: '投诉',
  photos: '读者图片',
  profile: '昵称与头像',
} as const;
export type Area = keyof typeof AREA_LABELS;
export const AREAS = Object.keys(AREA_LABELS) as Area[];

export function isArea(value: string): value is Area {
  return Object.hasOwn(AREA_LABELS, value);
}

export const REVIEW_BEFORE_PUBLISH_DEFAULT: Readonly<Record<Area, boolean>> = {
  news: true,
  live: false,
  bangbang: false,
  wenzheng: false,
  baoliao: false,
  group: false,
  discover: false,
  composition: false,
  rural: false,
  complaints: false,
  photos: false,
  profile: false,
};

/** The emergency switch's site-wide row (moderation_settings.area). */
export const SITE_WIDE = 'all';
