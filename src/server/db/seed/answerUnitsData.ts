/**
 * The demo's 问政 departments (answer_units) and one demo staff account of role 部门 for each
 * (README "Demo staff accounts"): every department that the seeded questions are addressed to.
 */
export interface DemoUnit {
  name: string;
  intro: string;
  /** The demo account of its staff (role 部门) and the person's name. */
  account: string;
  staffName: string;
}

export const DEMO_UNITS: readonly DemoUnit[] = [
  {
    name: '市交通运输委',
    intro: '负责全市道路、轨道、公交和水运交通的规划与管理，受理交通出行方面的问政。',
    account: 'demo-dept-jtw',
    staffName: '市交通运输委 何静',
  },
  { name: '市公安局交巡警总队', intro: '负责全市道路交通秩序、交通事故处理和机动车驾驶人管理。', account: 'demo-dept-jxj', staffName: '交巡警总队 罗斌' },
  { name: '渝中区城市管理局', intro: '负责渝中区市容环境、占道经营、户外广告和城市照明的管理。', account: 'demo-department', staffName: '渝中区城管局' },
  { name: '渝中区消防救援支队', intro: '负责渝中区火灾预防、消防监督检查和应急救援。', account: 'demo-dept-yzxf', staffName: '渝中消防 邓超' },
  { name: '江北区城市管理局', intro: '负责江北区市容环卫、市政设施和城市管理执法。', account: 'demo-dept-jbcg', staffName: '江北区城管局 秦川' },
  { name: '江北区住房城乡建委', intro: '负责江北区住房保障、物业管理、建设工程和老旧小区改造。', account: 'demo-dept-jbjw', staffName: '江北区住建委 曾可欣' },
  { name: '沙坪坝区城市管理局', intro: '负责沙坪坝区市容环境卫生、燃气和城市道路设施的管理。', account: 'demo-dept-spbcg', staffName: '沙坪坝区城管局 彭涛' },
  { name: '沙坪坝区住房城乡建委', intro: '负责沙坪坝区住房、物业和城市更新工作。', account: 'demo-dept-spbjw', staffName: '沙坪坝区住建委 谢雨桐' },
  { name: '九龙坡区城市管理局', intro: '负责九龙坡区市容秩序、环卫作业和城市管理执法。', account: 'demo-dept-jlpcg', staffName: '九龙坡区城管局 韩冬' },
  { name: '九龙坡区卫生健康委', intro: '负责九龙坡区医疗卫生、疾病预防控制和健康服务。', account: 'demo-dept-jlpwj', staffName: '九龙坡区卫健委 唐诗琪' },
  { name: '南岸区生态环境局', intro: '负责南岸区大气、水、噪声和土壤污染防治与环境执法。', account: 'demo-dept-nahj', staffName: '南岸区生态环境局 冯磊' },
  { name: '南岸区交通局', intro: '负责南岸区公路、公交线路和交通设施的建设管理。', account: 'demo-dept-najt', staffName: '南岸区交通局 蒋文博' },
  { name: '渝北区城市管理局', intro: '负责渝北区市容环卫、园林绿化和城市管理执法。', account: 'demo-dept-ybcg', staffName: '渝北区城管局 向雯' },
  { name: '渝北区教委', intro: '负责渝北区学前、义务教育和学校招生入学工作。', account: 'demo-dept-ybjw', staffName: '渝北区教委 冉光华' },
  { name: '北碚区城市管理局', intro: '负责北碚区市容环境、市政设施和城市管理执法。', account: 'demo-dept-bbcg', staffName: '北碚区城管局 邓欣然' },
  { name: '北碚区商务委', intro: '负责北碚区商贸流通、市场运行和消费促进。', account: 'demo-dept-bbsw', staffName: '北碚区商务委 谭小川' },
  { name: '巴南区交通局', intro: '负责巴南区道路交通建设、农村公路和公交运营管理。', account: 'demo-dept-bnjt', staffName: '巴南区交通局 罗晶晶' },
  { name: '两江新区社会发展局', intro: '负责两江新区教育、卫生、民政和社会事业。', account: 'demo-dept-ljsf', staffName: '两江新区社发局 何志强' },
];
