/**
 * Demo content of the rest of the board (ADR 010): more 问政 to departments (waiting, taken on,
 * replied), community groups with their posts, readers' tips and the 帮你解读 column. Hand-written so
 * the texts read as real ones.
 */

export interface MorePoliticsSeed {
  title: string;
  content: string;
  department: string;
  /** Hours after asking that the department took it on (absent: not yet). */
  acceptedAfter?: number;
  reply?: string;
}

export const MORE_POLITICS: readonly MorePoliticsSeed[] = [
  {
    title: '大坪正街人行道被共享单车占满，轮椅过不去',
    content: '大坪时代天街门口到地铁站这一段，早晚高峰人行道上停满了共享单车，推轮椅和婴儿车只能走机动车道，太危险了。',
    department: '渝中区城市管理局',
    acceptedAfter: 20,
    reply:
      '<p>您好！我局已约谈三家共享单车运营企业，在大坪正街增设两处电子围栏停放点，并安排运维人员早晚高峰定时清运。</p><p>后续我们将持续巡查，感谢您的监督。</p>',
  },
  {
    title: '礼嘉片区幼儿园学位紧张，新小区孩子没处上学',
    content: '礼嘉这几年新交付了十几个小区，附近公办幼儿园报名要排队抽签，很多孩子只能去很远的民办园，希望规划增加学位。',
    department: '两江新区社会发展局',
    acceptedAfter: 30,
  },
  {
    title: '杨家坪步行街夜市油烟大，楼上住户不敢开窗',
    content: '步行街后面新开的夜市摊位，每天晚上六点到十二点油烟直冲楼上，家里窗户都是一层油，希望规范摊位排烟。',
    department: '九龙坡区城市管理局',
    acceptedAfter: 12,
  },
  {
    title: '北碚缙云山脚下公交末班车太早',
    content: '住在缙云山脚下，去城里上班晚上回来，最后一班公交九点就没了，希望把末班车延后到十点半。',
    department: '市交通运输委',
    reply: '<p>您好！经客流调查，北碚区 545 路末班车时间自下月 1 日起由 21:00 调整为 22:30，周末增开两个班次。</p>',
  },
  {
    title: '江北嘴滨江步道路灯坏了一长段',
    content: '江北嘴大剧院往下游方向的滨江步道，有差不多两百米路灯不亮，晚上跑步的人很多，黑灯瞎火不安全。',
    department: '江北区城市管理局',
  },
  {
    title: '沙坪坝三峡广场附近老旧小区能否加装电梯',
    content: '我们小区是九十年代的七层楼，住了很多老人，上下楼很困难。想问加装电梯要走什么流程，政府有没有补贴。',
    department: '沙坪坝区住房城乡建委',
    acceptedAfter: 48,
  },
];

/** Department accounts answer 问政; each has a demo phone so the official reply can be tried. */
export const DEPARTMENT_PHONE_PREFIX = '1990000';

export interface GroupSeed {
  name: string;
  intro: string;
  area: string;
  recommended: boolean;
  posts: ReadonlyArray<{ text: string; pictures?: number; pick?: boolean }>;
}

export const GROUPS: readonly GroupSeed[] = [
  {
    name: '南坪宝妈互助群',
    intro: '南岸区宝妈们交流育儿、入园、看病经验，闲置母婴用品也可以在这里转让。',
    area: '南岸区',
    recommended: true,
    posts: [
      { text: '南坪这边有没有推荐的儿童口腔医院？娃娃六岁，该做窝沟封闭了。', pick: true },
      { text: '家里有一台九成新的婴儿推车，孩子大了用不上，送给需要的妈妈，南坪东路自提。', pictures: 2 },
      { text: '提醒一下：下周三社区医院有免费的儿童视力筛查，记得带医保卡。' },
    ],
  },
  {
    name: '山城骑行俱乐部',
    intro: '周末一起骑行南山、缙云山、广阳岛，新手老手都欢迎，安全第一。',
    area: '主城',
    recommended: true,
    posts: [
      { text: '本周六早上七点半，南滨路长嘉汇集合，骑上南山一棵树，全程大约 25 公里，爬坡多，量力而行。', pictures: 3, pick: true },
      { text: '上周广阳岛骑行的照片，天气太好了，江边风很舒服。', pictures: 4 },
      { text: '求推荐适合爬坡的公路车，预算五千左右。' },
    ],
  },
  {
    name: '渝中老街坊',
    intro: '解放碑、较场口、十八梯的老邻居们，聊聊老重庆的故事和身边的变化。',
    area: '渝中区',
    recommended: true,
    posts: [
      { text: '十八梯改造后第一次回来，老房子的样子还在，就是人多了好多。小时候在这里买过两分钱一根的冰糕。', pictures: 1, pick: true },
      { text: '有没有人记得以前较场口那家担担面？搬到哪里去了？' },
    ],
  },
  {
    name: '沙坪坝考研自习小组',
    intro: '大学城、沙坪坝一带考研的同学互相督促，分享资料和自习室信息。',
    area: '沙坪坝区',
    recommended: false,
    posts: [
      { text: '大学城图书馆暑假开放时间出来了，早八点到晚十点，周一闭馆。' },
      { text: '出一套去年的政治真题和肖四，八成新，有笔记，二十元。', pictures: 2 },
      { text: '每天打卡：今天英语阅读两篇，数学一章，一起加油。', pick: true },
    ],
  },
  {
    name: '江北宠物友好联盟',
    intro: '遛狗路线、宠物医院、领养信息，文明养宠从我做起。',
    area: '江北区',
    recommended: true,
    posts: [
      { text: '北滨路有一只走失的柯基，戴红色项圈，有人看到请联系群主。', pictures: 1 },
      { text: '推荐观音桥附近一家宠物医院，晚上也有医生值班，价格也公道。', pick: true },
    ],
  },
  {
    name: '渝北业主维权交流',
    intro: '物业、装修、交房问题交流，理性维权，互相支招。',
    area: '渝北区',
    recommended: false,
    posts: [
      { text: '物业费涨价要经过业主大会吗？我们小区物业直接贴了通知。', pick: true },
      { text: '分享一下：交房验收时一定要带水平尺和空鼓锤，我家查出来十几处问题。', pictures: 3 },
    ],
  },
  {
    name: '巴南钓鱼爱好者',
    intro: '长江、花溪河、水库钓点分享，周末约钓。请遵守禁渔期规定。',
    area: '巴南区',
    recommended: false,
    posts: [
      { text: '提醒大家长江禁渔期还没结束，不要去江边下竿，被查到要罚款的。' },
      { text: '周末在南彭水库钓了一天，收获还不错，分享几张图。', pictures: 2, pick: true },
    ],
  },
];

export interface TipSeed {
  text: string;
  place: string;
  pictures?: number;
  /** 0 received, 1 being followed up, 2 reported. */
  handling: 0 | 1 | 2;
}

export const TIPS: readonly TipSeed[] = [
  { text: '解放碑好吃街一家火锅店后门污水直排进雨水井，味道很大，已经好几天了。', place: '渝中区解放碑', pictures: 2, handling: 1 },
  { text: '南坪转盘下穿道积水很深，一辆小车熄火停在里面，交警正在处理。', place: '南岸区南坪', pictures: 1, handling: 2 },
  { text: '观音桥步行街有人冒充残疾人乞讨，收摊后开车走了，希望记者调查一下。', place: '江北区观音桥', handling: 0 },
  { text: '沙坪坝小龙坎一栋老楼外墙瓷砖脱落，砸坏了楼下停的电瓶车，太危险了。', place: '沙坪坝区小龙坎', pictures: 3, handling: 1 },
  { text: '龙头寺公园荷花开了，今天早上拍的，好多人来拍照。', place: '渝北区龙头寺公园', pictures: 4, handling: 2 },
  { text: '杨家坪一家健身房突然关门，老板联系不上，几百个会员的卡都没用完。', place: '九龙坡区杨家坪', handling: 1 },
  { text: '北碚嘉陵江边有人电鱼，还是大白天，请渔政管一管。', place: '北碚区朝阳街道', pictures: 1, handling: 1 },
  { text: '两路口皇冠大扶梯今天停运检修，要坐的朋友注意绕行。', place: '渝中区两路口', handling: 2 },
  { text: '大学城一家培训机构收了学费不开课，几十个学生家长在门口讨说法。', place: '沙坪坝区大学城', pictures: 2, handling: 1 },
  { text: '鹅公岩大桥上一辆货车侧翻，往九龙坡方向堵了两公里。', place: '鹅公岩大桥', pictures: 1, handling: 2 },
  { text: '巴南鱼洞老街的老茶馆要拆了，很多老茶客舍不得，能不能保留下来？', place: '巴南区鱼洞', pictures: 2, handling: 0 },
  { text: '江北机场 T3 出租车排队一个多小时，调度员说车不够，半夜到的旅客都在等。', place: '渝北区江北机场', handling: 1 },
  { text: '大渡口公园里的健身器材坏了好几个，老人用的时候差点摔倒。', place: '大渡口区大渡口公园', pictures: 1, handling: 0 },
  { text: '礼嘉天街附近一条新修的路，修好不到半年路面就开裂了。', place: '两江新区礼嘉', pictures: 2, handling: 1 },
  { text: '歌乐山上有人在林子里烧烤，现在是防火期，很危险。', place: '沙坪坝区歌乐山', handling: 0 },
  { text: '弹子石老街周末人太多，消防通道被摊贩占了。', place: '南岸区弹子石', pictures: 1, handling: 0 },
  { text: '渝北两江幸福广场晚上广场舞音响太大，十点过了还在跳。', place: '渝北区两江幸福广场', handling: 1 },
  { text: '长寿湖今天来了好多白鹭，第一次见到这么多，分享给大家。', place: '长寿区长寿湖', pictures: 3, handling: 2 },
  { text: '九龙坡一家幼儿园门口早上接送车辆乱停，把人行道都堵死了。', place: '九龙坡区谢家湾', handling: 0 },
  { text: '洪崖洞对面的千厮门大桥上有人翻越栏杆拍照，太吓人了。', place: '千厮门大桥', pictures: 1, handling: 1 },
  { text: '合川钓鱼城景区门口有黑车拉客，一个人收五十，比打车贵好多。', place: '合川区钓鱼城', handling: 0 },
  { text: '綦江一所小学旁边的小卖部卖三无辣条，孩子吃了拉肚子。', place: '綦江区古南街道', pictures: 1, handling: 1 },
];

export interface ExplainerSeed {
  title: string;
  summary: string;
  author: string;
  paragraphs: readonly string[];
}

export const EXPLAINERS: readonly ExplainerSeed[] = [
  {
    title: '医保个人账户改革后，门诊看病怎么报销？',
    summary: '个人账户划入减少了，但门诊统筹报销开通了。一文看懂普通门诊怎么报、报多少。',
    author: '山城新闻记者 宋雨',
    paragraphs: [
      '职工医保门诊共济保障机制改革后，在职职工个人账户的划入比例有所调整，很多读者担心看病花钱更多了。',
      '其实改革的同时，普通门诊费用也纳入了统筹基金支付。在定点医疗机构看普通门诊，起付线以上的费用可以按比例报销。',
      '报销比例按医院等级不同：一级及以下医疗机构报销比例最高，三级医院相对低一些。年度内还有最高支付限额。',
      '需要注意的是，门诊统筹只在定点医疗机构有效，看病前可以在“渝快办”或医保服务平台上查询医院是否定点。',
    ],
  },
  {
    title: '租房提取公积金，每月能取多少？',
    summary: '无房租房的职工可以提取公积金付房租，额度和材料都在这里。',
    author: '帮你解读编辑部',
    paragraphs: [
      '在主城租房居住、本人及配偶在本市无自有住房的职工，可以申请提取住房公积金支付房租。',
      '提取额度按月计算，有备案租赁合同的，按实际租金提取，但不超过当月缴存额；没有备案合同的，按规定标准提取。',
      '办理可以在手机上完成，通过公积金中心的线上渠道提交申请，审核通过后按月转入本人银行卡。',
    ],
  },
  {
    title: '孩子入学要看“房户一致”，到底怎么认定？',
    summary: '义务教育入学报名季，很多家长关心房户一致的细节。我们问了教育部门。',
    author: '山城新闻记者 宋雨',
    paragraphs: [
      '房户一致，一般指适龄儿童的户籍与父母（或其他法定监护人）的房产在同一个地址。',
      '各区的具体认定规则略有不同，例如落户时间、房产证取得时间是否要满一定年限，都以当年区教委公布的招生政策为准。',
      '如果是租房居住，可以凭居住证和租房合同申请统筹安排入学，但学校由教育部门统筹，不一定是就近学校。',
    ],
  },
  {
    title: '电动自行车上牌、头盔和载人，新规说了什么？',
    summary: '电动自行车管理新规实施，哪些车能上牌、能不能带孩子，一次说清楚。',
    author: '山城新闻记者 何川',
    paragraphs: [
      '符合新国标的电动自行车，可以直接登记上牌；超标车在过渡期内可以申领临时号牌，过渡期结束后不能再上路。',
      '驾驶和乘坐电动自行车都应当佩戴安全头盔，交警部门对不戴头盔的行为会进行劝导和处罚。',
      '成年人驾驶电动自行车可以在固定座椅内搭载一名 12 周岁以下的未成年人，其他情况不允许载人。',
    ],
  },
  {
    title: '遇到预付卡商家跑路，钱还能要回来吗？',
    summary: '健身房、理发店、培训机构突然关门，手里的卡怎么办？律师给出建议。',
    author: '律师 邓明',
    paragraphs: [
      '首先要保存好证据：办卡合同、付款记录、消费记录以及商家的宣传材料，这些都是日后维权的依据。',
      '可以向市场监管部门投诉，或者拨打 12345 反映。如果涉及人数多、金额大，也可以向公安机关报案。',
      '在商家还有财产的情况下，可以通过民事诉讼要求退还余额；多名消费者可以共同委托律师，降低维权成本。',
    ],
  },
  {
    title: '老旧小区加装电梯，补贴怎么申请？',
    summary: '加装电梯要多少户同意、政府补多少、谁来维护？一次讲明白。',
    author: '帮你解读编辑部',
    paragraphs: [
      '加装电梯一般需要本单元专有部分面积和人数都达到一定比例的业主同意，并对加装方案进行公示。',
      '符合条件的项目可以申请财政补助，补助标准按每台电梯计算，具体以所在区的政策为准。',
      '电梯建成后的维护保养费用，由业主协商分摊，通常楼层越高分摊越多，也可以委托专业公司统一维保。',
    ],
  },
  {
    title: '暴雨天地下车库进水，车辆损失谁来赔？',
    summary: '车险、物业、开发商，各自承担什么责任？',
    author: '律师 杨帆',
    paragraphs: [
      '购买了车损险的车辆，因暴雨被淹造成的损失一般属于车损险的赔付范围，发动机进水后二次启动造成的损坏可能不赔。',
      '如果物业在预警后没有采取防水措施、没有及时通知业主挪车，业主可以要求物业承担相应责任。',
      '车库设计存在缺陷导致进水的，也可以向开发商主张赔偿。维权时注意拍照留存现场情况。',
    ],
  },
  {
    title: '网上挂号总是约不到号，有什么办法？',
    summary: '热门科室号源什么时候放、怎么用好预约和候补功能。',
    author: '重医附一院 王健医生',
    paragraphs: [
      '大部分医院的号源会在固定时间集中放出，可以在医院公众号上查看放号时间，提前登录等待。',
      '部分医院开通了候补挂号功能，有人退号时系统会按候补顺序自动分配，不妨试一试。',
      '病情不急的常见病，也可以先到社区卫生服务中心就诊，需要时再通过医联体转诊到上级医院。',
    ],
  },
];
