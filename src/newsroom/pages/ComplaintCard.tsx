/**
 * One live-commerce complaint as the console's desks show it: shop and platform, complainant, problem, what
 * happened and what they want, the seller handling it, the reply, the follow-up and how it closed; the desk's or
 * the seller's actions go in `children` (docs/security.md "Answering desks", the complaint desk).
 */
import type { ReactNode } from 'react';
import type { ConsoleComplaint, SellerFigures } from '../../contract/complaintDesk.ts';

export function ComplaintCard({ c, children }: { c: ConsoleComplaint; children?: ReactNode }) {
  const holder = c.unitName ? `转交 ${c.unitName}` : c.status === 'submitted' || c.status === 'refused' ? '' : '平台客服处理';
  return (
    <li className="nr-list__item nr-list__item--column nr-politics" data-complaint-id={c.id}>
      <div>
        <strong>
          {c.shopName}（{c.platform}）· {c.problemType}
        </strong>
        <span className="nr-badge">{c.statusText}</span>
        {c.followUp && <span className="nr-badge nr-badge--warn">投诉人追问</span>}
        <span className="nr-meta">
          TS{String(c.id).padStart(6, '0')} · {c.complainant} 投诉于 {c.filedAt}
          {c.amount && ` · 涉及 ¥${c.amount}`}
          {holder && ` · ${holder}`}
          {c.repliedAt && ` · 回复于 ${c.repliedAt}`}
          {c.autoCloseAt && ` · ${c.autoCloseAt} 未确认将自动完结`}
          {c.closedText && ` · ${c.closedText}`}
        </span>
        <p className="nr-politics__text">{c.content}</p>
        <p className="nr-meta">诉求：{c.demand}</p>
        {c.reply && <p className="nr-meta">回复：{c.reply}</p>}
        {c.followUp && <p className="nr-meta">追问：{c.followUp}</p>}
        {c.refuseReason && <p className="nr-meta">不予受理：{c.refuseReason}</p>}
      </div>
      {children}
    </li>
  );
}

export function SellerFiguresLine({ figures }: { figures: SellerFigures }) {
  return (
    <p className="nr-meta">
      收到投诉 {figures.received} 件 · 已回复 {figures.replied} 件 · 回复率 {figures.replyRate} · 投诉人确认解决 {figures.solved} 件 · 解决率{' '}
      {figures.solvedRate}
    </p>
  );
}

/** The reply form of the one holding a complaint (the seller, or the desk for the ones it kept). */
export function ReplyForm({ c, busy, onReply }: { c: ConsoleComplaint; busy: boolean; onReply: (c: ConsoleComplaint, content: string) => void }) {
  return (
    <form
      className="nr-form nr-politics__reply"
      onSubmit={(e) => {
        e.preventDefault();
        onReply(c, String(new FormData(e.currentTarget).get('content') ?? '').trim());
      }}
    >
      <label className="nr-field">
        <span>{c.followUp ? '再次回复投诉人的追问' : '回复投诉人'}（投诉页公开可见）</span>
        <textarea name="content" rows={4} minLength={5} maxLength={1000} required />
      </label>
      <div>
        <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
          发布回复
        </button>
      </div>
    </form>
  );
}
