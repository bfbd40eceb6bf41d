/** Home channels, their columns (栏目) and sub-channel icons. Column ids are channelId*100+n; icons channelId*100+50+n. */
export interface ChannelData {
  id: number;
  name: string;
  kind: string;
  showLine: number;
  onHome: boolean;
}

export interface ColumnData {
  id: number;
  channelId: number;
  name: string;
  isSub: boolean;
  showType: number;
  path: string;
  apiUrl: string;
  sort: number;
}

export const channelsData: readonly ChannelData[] = (
  [
    [1, '推荐', 'news', 2],
    [2, '区县', 'county', 2],
    [3, '国内', 'domestic', 1],
    [4, '热榜', 'hot', 1],
    [5, '视频', 'video', 1],
    [6, '直播', 'live', 1],
    [7, '图片', 'news', 1],
    [8, 'VR', 'news', 1],
    [9, '作文', 'composition', 1],
    [10, '裕农朋友圈', 'yunong', 1],
    [11, '山城号', 'num', 1],
    [12, '小视频', 'flowvideo', 1],
    [13, '重庆', 'news', 2],
    [14, '财经', 'news', 1],
    [15, '教育', 'news', 1],
    [16, '文旅', 'news', 1],
    [17, '时政', 'news', 1],
  ] as const
).map(([id, name, kind, showLine]) => ({ id, name, kind, showLine, onHome: true }));

const columnNames: Readonly<Record<number, readonly string[]>> = {
  1: ['要闻', '重庆新闻', '民生', '评论', '专题'],
  3: ['国内要闻', '长江经济带', '双城经济圈', '科技前沿'],
  5: ['新闻视频', '重庆味道', '纪录片', '微访谈'],
  6: ['正在直播', '直播预告', '精彩回放'],
  7: ['新闻图片', '山城影像', '航拍重庆', '市井百态'],
  8: ['VR重庆', '全景景区', 'VR看展'],
  11: ['重庆发布', '两江新区发布', '重庆交巡警', '重庆气象', '渝中发布'],
  12: ['热门', '美食', '街拍', '萌宠'],
  13: ['重庆要闻', '两江新区', '交通出行', '城市建设', '生态环境', '社会'],
  14: ['经济动态', '产业观察', '金融', '消费'],
  15: ['教育动态', '校园', '升学', '职业教育'],
  16: ['旅游资讯', '美食', '文化', '非遗', '乡村游'],
  17: ['时政要闻', '政策解读', '法治', '人事'],
};

const subIcons: Readonly<Record<number, readonly (readonly [string, number, string, string])[]>> = {
  // [name, showType, path, apiUrl]
  1: [
    ['要闻', 0, '', '/v1/news/getListByColumnId?columnId=101'],
    ['重庆新闻', 0, '', '/v1/news/getListByColumnId?columnId=102'],
    ['民生', 1, '/shancheng/columns?columnId=103', ''],
    // Every icon leads to content — a column's list, or the page that is the icon's subject.
    ['评论', 0, '', '/v1/news/getListByColumnId?columnId=104'],
    ['专题', 1, '/shancheng/timeTopic/home', ''],
    ['天气', 1, '/shancheng/Map', ''],
    ['问政', 1, '/shancheng/BangBang/politics/index', ''],
    // One name for the icon and the page it opens (爆料, the spec's name for readers' tips).
    ['爆料', 1, '/shancheng/BangBang/exposure/index', ''],
  ],
  13: [
    ['重庆要闻', 0, '', '/v1/news/getListByColumnId?columnId=1301'],
    ['两江新区', 0, '', '/v1/news/getListByColumnId?columnId=1302'],
    ['交通出行', 1, '/shancheng/columns?columnId=1303', ''],
    ['城市建设', 0, '', '/v1/news/getListByColumnId?columnId=1304'],
    ['生态环境', 0, '', '/v1/news/getListByColumnId?columnId=1305'],
    ['社会', 0, '', '/v1/news/getListByColumnId?columnId=1306'],
    ['区县', 1, '/shancheng/home/newsCounty', ''],
    ['天气', 1, '/shancheng/Map', ''],
  ],
};

function buildColumns(): ColumnData[] {
  const out: ColumnData[] = [];
  for (const [key, names] of Object.entries(columnNames)) {
    const channelId = Number(key);
    names.forEach((name, i) => out.push({ id: channelId * 100 + i + 1, channelId, name, isSub: false, showType: 0, path: '', apiUrl: '', sort: i + 1 }));
  }
  for (const [key, icons] of Object.entries(subIcons)) {
    const channelId = Number(key);
    icons.forEach(([name, showType, path, apiUrl], i) =>
      out.push({ id: channelId * 100 + 50 + i + 1, channelId, name, isSub: true, showType, path, apiUrl, sort: i + 1 }),
    );
  }
  return out;
}

export const columnsData: readonly ColumnData[] = buildColumns();

/** The plain (non-icon) columns of a channel. */
export function columnsOf(channelId: number): ColumnData[] {
  return columnsData.filter((c) => c.channelId === channelId && !c.isSub);
}
