/**
 * What the two banner desks share (ADR 031, ADR 034): the 裕农 home's 轮播图 and the channels' 频道轮播图 are written with
 * the same body — a title, an uploaded picture, a target (a story, or a link), a Beijing-date window and on/off — and
 * ordered, shown or hidden the same way. Each desk adds its scope (a channel) and its own rule for links and stories.
 */
import { ownTarget } from '../lib/safeUrl.ts';
import { CalendarDayOf, Id, Text } from './fields.ts';
import { DeskKey } from './mallDesk.ts';
import { z } from './zod.ts';

/** A banner's link: an https address, or a page of our own site (under BASE_PATH); '' when it opens a story. */
export function isBannerLink(link: string): boolean {
  if (link === '') return true;
  if (link.startsWith('/')) return ownTarget(link) !== null;
  if (!/^https:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A picture the desk uploaded (a /media path; the server checks it was stored). */
export const BannerPicture = z
  .string({ error: '请上传轮播图图片' })
  .min(1, '请上传轮播图图片')
  .max(300, '图片地址不正确')
  .regex(/^\/media\/[A-Za-z0-9/_.-]+\.(jpg|jpeg|png|gif|webp)$/, '图片地址不正确')
  .refine((s) => !s.includes('..'), '图片地址不正确');

/** A Beijing day, '' for open-ended. */
export const BannerDay = z.union([z.literal(''), CalendarDayOf('日期格式不正确，应为 年-月-日')]).default('');

/** How a desk words its target rules: which two to choose between, and what a link must be. */
export interface BannerTargetRules {
  /** Refused when neither or both of a story and a link are given. */
  eitherMessage: string;
  /** Refused when the link is not one the desk accepts. */
  linkMessage: string;
  /** The links the desk accepts ('' always passes: the banner opens a story). */
  linkAllowed: (link: string) => boolean;
}

/**
 * A banner's body as an editor writes it: a title, an uploaded picture, either a story (`newsId`) or a link, a
 * Beijing-date window ('' for open-ended) and on/off. `key` makes a retried add add nothing; an edit names `id`. A desk
 * spreads it after the id and its scope (`{ id: Id.optional(), channelId: Id, ...BANNER_BODY }`) and passes the object
 * to `bannerForm`.
 */
export const BANNER_BODY = {
  key: DeskKey,
  title: Text({ min: 2, max: 30, label: '标题' }),
  picture: BannerPicture,
  newsId: z.coerce.number({ error: '稿件编号须为整数' }).int('稿件编号须为整数').min(0, '稿件编号须为整数').max(2_147_483_647, '稿件编号过大').default(0),
  link: Text({ max: 300, label: '链接' }).default(''),
  startDay: BannerDay,
  endDay: BannerDay,
  enabled: z.boolean({ error: '请选择是否显示' }).default(true),
};

/** The rules across a banner's fields: a story or a link (one of the two), a link the desk accepts, dates in order. */
export function bannerForm<T extends z.ZodType<{ newsId: number; link: string; startDay: string; endDay: string }>>(body: T, rules: BannerTargetRules) {
  return body
    .refine((b) => b.newsId > 0 !== (b.link !== ''), { message: rules.eitherMessage, path: ['link'] })
    .refine((b) => b.link === '' || rules.linkAllowed(b.link), { message: rules.linkMessage, path: ['link'] })
    .refine((b) => b.startDay === '' || b.endDay === '' || b.startDay <= b.endDay, { message: '结束日期不能早于开始日期', path: ['endDay'] });
}

/** A carousel's whole order (every banner not removed, once each, at most `max`): a retried call changes nothing more. */
export function bannerOrderBody<S extends z.ZodRawShape>(scope: S, max: number) {
  return z.object({ ...scope, ids: z.array(Id, { error: '顺序不正确' }).min(1, '顺序不正确').max(max, '顺序不正确') });
}

/** Show or hide a banner (on/off). */
export const BannerEnableBody = z.object({ id: Id, enabled: z.boolean({ error: '请选择显示或隐藏' }) });

/** A banner as either desk answers it (the placement desk adds its channel): `live` says readers see it now, `window` why not. */
export interface DeskBanner {
  id: number;
  title: string;
  picture: string;
  newsId: number;
  newsTitle: string;
  link: string;
  startDay: string;
  endDay: string;
  enabled: boolean;
  live: boolean;
  window: '' | 'waiting' | 'ended';
}
