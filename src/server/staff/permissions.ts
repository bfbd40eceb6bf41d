/**
 * Who may do what in the newsroom console: the one permission table (ADR 017, docs/security.md
 * "Newsroom staff"). Every console endpoint names one of these permissions (src/server/staff/console.ts);
 * the permission-matrix test (tests/api/newsroom-permissions.test.ts) is generated from this table.
 * A desk adds its permissions here (e.g. `publish.*`, `answer.*`, `mall.*`) and grants them below.
 */
import { AREA_LABELS, AREAS, isArea, type Area } from '../review/areas.ts';

/** The roles, in the order the console lists them. */
export const ROLES = ['admin', 'chief', 'editor', 'moderator', 'reporter', 'department', 'mallOperator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: '管理员',
  chief: '总编辑',
  editor: '编辑',
  moderator: '审核员',
  reporter: '记者',
  department: '部门',
  mallOperator: '商城运营',
};

/** Every permission with its Chinese name (shown in the console's staff page). */
export const PERMISSION_LABELS = {
  /** Every signed-in person: their own account and sessions. */
  'self.account': '本人账号与登录设备',
  'staff.manage': '管理人员与角色',
  'audit.read': '查看操作记录',
  'identity.review': '审核身份认证',
  'moderation.view': '查看审核队列',
  'moderation.decide': '通过、拒绝、删除',
  'moderation.ban': '封禁读者',
  'moderation.settings': '审核设置',
  'moderation.words': '敏感词管理',
  'moderation.emergency': '应急处置',
  // The writing desk (ADR 025).
  'publish.write': '写稿与提交',
  'publish.review': '审稿（一审、二审、三审）',
  'publish.publish': '签发、定时发布与撤稿',
  'publish.breaking': '突发稿件跳过审核直接发布',
  // The points mall desk (src/server/mallDesk/routes.ts).
  'mall.goods': '商城商品、库存与商户',
  'mall.orders': '商城订单发货与取消退款',
  'mall.verify': '商户核销券码',
  'mall.points': '积分规则',
  'mall.finance': '积分流水导出与对账',
  // The section desks (docs/security.md "Section desks").
  'composition.desk': '作文栏目：选稿、排行与老师认证',
  'rural.desk': '裕农栏目：农友说置顶与农技专家认证',
  // The placement desk (ADR 034).
  'placement.edit': '版面安排：频道轮播图与热榜置顶',
  // The topic desk (ADR 035).
  'topics.edit': '专题编排：话题、时间线专题与专题栏目的稿件和顺序',
  // ── answering desks (docs/security.md "Answering desks") ──
  'answer.desk': '问政受理、转交与不予受理',
  'answer.reply': '部门办理与答复问政',
  'answer.units': '管理问政部门的人员',
  'answer.tips': '爆料线索：采纳指派记者、关联报道、不采用',
  'complaints.desk': '投诉受理：转交商家、平台回复与不予受理',
  'complaints.reply': '商家答复转交本店的投诉',
  'qa.assign': '问答指派：把待回答的问题指派给答人或记者',
  // The wires (docs/security.md "The wires").
  'wires.feeds': '订阅源与允许的主机',
  'wires.tray': '稿源池：查看条目并生成草稿',
} as const;
export type Permission = keyof typeof PERMISSION_LABELS;
export const PERMISSIONS = Object.keys(PERMISSION_LABELS) as Permission[];

/** Permissions whose use may be limited to some areas (a moderator scoped to 作文 only, ADR 017). */
export const AREA_SCOPED: ReadonlySet<Permission> = new Set<Permission>(['moderation.view', 'moderation.decide', 'moderation.ban']);

// The areas (and their Chinese names) live with the review gate every reader write passes (src/server/review/areas.ts).

export { AREA_LABELS, AREAS, isArea, type Area };

const MALL_DESK: Permission[] = ['mall.goods', 'mall.orders', 'mall.points', 'mall.finance'];
/**
 * The 问政 desk and the complaint desk: editors and moderators accept, assign and decline; a seller's people
 * (role 部门, linked to a unit of kind 'seller') answer their complaints (complaints.reply); admins also link people to departments
 * (and hold answer.reply like every permission, though it acts only for a person linked to a department).
 */
const ANSWER_DESK: Permission[] = ['answer.desk', 'complaints.desk'];
/** The 爆料 inbox (线索): the editors who run the newsroom's assignments. */
const TIP_DESK: Permission[] = ['answer.tips'];
/** 问答指派: the editors who approve the answerers (identity.review) give them questions too. */
const QA_DESK: Permission[] = ['qa.assign'];

/** The section desks: the sections' editors (editors and chiefs), and admins. */
const SECTION_DESKS: Permission[] = ['composition.desk', 'rural.desk'];
/** The placement desk (ADR 034) and the topic desk (ADR 035): what readers see first — editors and chiefs, and admins. */
const PLACEMENT_DESK: Permission[] = ['placement.edit', 'topics.edit'];

const MODERATION_ALL: Permission[] = [
  'moderation.view',
  'moderation.decide',
  'moderation.ban',
  'moderation.settings',
  'moderation.words',
  'moderation.emergency',
];

/** The writing desk (ADR 025): reporters write; editors and chiefs review and publish; only a chief skips the reviews. */
const PUBLISH_ALL: Permission[] = ['publish.write', 'publish.review', 'publish.publish', 'publish.breaking'];

/** The table. A role not listed for a permission is refused it (403 无权操作). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: [
    'self.account',
    'staff.manage',
    'audit.read',
    'identity.review',
    ...MODERATION_ALL,
    ...MALL_DESK,
    'mall.verify',
    ...ANSWER_DESK,
    'answer.reply',
    'complaints.reply',
    'answer.units',
    ...TIP_DESK,
    ...QA_DESK,
    ...PUBLISH_ALL,
    'wires.feeds',
    'wires.tray',
    ...SECTION_DESKS,
    ...PLACEMENT_DESK,
  ],
  chief: [
    'self.account',
    'audit.read',
    'identity.review',
    ...MODERATION_ALL,
    ...ANSWER_DESK,
    ...TIP_DESK,
    ...QA_DESK,
    ...PUBLISH_ALL,
    'wires.tray',
    ...SECTION_DESKS,
    ...PLACEMENT_DESK,
  ],
  editor: [
    'self.account',
    'identity.review',
    'moderation.view',
    'moderation.decide',
    ...ANSWER_DESK,
    ...TIP_DESK,
    ...QA_DESK,
    'publish.write',
    'publish.review',
    'publish.publish',
    'wires.tray',
    ...SECTION_DESKS,
    ...PLACEMENT_DESK,
  ],
  moderator: ['self.account', 'moderation.view', 'moderation.decide', 'moderation.ban', ...ANSWER_DESK],
  reporter: ['self.account', 'publish.write', 'wires.tray'],
  department: ['self.account', 'mall.verify', 'answer.reply', 'complaints.reply'],
  mallOperator: ['self.account', ...MALL_DESK],
};

/** The signed-in person as every console handler sees it. `scopes` empty: every area. */
export interface StaffMember {
  id: number;
  name: string;
  role: Role;
  scopes: readonly string[];
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * May `staff` use `permission` (in `area`, when given)? An area-scoped permission of a person with scopes
 * holds only in those areas; without an area it asks whether the person may use it anywhere (a list then
 * filters by `areasOf`).
 */
export function can(staff: Pick<StaffMember, 'role' | 'scopes'>, permission: Permission, area?: string): boolean {
  if (!ROLE_PERMISSIONS[staff.role].includes(permission)) return false;
  if (area === undefined || !AREA_SCOPED.has(permission) || staff.scopes.length === 0) return true;
  return staff.scopes.includes(area);
}

/** The areas in which `staff` may use `permission` (all of them when unscoped; none without the permission). */
export function areasOf(staff: Pick<StaffMember, 'role' | 'scopes'>, permission: Permission): Area[] {
  return AREAS.filter((area) => can(staff, permission, area));
}
