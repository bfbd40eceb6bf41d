/**
 * One 问政 as the console's desks show it: title, asker, the department chosen and the one handling it,
 * the due time (超期 marked), reasons given so far; the desk's or the department's actions go in `children`.
 */
import type { ReactNode } from 'react';

export interface ConsoleQuestion {
  id: number;
  title: string;
  content: string;
  asker: string;
  askedAt: string;
  chosen: string;
  chosenUnitId: number;
  state: 'submitted' | 'accepted' | 'processing' | 'replied' | 'declined';
  stateText: string;
  unitId: number;
  unitName: string;
  acceptedAt: string;
  dueAt: string;
  overdue: boolean;
  extended: boolean;
  extensionReason: string;
  declineReason: string;
  returnedReason: string;
  repliedAt: string;
  rating: string;
}

export interface UnitFigures {
  received: number;
  replied: number;
  replyRate: string;
  averageDays: string;
  rated: number;
  satisfied: number;
  satisfaction: string;
  overdue: number;
}

export function PoliticsCard({ q, children }: { q: ConsoleQuestion; children?: ReactNode }) {
  return (
    <li className="nr-list__item nr-list__item--column nr-politics" data-politics-id={q.id}>
      <div>
        <strong>{q.title}</strong>
        <span className="nr-badge">{q.stateText}</span>
        {q.overdue && <span className="nr-badge nr-badge--warn">已超期</span>}
        {q.extended && <span className="nr-badge">已延期</span>}
        <span className="nr-meta">
          {q.asker} 提问于 {q.askedAt} · 问政对象 {q.chosen}
          {q.unitName && ` · 转交 ${q.unitName}`}
          {q.dueAt && ` · 办理期限 ${q.dueAt}`}
          {q.repliedAt && ` · 回复于 ${q.repliedAt}`}
          {q.rating && ` · 提问人评价 ${q.rating}`}
        </span>
        <p className="nr-politics__text">{q.content}</p>
        {q.returnedReason && <p className="nr-meta">部门退回：{q.returnedReason}</p>}
        {q.extensionReason && <p className="nr-meta">延期原因：{q.extensionReason}</p>}
        {q.declineReason && <p className="nr-meta">不予受理：{q.declineReason}</p>}
      </div>
      {children}
    </li>
  );
}

export function FiguresLine({ figures }: { figures: UnitFigures }) {
  return (
    <p className="nr-meta">
      收到 {figures.received} 件 · 已回复 {figures.replied} 件 · 回复率 {figures.replyRate} · 平均 {figures.averageDays} 天回复 · 满意度 {figures.satisfaction}
      {figures.overdue > 0 && ` · 超期 ${figures.overdue} 件`}
    </p>
  );
}
