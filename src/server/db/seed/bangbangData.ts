/**
 * Demo content of the bangbang board (ADR 007): residents' questions about Chongqing life with answers
 * from residents, reporters and official accounts, and politics questions (问政) to departments, some
 * with an official reply. Hand-written so the texts read as real ones; ids and times come from the
 * order here (bangbangSeed.ts).
 */

/** Demo residents and answerers (no phone: they cannot log in; they only author demo content). */
export const BANG_PEOPLE: ReadonlyArray<{ nickname: string; label: string }> = [
  { nickname: '渝中老张', label: '' },
  { nickname: '南岸小陈', label: '' },
  { nickname: '沙坪坝王老师', label: '' },
  { nickname: '江北李姐', label: '' },
  { nickname: '九龙坡刘师傅', label: '' },
  { nickname: '北碚阿秀', label: '' },
  { nickname: '渝北周先生', label: '' },
  { nickname: '巴南小杨', label: '' },
  { nickname: '山城新闻记者 何川', label: '记者' },
  { nickname: '山城新闻记者 宋雨', label: '记者' },
  { nickname: '律师 邓明', label: '律师' },
  { nickname: '市医保中心', label: '官方' },
];

/** Indexes into BANG_PEOPLE of the answerers who carry a tag. */
const REPORTER_A = 8;
const REPORTER_B = 9;
const LAWYER = 10;
const MEDICARE = 11;

export interface QuestionSeed {
  asker: number;
  title: string;
  content: string;
  answers: ReadonlyArray<{ by: number; text: string }>;
}

export const BANG_QUESTIONS: readonly QuestionSeed[] = [
  {
    asker: 0,
    title: '轨道交通18号线什么时候全线通车？',
    content: '住在歇台子，每天去跳磴上班，听说18号线要全线开通了，有没有准确的时间？',
    answers: [
      { by: REPORTER_A, text: '记者从重庆轨道集团了解到，18号线北延段正在进行试运行前的联调联试，开通时间以官方公告为准，届时会第一时间发布。' },
      { by: 4, text: '我每天也坐18号线，目前富华路到跳磴段已经运营，早高峰大概6分钟一班。' },
    ],
  },
  {
    asker: 1,
    title: '小区物业费上涨需要业主同意吗？',
    content: '南坪一个老小区，物业贴了通知说下个月起物业费从每平米1.2元涨到1.8元，没有开业主大会，这样合理吗？',
    answers: [
      {
        by: LAWYER,
        text: '根据《重庆市物业管理条例》，调整物业服务收费标准应当经业主大会或者专有部分面积、人数双过半的业主同意。物业单方面通知涨价，业主可以向街道或区住房城乡建委反映。',
      },
      { by: 3, text: '我们小区去年也遇到过，最后是业委会出面重新协商的，建议先联系业委会。' },
    ],
  },
  {
    asker: 2,
    title: '外区户口孩子在沙坪坝上小学需要哪些材料？',
    content: '户口在璧山，在沙坪坝买了房，孩子明年上一年级，入学登记要准备什么？',
    answers: [
      {
        by: REPORTER_B,
        text: '按照沙坪坝区义务教育招生政策，一般需要户口簿、房产证（或不动产权证）、孩子出生证明和预防接种证明，以当年区教委发布的招生公告为准，登记一般在每年5月左右。',
      },
    ],
  },
  {
    asker: 3,
    title: '异地就医备案在手机上怎么办理？',
    content: '父母退休后去海南过冬，想办异地就医备案，听说可以在手机上办，具体怎么操作？',
    answers: [
      {
        by: MEDICARE,
        text: '参保人可通过“国家医保服务平台”App或“渝快办”办理异地长期居住备案，填写参保地、就医地和备案期限即可，备案成功后在就医地定点医疗机构可直接结算。',
      },
      { by: 0, text: '我去年给我妈办过，十分钟就弄好了，记得选“异地长期居住”。' },
    ],
  },
  {
    asker: 4,
    title: '嘉陵江边哪里可以合法钓鱼？',
    content: '周末想去江边钓鱼，听说有禁渔期，现在能钓吗？哪些江段不让钓？',
    answers: [
      {
        by: REPORTER_A,
        text: '长江流域重点水域实行十年禁渔，嘉陵江重庆段属于禁捕范围，但“一人一竿一线一钩”的休闲垂钓在非禁钓区是允许的，饮用水源保护区和水生生物保护区禁止垂钓。',
      },
    ],
  },
  {
    asker: 5,
    title: '北碚到主城的公交晚上最晚几点？',
    content: '在解放碑上班，经常加班到十点，想知道回北碚最晚的公交是几点。',
    answers: [
      { by: 6, text: '可以坐轨道6号线，末班车一般晚上10点半左右从主城发车，具体看车站公告。' },
      { by: REPORTER_B, text: '目前北碚往返主城有夜班公交线路，车次和时间可以在“重庆公交”小程序查询实时信息。' },
    ],
  },
  {
    asker: 6,
    title: '新能源车充电桩可以装在自家车位吗？',
    content: '渝北一个新小区，买的产权车位，物业说要开证明才能装充电桩，该找谁？',
    answers: [
      { by: LAWYER, text: '业主在自有产权车位安装充电设施，物业服务企业应当配合，不得无故阻挠。需要向供电公司报装，物业出具同意施工的证明，属于配合义务。' },
    ],
  },
  {
    asker: 7,
    title: '巴南区哪里可以办理居住证？',
    content: '刚来重庆工作，租房住在李家沱，居住证在哪里办？需要多久？',
    answers: [
      { by: REPORTER_A, text: '可以到居住地所在派出所或街道便民服务中心申领，也可以在“渝快办”上申请，需要身份证、租房合同等材料，居住满半年可以申领。' },
    ],
  },
  {
    asker: 0,
    title: '解放碑周边停车哪里便宜？',
    content: '周末带家人去解放碑逛街，停车场太贵了，有没有实惠一点的停车地方？',
    answers: [
      { by: 3, text: '可以停在较场口附近的公共停车场，再走过来，比核心区便宜不少。' },
      { by: 1, text: '建议坐轨道交通，2号线较场口站或1号线小什字站下车都很近。' },
    ],
  },
  {
    asker: 1,
    title: '孩子的城乡居民医保怎么续费？',
    content: '每年都要交孩子的医保，今年在哪里交？截止到什么时候？',
    answers: [{ by: MEDICARE, text: '城乡居民医保可通过“重庆医保”微信公众号、银行App或社区代收点缴纳，集中缴费期一般在每年9月至12月，具体以当年通知为准。' }],
  },
  {
    asker: 2,
    title: '老旧小区加装电梯有补贴吗？',
    content: '我们是九十年代的老楼，七层没有电梯，老人上下楼很困难，加装电梯政府有补助吗？',
    answers: [
      { by: REPORTER_B, text: '重庆对既有住宅增设电梯有财政补助政策，由业主自愿申请，需取得本单元业主同意，具体补助标准和流程可咨询所在区住房城乡建委。' },
      { by: 4, text: '我们楼去年装好了，前后大概半年，邻居之间协商最花时间。' },
    ],
  },
  {
    asker: 3,
    title: '网购的火锅底料有问题找谁投诉？',
    content: '在网上买了重庆火锅底料，收到后发现已经过期了，商家不理，怎么办？',
    answers: [
      { by: LAWYER, text: '可拨打12315或通过全国12315平台投诉，保留订单、聊天记录和产品照片。销售过期食品，消费者可以主张价款十倍或者损失三倍的赔偿。' },
    ],
  },
  {
    asker: 4,
    title: '九龙坡哪里有免费的职业技能培训？',
    content: '想学电工或者焊工，听说政府有免费培训，在哪报名？',
    answers: [{ by: REPORTER_A, text: '各区人力社保局定期组织补贴性职业技能培训，可以关注“九龙坡人社”发布的开班信息，符合条件的可以免费参加并领取证书。' }],
  },
  {
    asker: 5,
    title: '缙云山现在还能进去徒步吗？',
    content: '以前经常去缙云山徒步，听说有些区域封了，现在哪些路线可以走？',
    answers: [
      { by: REPORTER_B, text: '缙云山国家级自然保护区核心区禁止进入，实验区的部分步道开放，出行前可以查看北碚区发布的开放公告，注意森林防火期禁止带火种。' },
    ],
  },
  {
    asker: 6,
    title: '公积金可以用来付房租吗？',
    content: '在渝北租房，每个月房租两千多，公积金能提取出来付房租吗？',
    answers: [
      { by: REPORTER_A, text: '在重庆无自有住房的职工可以申请租房提取住房公积金，可在“重庆公积金”App上办理，按月或按年提取均可。' },
      { by: 7, text: '我一直在用，每个季度提一次，到账很快。' },
    ],
  },
  {
    asker: 7,
    title: '长江索道排队要多久？',
    content: '外地朋友来重庆想坐长江索道，一般要排多久？有没有预约？',
    answers: [{ by: 0, text: '节假日排两三个小时很正常，建议工作日早上去，或者晚上九点以后。' }],
  },
  {
    asker: 0,
    title: '社区食堂老人吃饭有优惠吗？',
    content: '听说很多社区开了老年食堂，我们渝中这边有吗？怎么收费？',
    answers: [{ by: REPORTER_B, text: '渝中区多个街道开设了社区食堂，60岁以上老人凭身份证可享受就餐优惠，80岁以上优惠更多，具体以所在街道公布为准。' }],
  },
  {
    asker: 1,
    title: '电动自行车上牌需要带什么？',
    content: '新买了一辆电动自行车，去哪里上牌？需要哪些材料？',
    answers: [{ by: REPORTER_A, text: '携带身份证、购车发票和合格证，到所在区的电动自行车登记点办理，符合新国标的车辆当场可以领取号牌。' }],
  },
  {
    asker: 2,
    title: '孩子中考体育考试项目有哪些？',
    content: '孩子明年参加重庆中考，体育要考哪些项目？可以自选吗？',
    answers: [
      { by: REPORTER_B, text: '重庆中考体育一般包括必考项目和选考项目，具体项目和分值以市教委当年发布的方案为准，建议关注学校的通知。' },
      { by: 5, text: '我家孩子去年考的，跳绳和实心球选的人最多。' },
    ],
  },
  {
    asker: 3,
    title: '门诊看病的费用医保能报多少？',
    content: '职工医保，平时去社区医院看门诊，自己付的钱能报销吗？',
    answers: [
      {
        by: MEDICARE,
        text: '职工医保参保人在定点医疗机构发生的普通门诊费用纳入统筹基金支付，起付线以上按比例报销，基层医疗机构的报销比例更高，具体以现行政策为准。',
      },
    ],
  },
];

export interface PoliticsSeed {
  asker: number;
  title: string;
  content: string;
  department: string;
  /** The official reply (rich HTML, sanitised on insert); absent: still waiting. */
  reply?: string;
}

export const BANG_POLITICS: readonly PoliticsSeed[] = [
  {
    asker: 0,
    title: '较场口路口红绿灯时间太短，老人过不了马路',
    content: '较场口往日月光方向的人行横道绿灯只有二十多秒，老人走到一半就变灯了，很危险，希望延长。',
    department: '市公安局交巡警总队',
    reply: '<p>您好！经现场核查，该路口人行信号灯绿灯时长已由25秒调整为35秒，并增设了行人二次过街安全岛。感谢您对交通安全的关注。</p>',
  },
  {
    asker: 1,
    title: '南坪万达附近夜间施工噪音扰民',
    content: '最近一个月晚上十一点以后还在施工，打桩声音很大，孩子没法睡觉，请相关部门管一管。',
    department: '南岸区生态环境局',
    reply:
      '<p>您好！我局已对该工地开展夜间执法检查，责令施工单位停止夜间高噪声作业，确需夜间施工的须办理夜间施工许可并公示。</p><p>如再发现违规施工，可拨打<strong>12345</strong>反映。</p>',
  },
  {
    asker: 2,
    title: '沙坪坝三峡广场周边共享单车乱停放',
    content: '三峡广场步行街入口的共享单车堆成山，人都走不过去，希望规范停放。',
    department: '沙坪坝区城市管理局',
    reply: '<p>您好！我局已约谈相关共享单车运营企业，增加调度人员，并在步行街入口划定电子围栏停放区。我们将持续加强巡查。</p>',
  },
  {
    asker: 3,
    title: '江北区观音桥一小区停水三天没有通知',
    content: '小区连续停水三天，物业说是管网维修，但是没有提前通知，也没有送水，居民生活很不方便。',
    department: '江北区住房城乡建委',
    reply: '<p>您好！经了解，停水系小区二次供水管道突发爆管抢修所致，现已恢复供水。我委已督促物业公司完善停水公告和应急送水机制。</p>',
  },
  {
    asker: 4,
    title: '杨家坪步行街夜市油烟太大',
    content: '步行街夜市的烧烤摊油烟很大，楼上住户窗户都不敢开，能不能要求安装油烟净化设备？',
    department: '九龙坡区城市管理局',
  },
  {
    asker: 5,
    title: '北碚区天生街道菜市场改造什么时候完工？',
    content: '菜市场改造已经半年了，临时摊位很挤，请问什么时候能完工？',
    department: '北碚区商务委',
    reply: '<p>您好！天生农贸市场改造工程目前已完成主体施工，正在进行内部装修和设备安装，预计下月底完工并恢复营业。</p>',
  },
  {
    asker: 6,
    title: '渝北区空港新城幼儿园学位紧张',
    content: '空港新城新建了很多小区，但是公办幼儿园太少，报名都排不上，希望增加学位。',
    department: '渝北区教委',
    reply: '<p>您好！我区已规划在空港新城片区新建2所公办幼儿园，其中1所将于明年秋季开园，可新增学位360个。</p>',
  },
  {
    asker: 7,
    title: '巴南区李家沱公交站台没有遮雨棚',
    content: '李家沱正街的几个公交站台没有雨棚，下雨天等车只能淋着，希望加装。',
    department: '巴南区交通局',
  },
  {
    asker: 0,
    title: '渝中区老旧小区消防通道被占用',
    content: '小区消防通道长期停满私家车，万一着火消防车根本进不来，物业管不了。',
    department: '渝中区消防救援支队',
    reply: '<p>您好！我支队已联合街道、派出所对该小区开展消防通道专项整治，施划了禁停标线并设置警示牌，对占用车辆依法处理。</p>',
  },
  {
    asker: 1,
    title: '弹子石老街周末交通拥堵严重',
    content: '周末游客很多，弹子石老街附近的路堵得走不动，建议增加临时停车场和交通疏导。',
    department: '南岸区交通局',
  },
  {
    asker: 2,
    title: '大学城一条路路灯坏了半个月',
    content: '大学城中路靠近师范大学一段的路灯坏了半个多月，晚上学生走路很黑，存在安全隐患。',
    department: '沙坪坝区城市管理局',
    reply: '<p>您好！经排查，该路段路灯系电缆被盗导致故障，现已更换电缆并恢复照明。感谢您的反映。</p>',
  },
  {
    asker: 3,
    title: '希望增加到重庆北站的夜间公交',
    content: '坐晚上的高铁到重庆北站，出站后公交都停了，打车排很久，希望增加夜间公交线路。',
    department: '市交通运输委',
  },
  {
    asker: 4,
    title: '社区医院能不能开放周末门诊？',
    content: '上班族平时没时间看病，社区医院周末不开门诊，希望能开放周末门诊或延长时间。',
    department: '九龙坡区卫生健康委',
    reply: '<p>您好！我区已有6家社区卫生服务中心开设周末门诊，其余中心将逐步推行“错时服务”，具体时间可在区卫健委公众号查询。</p>',
  },
  {
    asker: 5,
    title: '嘉陵江滨江步道有一段护栏松动',
    content: '北碚滨江路靠近朝阳桥的一段护栏松动了，晚上散步的人多，担心出事。',
    department: '北碚区城市管理局',
  },
  {
    asker: 6,
    title: '小区垃圾分类投放点离住户太近',
    content: '新设置的垃圾分类投放点就在我们楼下，夏天气味很大，能不能调整位置？',
    department: '渝北区城市管理局',
    reply: '<p>您好！经与街道、物业现场踏勘，投放点已迁移至小区东侧空地，并增加了每日清洗和除臭频次。</p>',
  },
];

/** Readers' comments on bangbang items (scope 'bang2' Q&A by question index, 'bang1' politics by index), with a reply each. */
export const BANG_COMMENTS: ReadonlyArray<{ scope: 'bang1' | 'bang2'; item: number; by: number; text: string; reply?: { by: number; text: string } }> = [
  { scope: 'bang2', item: 0, by: 6, text: '同问，天天挤公交太累了，盼着早点通车。', reply: { by: 4, text: '快了，听说已经在试运行了。' } },
  { scope: 'bang2', item: 0, by: 2, text: '希望开通后早高峰能加密班次。' },
  { scope: 'bang2', item: 1, by: 5, text: '我们小区也是这样，没开会就涨价。', reply: { by: 1, text: '可以找街道反映，我们就是这样解决的。' } },
  { scope: 'bang2', item: 3, by: 7, text: '很实用，已经帮爸妈办好了。' },
  { scope: 'bang1', item: 0, by: 3, text: '改了之后确实好多了，点赞！', reply: { by: 0, text: '谢谢大家关注，老人过马路安全多了。' } },
  { scope: 'bang1', item: 1, by: 6, text: '晚上终于能睡个好觉了。' },
  { scope: 'bang1', item: 4, by: 5, text: '同样住在附近，油烟问题确实很严重，希望尽快处理。' },
];
