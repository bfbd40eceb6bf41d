/**
 * Demo goods of the points mall (issue 18): Chongqing shops and things a reader of a local news app
 * would spend points on. Kinds: physical 实物, coupon 优惠券, card 卡密, virtual 话费/流量. Stock 0 is
 * sold out. Categories are referred to by their index in MALL_CATEGORIES.
 */
export interface MallCategoryData {
  name: string;
  /** An icon key drawn by the page (no picture file). */
  icon: string;
}

export const MALL_CATEGORIES: MallCategoryData[] = [
  { name: '美食优惠', icon: 'food' },
  { name: '生活好物', icon: 'home' },
  { name: '数码周边', icon: 'digital' },
  { name: '影音会员', icon: 'media' },
  { name: '话费流量', icon: 'phone' },
  { name: '山城文创', icon: 'gift' },
];

export interface MallGoodsData {
  category: number;
  kind: 'physical' | 'coupon' | 'card' | 'virtual';
  name: string;
  subtitle: string;
  price: number;
  marketPrice: string;
  stock: number;
  perUserLimit: number;
  merchant: string;
  /** Coupons and card codes: the last day they can be used. */
  validUntil?: string;
  usage: string;
  description: string[];
  hot?: boolean;
  fresh?: boolean;
}

const SHIP = '兑换后 3 个工作日内发货，重庆主城区一般次日送达；偏远地区不发货，兑换时请确认地址。';
const COUPON_USE = '到店消费结账前出示券码，店员核销后生效；不找零、不兑现，不与店内其他优惠同享。';
const CARD_USE = '兑换成功后在「我的券」查看卡密，按卡密说明到对应平台激活；卡密一经兑换不退不换。';
const TOPUP = '兑换时填写要充值的手机号，一般 10 分钟内到账，月底月初可能延迟至 24 小时。';

export const MALL_GOODS: MallGoodsData[] = [
  // 新人专享: cheap enough for a reader's first days of signing in and reading.
  { category: 0, kind: 'coupon', name: '新人专享·花市豌杂面 5 元无门槛券', subtitle: '新读者签到一次就能换', price: 5, marketPrice: '¥5', stock: 800, perUserLimit: 1, merchant: '花市豌杂面（较场口店）', validUntil: '2027-06-30', usage: COUPON_USE, description: ['较场口开了二十多年的老面馆，豌豆粑软、杂酱香，早上七点开门。', '每位读者限兑 1 张，仅限堂食。'], fresh: true, hot: true },
  { category: 5, kind: 'physical', name: '新人专享·山城地标金属书签', subtitle: '千厮门大桥造型，黄铜镀金', price: 5, marketPrice: '¥19', stock: 500, perUserLimit: 1, merchant: '山城新闻文创', usage: SHIP, description: ['以千厮门大桥与洪崖洞夜景为轮廓蚀刻，附流苏与牛皮纸封套。', '每位读者限兑 1 枚，包邮。'], fresh: true, hot: true },
  // 实物
  { category: 1, kind: 'physical', name: '山城新闻定制保温杯 500ml', subtitle: '304 不锈钢内胆，12 小时保温', price: 1200, marketPrice: '¥69', stock: 40, perUserLimit: 1, merchant: '山城新闻文创', usage: SHIP, description: ['杯身印有山城新闻手绘江景，磨砂喷涂不易留指纹。', '容量 500ml，一杯热茶能从早高峰喝到午饭。'], hot: true },
  { category: 1, kind: 'physical', name: '重庆小面礼盒（6 人份）', subtitle: '老字号配方，麻辣鲜香', price: 800, marketPrice: '¥49', stock: 60, perUserLimit: 2, merchant: '渝味小面坊', usage: SHIP, description: ['含碱水面 6 份、秘制油辣子与芽菜调料包，三分钟出一碗地道小面。', '保质期 180 天，收到后请阴凉处保存。'], hot: true },
  { category: 5, kind: 'physical', name: '洪崖洞夜景拼图 1000 片', subtitle: '夜景实拍，拼完可装框', price: 1500, marketPrice: '¥88', stock: 0, perUserLimit: 1, merchant: '山城新闻文创', usage: SHIP, description: ['灰板纸材质，拼图尺寸 70×50cm，附原图海报与收纳袋。', '本期已兑完，补货后会在新品中上架。'] },
  { category: 1, kind: 'physical', name: '磁器口陈麻花三味礼包', subtitle: '椒盐、蜂蜜、麻辣各一袋', price: 600, marketPrice: '¥39', stock: 80, perUserLimit: 3, merchant: '磁器口老街麻花铺', usage: SHIP, description: ['手工搓制、菜籽油现炸，酥脆不粘牙。', '每袋 250g，开袋后请尽快食用。'] },
  { category: 2, kind: 'physical', name: '主动降噪蓝牙耳机', subtitle: '通勤轻轨也能安静听播客', price: 6800, marketPrice: '¥399', stock: 5, perUserLimit: 1, merchant: '嘉陵数码', usage: SHIP, description: ['主动降噪深度 35dB，单次续航 7 小时，配充电仓总续航 28 小时。', '全国联保一年，凭兑换记录享受售后。'], hot: true },
  { category: 2, kind: 'physical', name: '磁吸无线充电宝 10000mAh', subtitle: '吸上就充，出门不带线', price: 3600, marketPrice: '¥159', stock: 12, perUserLimit: 1, merchant: '嘉陵数码', usage: SHIP, description: ['支持 15W 磁吸无线充与 20W 有线快充，可带上飞机。', '全国联保一年。'], fresh: true },
  { category: 5, kind: 'physical', name: '解放碑帆布托特包', subtitle: '手绘线稿，能装下一台笔记本', price: 500, marketPrice: '¥35', stock: 0, perUserLimit: 1, merchant: '山城新闻文创', usage: SHIP, description: ['12 安加厚帆布，内有拉链小袋。', '本期已兑完。'] },
  { category: 1, kind: 'physical', name: '老火锅牛油底料组合装', subtitle: '微辣、中辣、特辣各两块', price: 700, marketPrice: '¥45', stock: 100, perUserLimit: 2, merchant: '九宫格火锅料厂', usage: SHIP, description: ['重庆本地牛油慢炒，在家也能吃出老火锅的味道。', '每块 300g，够三四个人一顿。'] },
  { category: 5, kind: 'physical', name: '山城步道手绘明信片（12 张）', subtitle: '从十八梯到山城第三步道', price: 300, marketPrice: '¥25', stock: 200, perUserLimit: 2, merchant: '山城新闻文创', usage: SHIP, description: ['本地插画师一步一景手绘，背面印有步道路线与打卡点。'], fresh: true },
  { category: 2, kind: 'physical', name: '智能体脂秤', subtitle: '手机看体重、体脂与 BMI 变化', price: 4200, marketPrice: '¥199', stock: 8, perUserLimit: 1, merchant: '嘉陵数码', usage: SHIP, description: ['钢化玻璃秤面，支持 8 位家庭成员数据。', '附电池，开箱即用。'] },
  { category: 5, kind: 'physical', name: '长江索道 3D 冰箱贴', subtitle: '轿厢会动的小机关', price: 260, marketPrice: '¥19', stock: 150, perUserLimit: 3, merchant: '山城新闻文创', usage: SHIP, description: ['树脂材质手工上色，轿厢可沿索道左右滑动。'] },
  { category: 1, kind: 'physical', name: '晴雨两用折叠伞', subtitle: '黑胶防晒，重庆的夏天用得上', price: 900, marketPrice: '¥59', stock: 30, perUserLimit: 1, merchant: '山城新闻文创', usage: SHIP, description: ['八骨抗风，折叠后 23cm，放得进通勤包。'] },
  // 优惠券
  { category: 0, kind: 'coupon', name: '观音桥老火锅满 200 减 50 券', subtitle: '周一至周四晚市可用', price: 300, marketPrice: '¥50', stock: 120, perUserLimit: 2, merchant: '观音桥·巷子老火锅', validUntil: '2027-03-31', usage: COUPON_USE, description: ['每桌限用 1 张，锅底与菜品均可抵扣，酒水除外。', '节假日不可用。'], hot: true },
  { category: 0, kind: 'coupon', name: '南滨路咖啡买一送一券', subtitle: '看江景喝拿铁', price: 150, marketPrice: '¥32', stock: 300, perUserLimit: 3, merchant: '南滨路·江岸咖啡', validUntil: '2027-02-28', usage: COUPON_USE, description: ['限美式、拿铁、燕麦拿铁三款，赠送同款同规格。'], fresh: true },
  { category: 0, kind: 'coupon', name: '江北嘴江景餐厅 8.5 折券', subtitle: '工作日午市、晚市通用', price: 200, marketPrice: '约¥60', stock: 80, perUserLimit: 1, merchant: '江北嘴·望江楼', validUntil: '2027-04-30', usage: COUPON_USE, description: ['折扣适用于菜品总价，包间服务费不参与折扣。', '请提前一天电话预约靠窗位。'] },
  { category: 1, kind: 'coupon', name: '西西弗书店满 100 减 20 券', subtitle: '解放碑、观音桥门店通用', price: 120, marketPrice: '¥20', stock: 200, perUserLimit: 2, merchant: '西西弗书店（重庆）', validUntil: '2027-05-31', usage: COUPON_USE, description: ['图书、文具均可用，咖啡区除外。'] },
  { category: 1, kind: 'coupon', name: '鲜花 30 元代金券', subtitle: '七夕、母亲节都用得上', price: 250, marketPrice: '¥30', stock: 0, perUserLimit: 1, merchant: '山城花事', validUntil: '2027-05-20', usage: COUPON_USE, description: ['满 99 元可用，支持同城配送。', '本期已兑完。'] },
  { category: 1, kind: 'coupon', name: '健身房单次体验券', subtitle: '含器械区与一节团课', price: 180, marketPrice: '¥68', stock: 60, perUserLimit: 1, merchant: '渝中·动力健身', validUntil: '2027-01-31', usage: COUPON_USE, description: ['首次到店凭身份证登记，体验当日有效。'] },
  { category: 1, kind: 'coupon', name: '9.9 元精致洗车券', subtitle: '五座轿车内外精洗', price: 100, marketPrice: '¥39', stock: 150, perUserLimit: 2, merchant: '大坪车友汽车美容', validUntil: '2027-03-31', usage: COUPON_USE, description: ['七座车补差价 10 元，雨天可改约。'], fresh: true },
  { category: 0, kind: 'coupon', name: '九宫格火锅锅底免单券', subtitle: '点鸳鸯锅也能免', price: 220, marketPrice: '¥58', stock: 90, perUserLimit: 1, merchant: '沙坪坝·九宫格火锅', validUntil: '2027-02-28', usage: COUPON_USE, description: ['每桌限用 1 张，需点菜满 100 元。'] },
  // 卡密
  { category: 3, kind: 'card', name: '视频会员月卡', subtitle: '热门剧集抢先看', price: 1800, marketPrice: '¥25', stock: 50, perUserLimit: 1, merchant: '山城新闻合作平台', validUntil: '2027-06-30', usage: CARD_USE, description: ['30 天会员，手机、平板、电脑通用（电视端除外）。'], hot: true },
  { category: 3, kind: 'card', name: '音乐会员月卡', subtitle: '无损音质、离线下载', price: 900, marketPrice: '¥15', stock: 70, perUserLimit: 2, merchant: '山城新闻合作平台', validUntil: '2027-06-30', usage: CARD_USE, description: ['30 天会员，激活后立即生效。'] },
  { category: 3, kind: 'card', name: '有声书畅听季卡', subtitle: '通勤路上听完一本书', price: 1500, marketPrice: '¥45', stock: 40, perUserLimit: 1, merchant: '山城新闻合作平台', validUntil: '2027-06-30', usage: CARD_USE, description: ['90 天畅听，含《重庆往事》等本地题材有声书。'], fresh: true },
  { category: 3, kind: 'card', name: '电影票 2D 通兑码', subtitle: '主城影院通用', price: 2400, marketPrice: '¥45', stock: 0, perUserLimit: 1, merchant: '山城影城联盟', validUntil: '2027-03-31', usage: CARD_USE, description: ['限 2D 场次，IMAX、VIP 厅需补差价。', '本期已兑完。'] },
  { category: 3, kind: 'card', name: '重庆科技馆门票兑换码', subtitle: '含球幕影院一场', price: 1000, marketPrice: '¥60', stock: 35, perUserLimit: 2, merchant: '重庆科技馆', validUntil: '2027-08-31', usage: CARD_USE, description: ['凭兑换码在官方公众号预约入馆时段，周一闭馆。'] },
  { category: 3, kind: 'card', name: '电子书阅读年卡', subtitle: '十万本电子书随便读', price: 2600, marketPrice: '¥88', stock: 20, perUserLimit: 1, merchant: '山城新闻合作平台', validUntil: '2027-06-30', usage: CARD_USE, description: ['365 天畅读，支持手机与阅读器同步书签。'] },
  // 话费流量
  { category: 4, kind: 'virtual', name: '话费 10 元直充', subtitle: '三网通用', price: 1000, marketPrice: '¥10', stock: 200, perUserLimit: 2, merchant: '山城新闻合作平台', usage: TOPUP, description: ['移动、联通、电信手机号均可充值，不支持携号转网号码。'], hot: true },
  { category: 4, kind: 'virtual', name: '话费 30 元直充', subtitle: '三网通用', price: 2900, marketPrice: '¥30', stock: 0, perUserLimit: 1, merchant: '山城新闻合作平台', usage: TOPUP, description: ['本期已兑完，下月 1 日补货。'] },
  { category: 4, kind: 'virtual', name: '全国通用流量 5GB（7 天）', subtitle: '出门旅游不怕超', price: 600, marketPrice: '¥10', stock: 300, perUserLimit: 3, merchant: '山城新闻合作平台', usage: TOPUP, description: ['到账后 7 天内有效，优先于套餐内流量使用。'], fresh: true },
  { category: 4, kind: 'virtual', name: '话费 5 元直充', subtitle: '积分不多也能换', price: 520, marketPrice: '¥5', stock: 400, perUserLimit: 3, merchant: '山城新闻合作平台', usage: TOPUP, description: ['移动、联通、电信手机号均可充值。'] },
  { category: 4, kind: 'virtual', name: '视频定向流量 10GB（30 天）', subtitle: '追剧专用', price: 800, marketPrice: '¥15', stock: 150, perUserLimit: 2, merchant: '山城新闻合作平台', usage: TOPUP, description: ['仅限主流视频应用使用，30 天内有效。'] },
  { category: 4, kind: 'virtual', name: '公交轨道卡充值 10 元', subtitle: '重庆畅通卡直充', price: 980, marketPrice: '¥10', stock: 100, perUserLimit: 2, merchant: '重庆市民通', usage: '兑换时填写绑定畅通卡的手机号，到账后在轨道站自助机或手机 NFC 圈存。', description: ['适用于重庆主城公交与轨道交通。'] },
];

/** Banners: the good each one opens (index into MALL_GOODS). */
export const MALL_BANNERS: { title: string; goods: number }[] = [
  { title: '新读者签到一次，换一碗豌杂面', goods: 0 },
  { title: '降噪耳机上新，通勤更安静', goods: 6 },
  { title: '老火锅满减券，周末约起来', goods: 14 },
];
