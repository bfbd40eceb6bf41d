/**
 * 订单发货: the fulfilment queue of physical orders (docs/security.md "Points mall desk"). Addresses are
 * masked; 商城运营 opens one at a time (an audit row each) or exports the oldest waiting orders as a
 * warehouse batch (CSV), then enters tracking numbers one by one or imports the warehouse's file back.
 * Cancelling refunds the points once and puts the unit back.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, Notice, Tabs, useAction } from '../../ui.tsx';
import { newKey, saveCsv } from './download.ts';

interface Receiver {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

interface Order {
  id: number;
  goodsName: string;
  kind: string;
  points: number;
  status: number;
  statusText: string;
  nickname: string;
  address: Receiver | null;
  batchId: number | null;
  carrier: string;
  trackingNo: string;
  createTime: string;
  shipTime: string;
  cancelReason: string;
}

type State = 'waiting' | 'batched' | 'shipped' | 'done' | 'cancelled';

interface Queue {
  counts: Record<State, number>;
  items: Order[];
  batches: { id: number; staffName: string; orders: number; time: string }[];
}

interface ImportReport {
  shipped: number;
  unchanged: number;
  refused: { line: number; id: string; reason: string }[];
}

const TABS: { state: State; label: string }[] = [
  { state: 'waiting', label: '待导出' },
  { state: 'batched', label: '已导出待发货' },
  { state: 'shipped', label: '已发货' },
  { state: 'done', label: '已完成' },
  { state: 'cancelled', label: '已取消' },
];

const CARRIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '京东物流', '中国邮政'];

/** Cancels any exchange by its number: a coupon or ticket whose code is unused, a physical good not shipped. */
function CancelAny({ onDone }: { onDone: (message: string) => void }) {
  const action = useAction();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    void action.run(async () => {
      const done = await post<Order>('/mall/orders/cancel', { id: Number(form.get('id')), reason: String(form.get('reason') ?? '') });
      formEl.reset();
      onDone(`单号 ${done.id}（${done.goodsName}）已取消，${done.points} 积分已退回`);
    });
  };
  return (
    <section className="nr-panel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">取消兑换并退回积分</h2>
      <p className="nr-hint">未发货的实物、未核销的优惠券和票券可以取消；积分只退一次，库存同时退回。</p>
      <form className="nr-inline-form" onSubmit={submit}>
        <label className="nr-field">
          <span>兑换单号</span>
          <input name="id" inputMode="numeric" pattern="[0-9]{1,10}" required />
        </label>
        <label className="nr-field">
          <span>原因</span>
          <input name="reason" required minLength={2} maxLength={100} />
        </label>
        <button className="nr-button" type="submit" disabled={action.busy}>
          取消并退回积分
        </button>
      </form>
      <Notice error={action.error} />
    </section>
  );
}

export function MallOrdersPage({ me }: PageProps) {
  const [state, setState] = useState<State>('waiting');
  const [queue, setQueue] = useState<Queue | null>(null);
  const [round, setRound] = useState(0);
  const [ok, setOk] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const exportKey = useRef(newKey());
  const action = useAction();
  const { setError } = action;
  const addresses = me.role === 'mallOperator';

  useEffect(() => {
    get<Queue>('/mall/orders', { state })
      .then(setQueue)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [state, round, setError]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const exportBatch = () =>
    void action.run(async () => {
      const out = await post<{ filename: string; csv: string; batch: { id: number; orders: number } }>('/mall/orders/export', { key: exportKey.current });
      exportKey.current = newKey();
      saveCsv(out.filename, out.csv);
      setOk(`已导出批次 ${out.batch.id}，共 ${out.batch.orders} 单`);
      reload();
    });

  const downloadBatch = (batchId: number) =>
    void action.run(async () => {
      const out = await post<{ filename: string; csv: string }>('/mall/orders/batch', { batchId });
      saveCsv(out.filename, out.csv);
    });

  const importFile = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get('file');
    // Refused here and nothing sent: an error thrown inside run that is not the server's shows as 操作失败.
    if (!(file instanceof File) || file.size === 0) {
      setOk(null);
      setError('请选择 CSV 文件');
      return;
    }
    void action.run(async () => {
      const text = await file.text();
      const result = await post<ImportReport>('/mall/orders/import', { csv: text });
      setReport(result);
      setOk(`导入完成：发货 ${result.shipped} 单，未变 ${result.unchanged} 单，拒收 ${result.refused.length} 行`);
      reload();
    });
  };

  return (
    <>
      <h1>订单发货</h1>
      <section className="nr-panel" aria-labelledby="warehouse-title">
        <h2 id="warehouse-title">仓库批次</h2>
        {addresses ? (
          <div className="nr-actions">
            <button className="nr-button nr-button--primary" type="button" disabled={action.busy} onClick={exportBatch}>
              导出待发货订单（CSV）
            </button>
            <form className="nr-inline-form" onSubmit={importFile} aria-label="导入快递单号">
              <label className="nr-field">
                <span>快递单号文件（CSV：兑换单号、快递公司、快递单号）</span>
                <input name="file" type="file" accept=".csv,text/csv" required />
              </label>
              <button className="nr-button" type="submit" disabled={action.busy}>
                导入快递单号
              </button>
            </form>
          </div>
        ) : (
          <p className="nr-hint">收货信息仅商城运营可查看和导出。</p>
        )}
        {queue && queue.batches.length > 0 && addresses && (
          <ul className="nr-list" aria-label="最近的批次">
            {queue.batches.map((b) => (
              <li key={b.id} className="nr-list__item">
                <span>
                  批次 {b.id} · {b.orders} 单
                  <span className="nr-meta">
                    {b.staffName} 导出于 {b.time}
                  </span>
                </span>
                <button className="nr-button" type="button" disabled={action.busy} onClick={() => downloadBatch(b.id)}>
                  重新下载批次 {b.id}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CancelAny
        onDone={(message) => {
          setOk(message);
          reload();
        }}
      />
      <Notice error={action.error} ok={ok} />
      <datalist id="nr-carriers">
        {CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {report && report.refused.length > 0 && (
        <div className="nr-table-wrap" role="region" aria-label="拒收的行" tabIndex={0}>
          <table className="nr-table">
            <caption>拒收的行（{report.refused.length}）</caption>
            <thead>
              <tr>
                <th scope="col">行号</th>
                <th scope="col">兑换单号</th>
                <th scope="col">原因</th>
              </tr>
            </thead>
            <tbody>
              {report.refused.map((r) => (
                <tr key={`${r.line}-${r.id}`}>
                  <td>{r.line}</td>
                  <td>{r.id}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Tabs
        label="订单状态"
        tabs={TABS.map((t) => ({ id: t.state, label: `${t.label}${queue ? `（${queue.counts[t.state]}）` : ''}` }))}
        current={state}
        onChoose={(id) => {
          setOk(null);
          setState(id);
        }}
      />
      {queue === null ? (
        <p role="status">加载中…</p>
      ) : queue.items.length === 0 ? (
        <p>没有订单。</p>
      ) : (
        <ul className="nr-list">
          {queue.items.map((o) => (
            <OrderRow key={o.id} order={o} addresses={addresses} onChanged={reload} />
          ))}
        </ul>
      )}
    </>
  );
}

function OrderRow({ order, addresses, onChanged }: { order: Order; addresses: boolean; onChanged: () => void }) {
  const [shown, setShown] = useState<Order>(order);
  const [whole, setWhole] = useState(false);
  const action = useAction();
  const reveal = () =>
    void action.run(async () => {
      setShown(await post<Order>('/mall/orders/address', { id: order.id }));
      setWhole(true);
    });
  const ship = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void action.run(async () => {
      await post('/mall/orders/ship', { id: order.id, carrier: String(form.get('carrier') ?? ''), trackingNo: String(form.get('trackingNo') ?? '') });
      onChanged();
    });
  };
  const cancel = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    void action.run(async () => {
      await post('/mall/orders/cancel', { id: order.id, reason });
      onChanged();
    });
  };
  const a = shown.address;
  return (
    <li className="nr-list__item nr-list__item--column" data-order={order.id}>
      <div>
        <strong>
          单号 {order.id} · {order.goodsName}
        </strong>
        <span className="nr-badge">{order.statusText}</span>
        <span className="nr-meta">
          {order.points} 积分 · 读者 {order.nickname || '未设置昵称'} · 兑换于 {order.createTime}
          {order.batchId !== null ? ` · 批次 ${order.batchId}` : ''}
        </span>
        {a && (
          <span className="nr-meta" data-testid="receiver">
            收货：{a.name} {a.phone} {a.region} {a.detail}
          </span>
        )}
        {order.trackingNo && (
          <span className="nr-meta">
            快递：{order.carrier} {order.trackingNo}（{order.shipTime}）
          </span>
        )}
        {order.cancelReason && <span className="nr-meta">取消原因：{order.cancelReason}</span>}
      </div>
      <Notice error={action.error} />
      {order.status === 1 && (
        <div className="nr-actions">
          {addresses && !whole && a && (
            <button className="nr-button" type="button" disabled={action.busy} onClick={reveal}>
              查看单号 {order.id} 的完整收货信息
            </button>
          )}
          <form className="nr-inline-form" onSubmit={ship} aria-label={`单号 ${order.id} 发货`}>
            <label className="nr-field">
              <span>快递公司</span>
              <input name="carrier" required minLength={2} maxLength={20} list="nr-carriers" />
            </label>
            <label className="nr-field">
              <span>快递单号</span>
              <input name="trackingNo" required pattern="[A-Za-z0-9\-]{6,30}" autoCapitalize="characters" spellCheck={false} />
            </label>
            <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
              发货
            </button>
          </form>
          <form className="nr-inline-form" onSubmit={cancel} aria-label={`单号 ${order.id} 取消`}>
            <label className="nr-field">
              <span>取消原因</span>
              <input name="reason" required minLength={2} maxLength={100} />
            </label>
            <button className="nr-button" type="submit" disabled={action.busy}>
              取消并退回积分
            </button>
          </form>
        </div>
      )}
    </li>
  );
}
