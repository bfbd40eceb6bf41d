/**
 * 问答指派 (qa.assign): the open 问答 questions, each given to an approved answerer or reporter, given to
 * someone else, or taken back; the answerer sees it first in their 我的提问, marked 指派给我, and
 * answers as their own account (docs/security.md "Answering desks"). The answerers are the ones 身份认证 approved.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ConsoleAnswerer, ConsoleQuestion } from '../../contract/qaDesk.ts';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { DeskQueueView, messageOf, useAction, useDeskQueue, type QueuePage } from '../ui.tsx';

const TABS = [
  { id: 'open', label: '待回答' },
  { id: 'assigned', label: '已指派' },
] as const;
type Queue = (typeof TABS)[number]['id'];

const short = (s: string) => (s.length > 20 ? `${s.slice(0, 20)}…` : s);

export function QaAssignPage(_props: PageProps) {
  const [answerers, setAnswerers] = useState<ConsoleAnswerer[]>([]);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;
  const desk = useDeskQueue<Queue, QueuePage<ConsoleQuestion>>('/qa/questions', 'open', setError);

  useEffect(() => {
    get<{ items: ConsoleAnswerer[] }>('/qa/answerers')
      .then((r) => setAnswerers(r.items))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  // Taken back on the 已指派 tab, a question leaves the tab; otherwise its row shows the new assignee.
  const replace = (q: ConsoleQuestion) =>
    desk.update((list) => (desk.queue === 'assigned' && !q.assignee ? list.filter((x) => x.id !== q.id) : list.map((x) => (x.id === q.id ? q : x))));
  const assign = (q: ConsoleQuestion, userId: number) =>
    void action.run(async () => {
      const done = await post<ConsoleQuestion>('/qa/assign', { questionId: q.id, userId });
      replace(done);
      setOk(`「${short(q.title)}」已指派给${done.assignee?.name ?? ''}`);
    });
  const unassign = (q: ConsoleQuestion) =>
    void action.run(async () => {
      const done = await post<ConsoleQuestion>('/qa/unassign', { questionId: q.id });
      replace(done);
      setOk(`已撤回「${short(q.title)}」的指派`);
    });

  return (
    <>
      <h1>问答指派</h1>
      <p className="nr-meta">把读者的提问指派给已认证的答人或记者：对方在“我的提问”顶部的“指派给我”里优先看到，以本人账号回答。</p>
      <DeskQueueView
        label="问题状态"
        tabs={TABS}
        desk={desk}
        error={action.error}
        ok={ok}
        clearOk={() => setOk(null)}
        empty={desk.queue === 'open' ? '没有待回答的问题。' : '还没有指派过问题。'}
      >
        {(q) => (
          <li key={q.id} className="nr-list__item nr-list__item--column nr-politics" data-question-id={q.id}>
            <div>
              <span className="nr-badge">{q.assignee ? (q.assignee.answered ? '已回答' : '已指派') : '待指派'}</span>
              <span className="nr-meta">
                {q.asker || '读者'} 提问于 {q.time}
                {q.answerCount > 0 && ` · ${q.answerCount} 个回答`}
                {q.assignee && ` · 指派给 ${q.assignee.name}${q.assignee.typeName ? `（${q.assignee.typeName}）` : ''} · ${q.assignee.assignedAt}`}
              </span>
              <p>
                <strong>{q.title}</strong>
              </p>
              {q.content && <p className="nr-politics__text">{q.content}</p>}
            </div>
            {(q.answerCount === 0 || q.assignee) && (
              <div className="nr-actions">
                {/* Keyed by the assignee: after a change the choice starts again at someone else. */}
                {q.answerCount === 0 && <Assign key={q.assignee?.userId ?? 0} question={q} answerers={answerers} busy={action.busy} onAssign={assign} />}
                {q.assignee && (
                  <button className="nr-button" type="button" disabled={action.busy} onClick={() => unassign(q)} aria-label={`撤回指派：${short(q.title)}`}>
                    撤回指派
                  </button>
                )}
              </div>
            )}
          </li>
        )}
      </DeskQueueView>
    </>
  );
}

function Assign({
  question,
  answerers,
  busy,
  onAssign,
}: {
  question: ConsoleQuestion;
  answerers: ConsoleAnswerer[];
  busy: boolean;
  onAssign: (q: ConsoleQuestion, userId: number) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onAssign(question, Number(new FormData(e.currentTarget).get('userId')));
  };
  const current = question.assignee?.userId;
  return (
    <form className="nr-inline-form" onSubmit={submit}>
      <label className="nr-field">
        <span>{current ? '改派给' : '指派给'}</span>
        <select name="userId" defaultValue={answerers.find((a) => a.userId !== current)?.userId} required>
          {answerers.map((a) => (
            <option key={a.userId} value={a.userId}>
              {a.name}（{a.typeName}）
            </option>
          ))}
        </select>
      </label>
      <button className="nr-button nr-button--primary" type="submit" disabled={busy || answerers.length === 0}>
        {current ? '改派' : '指派'}
      </button>
    </form>
  );
}
