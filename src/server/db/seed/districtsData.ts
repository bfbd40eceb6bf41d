/** Chongqing's 38 districts and counties (real administrative codes), grouped by region. */
export interface DistrictGroup {
  id: number;
  name: string;
}

export interface DistrictData {
  id: number;
  name: string;
  /** The name as used in headlines (自治县 shortened to 县, e.g. 石柱县). */
  place: string;
  areaCode: string;
  father: number;
}

export const districtGroups: readonly DistrictGroup[] = [
  { id: 901, name: '主城都市区' },
  { id: 902, name: '渝东北三峡库区城镇群' },
  { id: 903, name: '渝东南武陵山区城镇群' },
];

const rows: readonly (readonly [string, string, number, string?])[] = [
  // 主城都市区: the 9 central districts first, then the 12 new central districts.
  ['渝中区', '500103', 901],
  ['大渡口区', '500104', 901],
  ['江北区', '500105', 901],
  ['沙坪坝区', '500106', 901],
  ['九龙坡区', '500107', 901],
  ['南岸区', '500108', 901],
  ['北碚区', '500109', 901],
  ['渝北区', '500112', 901],
  ['巴南区', '500113', 901],
  ['涪陵区', '500102', 901],
  ['长寿区', '500115', 901],
  ['江津区', '500116', 901],
  ['合川区', '500117', 901],
  ['永川区', '500118', 901],
  ['南川区', '500119', 901],
  ['綦江区', '500110', 901],
  ['大足区', '500111', 901],
  ['璧山区', '500120', 901],
  ['铜梁区', '500151', 901],
  ['潼南区', '500152', 901],
  ['荣昌区', '500153', 901],
  // 渝东北三峡库区城镇群
  ['万州区', '500101', 902],
  ['开州区', '500154', 902],
  ['梁平区', '500155', 902],
  ['城口县', '500229', 902],
  ['丰都县', '500230', 902],
  ['垫江县', '500231', 902],
  ['忠县', '500233', 902],
  ['云阳县', '500235', 902],
  ['奉节县', '500236', 902],
  ['巫山县', '500237', 902],
  ['巫溪县', '500238', 902],
  // 渝东南武陵山区城镇群
  ['黔江区', '500114', 903],
  ['武隆区', '500156', 903],
  ['石柱土家族自治县', '500240', 903, '石柱县'],
  ['秀山土家族苗族自治县', '500241', 903, '秀山县'],
  ['酉阳土家族苗族自治县', '500242', 903, '酉阳县'],
  ['彭水苗族土家族自治县', '500243', 903, '彭水县'],
];

/** Ids 941–978; 941 is 渝中区 (the spec's default county class id). */
export const districtsData: readonly DistrictData[] = rows.map(([name, areaCode, father, place], i) => ({
  id: 941 + i,
  name,
  place: place ?? name,
  areaCode,
  father,
}));

export const weatherKinds: readonly string[] = ['晴', '多云', '阴', '小雨', '多云转晴', '阴转小雨', '雾', '中雨'];
