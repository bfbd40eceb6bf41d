/**
 * 部门办理: a department's people (answer.reply) see their own department's 问政, overdue first, sign for
 * one, ask once for more time or hand it back once (each with a reason), and write the official reply —
 * text, pictures, a related report — which appears on the question's page (docs/security.md "Answering desks").
 */
import { useState, type FormEvent } from 'react';
import { post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { DeskQueueView, ReasonForm, useAction, useDeskQueue } from '../ui.tsx';
import { FiguresLine, PoliticsCard, type ConsoleQuestion, type UnitFigures } from './PoliticsCard.tsx';

interface UnitQueue {
  unit: { id: number; name: string };
  figures: UnitFigures;
  items: ConsoleQuestion[];
  hasMore: boolean;
  pageSize: number;
}

const TABS = [
  { id: 'open', label: '待办理' },
  { id: 'replied', label: '已回复' },
] as const;
type Queue = (typeof TABS)[number]['id'];

export function DepartmentDeskPage(_props: PageProps) {
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  const desk = useDeskQueue<Queue, UnitQueue>('/answer/unit/questions', 'open', setError);
  const { data } = desk;

  const act = (path: string, body: Record<string, unknown>, done: string) =>
    void action.run(async () => {
      await post(path, body);
      setOk(done);
      desk.reload();
    });

  const overdue = data?.items.filter((q) => q.overdue).length ?? 0;
  return (
    <>
      <h1>部门办理{data ? ` · ${data.unit.name}` : ''}</h1>
      {data && <FiguresLine figures={data.figures} />}
      {overdue > 0 && (
        <p className="nr-notice nr-notice--error" role="status">
          有 {overdue} 件问政已超过办理期限，排在最前。
        </p>
      )}
      <DeskQueueView label="办理状态" tabs={TABS} desk={desk} error={action.error} ok={ok} clearOk={() => setOk(null)} empty="没有问政。">
        {(q) => (
          <PoliticsCard key={q.id} q={q}>
            {(q.state === 'accepted' || q.state === 'processing') && <Handle q={q} busy={action.busy} act={act} />}
          </PoliticsCard>
        )}
      </DeskQueueView>
    </>
  );
}

function Handle({ q, busy, act }: { q: ConsoleQuestion; busy: boolean; act: (path: string, body: Record<string, unknown>, done: string) => void }) {
  const withReason = (path: string, done: string) => (reason: string) => act(path, { id: q.id, reason }, done);
  const reply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const pictures = String(form.get('pictures') ?? '')
      .split(/\s+/)
      .map((p) => p.trim())
      .filter(Boolean);
    act(
      '/answer/unit/reply',
      { id: q.id, content: String(form.get('content') ?? ''), pictures, newsUrl: String(form.get('newsUrl') ?? '') },
      `已回复「${q.title}」`,
    );
  };
  return (
    <div className="nr-politics__handle">
      <div className="nr-actions">
        {q.state === 'accepted' && (
          <button className="nr-button" type="button" disabled={busy} onClick={() => act('/answer/unit/start', { id: q.id }, `已签收「${q.title}」`)}>
            签收办理
          </button>
        )}
        {!q.extended && (
          <ReasonForm
            label="延期原因（只能申请一次）"
            button="申请延期"
            busy={busy}
            onSubmit={withReason('/answer/unit/extend', `「${q.title}」已延期 5 个工作日`)}
          />
        )}
        <ReasonForm
          label="退回原因（不属于本部门职责等）"
          button="退回"
          busy={busy}
          onSubmit={withReason('/answer/unit/return', `「${q.title}」已退回受理台`)}
        />
      </div>
      <form className="nr-form nr-politics__reply" onSubmit={reply}>
        <label className="nr-field">
          <span>官方回复（提问人和所有读者可见）</span>
          <textarea name="content" rows={6} minLength={10} maxLength={3000} required />
        </label>
        <label className="nr-field">
          <span>回复配图地址（可选，每行一个，https:// 或 /media/ 开头，至多 9 张）</span>
          <textarea name="pictures" rows={2} />
        </label>
        <label className="nr-field">
          <span>相关报道链接（可选）</span>
          <input name="newsUrl" maxLength={500} placeholder="/NewsDetail?classId=…&newsId=…" />
        </label>
        <div>
          <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
            发布回复
          </button>
        </div>
      </form>
    </div>
  );
}
