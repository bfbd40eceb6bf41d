/**
 * 问政受理: the desk (answer.desk) takes each 待受理 question — assigns it to a department (the one the
 * asker chose, or another) or declines it with a reason the asker reads — and follows the open ones,
 * overdue first (5 working days; docs/security.md "Answering desks").
 */
import { useEffect, useState } from 'react';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { AssignOrRefuse, DeskQueueView, messageOf, useAction, useDeskQueue, type QueuePage } from '../ui.tsx';
import { FiguresLine, PoliticsCard, type ConsoleQuestion, type UnitFigures } from './PoliticsCard.tsx';

interface Unit {
  id: number;
  name: string;
  figures: UnitFigures;
  staff: { id: number; name: string }[];
}

const TABS = [
  { id: 'submitted', label: '待受理' },
  { id: 'open', label: '办理中' },
  { id: 'replied', label: '已回复' },
  { id: 'declined', label: '不予受理' },
] as const;
type Queue = (typeof TABS)[number]['id'];

export function WenzhengDeskPage(_props: PageProps) {
  const [units, setUnits] = useState<Unit[]>([]);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;
  const desk = useDeskQueue<Queue, QueuePage<ConsoleQuestion> & { overdue: number }>('/answer/desk/questions', 'submitted', setError);
  const { data } = desk;
  // The overdue count stays on screen while another tab or page loads.
  const [overdue, setOverdue] = useState(0);
  useEffect(() => {
    if (data) setOverdue(data.overdue);
  }, [data]);
  useEffect(() => {
    get<Unit[]>('/answer/units')
      .then(setUnits)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const accept = (q: ConsoleQuestion, unitId: number) =>
    void action.run(async () => {
      const done = await post<ConsoleQuestion>('/answer/desk/accept', { id: q.id, unitId });
      desk.update((list) => list.filter((x) => x.id !== q.id));
      setOk(`已受理「${q.title}」，转交${done.unitName}`);
    });
  const decline = (q: ConsoleQuestion, reason: string) =>
    void action.run(async () => {
      await post('/answer/desk/decline', { id: q.id, reason });
      desk.update((list) => list.filter((x) => x.id !== q.id));
      setOk(`「${q.title}」不予受理`);
    });

  return (
    <>
      <h1>问政受理</h1>
      {overdue > 0 && (
        <p className="nr-notice nr-notice--error" role="status">
          有 {overdue} 件问政超过 5 个工作日未回复，已排在「办理中」最前。
        </p>
      )}
      <DeskQueueView label="问政状态" tabs={TABS} desk={desk} error={action.error} ok={ok} clearOk={() => setOk(null)} empty="没有问政。">
        {(q) => (
          <PoliticsCard key={q.id} q={q}>
            {/* After the units arrive: the select's default (the asker's choice) is applied when it mounts. */}
            {q.state === 'submitted' && units.length > 0 && (
              <AssignOrRefuse
                units={units}
                chosen={q.chosenUnitId}
                chosenMark="（提问人所选）"
                unitLabel="转交部门"
                assignText="受理并转交"
                refuseLabel="不予受理的原因（提问人可见）"
                busy={action.busy}
                onAssign={(unitId) => accept(q, unitId)}
                onRefuse={(reason) => decline(q, reason)}
              />
            )}
          </PoliticsCard>
        )}
      </DeskQueueView>
      {desk.queue === 'open' && units.length > 0 && (
        <details className="nr-panel">
          <summary>各部门数据</summary>
          <ul className="nr-list">
            {units.map((u) => (
              <li key={u.id} className="nr-list__item nr-list__item--column">
                <strong>{u.name}</strong>
                <FiguresLine figures={u.figures} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
