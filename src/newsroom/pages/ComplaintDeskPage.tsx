/**
 * 投诉受理: the complaint desk (complaints.desk) takes each 待受理 live-commerce complaint — sends it to the seller
 * it names (a seller unit; the named one is chosen first) or keeps it and replies as 平台客服, or refuses it with
 * a reason the complainant reads — and follows the rest to 已完结 (docs/security.md "Answering desks").
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, Pager, Tabs, useAction, useDeskQueue, type QueuePage } from '../ui.tsx';
import { ComplaintCard, ReplyForm, type ConsoleComplaint, type SellerFigures } from './ComplaintCard.tsx';

interface Seller {
  id: number;
  name: string;
  figures: SellerFigures;
}

const TABS = [
  { id: 'submitted', label: '待受理' },
  { id: 'open', label: '处理中' },
  { id: 'replied', label: '已回复' },
  { id: 'closed', label: '已完结' },
  { id: 'refused', label: '不予受理' },
] as const;
type Queue = (typeof TABS)[number]['id'];

export function ComplaintDeskPage(_props: PageProps) {
  const [sellers, setSellers] = useState<Seller[]>([]);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  const { queue, choose, page, goTo, data, update } = useDeskQueue<Queue, QueuePage<ConsoleComplaint>>('/complaints/desk/list', 'submitted', setError);
  const rows = data?.items ?? null;
  useEffect(() => {
    get<Seller[]>('/complaints/sellers')
      .then(setSellers)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const drop = (id: number) => update((list) => list.filter((x) => x.id !== id));
  const assign = (c: ConsoleComplaint, unitId: number) =>
    void action.run(async () => {
      const done = await post<ConsoleComplaint>('/complaints/desk/assign', { id: c.id, unitId });
      drop(c.id);
      setOk(`已受理「${c.shopName}」的投诉，${done.unitName ? `转交${done.unitName}` : '由平台客服处理'}`);
    });
  const refuse = (c: ConsoleComplaint, reason: string) =>
    void action.run(async () => {
      await post('/complaints/desk/refuse', { id: c.id, reason });
      drop(c.id);
      setOk(`「${c.shopName}」的投诉不予受理`);
    });
  const reply = (c: ConsoleComplaint, content: string) =>
    void action.run(async () => {
      await post('/complaints/desk/reply', { id: c.id, content });
      drop(c.id);
      setOk(`已回复「${c.shopName}」的投诉`);
    });

  return (
    <>
      <h1>投诉受理</h1>
      <p className="nr-meta">直播带货投诉：转交所投诉的商家，或由平台客服处理；商家回复后投诉人确认解决或追问一次，7 天未确认自动完结。</p>
      <Tabs
        label="投诉状态"
        tabs={TABS}
        current={queue}
        onChoose={(id) => {
          setOk(null);
          choose(id);
        }}
      />
      <Notice error={action.error} ok={ok} />
      {rows === null ? (
        action.error ? null : (
          <p role="status">加载中…</p>
        )
      ) : rows.length === 0 ? (
        <p>没有投诉。</p>
      ) : (
        <ul className="nr-list">
          {rows.map((c) => (
            <ComplaintCard key={c.id} c={c}>
              {c.status === 'submitted' && sellers.length > 0 && <Assign c={c} sellers={sellers} busy={action.busy} onAssign={assign} onRefuse={refuse} />}
              {(c.status === 'processing' || c.status === 'accepted') && c.unitId === 0 && <ReplyForm c={c} busy={action.busy} onReply={reply} />}
            </ComplaintCard>
          ))}
        </ul>
      )}
      <Pager page={page} data={data} onPage={goTo} />
    </>
  );
}

function Assign({
  c,
  sellers,
  busy,
  onAssign,
  onRefuse,
}: {
  c: ConsoleComplaint;
  sellers: Seller[];
  busy: boolean;
  onAssign: (c: ConsoleComplaint, unitId: number) => void;
  onRefuse: (c: ConsoleComplaint, reason: string) => void;
}) {
  const assign = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onAssign(c, Number(new FormData(e.currentTarget).get('unitId')));
  };
  const refuse = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onRefuse(c, String(new FormData(e.currentTarget).get('reason') ?? '').trim());
  };
  return (
    <div className="nr-actions">
      <form className="nr-inline-form" onSubmit={assign}>
        <label className="nr-field">
          <span>转交商家</span>
          <select name="unitId" defaultValue={c.suggestedUnitId} required>
            <option value={0}>平台客服处理（不转交商家）</option>
            {sellers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.id === c.suggestedUnitId ? '（投诉所指商家）' : ''}
              </option>
            ))}
          </select>
        </label>
        <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
          受理
        </button>
      </form>
      <form className="nr-inline-form" onSubmit={refuse}>
        <label className="nr-field">
          <span>不予受理的原因（投诉人可见）</span>
          <input name="reason" minLength={2} maxLength={200} required />
        </label>
        <button className="nr-button" type="submit" disabled={busy}>
          不予受理
        </button>
      </form>
    </div>
  );
}
