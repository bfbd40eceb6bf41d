import { describe, expect, it } from 'vitest';
import { filterDistricts } from './filterDistricts.ts';

const tree = [
  {
    columnid: 901,
    columnname: '主城都市区',
    areasub: [
      { columnid: 941, columnname: '渝中区', areasub: [] },
      { columnid: 948, columnname: '渝北区', areasub: [] },
      { columnid: 944, columnname: '沙坪坝区', areasub: [] },
    ],
  },
  {
    columnid: 902,
    columnname: '渝东北三峡库区城镇群',
    areasub: [
      { columnid: 962, columnname: '万州区', areasub: [] },
      { columnid: 968, columnname: '忠县', areasub: [] },
    ],
  },
];

const names = (t: typeof tree) => t.map((p) => `${p.columnname}:${p.areasub.map((c) => c.columnname).join(',')}`);

describe('filterDistricts', () => {
  it.each([
    ['', ['主城都市区:渝中区,渝北区,沙坪坝区', '渝东北三峡库区城镇群:万州区,忠县']],
    ['  ', ['主城都市区:渝中区,渝北区,沙坪坝区', '渝东北三峡库区城镇群:万州区,忠县']],
    ['渝', ['主城都市区:渝中区,渝北区', '渝东北三峡库区城镇群:万州区,忠县']],
    ['万州', ['渝东北三峡库区城镇群:万州区']],
    ['主城', ['主城都市区:渝中区,渝北区,沙坪坝区']],
    [' 忠县 ', ['渝东北三峡库区城镇群:忠县']],
    ['北京', []],
  ])('%j → %j', (q, expected) => {
    expect(names(filterDistricts(tree, q))).toEqual(expected);
  });
});
