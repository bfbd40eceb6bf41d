/**
 * The placement desk in the newsroom console (`/newsroom/api/placement/*`, ADR 034): the channel banners (频道轮播图),
 * and the hot list's picks (热榜置顶). The reader's side is news.ts.
 */
import { CalendarDayOf, Id, Text } from './fields.ts';
import { DeskKey } from './mallDesk.ts';
import { isBannerLink } from './ruralDesk.ts';
import { z } from './zod.ts';

/** At most this many banners per channel (not counting removed ones). */
export const CHANNEL_BANNER_MAX = 10;
/** At most this many stories pinned on the hot list at once, at positions 1 … HOT_PICK_LAST_POSITION. */
export const HOT_PICK_MAX = 5;
export const HOT_PICK_LAST_POSITION = 20;

/**
 * Card layouts the hot list never shows (spec 3: show type 8 is a district's entry card, 9 an account's): they are not
 * articles, so the measured order leaves them out and an editor may not pin one.
 */
export const NOT_ON_HOT_LIST_SHOW_TYPES: readonly number[] = [8, 9];

/** Whether a story of this show type may stand on the hot list (pinned or measured). */
export function pinnableOnHotList(showType: number): boolean {
  return !NOT_ON_HOT_LIST_SHOW_TYPES.includes(showType);
}

export const ChannelQuery = z.object({
  channelId: z.coerce.number({ error: '请选择频道' }).int('请选择频道').min(1, '请选择频道').max(2_147_483_647, '请选择频道'),
});

export const StoryQuery = z.object({ keyword: Text({ max: 30, label: '搜索词' }).optional() });

const BannerPicture = z
  .string({ error: '请上传轮播图图片' })
  .min(1, '请上传轮播图图片')
  .max(300, '图片地址不正确')
  .regex(/^\/media\/[A-Za-z0-9/_.-]+\.(jpg|jpeg|png|gif|webp)$/, '图片地址不正确')
  .refine((s) => !s.includes('..'), '图片地址不正确');

const BannerDay = z.union([z.literal(''), CalendarDayOf('日期格式不正确，应为 年-月-日')]).default('');

/**
 * A channel banner as the editor writes it: a title, an uploaded picture, and either a published story of ours
 * (`newsId`) or an https link (spec 2.4: data type 7 with `targetUrl`), a Beijing-date window ('' for open-ended) and
 * on/off. `key` makes a retried add add nothing; an edit names `id`.
 */
export const ChannelBannerForm = z
  .object({
    id: Id.optional(),
    channelId: Id,
    key: DeskKey,
    title: Text({ min: 2, max: 30, label: '标题' }),
    picture: BannerPicture,
    newsId: z.coerce.number({ error: '稿件编号须为整数' }).int('稿件编号须为整数').min(0, '稿件编号须为整数').max(2_147_483_647, '稿件编号过大').default(0),
    link: Text({ max: 300, label: '链接' }).default(''),
    startDay: BannerDay,
    endDay: BannerDay,
    enabled: z.boolean({ error: '请选择是否显示' }).default(true),
  })
  .refine((b) => b.newsId > 0 !== (b.link !== ''), { message: '请选择要打开的稿件或填写链接（二选一）', path: ['link'] })
  .refine((b) => b.link === '' || (/^https:\/\//i.test(b.link) && isBannerLink(b.link)), { message: '链接须以 https:// 开头', path: ['link'] })
  .refine((b) => b.startDay === '' || b.endDay === '' || b.startDay <= b.endDay, { message: '结束日期不能早于开始日期', path: ['endDay'] });

/** A channel's whole banner order (every banner not removed, once each): a retried call changes nothing more. */
export const ChannelBannerOrderBody = z.object({
  channelId: Id,
  ids: z.array(Id, { error: '顺序不正确' }).min(1, '顺序不正确').max(CHANNEL_BANNER_MAX, '顺序不正确'),
});

export const BannerEnableBody = z.object({ id: Id, enabled: z.boolean({ error: '请选择显示或隐藏' }) });
export const PlacementRowBody = z.object({ id: Id });

/** 热榜置顶: a published story at a position of the hot list until a time (at most 30 days ahead). */
export const HotPickForm = z.object({
  key: DeskKey,
  newsId: Id,
  position: z.coerce
    .number({ error: `位置须为 1–${HOT_PICK_LAST_POSITION} 的整数` })
    .int(`位置须为 1–${HOT_PICK_LAST_POSITION} 的整数`)
    .min(1, `位置须为 1–${HOT_PICK_LAST_POSITION} 的整数`)
    .max(HOT_PICK_LAST_POSITION, `位置须为 1–${HOT_PICK_LAST_POSITION} 的整数`),
  endsAt: z.iso.datetime({ offset: true, error: '请填写置顶结束时间' }),
});
