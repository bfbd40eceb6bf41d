/**
 * The console's navigation (ADR 017): one entry per page, shown to whoever holds its permission. A desk
 * adds its pages here (path under /newsroom, label, permission, the component that draws it).
 */
import type { ComponentType } from 'react';
import type { Me } from './api.ts';
import { AuditPage } from './pages/AuditPage.tsx';
import { ArticleEditorPage } from './pages/publish/ArticleEditorPage.tsx';
import { ArticleListPage } from './pages/publish/ArticleListPage.tsx';
import { DepartmentDeskPage } from './pages/DepartmentDeskPage.tsx';
import { ComplaintDeskPage } from './pages/ComplaintDeskPage.tsx';
import { SellerDeskPage } from './pages/SellerDeskPage.tsx';
import { QaAssignPage } from './pages/QaAssignPage.tsx';
import { TipDeskPage } from './pages/TipDeskPage.tsx';
import { WenzhengDeskPage } from './pages/WenzhengDeskPage.tsx';
import { WorkCalendarPage } from './pages/WorkCalendarPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { IdentityPage } from './pages/IdentityPage.tsx';
import { EmergencyPage } from './pages/EmergencyPage.tsx';
import { ModerationPage } from './pages/ModerationPage.tsx';
import { ModerationSettingsPage } from './pages/ModerationSettingsPage.tsx';
import { SensitiveWordsPage } from './pages/SensitiveWordsPage.tsx';
import { SessionsPage } from './pages/SessionsPage.tsx';
import { StaffPage } from './pages/StaffPage.tsx';
import { MallFinancePage } from './pages/mall/MallFinancePage.tsx';
import { MallGoodsPage } from './pages/mall/MallGoodsPage.tsx';
import { MallOrdersPage } from './pages/mall/MallOrdersPage.tsx';
import { MallPointsPage } from './pages/mall/MallPointsPage.tsx';
import { MallVerifyPage } from './pages/mall/MallVerifyPage.tsx';
import { WiresFeedsPage } from './pages/wires/WiresFeedsPage.tsx';
import { WiresTrayPage } from './pages/wires/WiresTrayPage.tsx';
import { CompositionDeskPage } from './pages/sectionDesks/CompositionDeskPage.tsx';
import { RuralDeskPage } from './pages/sectionDesks/RuralDeskPage.tsx';
import { PlacementDeskPage } from './pages/placement/PlacementDeskPage.tsx';
import { TopicDeskPage } from './pages/topics/TopicDeskPage.tsx';

export interface PageProps {
  me: Me;
}

export interface NavEntry {
  /** The path under /newsroom ('' is the console's home). */
  path: string;
  label: string;
  /** The permission (src/server/staff/permissions.ts) the page's endpoints need. */
  permission: string;
  /**
   * A desk of one kind of answering unit: a person linked to a unit of another kind does not see it (the server
   * refuses them anyway). Unlinked people (admins) see it as their permission says.
   */
  unitKind?: 'department' | 'seller';
  component: ComponentType<PageProps>;
}

export const NAV: readonly NavEntry[] = [
  { path: '', label: '工作台', permission: 'self.account', component: HomePage },
  // The moderation desk (docs/adr/018-one-review-model.md): the queues, then its settings, word list and emergency switch.
  { path: '/moderation', label: '审核台', permission: 'moderation.view', component: ModerationPage },
  { path: '/moderation/settings', label: '审核设置', permission: 'moderation.settings', component: ModerationSettingsPage },
  { path: '/moderation/words', label: '敏感词', permission: 'moderation.words', component: SensitiveWordsPage },
  { path: '/moderation/emergency', label: '应急处置', permission: 'moderation.emergency', component: EmergencyPage },
  // The writing desk (ADR 025).
  { path: '/articles', label: '稿件库', permission: 'publish.write', component: ArticleListPage },
  { path: '/articles/edit', label: '写稿', permission: 'publish.write', component: ArticleEditorPage },
  // The wires (docs/security.md "The wires").
  { path: '/wires', label: '稿源池', permission: 'wires.tray', component: WiresTrayPage },
  { path: '/wires/feeds', label: '订阅源', permission: 'wires.feeds', component: WiresFeedsPage },
  { path: '/identity', label: '身份认证', permission: 'identity.review', component: IdentityPage },
  // The answerers 身份认证 approves are given 问答 questions here (docs/security.md "Answering desks").
  { path: '/qa', label: '问答指派', permission: 'qa.assign', component: QaAssignPage },
  { path: '/wenzheng', label: '问政受理', permission: 'answer.desk', component: WenzhengDeskPage },
  { path: '/wenzheng/calendar', label: '节假日安排', permission: 'answer.desk', component: WorkCalendarPage },
  { path: '/department', label: '部门办理', permission: 'answer.reply', unitKind: 'department', component: DepartmentDeskPage },
  { path: '/tips', label: '爆料线索', permission: 'answer.tips', component: TipDeskPage },
  // The live-commerce complaint desk (docs/security.md "Answering desks").
  { path: '/complaints', label: '投诉受理', permission: 'complaints.desk', component: ComplaintDeskPage },
  { path: '/complaints/seller', label: '商家投诉', permission: 'complaints.reply', unitKind: 'seller', component: SellerDeskPage },
  { path: '/staff', label: '人员与角色', permission: 'staff.manage', component: StaffPage },
  { path: '/audit', label: '操作记录', permission: 'audit.read', component: AuditPage },
  // The points mall desk.
  { path: '/mall/orders', label: '订单发货', permission: 'mall.orders', component: MallOrdersPage },
  { path: '/mall/goods', label: '商城商品', permission: 'mall.goods', component: MallGoodsPage },
  { path: '/mall/verify', label: '券码核销', permission: 'mall.verify', component: MallVerifyPage },
  { path: '/mall/points', label: '积分规则', permission: 'mall.points', component: MallPointsPage },
  { path: '/mall/finance', label: '积分对账', permission: 'mall.finance', component: MallFinancePage },
  // The section desks.
  { path: '/composition', label: '作文栏目', permission: 'composition.desk', component: CompositionDeskPage },
  { path: '/rural', label: '裕农栏目', permission: 'rural.desk', component: RuralDeskPage },
  // The placement desk (ADR 034).
  { path: '/placement', label: '版面安排', permission: 'placement.edit', component: PlacementDeskPage },
  // The topic desk (ADR 035).
  { path: '/topics', label: '专题编排', permission: 'topics.edit', component: TopicDeskPage },
  { path: '/sessions', label: '我的登录', permission: 'self.account', component: SessionsPage },
];

export function navFor(me: Me): NavEntry[] {
  return NAV.filter((e) => me.permissions.includes(e.permission) && (e.unitKind === undefined || me.unitKind === null || me.unitKind === e.unitKind));
}
