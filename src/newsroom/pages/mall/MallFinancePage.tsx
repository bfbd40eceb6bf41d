/**
 * 积分对账: the ledger of a range of Beijing days, summed by kind and exported for finance (CSV, an audit
 * row), and the check that every reader's balance equals their ledger.
 */
import { useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { Notice, useAction } from '../../ui.tsx';
import { beijingDay } from '../../../lib/beijingDay.ts';
import { saveCsv } from './download.ts';

interface Totals {
  from: string;
  to: string;
  byReason: { reason: string; text: string; rows: number; amount: number }[];
  net: number;
  rows: number;
}

interface Reconciliation {
  readers: number;
  balances: number;
  ledgerSum: number;
  mismatchCount: number;
  mismatches: { userId: number; credit: number; ledgerSum: number; lastBalance: number | null }[];
  balanced: boolean;
}

export function MallFinancePage(_props: PageProps) {
  const today = beijingDay(Date.now());
  const [totals, setTotals] = useState<Totals | null>(null);
  const [check, setCheck] = useState<Reconciliation | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();

  const rangeOf = (form: HTMLFormElement) => {
    const f = new FormData(form);
    return { from: String(f.get('from') ?? ''), to: String(f.get('to') ?? '') };
  };
  const sum = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const range = rangeOf(e.currentTarget);
    void action.run(async () => setTotals(await get<Totals>('/mall/ledger/totals', range)));
  };
  const exportCsv = (form: HTMLFormElement | null) => {
    if (!form?.reportValidity()) return;
    const range = rangeOf(form);
    void action.run(async () => {
      const out = await post<{ filename: string; csv: string; rows: number; totals: Totals }>('/mall/ledger/export', range);
      saveCsv(out.filename, out.csv);
      setTotals(out.totals);
      setOk(`已导出 ${out.rows} 条流水`);
    });
  };
  const reconcile = () => void action.run(async () => setCheck(await get<Reconciliation>('/mall/ledger/reconcile')));

  return (
    <>
      <h1>积分对账</h1>
      <form className="nr-inline-form" onSubmit={sum} aria-label="积分流水日期范围">
        <label className="nr-field">
          <span>开始日期（北京时间）</span>
          <input name="from" type="date" defaultValue={today} required />
        </label>
        <label className="nr-field">
          <span>结束日期</span>
          <input name="to" type="date" defaultValue={today} required />
        </label>
        <button className="nr-button" type="submit" disabled={action.busy}>
          汇总
        </button>
        <button className="nr-button nr-button--primary" type="button" disabled={action.busy} onClick={(e) => exportCsv(e.currentTarget.form)}>
          导出流水（CSV）
        </button>
      </form>
      <Notice error={action.error} ok={ok} />
      {totals && (
        <div className="nr-table-wrap" role="region" aria-label="流水汇总" tabIndex={0}>
          <table className="nr-table">
            <caption>
              {totals.from} 至 {totals.to}：{totals.rows} 条，净变动 {totals.net} 积分
            </caption>
            <thead>
              <tr>
                <th scope="col">类型</th>
                <th scope="col">条数</th>
                <th scope="col">积分合计</th>
              </tr>
            </thead>
            <tbody>
              {totals.byReason.map((r) => (
                <tr key={r.reason}>
                  <td>{r.text}</td>
                  <td>{r.rows}</td>
                  <td>{r.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className="nr-panel" aria-labelledby="reconcile-title">
        <h2 id="reconcile-title">余额对账</h2>
        <p className="nr-hint">逐一核对每位读者的积分余额是否等于其流水合计与最后一条流水的余额。</p>
        <button className="nr-button" type="button" disabled={action.busy} onClick={reconcile}>
          开始对账
        </button>
        {check && (
          <div role="status">
            <p>
              <strong>{check.balanced ? '账实相符' : `发现 ${check.mismatchCount} 位读者余额与流水不符`}</strong>
            </p>
            <p className="nr-meta">
              读者 {check.readers} 位 · 余额合计 {check.balances} · 流水合计 {check.ledgerSum}
            </p>
            {check.mismatches.length > 0 && (
              <ul className="nr-list">
                {check.mismatches.map((m) => (
                  <li key={m.userId} className="nr-list__item">
                    读者 {m.userId}：余额 {m.credit}，流水合计 {m.ledgerSum}，最后余额 {m.lastBalance ?? '无'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </>
  );
}
