/** The fine print of the points mall (ADR 012): disclaimer, security protocol, customer service, about us. */
export interface MallDoc {
  title: string;
  description: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const MALL_DOCS = {
  disclaimer: {
    title: '免责声明',
    description: '山城新闻积分商城免责声明',
    sections: [
      {
        heading: '商品与服务',
        paragraphs: [
          '积分商城中的优惠券、卡密、话费流量及部分实物由合作商家提供，商品的质量、售后与到店服务由提供方负责。山城新闻对合作商家进行资质审核，并协助读者处理兑换纠纷。',
          '商品图片仅供参考，请以实物与商品页文字说明为准。',
        ],
      },
      {
        heading: '积分的性质',
        paragraphs: [
          '积分是山城新闻对读者参与阅读、互动的回馈，不是货币，不能提现、转让或用于商城以外的交易。',
          '积分及兑换所得不得出售、转卖；以营利为目的批量兑换的，平台有权取消兑换并扣除相关积分。',
        ],
      },
      {
        heading: '不可抗力',
        paragraphs: ['因网络故障、系统维护、第三方平台原因或不可抗力导致兑换延迟、卡密激活异常的，平台将尽力协调处理，但不承担由此产生的间接损失。'],
      },
      {
        heading: '规则调整',
        paragraphs: ['平台可根据运营情况调整积分获取数量、每日上限、商品价格与库存，调整前已完成的兑换不受影响。调整后的规则在「积分规则」页公布。'],
      },
    ],
  },
  secureprotocol: {
    title: '安全协议',
    description: '山城新闻积分商城安全与隐私说明',
    sections: [
      {
        heading: '我们收集的信息',
        paragraphs: [
          '兑换实物时收集收货人、手机号与地址，仅用于商品配送；兑换话费、流量时收集充值手机号，仅用于充值。',
          '兑换记录中的手机号在页面上部分隐藏显示。',
        ],
      },
      {
        heading: '信息的保护',
        paragraphs: ['收货信息通过加密连接传输，只向负责配送的合作方提供完成配送所需的字段。', '我们不会把你的收货信息用于营销短信，也不会出售给任何第三方。'],
      },
      {
        heading: '账号安全',
        paragraphs: [
          '积分与账号绑定，请勿将登录验证码告知他人。发现积分异常减少时，请立即联系客服冻结兑换。',
          '同一兑换请求因网络重试多次发送时只会扣一次积分；兑换结果以「我的兑换」中的记录为准。',
        ],
      },
      { heading: '信息的删除', paragraphs: ['注销账号后，你的兑换记录与收货信息将在法律要求的保存期满后删除。'] },
    ],
  },
  customerservice: {
    title: '客服中心',
    description: '山城新闻积分商城客服',
    sections: [
      { heading: '联系方式', paragraphs: ['客服电话：023-6390 0000（工作日 9:00–18:00）', '来信请附上兑换记录中的兑换时间与商品名称，便于我们尽快处理。'] },
      {
        heading: '常见问题',
        paragraphs: [
          '问：兑换后积分扣了但没看到记录？答：请在「我的兑换」下拉刷新；网络中断时结果可能延迟显示，同一次兑换不会重复扣积分。',
          '问：实物多久发货？答：兑换后 3 个工作日内发货，发货后在兑换详情中可查看物流单号。',
          '问：优惠券过期了还能用吗？答：过期的优惠券无法使用，也不退还积分，请留意有效期。',
          '问：卡密提示无效怎么办？答：请核对卡密是否输入完整，仍无法使用请联系客服并提供截图。',
        ],
      },
    ],
  },
  aboutUs: {
    title: '关于我们',
    description: '关于山城新闻积分商城',
    sections: [
      {
        heading: '山城新闻积分商城',
        paragraphs: [
          '积分商城是山城新闻为读者准备的回馈平台。每天签到、读新闻、发表评论、分享好文，都能积累积分，换一碗小面、一张电影票，或是一份山城文创。',
          '商城商品来自重庆本地商家与合作平台，我们挑选读者身边用得上的东西，也欢迎更多本地商家加入。',
        ],
      },
      { heading: '运营方', paragraphs: ['山城新闻客户端运营团队', '地址：重庆市渝北区（商务合作请通过「商务合作」页面留言）'] },
    ],
  },
} satisfies Record<string, MallDoc>;

export type MallDocName = keyof typeof MALL_DOCS;
