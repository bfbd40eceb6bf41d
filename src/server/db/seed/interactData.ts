/** Demo texts of the 互动 area: readers' photos and live-commerce complaints (issue 15). */
import type { ComplaintPlatform, ComplaintProblem, ComplaintStatus } from '../../../contract/interactLimits.ts';
import type { SceneKind } from './interactScenes.ts';

export const INTERACT_PEOPLE = ['江北老陈', '嘉陵江边的猫', '解放碑小刘', '磁器口阿婆', '北碚骑行者', '渝中摄影师', '南山看云', '巴南王姐', '沙坪坝学长', '长寿湖钓客', '万州烤鱼爱好者', '两江夜游人'];

export interface PhotoData {
  by: number;
  caption: string;
  scene: SceneKind;
  shape: 'wide' | 'tall' | 'square';
  likes: number;
}

export const INTERACT_PHOTOS: PhotoData[] = [
  { by: 11, caption: '千厮门大桥亮灯那一刻，洪崖洞像一座发光的吊脚楼城', scene: 'night', shape: 'wide', likes: 286 },
  { by: 0, caption: '早上六点的江北嘴，雾还没散，江面安安静静', scene: 'fog', shape: 'wide', likes: 97 },
  { by: 3, caption: '磁器口老街边上的水果摊，橘子刚从奉节运过来', scene: 'market', shape: 'square', likes: 64 },
  { by: 6, caption: '南山一棵树观景台，等了一个钟头终于等到晚霞', scene: 'dawnHills', shape: 'tall', likes: 153 },
  { by: 4, caption: '北碚嘉陵江滨江路骑一圈，江风吹起来巴适得很', scene: 'riverDay', shape: 'wide', likes: 71 },
  { by: 5, caption: '朝天门两江交汇，一边清一边黄，看好多年都不腻', scene: 'riverDay', shape: 'tall', likes: 210 },
  { by: 7, caption: '巴南菜市场的早市，青菜一块五一把，热闹', scene: 'market', shape: 'wide', likes: 38 },
  { by: 1, caption: '下班路上的长江索道，车厢里挤满了外地游客', scene: 'night', shape: 'square', likes: 122 },
  { by: 9, caption: '长寿湖的清晨，雾把小岛都藏起来了', scene: 'fog', shape: 'tall', likes: 89 },
  { by: 2, caption: '解放碑步行街背后的老居民楼，层层叠叠像积木', scene: 'riverDay', shape: 'square', likes: 45 },
  { by: 8, caption: '歌乐山上往下看，沙坪坝的楼一眼望不到边', scene: 'dawnHills', shape: 'wide', likes: 58 },
  { by: 10, caption: '万州江边夜市，烤鱼的烟飘了半条街', scene: 'night', shape: 'wide', likes: 133 },
  { by: 6, caption: '黄桷垭老街的周末集市，有人在卖手工竹编', scene: 'market', shape: 'tall', likes: 27 },
  { by: 0, caption: '雨后的鹅公岩大桥，云压得好低', scene: 'fog', shape: 'wide', likes: 76 },
  { by: 11, caption: '来福士观景台看两江四岸，灯一盏一盏亮起来', scene: 'night', shape: 'tall', likes: 341 },
  { by: 4, caption: '缙云山脚下的油菜花开了，周末人还不多', scene: 'dawnHills', shape: 'square', likes: 52 },
];

export interface ComplaintData {
  by: number;
  platform: ComplaintPlatform;
  shop: string;
  orderNo: string;
  amount: number;
  problem: ComplaintProblem;
  content: string;
  demand: string;
  pictures: number;
  status: ComplaintStatus;
  refuse?: string;
  reply?: string;
  /** Days before the seed anchor it was filed. */
  daysAgo: number;
}

export const INTERACT_COMPLAINTS: ComplaintData[] = [
  { by: 0, platform: '抖音', shop: '山货直供旗舰店', orderNo: 'DY20261102883412', amount: 159, problem: '货不对板', content: '直播间说是城口老腊肉，烟熏三个月，收到的肉颜色发白、没有烟熏味，切开里面还是生的，和主播展示的完全不一样。', demand: '全额退款并赔偿运费', pictures: 3, status: 'completed', reply: '已与消费者协商一致，全额退款并补偿 20 元运费，今后会加强选品把关。', daysAgo: 18 },
  { by: 1, platform: '快手', shop: '小美家居好物', orderNo: 'KS778203114', amount: 89.9, problem: '虚假宣传', content: '主播说这款除螨仪吸力 20000Pa，实际用起来几乎吸不起床上的碎屑，说明书上写的是 8000Pa，属于夸大宣传。', demand: '退货退款', pictures: 2, status: 'processing', daysAgo: 6 },
  { by: 2, platform: '淘宝直播', shop: '渝味火锅底料工厂店', orderNo: '3921847720019283', amount: 68, problem: '假冒伪劣', content: '买的“老字号”牛油火锅底料包装上没有生产许可证编号，煮出来一股哈喇味，怀疑是三无产品，孩子吃了拉肚子。', demand: '退款，并希望平台核查商家资质', pictures: 4, status: 'accepted', daysAgo: 3 },
  { by: 3, platform: '视频号', shop: '王老师养生馆', orderNo: '', amount: 398, problem: '虚假宣传', content: '直播里说这款艾草贴可以治疗老寒腿，我妈买了两盒，贴了半个月没有任何效果，后来才知道只是普通贴片。', demand: '退还 398 元', pictures: 1, status: 'submitted', daysAgo: 1 },
  { by: 4, platform: '抖音', shop: '骑行装备研究所', orderNo: 'DY20261028551209', amount: 1299, problem: '售后推诿', content: '买的折叠自行车骑了两周变速器就坏了，联系客服说是人为损坏不给保修，要我自己出 300 元维修费。', demand: '免费维修或换新', pictures: 5, status: 'completed', reply: '经检测为变速器零件质量问题，已为消费者免费更换整套变速器，并延长保修一年。', daysAgo: 25 },
  { by: 5, platform: '小红书', shop: 'LILY 复古相机铺', orderNo: 'XHS5529017', amount: 760, problem: '货不对板', content: '直播时说相机成色九五新、快门正常，收到后镜头有霉斑，快门在 1/500 档卡住，商家只肯退一半。', demand: '全额退款', pictures: 6, status: 'processing', reply: '我们愿意承担来回运费并全额退款，请消费者寄回相机后处理。', daysAgo: 8 },
  { by: 6, platform: '拼多多', shop: '果园直发水果铺', orderNo: 'PDD261101223344', amount: 45.8, problem: '货不对板', content: '主播说奉节脐橙单果 200 克以上，收到的大部分只有鸡蛋大小，还有七八个是烂的。', demand: '补发或退款', pictures: 3, status: 'completed', reply: '已为消费者补发一箱大果，烂果部分退款 15 元。', daysAgo: 30 },
  { by: 7, platform: '京东', shop: '母婴优选直播间', orderNo: 'JD298837461290', amount: 239, problem: '发货延迟', content: '直播间抢的奶粉承诺 48 小时发货，等了十二天还没发货，客服一直说在排队，孩子都快没奶粉了。', demand: '立即发货或退款', pictures: 2, status: 'completed', reply: '因仓库系统故障导致延迟，已优先发货并赠送一罐同款奶粉致歉。', daysAgo: 21 },
  { by: 8, platform: '抖音', shop: '潮鞋严选', orderNo: 'DY20261110990021', amount: 599, problem: '假冒伪劣', content: '直播间说是正品联名款，拿到鞋去专柜鉴定说是仿品，鞋盒标签和鞋舌标签的货号都对不上。', demand: '退一赔三', pictures: 7, status: 'accepted', daysAgo: 4 },
  { by: 9, platform: '快手', shop: '长江鲜鱼直销', orderNo: 'KS889120376', amount: 128, problem: '货不对板', content: '说是长寿湖的花鲢，冷链到家，结果泡沫箱里的冰全化了，鱼已经发臭。', demand: '全额退款', pictures: 2, status: 'refused', refuse: '经核实，该订单已由商家在投诉前全额退款，消费者确认收到，不再重复受理。', daysAgo: 15 },
  { by: 10, platform: '淘宝直播', shop: '秀山土家织锦', orderNo: '3920018827364510', amount: 320, problem: '价格欺诈', content: '主播说原价 1280 元今天只要 320 元，后来发现这款披肩在店铺里常年就卖 320 元，所谓原价根本没卖过。', demand: '退差价或退款', pictures: 2, status: 'processing', daysAgo: 9 },
  { by: 11, platform: '视频号', shop: '老街坊小面调料', orderNo: '', amount: 39.9, problem: '发货延迟', content: '下单二十天还没发货，直播间也不播了，私信不回，电话打不通。', demand: '退款', pictures: 1, status: 'accepted', daysAgo: 20 },
  { by: 0, platform: '抖音', shop: '美妆护肤小课堂', orderNo: 'DY20261015667788', amount: 269, problem: '假冒伪劣', content: '买的面霜用了三天脸上起红疹，查了批号在品牌官网查不到，怀疑是假货。', demand: '退款并承担就医费用', pictures: 4, status: 'completed', reply: '已为消费者全额退款并承担 180 元就医费用，涉事批次已下架送检。', daysAgo: 40 },
  { by: 1, platform: '其他', shop: '某直播 App「好物严选」', orderNo: 'HW20261103', amount: 999, problem: '拒绝退款', content: '在直播间买的扫地机器人七天内申请无理由退货，商家说拆封了就不能退，可是不拆封怎么知道好不好用。', demand: '按七天无理由退货办理', pictures: 2, status: 'refused', refuse: '该直播平台运营主体不在本平台受理范围，已告知消费者向 12315 平台投诉，并提供了投诉指引。', daysAgo: 12 },
  { by: 2, platform: '快手', shop: '巫山脆李合作社', orderNo: 'KS661029384', amount: 79, problem: '货不对板', content: '直播间展示的脆李又大又脆，收到一箱软的，一捏就出水，至少烂了三分之一。', demand: '退一半货款', pictures: 3, status: 'completed', reply: '已按消费者要求退还 40 元，并对物流包装做了加固。', daysAgo: 55 },
  { by: 3, platform: '拼多多', shop: '老年手机专卖', orderNo: 'PDD261020118877', amount: 199, problem: '虚假宣传', content: '主播说手机带一键呼救、续航一个月，我给父亲买的，用了三天就没电了，一键呼救功能根本没有。', demand: '退货退款', pictures: 2, status: 'processing', daysAgo: 7 },
  { by: 4, platform: '抖音', shop: '户外露营装备馆', orderNo: 'DY20261106334455', amount: 458, problem: '售后推诿', content: '帐篷第一次用就漏雨，联系客服让我找厂家，厂家又让我找店铺，来回踢皮球一个星期。', demand: '换新或退款', pictures: 4, status: 'submitted', daysAgo: 2 },
  { by: 5, platform: '淘宝直播', shop: '荣昌夏布工坊', orderNo: '3920172635482910', amount: 560, problem: '货不对板', content: '买的夏布衬衫说是纯手工苎麻，洗一次缩水两个码，成分标签上写的是 45% 涤纶。', demand: '退货退款', pictures: 3, status: 'accepted', daysAgo: 5 },
  { by: 6, platform: '小红书', shop: '手作烘焙日记', orderNo: 'XHS6610284', amount: 88, problem: '其他', content: '定制的生日蛋糕送来时奶油全塌了，配送员说路上颠的，店家说不是他们的问题。', demand: '退款或重做', pictures: 2, status: 'completed', reply: '已为消费者重做蛋糕并由店长亲自送达，表示歉意。', daysAgo: 33 },
  { by: 7, platform: '京东', shop: '数码好价直播', orderNo: 'JD301928374651', amount: 2399, problem: '价格欺诈', content: '直播间说是全网最低价 2399 元，第二天同一款平板在同一家店便宜了 400 元，客服不给保价。', demand: '退还差价 400 元', pictures: 3, status: 'refused', refuse: '商家直播中已明确标注“价格以下单时为准，不参与保价”，不属于价格欺诈，已向消费者解释。', daysAgo: 26 },
  { by: 8, platform: '抖音', shop: '江津花椒直供', orderNo: 'DY20261112001122', amount: 36, problem: '货不对板', content: '说是今年新采的九叶青花椒，收到的颜色发黑，一点麻味都没有，像是陈年货。', demand: '退款', pictures: 2, status: 'submitted', daysAgo: 0 },
  { by: 9, platform: '视频号', shop: '渔具大叔', orderNo: '', amount: 268, problem: '拒绝退款', content: '鱼竿收到时竿梢就是断的，拍了开箱视频给商家，商家说是我自己弄断的，拒绝退款。', demand: '退款或补发', pictures: 5, status: 'processing', reply: '已收到开箱视频，正在与快递公司核实运输破损责任，三日内答复。', daysAgo: 10 },
  { by: 10, platform: '快手', shop: '童装工厂店', orderNo: 'KS701928374', amount: 129, problem: '假冒伪劣', content: '童装吊牌写的是 A 类婴幼儿标准，但衣服有刺鼻的气味，洗了三次还在，担心甲醛超标。', demand: '退款并提供检测报告', pictures: 3, status: 'accepted', daysAgo: 11 },
];
