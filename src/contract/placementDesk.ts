/**
 * The placement desk in the newsroom console (`/newsroom/api/placement/*`, ADR 034): the channel banners (频道轮播图),
 * and the hot list's picks (热榜置顶). The reader's side is news.ts.
 */
import { BANNER_BODY, bannerForm, bannerOrderBody, isBannerLink } from './bannerDesk.ts';
import { Id, Text } from './fields.ts';
import { DeskKey } from './mallDesk.ts';
import { specialClassIdOf } from './topicDesk.ts';
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

/**
 * A channel banner as the editor writes it (the shared body, bannerDesk.ts): a published story of ours (`newsId`), an
 * https link (spec 2.4: data type 7 with `targetUrl`), or a 专题 by its reader address (data type 5 with its class id:
 * the topic desk shows the address, ADR 035), in its channel.
 */
export const ChannelBannerForm = bannerForm(z.object({ id: Id.optional(), channelId: Id, ...BANNER_BODY }), {
  eitherMessage: '请选择要打开的稿件或填写链接（二选一）',
  linkMessage: '链接须以 https:// 开头，或是本站专题页的地址（/shancheng/SpecialPage?classId=…）',
  linkAllowed: (link) => (/^https:\/\//i.test(link) && isBannerLink(link)) || specialClassIdOf(link) !== null,
});

/** A channel's whole banner order (every banner not removed, once each): a retried call changes nothing more. */
export const ChannelBannerOrderBody = bannerOrderBody({ channelId: Id }, CHANNEL_BANNER_MAX);

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
