import {
  ACCOUNT_CLOSED_MESSAGE,
  accountHeadPage,
  accountInfo,
  accountNewsList,
  accountRecommendList,
  accountSquareList,
  areaList,
  areaLocate,
  areaWeather,
  areaWeatherList,
  channelClassList,
  channelClassOne,
  channelGetList,
  channelHome,
  channelList,
  columnList,
  countryHotNews,
  DOMESTIC_AREA_NUMBER,
  hotLists,
  liveGetList,
  newsHotWord,
  newsListByColumn,
  newspaperEdition,
  newspaperList,
  searchHome,
  specialCategory,
  specialList,
  tabNav,
  topicsCollect,
  topicsNewsList,
  topicsShow,
  vrGetList,
} from '../../contract/news.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { failure, ok } from '../http/envelope.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { decideNearestDistrict } from './decideNearestDistrict.ts';
import {
  accountNewsRepo,
  accountRepo,
  accountSquareRepo,
  accountsFeedRepo,
  accountStripRepo,
  areaTreeRepo,
  channelBannersRepo,
  channelExistsRepo,
  channelGroupsRepo,
  channelListRepo,
  channelNewsPageRepo,
  columnInfoRepo,
  columnNewsRepo,
  districtCentresRepo,
  districtExistsRepo,
  districtNewsRepo,
  hotListRepo,
  hotWordsRepo,
  liveListRepo,
  listChannelsRepo,
  newspaperEditionRepo,
  newspapersRepo,
  searchNewsRepo,
  specialCategoryExistsRepo,
  specialNewsRepo,
  specialRepo,
  topicNewsRepo,
  topicRepo,
  topicsOfColumnRepo,
  vrListRepo,
  weatherRepo,
  weatherListRepo,
} from './repo.ts';

/** The development stand-in of the maps service's weather by name (ADR 020). */
export const DEV_MAPS_WEATHER_PATH = '/api/dev/maps/weather';

/** The channel 国内 (spec 2.1) lists channel 3. */
const DOMESTIC_CHANNEL_ID = 3;

/** spec 2.3: the picture tab bar; the home video tabs (spec 2.1). */
const TAB_NAV = {
  image: [
    { name: '视频', path: `${BASE_PATH}/Image/VideoPage` },
    { name: '直播', path: `${BASE_PATH}/Image/LivePage` },
    { name: '图片', path: `${BASE_PATH}/Image/ImagePage` },
    { name: 'VR', path: `${BASE_PATH}/Image/VRPage` },
  ],
  video: [
    { name: '视频', path: `${BASE_PATH}/home/video/VideoPage` },
    { name: '直播', path: `${BASE_PATH}/home/video/LivePage` },
  ],
} as const;

export function registerNewsRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;

  registerEndpoint(registry, channelGetList, async () => {
    return ok(await listChannelsRepo(db));
  });

  registerEndpoint(registry, channelHome, async ({ query }) => {
    if (!(await channelExistsRepo(db, query.channelId))) return failure(StatusCode.notFound, '频道不存在');
    const [banner, list] = await Promise.all([
      query.page === 1 ? channelBannersRepo(db, query.channelId) : Promise.resolve([]),
      channelNewsPageRepo(db, query.channelId, query.page, query.before, query.after),
    ]);
    return ok({ banner, list });
  });

  registerEndpoint(registry, channelList, async ({ query }) => {
    if (!(await channelExistsRepo(db, query.channelId))) return failure(StatusCode.notFound, '频道不存在');
    return ok(await channelListRepo(db, query.channelId, query));
  });

  for (const endpoint of [columnList, newsListByColumn]) {
    registerEndpoint(registry, endpoint, async ({ query }) => {
      if (!(await columnInfoRepo(db, query.columnId))) return failure(StatusCode.notFound, '栏目不存在');
      return ok(await columnNewsRepo(db, query.columnId, query));
    });
  }

  registerEndpoint(registry, channelClassList, async () => {
    return ok(await channelGroupsRepo(db));
  });

  registerEndpoint(registry, channelClassOne, async ({ query }) => {
    const info = await columnInfoRepo(db, query.columnId);
    if (!info) return failure(StatusCode.notFound, '栏目不存在');
    return ok(info);
  });

  registerEndpoint(registry, tabNav, async ({ query }) => {
    return ok(TAB_NAV[query.tabType].map((t) => ({ ...t })));
  });

  registerEndpoint(registry, topicsShow, async ({ query }) => {
    const topic = await topicRepo(db, query.topicId);
    if (!topic) return failure(StatusCode.notFound, '话题不存在');
    return ok(topic);
  });

  registerEndpoint(registry, topicsNewsList, async ({ query }) => {
    const topic = await topicRepo(db, query.topicId);
    if (!topic) return failure(StatusCode.notFound, '话题不存在');
    return ok(await topicNewsRepo(db, topic, query));
  });

  registerEndpoint(registry, topicsCollect, async ({ query }) => {
    if (!(await columnInfoRepo(db, query.columnId))) return failure(StatusCode.notFound, '栏目不存在');
    return ok(await topicsOfColumnRepo(db, query.columnId, query));
  });

  registerEndpoint(registry, searchHome, async ({ query }) => {
    return ok(await searchNewsRepo(db, query.search, query));
  });

  registerEndpoint(registry, liveGetList, async ({ query }) => {
    return ok(await liveListRepo(db, query));
  });

  registerEndpoint(registry, vrGetList, async ({ query }) => {
    return ok(await vrListRepo(db, query));
  });

  registerEndpoint(registry, specialCategory, async ({ query }) => {
    const special = await specialRepo(db, query.classId);
    if (!special) return failure(StatusCode.notFound, '专题不存在');
    return ok(special);
  });

  registerEndpoint(registry, specialList, async ({ query }) => {
    if (!(await specialRepo(db, query.classId))) return failure(StatusCode.notFound, '专题不存在');
    if (query.categoryId !== undefined && !(await specialCategoryExistsRepo(db, query.classId, query.categoryId))) {
      return failure(StatusCode.notFound, '专题分类不存在');
    }
    return ok(await specialNewsRepo(db, query.classId, query.categoryId, query));
  });

  registerEndpoint(registry, newsHotWord, async () => {
    return ok(await hotWordsRepo(db));
  });

  registerEndpoint(registry, countryHotNews, async ({ query }) => {
    // spec 9: area number 999 is the domestic channel, used when the reader has no location (spec 4).
    if (query.areaNumber === DOMESTIC_AREA_NUMBER) return ok(await channelListRepo(db, DOMESTIC_CHANNEL_ID, query));
    if (!(await districtExistsRepo(db, query.classId))) return failure(StatusCode.notFound, '区县不存在');
    return ok(await districtNewsRepo(db, query.classId, query));
  });

  registerEndpoint(registry, hotLists, async ({ query }) => {
    return ok(await hotListRepo(db, query));
  });

  registerEndpoint(registry, accountInfo, async ({ query }) => {
    const account = await accountRepo(db, query.classId);
    if (!account) return failure(StatusCode.notFound, '山城号不存在');
    return ok(account);
  });

  registerEndpoint(registry, accountHeadPage, async ({ query }) => {
    const account = await accountRepo(db, query.classId);
    if (!account) return failure(StatusCode.notFound, '山城号不存在');
    // spec 5: the account home opens only when isJump is truthy.
    if (account.isJump !== 1) return failure(StatusCode.forbidden, ACCOUNT_CLOSED_MESSAGE);
    return ok(await accountNewsRepo(db, query.classId, query));
  });

  registerEndpoint(registry, accountNewsList, async ({ query }) => {
    return ok(await accountsFeedRepo(db, query));
  });

  registerEndpoint(registry, accountRecommendList, async () => {
    return ok(await accountStripRepo(db));
  });

  registerEndpoint(registry, accountSquareList, async ({ query }) => {
    return ok(await accountSquareRepo(db, query));
  });

  registerEndpoint(registry, areaWeatherList, async () => {
    return ok(await weatherListRepo(db));
  });

  // Development only: a local stand-in for the maps service's weather by district name (spec 7.9, ADR 020),
  // answering in its shape from the districts' own weather, so MAPS_WEATHER_URL can point here.
  if (!registry.deps.config.production) {
    registry.app.get(DEV_MAPS_WEATHER_PATH, async (c) => {
      const city = (c.req.query('city') ?? '').trim();
      const key = (c.req.query('key') ?? '').trim();
      if (key === '') return c.json({ status: '0', info: 'INVALID_USER_KEY', lives: [] });
      const found = city === '' ? undefined : (await weatherListRepo(db)).find((d) => d.columnname === city);
      if (!found) return c.json({ status: '0', info: 'INVALID_CITY', lives: [] });
      return c.json({ status: '1', info: 'OK', lives: [{ city: found.columnname, weather: found.weather, temperature: found.temperature }] });
    });
  }

  registerEndpoint(registry, areaList, async () => {
    return ok(await areaTreeRepo(db));
  });

  registerEndpoint(registry, areaWeather, async ({ query }) => {
    const weather = await weatherRepo(db, query.classId);
    if (!weather) return failure(StatusCode.notFound, '区县不存在');
    return ok(weather);
  });

  registerEndpoint(registry, areaLocate, async ({ query }) => {
    // A position is personal: never cached (the default no-store applies).
    const nearest = decideNearestDistrict(query.lat, query.lng, await districtCentresRepo(db));
    return ok(nearest ? { name: nearest.name, classId: nearest.classId, inChongqing: 1 } : { name: '国内', classId: 0, inChongqing: 0 });
  });

  registerEndpoint(registry, newspaperList, async ({ query }) => {
    return ok(await newspapersRepo(db, query));
  });

  registerEndpoint(registry, newspaperEdition, async ({ query }) => {
    const edition = await newspaperEditionRepo(db, query.id);
    if (!edition) return failure(StatusCode.notFound, '该期报纸不存在');
    return ok(edition);
  });
}
