/**
 * The one database schema. Tables use snake_case; each area's repo.ts maps rows to the spec's field names.
 * Each area keeps its tables in its own file in this folder (src/server/db/schema/<area>.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Home channels (推荐, 区县, 国内, 热榜 …). `kind` says which page a tab opens (spec 2.1). */
export const channels = pgTable('channels', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  img: text('img').notNull().default(''),
  path: text('path').notNull().default(''),
  kind: text('kind').notNull().default('news'),
  sort: integer('sort').notNull().default(0),
  lineNum: integer('line_num').notNull().default(4),
  showLine: integer('show_line').notNull().default(2),
  onHome: boolean('on_home').notNull().default(true),
});

/**
 * Columns (栏目). A column belongs to a channel; `isSub` columns are the channel's sub-channel icons
 * (spec 2.4: apiurl, showtype 1 → columnpath).
 */
export const columns = pgTable(
  'columns',
  {
    id: integer('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    name: text('name').notNull(),
    img: text('img').notNull().default(''),
    path: text('path').notNull().default(''),
    showType: integer('show_type').notNull().default(0),
    apiUrl: text('api_url').notNull().default(''),
    className: text('class_name').notNull().default(''),
    isSub: boolean('is_sub').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('columns_channel_idx').on(t.channelId, t.sort)],
);

/** The 38 districts and counties of Chongqing, grouped under their region (father = group id). */
export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    areaCode: text('area_code').notNull().default(''),
    father: integer('father'),
    expertPic: text('expert_pic').notNull().default(''),
    classImg: text('class_img').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    temperature: text('temperature').notNull().default(''),
    weather: text('weather').notNull().default(''),
  },
  (t) => [index('districts_father_idx').on(t.father, t.sort)],
);

/** News items of every data type (1 live, 2 picture, 3 news, 5 special, 7 external, 8 video). */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id').notNull(),
    channelId: integer('channel_id').notNull(),
    dataType: integer('data_type').notNull().default(3),
    showType: integer('show_type').notNull().default(0),
    category: text('category').notNull().default(''),
    title: text('title').notNull(),
    targetUrl: text('target_url').notNull().default(''),
    imageUrls: jsonb('image_urls')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    label: text('label').notNull().default(''),
    isTop: boolean('is_top').notNull().default(false),
    topTitle: text('top_title').notNull().default(''),
    smallText: text('small_text').notNull().default(''),
    intro: text('intro').notNull().default(''),
    customImage: text('custom_image').notNull().default(''),
    isVideo: boolean('is_video').notNull().default(false),
    videoUrl: text('video_url').notNull().default(''),
    videoTime: text('video_time').notNull().default(''),
    videoUrls: jsonb('video_urls')
      .$type<{ name: string; videoUrl: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A VR item's 360° panorama: an equirectangular strip whose ends meet (the VR viewer turns it). */
    vrUrl: text('vr_url').notNull().default(''),
    pv: integer('pv').notNull().default(0),
    interactNum: integer('interact_num').notNull().default(0),
    publishTime: timestamp('publish_time', { withTimezone: true }).notNull(),
    content: text('content').notNull().default(''),
    source: text('source').notNull().default(''),
    sourcePic: text('source_pic').notNull().default(''),
    writer: text('writer').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    newUserName: text('new_user_name').notNull().default(''),
    execEditor: text('exec_editor').notNull().default(''),
    finalEditor: text('final_editor').notNull().default(''),
    permission: integer('permission').notNull().default(0),
    allowPl: boolean('allow_pl').notNull().default(true),
    liveType: integer('live_type').notNull().default(0),
    liveStartTime: timestamp('live_start_time', { withTimezone: true }),
    keyboard: text('keyboard').notNull().default(''),
    titleType: integer('title_type').notNull().default(0),
    region: text('region').notNull().default(''),
    likeNum: integer('like_num').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
  },
  (t) => [
    index('news_channel_order_idx').on(t.channelId, t.isTop, t.publishTime, t.id),
    index('news_class_order_idx').on(t.classId, t.publishTime, t.id),
    index('news_data_type_idx').on(t.dataType, t.publishTime, t.id),
    // Hot news under every detail (most read articles, src/server/detail/repo.ts hotNewsOfRow): without it
    // each detail sorted every article by pv (410 ms at 200k rows, ADR 001 growth bench).
    index('news_hot_idx').on(t.dataType, t.pv, t.id),
  ],
);

/** Channel banners (spec 2.4 banner routing by dataType). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id').notNull(),
    dataType: integer('data_type').notNull(),
    classId: integer('class_id').notNull().default(0),
    newsId: integer('news_id').notNull().default(0),
    targetUrl: text('target_url').notNull().default(''),
    showType: integer('show_type').notNull().default(0),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    sort: integer('sort').notNull().default(0),
    /** First and last Beijing day `YYYY-MM-DD` readers see it; '' for open-ended (the placement desk, ADR 034). */
    startDay: text('start_day').notNull().default(''),
    endDay: text('end_day').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** The console's key of the add that made it: a retried add adds nothing. */
    clientKey: text('client_key'),
    /** Removed by the desk (kept so the removal can be undone). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('banners_channel_idx').on(t.channelId, t.sort),
    uniqueIndex('banners_client_key').on(t.clientKey),
    check('banners_window_check', sql`${t.startDay} = '' or ${t.endDay} = '' or ${t.startDay} <= ${t.endDay}`),
  ],
);

/** Ads: type 5 above the title, 3 below the title, 2 below the article (spec 3). */
export const ads = pgTable('ads', {
  id: serial('id').primaryKey(),
  type: integer('type').notNull(),
  imgSrc: text('img_src').notNull(),
  url: text('url').notNull().default(''),
  newsClassId: integer('news_class_id').notNull().default(0),
  newsId: integer('news_id').notNull().default(0),
  isAll: boolean('is_all').notNull().default(true),
  showClassIds: jsonb('show_class_ids')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  notShowClassIds: jsonb('not_show_class_ids')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  permission: integer('permission').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

/** Global configuration returned by /kratos/v1/init (goim, grey mode …), one row per key. */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Records which one-time tasks (the demo seed) have run, so `npm start` loads demo data once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
