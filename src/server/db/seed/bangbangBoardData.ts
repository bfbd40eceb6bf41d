/**
 * Demo content of the whole board (ADR 010): its members (入驻答人, 记者 and official accounts with their
 * tags), more residents' questions (some with pictures, some closed to new answers, two still waiting),
 * the service grid and the hot searches. Hand-written so the texts read as real ones.
 */

/** A person of the board: either one of the issue-5 demo residents (by nickname) or a new user. */
export interface BoardMemberSeed {
  nickname: string;
  /** 1 入驻答人, 2 记者 (blue tag), 3 other official types (red tag). */
  userType: 1 | 2 | 3;
  typeName: string;
  realName: string;
  job: string;
  introduction: string;
  isJump: boolean;
  recommended: boolean;
  /** True when the user already exists (bangbangData.ts BANG_PEOPLE). */
  existing?: boolean;
}

export const BOARD_MEMBERS: readonly BoardMemberSeed[] = [
  {
    nickname: '山城新闻记者 何川',
    existing: true,
    userType: 2,
    typeName: '记者',
    realName: '何川',
    job: '山城新闻 城市交通跑线记者',
    introduction: '跑了八年城市交通，轨道、公交、路网改造的事都可以问我。',
    isJump: true,
    recommended: true,
  },
  {
    nickname: '山城新闻记者 宋雨',
    existing: true,
    userType: 2,
    typeName: '记者',
    realName: '宋雨',
    job: '山城新闻 教育民生记者',
    introduction: '关注入学、招考和校园安全，欢迎家长们提问。',
    isJump: true,
    recommended: true,
  },
  {
    nickname: '山城新闻记者 罗晓',
    userType: 2,
    typeName: '记者',
    realName: '罗晓',
    job: '山城新闻 消费维权记者',
    introduction: '消费投诉、物业纠纷、食品安全，帮你问到底。',
    isJump: true,
    recommended: false,
  },
  {
    nickname: '律师 邓明',
    existing: true,
    userType: 3,
    typeName: '律师',
    realName: '邓明',
    job: '重庆渝中律师事务所 执业律师',
    introduction: '执业十二年，主攻房产物业、劳动争议和婚姻家事。',
    isJump: true,
    recommended: true,
  },
  {
    nickname: '市医保中心',
    existing: true,
    userType: 3,
    typeName: '官方',
    realName: '',
    job: '重庆市医疗保障事务中心',
    introduction: '医保参保、缴费、报销政策答疑。',
    isJump: false,
    recommended: false,
  },
  {
    nickname: '重医附一院 王健医生',
    userType: 3,
    typeName: '医生',
    realName: '王健',
    job: '重庆医科大学附属第一医院 全科主治医师',
    introduction: '常见病、慢病管理和就医流程，能答的尽量答。',
    isJump: true,
    recommended: true,
  },
  {
    nickname: '律师 杨帆',
    userType: 3,
    typeName: '律师',
    realName: '杨帆',
    job: '重庆两江律师事务所 执业律师',
    introduction: '交通事故、消费维权、租房纠纷。',
    isJump: true,
    recommended: false,
  },
  {
    nickname: '渝中区教育服务中心',
    userType: 3,
    typeName: '官方',
    realName: '',
    job: '渝中区教育委员会 招生服务窗口',
    introduction: '义务教育入学、转学政策咨询。',
    isJump: false,
    recommended: false,
  },
  {
    nickname: '社区网格员 陈红',
    userType: 1,
    typeName: '答人',
    realName: '陈红',
    job: '南岸区南坪街道 网格员',
    introduction: '在社区工作十年，居住证、社保、老人补贴这些跑腿事我熟。',
    isJump: true,
    recommended: true,
  },
  {
    nickname: '老重庆 谭大爷',
    userType: 1,
    typeName: '答人',
    realName: '谭国华',
    job: '退休公交司机',
    introduction: '开了三十年公交，主城哪条路怎么走问我就对了。',
    isJump: true,
    recommended: false,
  },
];

/** Residents who ask (issue-5 demo residents, by nickname). */
export const BOARD_ASKERS = ['渝中老张', '南岸小陈', '沙坪坝王老师', '江北李姐', '九龙坡刘师傅', '北碚阿秀', '渝北周先生', '巴南小杨'] as const;
export type Asker = (typeof BOARD_ASKERS)[number];

export interface BoardQuestionSeed {
  asker: Asker;
  region: string;
  title: string;
  content: string;
  /** Captions of the question's demo pictures (one picture each). */
  pictures?: readonly string[];
  /** Answering is closed (isShowReply 0). */
  closed?: boolean;
  /** Answerers by nickname (a member or a resident). */
  answers: ReadonlyArray<{ by: string; text: string }>;
}

export const BOARD_QUESTIONS: readonly BoardQuestionSeed[] = [
  {
    asker: '渝北周先生',
    region: '渝北区',
    title: '两路口到机场的轨道10号线早上几点首班？',
    content: '下周早上7点的航班，住两路口附近，想坐轨道去江北机场T3，不知道首班车赶不赶得上。',
    answers: [
      {
        by: '山城新闻记者 何川',
        text: '10号线王家庄方向首班车一般在6:30左右从鲤鱼池发出，两路口在环线换乘。7点的航班建议提前两个小时到，轨道可能来不及，最好打车或提前一晚住机场附近。',
      },
      { by: '老重庆 谭大爷', text: '赶早班机还是打车稳当，那个时间内环车少，二十多分钟就到了。' },
    ],
  },
  {
    asker: '江北李姐',
    region: '江北区',
    title: '小区门口下雨就积水，该找谁反映？',
    content: '观音桥建新北路一个小区门口，每次下大雨都积水到脚踝，老人小孩进出很不方便，附上照片。',
    pictures: ['小区门口积水'],
    answers: [
      {
        by: '社区网格员 陈红',
        text: '市政道路的积水点可以打12345反映，也可以直接找所在街道的城管科。如果积水在小区红线内，归物业管，先找物业书面报修，留好记录。',
      },
      { by: '山城新闻记者 罗晓', text: '我们已把这个积水点转给江北区城管局，有进展会在这里更新。' },
    ],
  },
  {
    asker: '沙坪坝王老师',
    region: '沙坪坝区',
    title: '学校周边的流动摊贩卖的零食安全吗？',
    content: '放学时校门口总有几辆三轮车卖辣条、烤肠，孩子天天买，看包装都没有生产日期。',
    pictures: ['校门口摊点', '散装零食'],
    closed: true,
    answers: [
      {
        by: '山城新闻记者 宋雨',
        text: '无生产日期、无厂名厂址的预包装食品属于“三无”产品。可以拨打12315向市场监管部门举报，学校也可以联系属地街道开展校园周边整治。',
      },
      { by: '重医附一院 王健医生', text: '来路不明的辣条常见问题是添加剂超标和微生物超标，孩子吃了容易腹泻，家长最好给孩子准备健康零食。' },
    ],
  },
  {
    asker: '南岸小陈',
    region: '南岸区',
    title: '租房押金房东一直不退怎么办？',
    content: '在南坪租的房子合同到期退租了，房子没有损坏，房东拖了一个多月不退3000元押金，电话也不接。',
    answers: [
      {
        by: '律师 杨帆',
        text: '先通过微信或短信书面催告，保留聊天记录和交房时的照片视频。仍不退可以向房屋所在地的街道人民调解委员会申请调解，或者直接向法院起诉，3000元的标的适用小额诉讼，程序很快。',
      },
      { by: '律师 邓明', text: '补充一句：起诉时带上租赁合同、押金支付凭证和交房记录，这三样是关键证据。' },
    ],
  },
  {
    asker: '北碚阿秀',
    region: '北碚区',
    title: '家里老人高血压，社区医院能开长期处方吗？',
    content: '老人每个月都要去大医院排队开降压药，听说社区医院可以开长期处方，是真的吗？',
    answers: [
      {
        by: '重医附一院 王健医生',
        text: '可以。病情稳定的高血压、糖尿病等慢病患者，在签约家庭医生后，社区卫生服务中心可以开具最长12周的长期处方，医保照常报销。',
      },
      { by: '市医保中心', text: '在基层医疗机构开具的长期处方药品费用按门诊慢特病或普通门诊政策报销，基层报销比例高于二、三级医院。' },
    ],
  },
  {
    asker: '九龙坡刘师傅',
    region: '九龙坡区',
    title: '骑电瓶车被汽车刮倒，对方只肯私了',
    content: '在杨家坪骑电动车被一辆小车刮了，腿擦伤，对方说给500块私了不报警，这样可以吗？',
    pictures: ['电动车受损', '腿部擦伤', '事故路口'],
    answers: [
      {
        by: '律师 杨帆',
        text: '受伤了不建议私了，伤情可能几天后才显现。应当报警由交警出具事故认定书，并去医院检查保留病历和票据，后续再根据认定书协商或向保险公司索赔。',
      },
      { by: '老重庆 谭大爷', text: '我开车几十年，见过好多当时说没事、过几天才疼的，还是报警稳当。' },
    ],
  },
  {
    asker: '渝中老张',
    region: '渝中区',
    title: '孩子从外地转学到渝中区小学要走什么流程？',
    content: '工作调动到重庆，孩子在成都读三年级，下学期想转到渝中区，需要提前准备什么？',
    answers: [
      {
        by: '渝中区教育服务中心',
        text: '转学一般在每学期开学前两周办理。先向拟转入学校提出申请，提供户口簿或居住证、房产证明或租赁备案、原学校学籍信息，由转入学校在全国学籍系统发起转学申请。',
      },
      { by: '山城新闻记者 宋雨', text: '学位紧张的学校可能需要区教委统筹安排，建议提前一个月咨询意向学校。' },
    ],
  },
  {
    asker: '巴南小杨',
    region: '巴南区',
    title: '鱼洞老街夜里施工太吵，能投诉吗？',
    content: '最近连续一周晚上十一点以后还在打桩，孩子睡不着，附上现场照片。',
    pictures: ['夜间施工现场', '施工围挡', '工地灯光', '小区楼下'],
    answers: [
      {
        by: '社区网格员 陈红',
        text: '晚上22点到次日6点，未取得夜间施工许可是不能进行产生噪声的施工的。可以打12345或者生态环境局的举报电话，最好录下视频，记下时间。',
      },
      { by: '山城新闻记者 罗晓', text: '如果工地有夜间施工许可，会在围挡上公示，可以先看看公示牌。' },
    ],
  },
  {
    asker: '沙坪坝王老师',
    region: '沙坪坝区',
    title: '磁器口周末去哪里停车方便？',
    content: '周末带家里老人去磁器口逛逛，开车过去停车难不难，有没有推荐的停车场？',
    closed: true,
    answers: [
      { by: '老重庆 谭大爷', text: '周末磁器口停车场基本满，建议停在沙坪坝区政府附近或者坐轨道1号线在磁器口站下，出站走几分钟就到了。' },
      { by: '山城新闻记者 何川', text: '节假日磁器口周边会有临时交通管制，出发前看看交巡警的出行提示。' },
    ],
  },
  {
    asker: '江北李姐',
    region: '江北区',
    title: '网上买的家电坏了商家拒绝三包，怎么维权？',
    content: '在网上旗舰店买的空调用了两个月不制冷，商家说是安装问题不给换，安装是他们派的人。',
    answers: [
      {
        by: '山城新闻记者 罗晓',
        text: '安装由商家安排的，安装问题同样由商家负责。可以先在平台申请客服介入，同时在全国12315平台投诉，附上订单、安装记录和维修检测结论。',
      },
      { by: '律师 邓明', text: '三包期内出现性能故障，消费者可以选择修理、更换。商家推卸责任的，可以保留证据后起诉。' },
    ],
  },
  {
    asker: '北碚阿秀',
    region: '北碚区',
    title: '缙云山脚下哪里能看到萤火虫？',
    content: '听说夏天北碚有地方能看到萤火虫，想带孩子去看看，有没有具体地方？',
    pictures: ['夏夜的山林', '林间小路', '山脚民宿', '溪边步道', '夜空'],
    answers: [
      { by: '老重庆 谭大爷', text: '以前缙云山北温泉那一片沟里多，现在生态保护区不让晚上进山了。可以去周边的农家乐问问，有的在自家林子里能看到。' },
      { by: '山城新闻记者 何川', text: '看萤火虫请不要捕捉，也别用闪光灯，尊重保护区的开放时间。' },
    ],
  },
  {
    asker: '九龙坡刘师傅',
    region: '九龙坡区',
    title: '灵活就业人员怎么交养老保险？',
    content: '跑网约车，没有单位，想自己交养老保险，在哪里办，一年交多少？',
    answers: [
      {
        by: '社区网格员 陈红',
        text: '灵活就业人员可以在“渝快办”或者重庆人社App上登记参保，也可以到户籍所在街道社保所办。缴费基数可以在规定档次内自己选，按年或按月缴。',
      },
      { by: '市医保中心', text: '医保也可以一起办，灵活就业人员可参加职工医保，也可以参加城乡居民医保。' },
    ],
  },
  {
    asker: '南岸小陈',
    region: '南岸区',
    title: '南滨路跑步哪一段路况最好？',
    content: '刚开始夜跑，想找一段路面平整、人不多的路线，南滨路哪段合适？',
    answers: [{ by: '老重庆 谭大爷', text: '从海棠溪往弹子石方向这段江边步道平整，晚上灯也亮，就是周末游客多，平时晚上九点以后人少。' }],
  },
  {
    asker: '渝北周先生',
    region: '渝北区',
    title: '新房交房发现墙面开裂，开发商只说刷一刷',
    content: '照母山附近新交的房，客厅墙面好几道裂缝，开发商说是正常的腻子裂，要求修补就行，放心吗？',
    pictures: ['墙面裂缝'],
    answers: [
      {
        by: '律师 邓明',
        text: '建议先请有资质的第三方检测机构做结构检测，区分是抹灰层裂缝还是结构裂缝。检测结论是协商维修、索赔的依据，也可以向区住房城乡建委反映。',
      },
      { by: '山城新闻记者 罗晓', text: '收房时发现的问题要写进验房记录并让开发商签字，这份记录很重要。' },
    ],
  },
  {
    asker: '巴南小杨',
    region: '巴南区',
    title: '巴南哪里可以免费给孩子测视力？',
    content: '孩子上二年级，看黑板有点眯眼，想先找个地方免费测一下视力。',
    answers: [],
  },
  {
    asker: '渝中老张',
    region: '渝中区',
    title: '解放碑附近有没有24小时的自助图书馆？',
    content: '晚上下班想找个地方看会儿书，解放碑、较场口附近有没有晚上开放的地方？',
    answers: [],
  },
];

/** The service grid (serve/index): categories in order, items in order; `home` ones show on the board home. */
export const BOARD_SERVICES: ReadonlyArray<{
  category: string;
  items: ReadonlyArray<{ name: string; brief: string; url: string; icon: string; home?: boolean }>;
}> = [
  {
    category: '政务办事',
    items: [
      { name: '渝快办', brief: '政务服务一网通办', url: 'https://zwykb.cq.gov.cn/', icon: 'gov', home: true },
      { name: '我要问政', brief: '向职能部门提问', url: '/shancheng/BangBang/politics/index', icon: 'ask', home: true },
      { name: '12345热线', brief: '市民服务热线', url: 'https://www.cq.gov.cn/hdjl/', icon: 'phone', home: true },
      { name: '居住证办理', brief: '材料与办理地点', url: 'https://gaj.cq.gov.cn/', icon: 'card' },
      { name: '不动产登记', brief: '预约与进度查询', url: 'https://ghzrzyj.cq.gov.cn/', icon: 'house' },
    ],
  },
  {
    category: '社保医保',
    items: [
      { name: '社保查询', brief: '缴费记录与待遇', url: 'https://rlsbj.cq.gov.cn/', icon: 'shield', home: true },
      { name: '医保服务', brief: '参保、报销、备案', url: 'https://ylbzj.cq.gov.cn/', icon: 'health', home: true },
      { name: '公积金', brief: '余额与提取', url: 'https://gjj.cq.gov.cn/', icon: 'coin', home: true },
      { name: '异地就医备案', brief: '线上备案指引', url: 'https://fuwu.nhsa.gov.cn/', icon: 'health' },
    ],
  },
  {
    category: '交通出行',
    items: [
      { name: '轨道交通', brief: '线路与首末班车', url: 'https://www.cqmetro.cn/', icon: 'metro', home: true },
      { name: '交通违法查询', brief: '车辆违法与处理', url: 'https://cq.122.gov.cn/', icon: 'car' },
      { name: '火车票', brief: '12306购票', url: 'https://www.12306.cn/', icon: 'train' },
      { name: '江北机场', brief: '航班动态', url: 'https://www.cqa.cn/', icon: 'plane' },
    ],
  },
  {
    category: '生活缴费',
    items: [
      { name: '电费', brief: '国家电网缴费', url: 'https://www.95598.cn/', icon: 'power', home: true },
      { name: '水费', brief: '自来水缴费与报修', url: 'https://www.cqswjt.com/', icon: 'water' },
      { name: '燃气费', brief: '燃气缴费与安检', url: 'https://www.cqgas.com.cn/', icon: 'fire' },
    ],
  },
  {
    category: '教育就业',
    items: [
      { name: '入学政策', brief: '义务教育招生', url: 'https://jw.cq.gov.cn/', icon: 'book' },
      { name: '招聘求职', brief: '公共就业服务', url: 'https://rlsbj.cq.gov.cn/zwxx_182/', icon: 'job' },
      { name: '技能培训', brief: '免费职业培训', url: 'https://rlsbj.cq.gov.cn/', icon: 'tool' },
    ],
  },
  {
    category: '帮帮互助',
    items: [
      { name: '最新问政', brief: '看看大家在问什么', url: '/shancheng/BangBang/politics/index', icon: 'ask' },
      { name: '最热问政', brief: '关注度最高的问题', url: '/shancheng/BangBang/politics/index?tab=hot', icon: 'fire' },
      { name: '天气预报', brief: '重庆各区县天气', url: 'https://www.weather.com.cn/', icon: 'sun' },
    ],
  },
];

export const BOARD_HOT_SEARCHES: readonly string[] = ['医保报销', '公积金', '轨道交通', '停车', '入学', '物业费', '居住证', '噪音'];
