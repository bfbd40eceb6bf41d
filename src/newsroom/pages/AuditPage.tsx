/** 操作记录: the audit trail searched by person, item and date, newest first (ADR 017). */
import { useEffect, useState, type FormEvent } from 'react';
import { get } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { formatTime, messageOf, Notice, useAction } from '../ui.tsx';

interface AuditRow {
  id: number;
  at: string;
  staffId: number | null;
  staffName: string;
  action: string;
  itemKind: string;
  itemId: string;
  before: unknown;
  after: unknown;
  reason: string;
  ip: string;
}

interface AuditPageData {
  rows: AuditRow[];
  nextBeforeId: number | null;
}

type Filters = Record<string, string>;

/** The actions' Chinese names (a desk adds its own; an unknown one shows as recorded). */
const ACTIONS: Record<string, string> = {
  'wires.host.add': '允许订阅源主机',
  'wires.host.remove': '移除订阅源主机',
  'wires.feed.add': '添加订阅源',
  'wires.feed.enable': '启用订阅源',
  'wires.feed.disable': '停用订阅源',
  'wires.feed.fetch': '立即抓取订阅源',
  'wires.draft': '稿源生成草稿',
  'wires.import': '档案导入',
  'staff.signIn': '登录',
  'staff.signOut': '退出',
  'staff.endSession': '结束登录',
  'staff.enrol': '开通账号',
  'staff.invite': '邀请人员',
  'staff.role': '修改角色',
  'staff.disable': '停用账号',
  'staff.enable': '恢复账号',
  'staff.resetFactor': '重置动态验证码',
  'identity.approve': '身份认证通过',
  'identity.reject': '身份认证不通过',
  // 问答指派 (docs/security.md "Answering desks").
  'qa.assign': '指派问答问题',
  'qa.reassign': '改派问答问题',
  'qa.unassign': '撤回问答指派',
  // The moderation desk (docs/adr/018-one-review-model.md).
  'moderation.approve': '审核通过',
  'moderation.reject': '审核拒绝',
  'moderation.remove': '删除内容',
  'moderation.ban': '封禁读者',
  'moderation.settings': '修改审核设置',
  'moderation.words': '修改敏感词',
  'moderation.emergency': '应急处置',
  // The points mall desk.
  'mall.goods.create': '新建商品',
  'mall.goods.edit': '编辑商品',
  'mall.goods.onSale': '商品上架',
  'mall.goods.offSale': '商品下架',
  'mall.goods.stock': '调整库存',
  'mall.address.view': '查看收货信息',
  'mall.batch.export': '导出发货批次',
  'mall.batch.download': '重新下载发货批次',
  'mall.ship': '订单发货',
  'mall.import': '导入快递单号',
  'mall.cancel': '取消订单并退积分',
  'mall.verify': '核销券码',
  'mall.merchant.link': '关联核销商户',
  'mall.points.rule': '修改积分规则',
  'mall.ledger.export': '导出积分流水',
};

function show(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

export function AuditPage(_props: PageProps) {
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    setRows(null);
    get<AuditPageData>('/audit', filters)
      .then((d) => {
        setRows(d.rows);
        setNext(d.nextBeforeId);
      })
      .catch((err: unknown) => setError(messageOf(err)));
    // Searches again when the filters change.
  }, [filters, setError]);

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const f: Filters = {};
    for (const key of ['staff', 'itemKind', 'itemId', 'from', 'to']) {
      const v = String(form.get(key) ?? '').trim();
      if (v) f[key] = v;
    }
    setFilters(f);
  };

  const more = () =>
    void action.run(async () => {
      if (next === null) return;
      const d = await get<AuditPageData>('/audit', { ...filters, beforeId: next });
      setRows((r) => [...(r ?? []), ...d.rows]);
      setNext(d.nextBeforeId);
    });

  return (
    <>
      <h1>操作记录</h1>
      <form className="nr-grid-form nr-grid-form--filters" onSubmit={search} aria-label="查找操作记录">
        <label className="nr-field">
          <span>人员（账号或编号）</span>
          <input name="staff" autoCapitalize="none" spellCheck={false} />
        </label>
        <label className="nr-field">
          <span>对象类型</span>
          <input name="itemKind" placeholder="如 staff、bangMember" />
        </label>
        <label className="nr-field">
          <span>对象编号</span>
          <input name="itemId" />
        </label>
        <label className="nr-field">
          <span>起始日期</span>
          <input name="from" type="date" />
        </label>
        <label className="nr-field">
          <span>结束日期</span>
          <input name="to" type="date" />
        </label>
        <button className="nr-button nr-button--primary" type="submit">
          查找
        </button>
      </form>
      <Notice error={action.error} />
      {rows === null ? (
        <p role="status">加载中…</p>
      ) : rows.length === 0 ? (
        <p>没有记录。</p>
      ) : (
        <div className="nr-table-wrap" role="region" aria-label="操作记录表格（可左右滚动）" tabIndex={0}>
          <table className="nr-table">
            <caption className="nr-visually-hidden">操作记录，最新的在前</caption>
            <thead>
              <tr>
                <th scope="col">时间</th>
                <th scope="col">人员</th>
                <th scope="col">操作</th>
                <th scope="col">对象</th>
                <th scope="col">变更</th>
                <th scope="col">原因</th>
                <th scope="col">地址</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatTime(r.at)}</td>
                  <td>
                    {r.staffName}
                    {r.staffId !== null && <span className="nr-meta">编号 {r.staffId}</span>}
                  </td>
                  <td>{ACTIONS[r.action] ?? r.action}</td>
                  <td>
                    {r.itemKind} {r.itemId}
                  </td>
                  <td className="nr-change">
                    {show(r.before)}
                    {r.before !== null || r.after !== null ? ' → ' : ''}
                    {show(r.after)}
                  </td>
                  <td>{r.reason}</td>
                  <td>{r.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== null && (
        <button className="nr-button" type="button" onClick={more} disabled={action.busy}>
          更多
        </button>
      )}
    </>
  );
}
