/**
 * Validation messages a reader can read: plain Chinese that names the field in words a
 * reader knows — 页码不能小于 1, 请先完成滑动验证 — and never a type name (string, number, undefined …)
 * or a raw field name. zod's own zh-CN locale says 期望 string，实际接收 undefined, so every issue is
 * described here instead: `describeIssue` gives the predicate (不能为空, 至少 2 个字), `readerMessage` puts
 * the field's label in front of it. A schema's own message that is already a sentence with its subject
 * (每页条数不能超过 50, 请先完成滑动验证) is kept as it is.
 */
import type { core } from 'zod';

/** The words a reader knows for each request field of the contract (spec field names as the API spells them). */
export const fieldLabels: Readonly<Record<string, string>> = {
  // accounts and the slide check
  state: '登录状态参数',
  challenge: '滑动验证',
  width: '滑动验证',
  trail: '滑动轨迹',
  token: '滑动验证',
  csessionid: '滑动验证',
  sig: '滑动验证',
  scene: '验证场景',
  phone: '手机号',
  code: '验证码',
  password: '密码',
  newPassword: '新密码',
  ticket: '验证凭证',
  redirect: '跳转地址',
  redirect_uri: '跳转地址',
  unionId: '微信账号',
  nickname: '昵称',
  userName: '昵称',
  userPic: '头像',
  // news and channels
  channelId: '频道',
  page: '页码',
  before: '翻页位置',
  after: '翻页位置',
  maxId: '翻页位置',
  pageSize: '每页条数',
  columnId: '栏目',
  from: '来源',
  tabType: '栏目类型',
  topicId: '专题',
  search: '搜索内容',
  keyword: '搜索关键词',
  keyboard: '推荐标签',
  classId: '内容类别',
  classid: '内容类别',
  categoryId: '分类',
  areaNumber: '区县',
  lat: '纬度',
  lng: '经度',
  id: '编号',
  newsId: '内容编号',
  url: '页面地址',
  // interaction
  commentId: '评论',
  bangId: '帮帮内容',
  plId: '评论',
  grandPid: '上级评论',
  pId: '上级评论',
  sayText: '评论内容',
  conpic: '评论图片',
  content: '内容',
  platformId: '平台',
  commentContent: '评论内容',
  reason: '原因',
  // discover
  themeId: '话题',
  imageUrl: '图片',
  video: '视频',
  HotTagsId: '话题标签',
  topicIds: '话题',
  title: '标题',
  type: '类型',
  status: '状态',
};

/** The field a reader is told about: the label of the deepest named path segment, else 参数. */
export function labelOf(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string' && Object.hasOwn(fieldLabels, key)) return fieldLabels[key]!;
  }
  return '参数';
}

type Issue = core.$ZodRawIssue;

function sizeUnit(origin: unknown): string {
  if (origin === 'string') return ' 个字';
  if (origin === 'array' || origin === 'set') return ' 项';
  return '';
}

/** The predicate for one zod issue, without subject and without type words (also zod's global error map). */
export function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return '不能为空';
      return issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint' ? '必须是数字' : '格式不正确';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && min <= 1) return '不能为空';
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'string') return `至少 ${min}${sizeUnit(issue.origin)}`;
      return issue.inclusive === false ? `必须大于 ${min}` : `不能小于 ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${max}${sizeUnit(issue.origin)}`;
      if (issue.origin === 'string') return `不能超过 ${max} 个字`;
      return issue.inclusive === false ? `必须小于 ${max}` : `不能大于 ${max}`;
    }
    case 'invalid_value':
      return '不在可选范围内';
    case 'unrecognized_keys':
      return '包含不支持的项';
    case 'not_multiple_of':
    case 'invalid_format':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return '格式不正确';
  }
}

/** A message that starts with a predicate needs its subject; a sentence (每页条数不能超过 50) has one. */
const PREDICATE = /^(不能|必须|只能|至少|最多|格式|不在|包含|无效|有误|过长|过短|太长|太短)/;

/** The whole reader-facing message for a final zod issue (its `message` came from the schema or describeIssue). */
export function readerMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  const message = issue.message.trim();
  return PREDICATE.test(message) ? `${labelOf(issue.path)}${message}` : message;
}
