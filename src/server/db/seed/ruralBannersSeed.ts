/**
 * The 裕农 home's demo banners, as the section's editors would set them (裕农 desk 轮播图): one opens a rural story,
 * two open pages of the section (the price board, 乡村帮帮), and one out of season is kept off. Pictures are the rural stories' demo pictures. Under
 * its own seed-run name, after the rural seed, so a database seeded before the desk managed banners gets them.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { news } from '../schema/core.ts';
import { ruralBanners } from '../schema/rural.ts';
import { BASE_PATH } from '../../../lib/safeUrl.ts';
import { RURAL_NEWS } from './ruralData.ts';
import { RURAL_CHANNEL_ID } from './ruralSeed.ts';
import { seedOnce } from './seedOnce.ts';

export const RURAL_BANNERS_SEED = 'rural-banners';

/** [title, the rural story it opens (by title) or a link, the story whose picture it shows, on]. */
export const RURAL_DEMO_BANNERS = [
  ['奉节脐橙开园：测糖分级卖好价', { story: '奉节脐橙进入采摘季，果农学用“测糖仪”分级卖好价' }, '奉节脐橙进入采摘季，果农学用“测糖仪”分级卖好价', true],
  ['涪陵榨菜青菜头开收，今日行情早知道', { link: `${BASE_PATH}/yu-nong/markPage` }, '巫溪红池坝的高山反季节蔬菜，让村民在家门口', true],
  ['石柱辣椒红了：种植难题来问专家', { link: `${BASE_PATH}/yu-nong/country-bangbang` }, '石柱莼菜卖到了长三角', true],
  ['巫山脆李花开，人工授粉正当时', { story: '巫山脆李花开时节，果农忙着人工授粉' }, '巫山脆李花开时节，果农忙着人工授粉', false],
] as const;

export async function seedRuralBanners(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, RURAL_BANNERS_SEED, async () => async (tx) => {
    const titleOf = (prefix: string) => RURAL_NEWS.find(([, , title]) => title.startsWith(prefix))?.[2] ?? '';
    const titles = RURAL_DEMO_BANNERS.flatMap(([, target, picture]) => ['story' in target ? titleOf(target.story) : '', titleOf(picture)]).filter(
      (s) => s !== '',
    );
    const stories = await tx.select({ id: news.id, title: news.title, imageUrls: news.imageUrls }).from(news).where(inArray(news.title, titles));
    const rural = new Map((await tx.select({ id: news.id }).from(news).where(eq(news.channelId, RURAL_CHANNEL_ID))).map((r) => [r.id, true]));
    const byTitle = new Map(stories.filter((s) => rural.has(s.id)).map((s) => [s.title, s]));
    const rows = RURAL_DEMO_BANNERS.flatMap(([title, target, pictureOf, enabled], i) => {
      const story = 'story' in target ? byTitle.get(titleOf(target.story)) : undefined;
      const picture = byTitle.get(titleOf(pictureOf))?.imageUrls[0];
      if (picture === undefined || ('story' in target && story === undefined)) return [];
      return [{ title, picture, newsId: story?.id ?? 0, link: 'link' in target ? target.link : '', enabled, sort: i + 1, clientKey: `demo-banner-${i + 1}` }];
    });
    if (rows.length > 0) await tx.insert(ruralBanners).values(rows);
  });
}
