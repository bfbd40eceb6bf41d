/** Builds every demo row and generated picture in memory, deterministically (no I/O, no clock). */
import { beijingWallClock } from '../../../lib/beijingDay.ts';
import type { ads, appConfig, banners, channels, columns, districts, news } from '../schema/core.ts';
import { accountHeadlines } from './accountHeadlines.ts';
import { articleText, fillHeadline, headline } from './articleText.ts';
import { channelsData, columnsData, columnsOf } from './channelsData.ts';
import { countyHeadlines } from './countyHeadlines.ts';
import { createRng, type Rng } from './createRng.ts';
import { districtGroups, districtsData, weatherKinds } from './districtsData.ts';
import { accountsData, sourcesData, staffData } from './staffData.ts';
import { PictureSet } from './demoPictures.ts';
import { demoVideoFor } from './demoVideos.ts';
import type { SceneKind } from './sceneSvg.ts';
import { topicsData, type TopicData } from './topicsData.ts';

type NewsRow = typeof news.$inferInsert & { id: number };

export interface DemoData {
  channels: (typeof channels.$inferInsert)[];
  columns: (typeof columns.$inferInsert)[];
  districts: (typeof districts.$inferInsert)[];
  news: NewsRow[];
  banners: (typeof banners.$inferInsert & { id: number })[];
  ads: (typeof ads.$inferInsert & { id: number })[];
  appConfig: (typeof appConfig.$inferInsert)[];
  /** The raster pictures the rows reference (drawn by demoPictures.ts). */
  images: PictureSet;
}

export const SEED_ANCHOR = '2026-11-20T10:00:00+08:00';
const ANCHOR_MS = Date.parse(SEED_ANCHOR);
const MINUTE = 60_000;
const SPAN_MINUTES = 30 * 24 * 60;

const GENERAL_TOPICS = [
  'rail',
  'liangjiang',
  'yangtze',
  'hotpot',
  'trail',
  'rural',
  'twincity',
  'seaLand',
  'renewal',
  'livelihood',
  'education',
  'tourism',
  'politics',
  'industry',
  'tech',
  'sports',
] as const;
const DISTRICT_TOPICS = ['rural', 'trail', 'renewal', 'livelihood', 'education', 'tourism', 'hotpot', 'yangtze', 'sports', 'industry'] as const;
const CHANNEL_TOPICS: Readonly<Record<number, readonly string[]>> = {
  3: ['national', 'twincity', 'seaLand', 'yangtze', 'tech'],
  5: GENERAL_TOPICS,
  6: ['live'],
  7: ['photo'],
  8: ['vr'],
  12: ['shortVideo'],
  13: ['rail', 'liangjiang', 'renewal', 'yangtze', 'livelihood', 'trail'],
  14: ['twincity', 'seaLand', 'industry', 'tech'],
  15: ['education'],
  16: ['tourism', 'hotpot', 'trail'],
  17: ['politics', 'twincity', 'livelihood'],
};
const EXTRA_PLACES = ['两江新区', '西部（重庆）科学城', '重庆经开区', '万盛经开区'];

interface Plan {
  channelId: number;
  classId: number;
  dataType: number;
  showType: number;
  topic: string;
  place: string;
  region: string;
  category?: string;
  isTop?: boolean;
  liveType?: number;
  /** Fixed title (district and account cards). */
  title?: string;
  /** A headline written by hand (区县 items): used as it is, or with the video mark. */
  headline?: string;
  /** For district cards and account cards: the picture is an existing one. */
  imageUrl?: string;
  source?: { name: string; pic: string };
  imageCount?: number;
  vertical?: boolean;
  videoPrefix?: boolean;
}

function topicOf(key: string): TopicData {
  const topic = topicsData[key];
  if (!topic) throw new Error(`unknown topic ${key}`);
  return topic;
}

function beijingDateLabel(ms: number): string {
  const d = beijingWallClock(ms);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

function mmss(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The scenes that fit a topic's pictures; an item picks one by its id, so neighbours differ. */
const TOPIC_SCENES: Readonly<Record<string, readonly SceneKind[]>> = {
  rail: ['rail', 'skyline', 'rail', 'night'],
  liangjiang: ['skyline', 'night', 'rail'],
  yangtze: ['river', 'skyline', 'river', 'mountains'],
  hotpot: ['hotpot', 'market', 'hotpot', 'night'],
  trail: ['mountains', 'river', 'fields'],
  rural: ['fields', 'mountains', 'market', 'fields'],
  twincity: ['skyline', 'rail', 'night'],
  seaLand: ['river', 'skyline', 'night'],
  renewal: ['skyline', 'market', 'crowd'],
  livelihood: ['market', 'crowd', 'skyline'],
  education: ['crowd', 'skyline', 'fields'],
  tourism: ['mountains', 'night', 'river', 'skyline'],
  politics: ['skyline', 'crowd', 'river'],
  industry: ['skyline', 'night', 'river'],
  tech: ['night', 'skyline', 'rail'],
  sports: ['crowd', 'mountains', 'river'],
  national: ['skyline', 'river', 'mountains'],
  live: ['crowd', 'night', 'market'],
  photo: ['mountains', 'river', 'night', 'skyline', 'fields', 'market'],
  vr: ['mountains', 'night', 'river'],
  shortVideo: ['night', 'hotpot', 'crowd', 'market', 'river'],
  special: ['skyline', 'night', 'river'],
  traffic: ['rail', 'skyline', 'night'],
  weather: ['mountains', 'river', 'skyline'],
};
const ALL_SCENES: readonly SceneKind[] = ['skyline', 'river', 'mountains', 'night', 'market', 'crowd', 'hotpot', 'rail', 'fields'];
const AD_SCENES: readonly SceneKind[] = ['night', 'skyline', 'river', 'hotpot', 'crowd', 'river'];

function sceneOf(topic: string, n: number): SceneKind {
  const kinds = TOPIC_SCENES[topic] ?? ALL_SCENES;
  return kinds[n % kinds.length] ?? 'skyline';
}

/** The panorama a VR headline names (洪崖洞 at night, the rivers at 朝天门, mountains at 武隆 …). */
const VR_SCENES: readonly (readonly [RegExp, SceneKind])[] = [
  [/夜|洪崖洞|解放碑/, 'night'],
  [/朝天门|两江|江/, 'river'],
  [/博物馆|古镇/, 'skyline'],
  [/武隆|天生三桥|山/, 'mountains'],
];

/** District channel pictures: the districts by the rivers, in the mountains or in the city centre. */
function districtScene(id: number): SceneKind {
  return (['skyline', 'mountains', 'river', 'fields', 'night', 'mountains', 'river'] as const)[id % 7] ?? 'skyline';
}

/** The topics of a list in turn (shuffled each round), so one topic's headlines are not used up. */
function cycler<T>(rng: Rng, items: readonly T[]): () => T {
  let round: T[] = [];
  return () => {
    if (round.length === 0) round = rng.shuffle(items);
    return round.shift() as T;
  };
}

/** A list of show types with the given counts, shuffled. */
function showTypeMix(rng: Rng, count: number): number[] {
  const cycle = [0, 1, 2, 4, 14, 0, 4, 1, 2, 0];
  return rng.shuffle(Array.from({ length: count }, (_, i) => cycle[i % cycle.length] ?? 0));
}

export function buildDemoData(): DemoData {
  const rng = createRng(20261120);
  const images = new PictureSet();
  const image = (sub: string, file: string, kind: SceneKind, width: number, height: number, seed?: string): string =>
    images.add(sub, file, seed === undefined ? { kind, width, height } : { kind, width, height, seed });
  // A VR item's 360° strip (4:1, ends meeting): the scene its headline names, else its topic's by id.
  const panorama = (id: number, title: string, topic: string): string =>
    images.add('vr', String(id), {
      kind: VR_SCENES.find(([pattern]) => pattern.test(title))?.[1] ?? sceneOf(topic, id),
      width: 3072,
      height: 768,
      panorama: true,
    });

  // Channels, columns, districts.
  const channelRows = channelsData.map((c, i) => ({
    id: c.id,
    name: c.name,
    img: image('icon', `channel-${c.id}`, 'emblem', 96, 96, `name:${c.name}`),
    path: '',
    kind: c.kind,
    sort: i + 1,
    lineNum: 4,
    showLine: c.showLine,
    onHome: c.onHome,
  }));
  const columnRows = columnsData.map((c) => ({
    id: c.id,
    channelId: c.channelId,
    name: c.name,
    img: image('icon', String(c.id), 'emblem', 96, 96, `name:${c.name}`),
    path: c.path,
    showType: c.showType,
    apiUrl: c.apiUrl,
    className: c.name,
    isSub: c.isSub,
    sort: c.sort,
  }));
  const districtRows: DemoData['districts'] = districtGroups.map((g, i) => ({
    id: g.id,
    name: g.name,
    areaCode: '',
    father: null,
    sort: i + 1,
  }));
  const classImgOf = new Map<number, string>();
  districtsData.forEach((d, i) => {
    const classImg = image('district', `${d.id}-class`, districtScene(d.id), 750, 300);
    classImgOf.set(d.id, classImg);
    const base = d.father === 902 ? 11 : d.father === 903 ? 10 : 13;
    districtRows.push({
      id: d.id,
      name: d.name,
      areaCode: d.areaCode,
      father: d.father,
      classImg,
      expertPic: image('district', `${d.id}-expert`, 'portrait', 200, 200),
      sort: i + 1,
      temperature: String(base + rng.int(0, 6)),
      weather: rng.pick(weatherKinds),
    });
  });

  // Source logos.
  const sources = sourcesData.map((s) => ({
    name: s.name,
    pic: image('logo', s.logo, 'emblem', 120, 120),
  }));
  const districtSource = new Map<number, { name: string; pic: string }>();
  for (const d of districtsData) {
    const name = `${d.place}融媒体中心`;
    districtSource.set(d.id, { name, pic: image('logo', `d${d.id}`, 'emblem', 120, 120) });
  }
  const accountLogo = new Map<number, string>();
  for (const a of accountsData) accountLogo.set(a.classId, image('logo', `account-${a.classId}`, 'emblem', 120, 120));

  const generalPlaces = [...districtsData.map((d) => d.place), ...EXTRA_PLACES];
  const columnIds = (channelId: number): number[] => columnsOf(channelId).map((c) => c.id);

  // Plans per channel (array order = newest first within a channel).
  const plans: Plan[] = [];

  // Channel 1 (推荐).
  {
    const cls = [101, 102, 103, 104];
    const specials: Plan[] = [];
    const base = { channelId: 1, region: '重庆' };
    const nextTopic = cycler(createRng(7001), GENERAL_TOPICS);
    const general = (): Pick<Plan, 'topic' | 'place' | 'classId'> => ({
      // The draw is kept (and not used) so every later id, column and place stays as it was seeded.
      topic: (rng.pick(GENERAL_TOPICS), nextTopic()),
      place: rng.pick(generalPlaces),
      classId: rng.pick(cls),
    });
    for (let i = 0; i < 5; i++)
      specials.push({ ...base, ...general(), topic: 'live', classId: 101, dataType: 1, showType: 2, liveType: [1, 0, 2, 1, 2][i] ?? 2 });
    for (let i = 0; i < 5; i++) specials.push({ ...base, ...general(), topic: 'photo', dataType: 2, showType: 1, imageCount: rng.int(4, 7) });
    for (let i = 0; i < 4; i++) specials.push({ ...base, ...general(), topic: 'special', classId: 105, dataType: 5, showType: 2 });
    for (let i = 0; i < 4; i++) specials.push({ ...base, ...general(), dataType: 7, showType: i % 2 === 0 ? 0 : 4 });
    for (let i = 0; i < 8; i++) specials.push({ ...base, ...general(), dataType: 8, showType: 2, videoPrefix: true });
    for (const id of [941, 962, 975]) {
      const d = districtsData.find((x) => x.id === id);
      if (!d) continue;
      specials.push({
        ...base,
        topic: 'tourism',
        place: d.place,
        region: d.name,
        classId: d.id,
        dataType: 3,
        showType: 8,
        title: d.name,
        imageUrl: classImgOf.get(d.id) ?? '',
      });
    }
    for (const a of accountsData.slice(0, 2)) {
      specials.push({
        ...base,
        topic: 'politics',
        place: '重庆',
        classId: a.classId,
        dataType: 3,
        showType: 9,
        title: a.name,
        imageUrl: accountLogo.get(a.classId) ?? '',
        source: { name: a.name, pic: accountLogo.get(a.classId) ?? '' },
      });
    }
    const restCount = 90 - 3 - specials.length;
    const rest: Plan[] = showTypeMix(rng, restCount).map((showType) => ({ ...base, ...general(), dataType: 3, showType }));
    const tops: Plan[] = [0, 2, 1].map((showType) => ({ ...base, ...general(), topic: 'politics', classId: 101, dataType: 3, showType, isTop: true }));
    plans.push(...tops, ...rng.shuffle([...specials, ...rest]));
  }

  // Channel 2 (区县): five per district, interleaved so every district has fresh and older items. The
  // first four of a district are its own headlines (countyHeadlines.ts), the fifth a topic template.
  {
    const perDistrict = districtsData.map(() => rng.shuffle(DISTRICT_TOPICS).slice(0, 5));
    for (let round = 0; round < 5; round++) {
      districtsData.forEach((d, i) => {
        const isVideo = (i + round) % 9 === 4;
        const own = round < 4 ? countyHeadlines[d.name]?.[round] : undefined;
        if (round < 4 && !own) throw new Error(`no headline ${round + 1} for ${d.name}`);
        plans.push({
          channelId: 2,
          classId: d.id,
          dataType: isVideo ? 8 : 3,
          showType: isVideo ? 2 : rng.pick([0, 0, 1, 2, 4, 14]),
          topic: own?.[0] ?? perDistrict[i]?.[round] ?? 'rural',
          ...(own ? { headline: own[1] } : {}),
          place: d.place,
          region: d.name,
          videoPrefix: isVideo,
          ...(rng.chance(0.6) ? { source: districtSource.get(d.id) } : {}),
        });
      });
    }
  }

  // Channels 3, 5–8, 12–17.
  for (const channelId of [3, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17]) {
    const topics = CHANNEL_TOPICS[channelId] ?? GENERAL_TOPICS;
    const cls = columnIds(channelId);
    const count = 14;
    const mix = showTypeMix(rng, count);
    const nextTopic = cycler(createRng(7000 + channelId), topics);
    for (let i = 0; i < count; i++) {
      const plan: Plan = {
        channelId,
        classId: rng.pick(cls),
        dataType: 3,
        showType: mix[i] ?? 0,
        topic: (rng.pick(topics), nextTopic()),
        place: rng.pick(generalPlaces),
        region: channelId === 3 ? '' : '重庆',
      };
      if (channelId === 5) Object.assign(plan, { dataType: 8, showType: 2, videoPrefix: true });
      if (channelId === 12) Object.assign(plan, { dataType: 8, showType: 2, vertical: true });
      if (channelId === 7) Object.assign(plan, { dataType: 2, showType: 1, imageCount: rng.int(4, 9) });
      if (channelId === 8) Object.assign(plan, { dataType: 3, showType: 2, category: 'vr' });
      if (channelId === 6) {
        const liveType = i < 3 ? 1 : i < 7 ? 0 : 2;
        Object.assign(plan, { dataType: 1, showType: 2, liveType, classId: [602, 601, 603][liveType] ?? 601 });
      }
      plans.push(plan);
    }
  }

  // Channel 11 (山城号): each account's own articles (accountHeadlines.ts), the list of its column
  // (column id = the account's class id), taken in turn so every account has fresh and older ones.
  {
    const placeOf: Readonly<Record<number, string>> = { 1102: '两江新区', 1105: '渝中区' };
    const rounds = Math.max(...Object.values(accountHeadlines).map((list) => list.length));
    for (let round = 0; round < rounds; round++) {
      for (const account of accountsData) {
        const own = accountHeadlines[account.classId]?.[round];
        if (!own) continue;
        const pic = accountLogo.get(account.classId) ?? '';
        plans.push({
          channelId: 11,
          classId: account.classId,
          dataType: 3,
          showType: rng.pick([0, 0, 4, 2, 14, 1]),
          topic: own[0],
          headline: own[1],
          place: placeOf[account.classId] ?? '重庆',
          region: '重庆',
          source: { name: account.name, pic },
        });
      }
    }
  }

  // Publish times: per channel, newest first, the first few within the last hours of the anchor.
  const perChannelCount = new Map<number, number>();
  for (const p of plans) perChannelCount.set(p.channelId, (perChannelCount.get(p.channelId) ?? 0) + 1);
  const perChannelIndex = new Map<number, number>();

  const titles = new Set<string>();
  // No two items of one list share a headline template. A template is used once per list
  // (a channel; in 区县 both the channel's list and the district's) while the topic has unused ones,
  // and the least used one overall first.
  const templateUse = new Map<string, number>();
  const listTemplates = new Map<string, Set<string>>();
  const templateOfTitle = new Map<string, string>();
  const topicOfTemplate = new Map<string, string>();
  for (const [key, t] of Object.entries(topicsData)) for (const title of t.titles) if (!topicOfTemplate.has(title)) topicOfTemplate.set(title, key);
  /** A template for the plan's list and the topic it belongs to (the article is then written on that topic). */
  const pickTemplate = (plan: Plan, topicKey: string): { template: string; topicKey: string } => {
    const topic = topicOf(topicKey);
    const placed = topic.titles.filter((t) => t.includes('{p}'));
    const county = plan.channelId === 2;
    const pool = county && placed.length >= 3 ? placed : topic.titles;
    const listOf = (key: string): Set<string> => {
      const set = listTemplates.get(key) ?? new Set<string>();
      listTemplates.set(key, set);
      return set;
    };
    const lists = county ? [listOf(`c${plan.channelId}`), listOf(`d${plan.classId}`)] : [listOf(`c${plan.channelId}`)];
    // A headline with no placeholder can be printed once in the whole demo.
    const printable = (t: string): boolean => t.includes('{') || !templateUse.has(t);
    const unused = (t: string): boolean => printable(t) && lists.every((used) => !used.has(t));
    const open = pool.filter(printable);
    let fresh = pool.filter(unused);
    if (fresh.length === 0) {
      // The topic's headlines are used up in this list: take an unused one of the list's other topics, then
      // of any topic (a county list takes the ones that name the place).
      const related = (county ? DISTRICT_TOPICS : (CHANNEL_TOPICS[plan.channelId] ?? GENERAL_TOPICS)).flatMap((k) => topicOf(k).titles);
      const any = GENERAL_TOPICS.flatMap((k) => topicOf(k).titles);
      const fit = (t: string): boolean => unused(t) && (!county || t.includes('{p}'));
      fresh = related.filter(fit);
      if (fresh.length === 0) fresh = any.filter(fit);
    }
    const candidates = fresh.length > 0 ? fresh : open.length > 0 ? open : pool;
    const least = Math.min(...candidates.map((t) => templateUse.get(t) ?? 0));
    const template = rng.pick(candidates.filter((t) => (templateUse.get(t) ?? 0) === least));
    for (const used of lists) used.add(template);
    templateUse.set(template, (templateUse.get(template) ?? 0) + 1);
    return { template, topicKey: pool.includes(template) ? topicKey : (topicOfTemplate.get(template) ?? topicKey) };
  };
  const uniqueTitle = (plan: Plan): string => {
    if (plan.title) return plan.title;
    if (plan.headline) {
      const t = plan.videoPrefix && rng.chance(0.6) ? `视频｜${plan.headline}` : plan.headline;
      titles.add(t);
      return t;
    }
    for (let attempt = 0; attempt < 40; attempt++) {
      const picked = attempt < 8 ? pickTemplate(plan, plan.topic) : undefined;
      const topic = topicOf(picked?.topicKey ?? plan.topic);
      let t = picked !== undefined ? fillHeadline(rng, picked.template, plan.place) : headline(rng, topic, plan.place, plan.channelId === 2);
      if (plan.videoPrefix && !t.includes('｜') && rng.chance(0.6)) t = `视频｜${t}`;
      if (!titles.has(t)) {
        titles.add(t);
        if (picked !== undefined) {
          templateOfTitle.set(t, picked.template);
          // The article, its pictures and its tags follow the headline's topic.
          plan.topic = picked.topicKey;
        }
        return t;
      }
    }
    const t = `${plan.place}：${headline(rng, topicOf(plan.topic), plan.place, false)}`;
    titles.add(t);
    return t;
  };

  const newsRows: NewsRow[] = plans.map((plan, index) => {
    const id = index + 1;
    const n = perChannelCount.get(plan.channelId) ?? 1;
    const i = perChannelIndex.get(plan.channelId) ?? 0;
    perChannelIndex.set(plan.channelId, i + 1);
    const recent = [4, 31, 88, 175];
    let minutesAgo: number;
    if (i < recent.length) {
      minutesAgo = (recent[i] ?? 0) + ((plan.channelId * 7) % 11);
    } else {
      const step = (SPAN_MINUTES - 300) / Math.max(1, n - recent.length);
      minutesAgo = 300 + Math.floor((i - recent.length) * step + rng.next() * step * 0.8);
    }
    const publishMs = ANCHOR_MS - minutesAgo * MINUTE;
    const title = uniqueTitle(plan);
    const topic = topicOf(plan.topic);
    const source = plan.source ?? rng.pick(sources);

    // List pictures.
    const imageUrls: string[] = [];
    if (plan.imageUrl) {
      imageUrls.push(plan.imageUrl);
    } else if (plan.showType === 1) {
      const count = plan.imageCount ?? 3;
      for (let k = 1; k <= count; k++) {
        imageUrls.push(image('news', `${id}-${k}`, sceneOf(plan.topic, id * 10 + k), 690, 460));
      }
    } else if (plan.showType === 2) {
      // A video's poster is a scene of what the video shows: the committed demo video's scene, or the
      // night-time city of the live sample.
      const scene = plan.dataType === 8 ? demoVideoFor(id, plan.vertical === true).kind : plan.dataType === 1 ? 'night' : sceneOf(plan.topic, id);
      imageUrls.push(plan.vertical ? image('news', `${id}-1`, scene, 360, 640) : image('news', `${id}-1`, scene, 690, 388));
    } else if (plan.showType === 14 || ((plan.showType === 0 || plan.showType === 4) && rng.chance(0.5))) {
      imageUrls.push(image('news', `${id}-1`, sceneOf(plan.topic, id), 690, 460));
    }

    const inline = plan.dataType === 3 && rng.chance(0.6) ? { src: image('news', `${id}-c`, sceneOf(plan.topic, id + 7), 690, 460), alt: title } : undefined;
    const text = articleText(rng, { topic, place: plan.place, dateLabel: beijingDateLabel(publishMs), image: inline });

    const pv = 100 + Math.floor(rng.next() ** 3 * 199_900);
    const label = rng.pick(['', '', '', '', '', '热', '独家', '原创']);
    const reporters = rng.shuffle(staffData);
    const reporter = reporters[0] ?? '张晓雨';
    const row: NewsRow = {
      id,
      classId: plan.classId,
      channelId: plan.channelId,
      dataType: plan.dataType,
      showType: plan.showType,
      category: plan.category ?? '',
      title,
      imageUrls,
      label,
      isTop: plan.isTop ?? false,
      topTitle: plan.isTop ? '置顶' : '',
      smallText: text.smallText,
      intro: text.intro,
      pv,
      interactNum: Math.floor(pv / rng.int(40, 200)),
      likeNum: Math.floor(pv / rng.int(15, 80)),
      commentCount: 0,
      publishTime: new Date(publishMs),
      content: text.content,
      source: source.name,
      sourcePic: source.pic,
      writer: rng.chance(0.4) ? `${reporter} ${reporters[1] ?? ''}`.trim() : reporter,
      userName: reporter,
      newUserName: reporters[2] ?? '',
      execEditor: reporters[3] ?? '',
      finalEditor: reporters[4] ?? '',
      permission: index % 23 === 7 ? 8 : 0,
      // A live page invites its viewers to chat (spec 9 platform 1): live items are always open to comments.
      allowPl: plan.dataType === 1 || index % 19 !== 5,
      keyboard: text.keyboard,
      titleType: label === '原创' || source.name === '山城新闻' ? 1 : 0,
      region: plan.region,
    };
    if (plan.category === 'vr') row.vrUrl = panorama(id, title, plan.topic);
    if (plan.dataType === 7) row.targetUrl = `https://www.cqnews.net/1/detail/1184${String(id * 7919).padStart(14, '0')}/web/content_${id}.html`;
    if (plan.dataType === 8) {
      row.isVideo = true;
      row.videoUrl = `/media/video/${id}.mp4`;
      // The card shows the real length of the committed demo video the item plays (demoVideos.ts);
      // the draw is kept so every later number stays as it was seeded.
      rng.int(plan.vertical ? 10 : 40, plan.vertical ? 90 : 720);
      row.videoTime = mmss(demoVideoFor(id, plan.channelId === 12).seconds);
    }
    if (plan.dataType === 1) {
      // A live stream that started more than 6 hours before the anchor is over: show it as a replay.
      const liveType = plan.liveType === 1 && minutesAgo > 360 ? 2 : (plan.liveType ?? 2);
      row.liveType = liveType;
      row.liveStartTime = liveType === 0 ? new Date(ANCHOR_MS + rng.int(2, 72) * 60 * MINUTE) : new Date(publishMs);
      const ext = liveType === 2 ? 'mp4' : 'm3u8';
      const qualities = rng.chance(0.5) ? ['高清', '标清', '流畅'] : ['高清', '标清'];
      const key = ['hd', 'sd', 'ld'];
      row.videoUrls = qualities.map((name, k) => ({ name, videoUrl: `/media/live/${id}-${key[k] ?? 'hd'}.${ext}` }));
      row.videoUrl = row.videoUrls[0]?.videoUrl ?? '';
    }
    return row;
  });

  // The hot list (most read first) shows no two items from one headline template: a repeat in the
  // most-read 60 is moved below them.
  {
    const hotEligible = newsRows
      .filter((r) => r.dataType !== 7 && r.showType !== 8 && r.showType !== 9)
      .sort((a, b) => (b.pv ?? 0) - (a.pv ?? 0) || b.id - a.id);
    const seen = new Set<string>();
    let shown = 0;
    for (const r of hotEligible) {
      if (shown >= 60) break;
      const template = templateOfTitle.get(r.title) ?? r.title;
      if (seen.has(template)) {
        r.pv = 100 + (r.id % 97);
        r.interactNum = Math.floor(r.pv / 40);
        r.likeNum = Math.floor(r.pv / 15);
        continue;
      }
      seen.add(template);
      shown++;
    }
  }

  // Banners.
  const bannerRows: DemoData['banners'] = [];
  const addBanner = (channelId: number, item: NewsRow | undefined): void => {
    if (!item) throw new Error(`no news for a banner in channel ${channelId}`);
    // Spec 2.4: a news banner (data type 3) with a show type opens the video detail, so its story carries a
    // video (a committed demo one, demoVideos.ts): without it the banner led to 视频暂不可播放.
    if (item.dataType === 3 && (item.showType ?? 0) !== 0 && !item.videoUrl) {
      item.videoUrl = `/media/video/${item.id}.mp4`;
      item.videoTime = mmss(demoVideoFor(item.id, false).seconds);
    }
    const id = bannerRows.length + 1;
    bannerRows.push({
      id,
      channelId,
      dataType: item.dataType ?? 3,
      classId: item.classId,
      newsId: item.id,
      targetUrl: item.targetUrl ?? '',
      showType: item.showType ?? 0,
      title: item.title,
      imageUrl: image('banner', String(id), sceneOf(plans[item.id - 1]?.topic ?? 'special', item.id), 750, 360),
      sort: bannerRows.filter((b) => b.channelId === channelId).length + 1,
    });
  };
  const first = (channelId: number, dataType: number, skip = 0): NewsRow | undefined =>
    newsRows.filter((r) => r.channelId === channelId && r.dataType === dataType && !r.isTop)[skip];
  addBanner(1, first(1, 3));
  addBanner(1, first(1, 1));
  addBanner(1, first(1, 2));
  addBanner(1, first(1, 5));
  {
    const id = bannerRows.length + 1;
    const title = '2026重庆国际车展11月28日开幕 购票通道开启';
    bannerRows.push({
      id,
      channelId: 1,
      dataType: 7,
      classId: 0,
      newsId: 0,
      targetUrl: 'https://www.cqnews.net/html/2026-11/19/content_2026111901.html',
      showType: 0,
      title,
      imageUrl: image('banner', String(id), 'night', 750, 360),
      sort: 5,
    });
  }
  addBanner(13, first(13, 3));
  addBanner(5, first(5, 8, 0));
  addBanner(5, first(5, 8, 1));
  addBanner(5, first(5, 8, 2));
  addBanner(7, first(7, 2, 0));
  addBanner(7, first(7, 2, 1));

  // Ads (the slogan names what each advertises; the picture is a scene, no text drawn on it).
  const adSpecs: readonly [number, string, Partial<typeof ads.$inferInsert>][] = [
    [5, '山城新闻客户端 下载领好礼', { isAll: true }],
    [5, '2026重庆国际车展 11月28日开幕', { isAll: false, showClassIds: [101, 102] }],
    [3, '长江三峡冬季游轮 限时特惠', { isAll: true, notShowClassIds: [103] }],
    [3, '重庆火锅美食节 全城开涮', { isAll: false, showClassIds: [101, 102] }],
    [2, '重庆马拉松 报名火热进行中', { isAll: true }],
    [2, '西部陆海新通道 一站式物流服务', { isAll: false, showClassIds: [101, 102], permission: 8 }],
    // Type 1: the pre-roll before a video (spec 5; the news flag ad hides it).
    [1, '山城新闻客户端 看直播 抢红包', { isAll: true }],
  ];
  const adRows: DemoData['ads'] = adSpecs.map(([type, , extra], i) => ({
    id: i + 1,
    type,
    // The pre-roll (type 1) fills the 16:9 player; the slot ads are banners.
    imgSrc: image('ad', String(i + 1), AD_SCENES[i] ?? 'skyline', 690, type === 1 ? 388 : 200),
    url: `https://www.cqnews.net/activity/2026/ad-${i + 1}.html`,
    sort: i + 1,
    ...extra,
  }));

  return {
    channels: channelRows,
    columns: columnRows,
    districts: districtRows,
    news: newsRows,
    banners: bannerRows,
    ads: adRows,
    appConfig: [
      {
        key: 'init',
        value: {
          goim: { roomId: 'live://1000', accepts: [1000, 1001, 1002] },
          greyMode: false,
          appPromotion: true,
          defaultTitle: '山城新闻',
        },
      },
    ],
    images,
  };
}
