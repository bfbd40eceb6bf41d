/** Newsroom staff names and news sources for the demo seed. */
export const staffData: readonly string[] = [
  '张晓雨',
  '李明轩',
  '王静',
  '刘洋',
  '陈思远',
  '杨帆',
  '赵雪梅',
  '黄俊杰',
  '周婷',
  '吴昊',
  '徐丽娟',
  '孙浩然',
  '马晓东',
  '朱琳',
  '胡建国',
  '郭佳怡',
  '何志强',
  '罗晶晶',
  '谭小川',
  '邓欣然',
  '冉光华',
  '向雯',
  '秦川',
  '蒋文博',
  '曾可欣',
  '彭涛',
  '谢雨桐',
  '韩冬',
  '唐诗琪',
  '冯磊',
];

export interface SourceData {
  name: string;
  /** File name (without extension) of the generated logo under /media/logo/. */
  logo: string;
}

export const sourcesData: readonly SourceData[] = [
  { name: '重庆日报', logo: 'cqrb' },
  { name: '上游新闻', logo: 'cqcb' },
  { name: '华龙网', logo: 'hualong' },
  { name: '重庆晚报', logo: 'cqwb' },
  { name: '山城新闻', logo: 'shancheng' },
  { name: '重庆商报', logo: 'cqsb' },
  { name: '第1眼TV', logo: 'diyiyan' },
];

/** Publisher accounts (山城号): their class ids are the channel 11 columns; the first two are also showType 9 cards. */
export const accountsData: readonly { classId: number; name: string }[] = [
  { classId: 1101, name: '重庆发布' },
  { classId: 1102, name: '两江新区发布' },
  { classId: 1103, name: '重庆交巡警' },
  { classId: 1104, name: '重庆气象' },
  { classId: 1105, name: '渝中发布' },
];
