/**
 * 商家投诉: a seller's people (complaints.reply, role 部门 linked to a seller) see the complaints sent to their
 * shop — open first — and reply; the reply appears on the complaint's page, where the complainant confirms it
 * solved or asks again once (docs/security.md "Answering desks", the complaint desk).
 */
import { useState } from 'react';
import type { ConsoleComplaint, SellerFigures } from '../../contract/complaintDesk.ts';
import { post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { DeskQueueView, useAction, useDeskQueue } from '../ui.tsx';
import { ComplaintCard, ReplyForm, SellerFiguresLine } from './ComplaintCard.tsx';

interface SellerQueue {
  unit: { id: number; name: string };
  figures: SellerFigures;
  items: ConsoleComplaint[];
  hasMore: boolean;
  pageSize: number;
}

const TABS = [
  { id: 'open', label: '待回复' },
  { id: 'replied', label: '已回复' },
  { id: 'closed', label: '已完结' },
] as const;
type Queue = (typeof TABS)[number]['id'];

export function SellerDeskPage(_props: PageProps) {
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  const desk = useDeskQueue<Queue, SellerQueue>('/complaints/seller/list', 'open', setError);
  const { data } = desk;

  const reply = (c: ConsoleComplaint, content: string) =>
    void action.run(async () => {
      await post('/complaints/seller/reply', { id: c.id, content });
      setOk(`已回复投诉 TS${String(c.id).padStart(6, '0')}`);
      desk.reload();
    });

  return (
    <>
      <h1>商家投诉{data ? ` · ${data.unit.name}` : ''}</h1>
      {data && <SellerFiguresLine figures={data.figures} />}
      <DeskQueueView label="投诉状态" tabs={TABS} desk={desk} error={action.error} ok={ok} clearOk={() => setOk(null)} empty="没有投诉。">
        {(c) => (
          <ComplaintCard key={c.id} c={c}>
            {(c.status === 'processing' || c.status === 'accepted') && <ReplyForm c={c} busy={action.busy} onReply={reply} />}
          </ComplaintCard>
        )}
      </DeskQueueView>
    </>
  );
}
