/** News and channel entities and endpoints (spec 3, 7.1). Field names exactly as the spec spells them. */
import { endpointsOf } from './endpoint.ts';
import { ClassId, Id, IdOf, Page, PageSize, Text } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('news');

export const Column = z.object({ columnId: z.number().int(), columnName: z.string() });
export type Column = z.infer<typeof Column>;

export const SubChannel = z.object({
  columnid: z.number().int(),
  columnname: z.string(),
  columnimg: z.string(),
  columnpath: z.string(),
  showtype: z.number().int(),
  apiurl: z.string(),
  classname: z.string(),
});

export const Channel = z.object({
  channelid: z.number().int(),
  channelname: z.string(),
  channelName: z.string(),
  channelimg: z.string(),
  channelpath: z.string(),
  /** What the tab opens (news list, county, hot list …); decides channelpath. */
  kind: z.string(),
  sub: z.array(SubChannel),
  linenum: z.number().int(),
  showline: z.number().int(),
  channelClass: z.array(Column),
});
export type Channel = z.infer<typeof Channel>;

export const Banner = z.object({
  id: z.number().int(),
  dataType: z.number().int(),
  classId: z.number().int(),
  targetUrl: z.string(),
  showType: z.number().int(),
  title: z.string(),
  imageUrl: z.array(z.string()),
});
export type Banner = z.infer<typeof Banner>;

export const ListItem = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  dataType: z.number().int(),
  targetUrl: z.string(),
  channelId: z.number().int(),
  showType: z.number().int(),
  category: z.string(),
  title: z.string(),
  imageUrl: z.array(z.string()),
  imageNum: z.number().int(),
  label: z.string(),
  isTop: z.number().int(),
  topTitle: z.string(),
  smallText: z.string(),
  intro: z.string(),
  customImage: z.string(),
  isVideo: z.number().int(),
  videoUrl: z.string(),
  videoTime: z.string(),
  pv: z.number().int(),
  interactNum: z.number().int(),
  /** Display time in Beijing time, `YYYY-MM-DD HH:mm`. */
  time: z.string(),
  /** ISO 8601 instant. */
  publishTime: z.string(),
  source: z.string(),
  liveType: z.number().int(),
  startTime: z.string(),
});
export type ListItem = z.infer<typeof ListItem>;

export const channelGetList = api.content('/kratos/v2/channel/getList', '全部频道（含栏目与子频道图标）', {
  query: z.object({ type: z.enum(['web', 'app']).default('web') }),
  data: z.array(Channel),
});

/**
 * Snapshot anchor of a paged list (security.md M101): a time in milliseconds since the epoch; only items
 * published at or before it are listed. Page 1 is read without it and its next-page link carries the
 * newest publish time of page 1, so items published while a reader pages on neither shift later
 * pages (a repeat) nor are counted in them. Clients that never send it get the plain page API.
 */
export const ListAnchor = z
  .union([z.number().int(), z.string().regex(/^\d{1,15}$/, '必须是时间戳（毫秒）')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(0).max(8_640_000_000_000_000, '时间戳超出范围'))
  .optional();

/**
 * Keyset cursor of a paged list (ADR 001 growth): the id of the last item of the previous page. With it
 * the next page is read from that item on along the list's index, whatever the page number — a deep
 * page costs what page 1 costs instead of counting past every earlier item. `page` stays the spec's
 * parameter: without a cursor, or with one that is not in this list, the page is counted as before.
 */
export const ListCursor = IdOf('必须是新闻编号').optional();

export const channelHome = api.content('/kratos/v1/channel/home', '频道首页：第 1 页带轮播图，列表按页返回，空数组表示到底', {
  query: z.object({ channelId: ClassId, page: Page, before: ListAnchor, after: ListCursor }),
  data: z.object({ banner: z.array(Banner), list: z.array(ListItem) }),
});

export const NewsIdQuery = z.object({ classId: ClassId, newsId: Id });

const Paged = { page: Page, pageSize: PageSize };
/** The lists readers page through as new items arrive (channel and column lists) also take the anchor. */
const AnchoredPaged = { ...Paged, before: ListAnchor, after: ListCursor };
const NewsList = z.array(ListItem);

export const channelList = api.content('/kratos/v1/channel/list', '频道新闻列表（不含轮播图），按页返回，空数组表示到底', {
  query: z.object({ channelId: ClassId, ...AnchoredPaged }),
  data: NewsList,
});

export const columnList = api.content('/kratos/v1/column/list', '栏目新闻列表，按页返回', {
  query: z.object({ columnId: Id, ...AnchoredPaged }),
  data: NewsList,
});

export const newsListByColumn = api.content('/v1/news/getListByColumnId', '栏目新闻列表（子频道图标的 apiurl），按页返回', {
  query: z.object({ columnId: Id, ...AnchoredPaged }),
  data: NewsList,
});

export const ChannelGroup = z.object({ channelId: z.number().int(), channelName: z.string(), channelClass: z.array(Column) });
export type ChannelGroup = z.infer<typeof ChannelGroup>;

export const channelClassList = api.content('/kratos/v1/channelClass/list', '全部栏目，按频道分组', {
  query: z.object({ from: z.enum(['wap', 'app']).default('wap') }),
  data: z.array(ChannelGroup),
});

export const ColumnInfo = Column.extend({
  channelId: z.number().int(),
  channelName: z.string(),
  columnimg: z.string(),
});
export type ColumnInfo = z.infer<typeof ColumnInfo>;

export const channelClassOne = api.content('/kratos/v1/channelClass/one', '一个栏目的名称与所属频道', { query: z.object({ columnId: Id }), data: ColumnInfo });

export const TabNavItem = z.object({ name: z.string(), path: z.string() });
export type TabNavItem = z.infer<typeof TabNavItem>;

export const tabNav = api.content('/kratos/v1/tab/nav', '图片与视频栏的标签（spec 2.3）', {
  query: z.object({ tabType: z.enum(['image', 'video']) }),
  data: z.array(TabNavItem),
});

export const Topic = z.object({
  id: z.number().int(),
  title: z.string(),
  logo: z.string(),
  pictures: z.array(z.string()),
  intro: z.string(),
  contentCount: z.number().int(),
  commentCount: z.number().int(),
  isTimeline: z.number().int(),
});
export type Topic = z.infer<typeof Topic>;

export const topicsShow = api.content('/kratos/v1/topics/show', '话题详情', { query: z.object({ topicId: Id }), data: Topic });

export const topicsNewsList = api.content('/kratos/v1/topics/news_list', '话题下的新闻，按页返回（时间线话题由早到晚）', {
  query: z.object({ topicId: Id, ...Paged }),
  data: NewsList,
});

export const topicsCollect = api.content('/kratos/v1/topicsCollect', '栏目的话题合集，按页返回', {
  query: z.object({ columnId: Id, ...Paged }),
  data: z.array(Topic),
});

export const SearchWord = Text({ min: 1, max: 40, label: '搜索内容' });

export const searchHome = api.content('/kratos/v1/search/home', '搜索新闻标题与摘要，按页返回', {
  query: z.object({ search: SearchWord, ...Paged }),
  data: NewsList,
});

export const liveGetList = api.content('/v1/live/getList', '直播列表：直播中、未开始、回放', { query: z.object({ ...Paged }), data: NewsList });

export const vrGetList = api.content('/v1/vr/getList', 'VR 列表', { query: z.object({ ...Paged }), data: NewsList });

export const SpecialCategory = z.object({ id: z.number().int(), name: z.string() });

export const Special = z.object({
  classId: z.number().int(),
  topicTitle: z.string(),
  topicImg: z.string(),
  intro: z.string(),
  category: z.array(SpecialCategory),
});
export type Special = z.infer<typeof Special>;

export const specialCategory = api.content('/v1/news/specailCategory', '专题信息与分类', { query: z.object({ classId: Id }), data: Special });

export const specialList = api.content('/v1/news/specialList', '专题新闻（可按分类），按页返回', {
  query: z.object({ classId: Id, categoryId: Id.optional(), ...Paged }),
  data: NewsList,
});

export const HotWord = z.object({ id: z.number().int(), word: z.string() });

export const newsHotWord = api.content('/v1/news/getNewsHotWord', '搜索热词', { data: z.array(HotWord) });

/** spec 9: home county default class id 941; the domestic area number is 999. */
export const DEFAULT_COUNTY_CLASS_ID = 941;
export const DEFAULT_AREA_NUMBER = 4;
export const DOMESTIC_AREA_NUMBER = 999;

export const countryHotNews = api.content('/v1/news/getCountryHotNews', '区县新闻（classId 为区县；areaNumber 999 为国内），按页返回', {
  query: z.object({ classId: Id.default(DEFAULT_COUNTY_CLASS_ID), areaNumber: Id.default(DEFAULT_AREA_NUMBER), ...Paged }),
  data: NewsList,
});

export const hotLists = api.content('/v1/news/getHotLists', '热榜：近 30 天阅读最多，按页返回', { query: z.object({ ...Paged }), data: NewsList });

export const AccountInfo = z.object({
  classId: z.number().int(),
  name: z.string(),
  img: z.string(),
  intro: z.string(),
  isJump: z.number().int(),
  fans: z.number().int(),
  newsCount: z.number().int(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

/** spec 5 */
export const ACCOUNT_CLOSED_MESSAGE = '抱歉此账号主页(暂时)无法查看';

export const accountInfo = api.content('/api/SYAccount/getInfo', '山城号信息', { query: z.object({ classId: Id }), data: AccountInfo });

export const accountHeadPage = api.content('/api/SYAccount/getHeadPage', '山城号主页文章，按页返回；isJump 为 0 时不可查看', {
  query: z.object({ classId: Id, ...Paged }),
  data: NewsList,
});

export const AccountStripItem = z.object({ img: z.string(), name: z.string(), classId: z.number().int(), isJump: z.number().int() });
export type AccountStripItem = z.infer<typeof AccountStripItem>;

export const accountRecommendList = api.content('/api/SYAccount/getRecommendList', '推荐山城号', { data: z.array(AccountStripItem) });

/** The 山城号 square (/interact/syh, /syIframe/index): every account with its intro and counts, by page. */
export const accountSquareList = api.content('/api/SYAccount/getSquareList', '山城号广场：全部山城号（简介、粉丝数、文章数），按页返回', {
  query: z.object({ ...Paged }),
  data: z.array(AccountInfo),
});

export interface AreaNode {
  columnid: number;
  columnname: string;
  father: number;
  areacode: string;
  expertpic: string;
  classimg: string;
  areasub: AreaNode[];
}
export const AreaNode: z.ZodType<AreaNode> = z.lazy(() =>
  z.object({
    columnid: z.number().int(),
    columnname: z.string(),
    father: z.number().int(),
    areacode: z.string(),
    expertpic: z.string(),
    classimg: z.string(),
    areasub: z.array(AreaNode),
  }),
);

export const areaList = api.content('/kratos/v1/area/list', '全部区县频道：按片区分组的区县树', { data: z.array(AreaNode) });

export const Weather = z.object({ classId: z.number().int(), columnname: z.string(), temperature: z.string(), weather: z.string() });
export type Weather = z.infer<typeof Weather>;

export const areaWeather = api.content('/kratos/v1/area/weather', '区县天气（按区县查）', { query: z.object({ classId: Id }), data: Weather });

/** One district's weather with its group (片区) for the district map (/Map). */
export const DistrictWeather = Weather.extend({ areaName: z.string() });
export type DistrictWeather = z.infer<typeof DistrictWeather>;

export const areaWeatherList = api.content('/kratos/v1/area/weatherList', '全部区县今日天气（按片区排序），区县地图用', { data: z.array(DistrictWeather) });

const Degrees = (min: number, max: number, label: string) =>
  z
    .union([z.number(), z.string().regex(/^-?\d{1,3}(\.\d{1,8})?$/, `${label}格式错误`)])
    .transform((v) => Number(v))
    .pipe(z.number().min(min, `${label}超出范围`).max(max, `${label}超出范围`));

export const Location = z.object({
  name: z.string(),
  classId: z.number().int(),
  /** 0: the position is outside Chongqing; the county page then runs in domestic mode (spec 4). */
  inChongqing: z.number().int(),
});
export type Location = z.infer<typeof Location>;

export const areaLocate = api.get('/kratos/v1/area/locate', '由经纬度找最近的区县', {
  query: z.object({ lat: Degrees(-90, 90, '纬度'), lng: Degrees(-180, 180, '经度') }),
  data: Location,
});

export const NewspaperSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  editionDate: z.string(),
  cover: z.string(),
  pageCount: z.number().int(),
});
export type NewspaperSummary = z.infer<typeof NewspaperSummary>;

export const newspaperList = api.content('/v1/newspaper/list', '数字报：各期报纸，按页返回', {
  query: z.object({ ...Paged }),
  data: z.array(NewspaperSummary),
});

export const NewspaperEdition = NewspaperSummary.extend({
  pages: z.array(z.object({ name: z.string(), image: z.string(), news: NewsList })),
});
export type NewspaperEdition = z.infer<typeof NewspaperEdition>;

export const newspaperEdition = api.content('/v1/newspaper/edition', '一期报纸：版面与各版新闻', { query: z.object({ id: Id }), data: NewspaperEdition });

export const accountNewsList = api.content('/api/SYAccount/getNewsList', '山城号频道：全部山城号的最新文章，按页返回', {
  query: z.object({ ...Paged }),
  data: NewsList,
});
