import { describe, expect, it } from 'vitest';
import { groupDistricts, weatherSymbol } from './loadMap.ts';

const d = (classId: number, areaName: string) => ({ classId, columnname: `区${classId}`, temperature: '18', weather: '晴', areaName });

describe('groupDistricts', () => {
  it('keeps the API order and starts a group where the region changes', () => {
    const groups = groupDistricts([d(1, '主城都市区'), d(2, '主城都市区'), d(3, '渝东北三峡库区城镇群')]);
    expect(groups.map((g) => [g.name, g.districts.map((x) => x.classId)])).toEqual([
      ['主城都市区', [1, 2]],
      ['渝东北三峡库区城镇群', [3]],
    ]);
  });
  it('is empty for no districts', () => {
    expect(groupDistricts([])).toEqual([]);
  });
});

describe('weatherSymbol', () => {
  it.each([
    ['晴', 'sun'],
    ['多云转晴', 'cloud'],
    ['阴转小雨', 'rain'],
    ['中雨', 'rain'],
    ['雾', 'fog'],
    ['阴', 'overcast'],
  ] as const)('%s → %s', (w, s) => {
    expect(weatherSymbol(w)).toBe(s);
  });
});
