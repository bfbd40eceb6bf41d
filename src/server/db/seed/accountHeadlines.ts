/**
 * The 山城号 accounts' own articles (channel 11, class id = the account's), written by hand so each account
 * posts what such an account posts: the city's press office its notices, the traffic police their
 * controls and checks, the weather office its forecasts (every 山城号 and its column has
 * believable items). The topic decides the body, pictures and tags under the headline.
 */
export const accountHeadlines: Readonly<Record<number, readonly (readonly [string, string])[]>> = {
  1101: [
    ['politics', '重庆市政府新闻发布会：今冬明春重点民生实事清单公布'],
    ['livelihood', '全市今年新增公办养老床位两千余张 年内全部投用'],
    ['politics', '重庆出台支持民营经济高质量发展二十条措施'],
    ['livelihood', '今冬供气保障方案出炉 居民用气“压舱石”稳了'],
    ['industry', '前10月重庆外贸进出口保持增长 新能源汽车出口亮眼'],
    ['education', '2027年普通高考报名须知发布 12月1日起网上报名'],
  ],
  1102: [
    ['liangjiang', '果园港新开一条中欧班列线路 直达欧洲腹地'],
    ['tech', '两江协同创新区新引进五家研发机构'],
    ['industry', '两江新区今年新能源汽车产量保持两位数增长'],
    ['liangjiang', '礼嘉智慧公园冬季开放 市民体验无人驾驶接驳车'],
    ['livelihood', '两江新区三所新建中小学年内交付'],
    ['liangjiang', '悦来会展城迎来年底展会季 十余场展会接连登场'],
  ],
  1103: [
    ['traffic', '冬季雾天行车提示：高速公路团雾多发路段公布'],
    ['traffic', '酒驾醉驾夜查行动 一晚查处交通违法行为百余起'],
    ['traffic', '朝天门片区周末实施交通管制 请提前规划绕行线路'],
    ['traffic', '学校周边“护学岗”全覆盖 民警护送学生过马路'],
    ['traffic', '“随手拍”举报功能上线 市民可在线举报交通违法'],
    ['traffic', '车展期间悦来片区交通组织方案发布 建议乘轨道出行'],
  ],
  1104: [
    ['weather', '大雾黄色预警：主城部分路段能见度不足200米'],
    ['weather', '冷空气来袭 本周最低气温将降至5℃左右'],
    ['weather', '今冬高海拔地区降雪偏早 金佛山、仙女山或迎初雪'],
    ['weather', '入冬进程偏慢 主城区尚未达到气象入冬标准'],
    ['weather', '周末以阴天为主局地有小雨 出门记得带伞'],
    ['weather', '11月全市平均气温偏高 降水偏少'],
  ],
  1105: [
    ['tourism', '十八梯传统风貌区冬季文化活动周启幕'],
    ['renewal', '解放碑商圈夜经济再升级 新增特色夜市街区'],
    ['renewal', '大坪街道老旧小区改造完工 居民住上“新房子”'],
    ['tourism', '湖广会馆修缮后重新开放 “母城记忆”展同步开展'],
    ['livelihood', '社区“微心愿”认领活动启动 爱心人士踊跃参与'],
    ['tourism', '李子坝轻轨穿楼观景平台扩建 游客拍照更安全'],
  ],
};
