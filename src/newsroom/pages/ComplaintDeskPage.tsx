/**
 * 投诉受理: the complaint desk (complaints.desk) takes each 待受理 live-commerce complaint — sends it to the seller
 * it names (a seller unit; the named one is chosen first) or keeps it and replies as 平台客服, or refuses it with
 * a reason the complainant reads — and follows the rest to 已完结 (docs/security.md "Answering desks").
 */
import { useEffect, useState } from 'react';
import type { ConsoleComplaint, SellerFigures } from '../../contract/complaintDesk.ts';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { AssignOrRefuse, DeskQueueView, messageOf, useAction, useDeskQueue, type QueuePage } from '../ui.tsx';
import { ComplaintCard, ReplyForm } from './ComplaintCard.tsx';

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

  const desk = useDeskQueue<Queue, QueuePage<ConsoleComplaint>>('/complaints/desk/list', 'submitted', setError);
  useEffect(() => {
    get<Seller[]>('/complaints/sellers')
      .then(setSellers)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const drop = (id: number) => desk.update((list) => list.filter((x) => x.id !== id));
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
      <DeskQueueView label="投诉状态" tabs={TABS} desk={desk} error={action.error} ok={ok} clearOk={() => setOk(null)} empty="没有投诉。">
        {(c) => (
          <ComplaintCard key={c.id} c={c}>
            {c.status === 'submitted' && sellers.length > 0 && (
              <AssignOrRefuse
                units={sellers}
                chosen={c.suggestedUnitId}
                chosenMark="（投诉所指商家）"
                none="平台客服处理（不转交商家）"
                unitLabel="转交商家"
                assignText="受理"
                refuseLabel="不予受理的原因（投诉人可见）"
                busy={action.busy}
                onAssign={(unitId) => assign(c, unitId)}
                onRefuse={(reason) => refuse(c, reason)}
              />
            )}
            {(c.status === 'processing' || c.status === 'accepted') && c.unitId === 0 && <ReplyForm c={c} busy={action.busy} onReply={reply} />}
          </ComplaintCard>
        )}
      </DeskQueueView>
    </>
  );
}
