/**
 * 身份认证: readers' applications to answer as a professional or a reporter (spec 2.7), oldest first; 通过,
 * or 不通过 with a reason the applicant reads on /BangBang/applyfor (ADR 017 replaces ADR 015's token).
 */
import { useEffect, useState } from 'react';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, ReasonForm, Tabs, useAction } from '../ui.tsx';

interface Application {
  userId: number;
  nickname: string;
  userType: number;
  typeName: string;
  realName: string;
  job: string;
  introduction: string;
  proofPicture: string;
  state: 'pending' | 'approved' | 'rejected';
  reason: string;
  createTime: string;
}

const TABS = [
  { id: 'pending', label: '审核中' },
  { id: 'approved', label: '已通过' },
  { id: 'rejected', label: '未通过' },
] as const;

export function IdentityPage(_props: PageProps) {
  const [state, setState] = useState<Application['state']>('pending');
  const [rows, setRows] = useState<Application[] | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    setRows(null);
    get<Application[]>('/identity/applications', { state, pageSize: 20 })
      .then(setRows)
      .catch((err: unknown) => setError(messageOf(err)));
    // Reloads when the tab changes.
  }, [state, setError]);

  const decide = (a: Application, decision: 'approve' | 'reject', reason = '') =>
    void action.run(async () => {
      await post('/identity/review', { userId: a.userId, decision, reason });
      setRows((r) => r?.filter((x) => x.userId !== a.userId) ?? null);
      setOk(`${a.realName}：${decision === 'approve' ? '已通过' : '已设为不通过'}`);
    });

  return (
    <>
      <h1>身份认证</h1>
      <Tabs
        label="申请状态"
        tabs={TABS}
        current={state}
        onChoose={(id) => {
          setOk(null);
          setState(id);
        }}
      />
      <Notice error={action.error} ok={ok} />
      {rows === null ? (
        <p role="status">加载中…</p>
      ) : rows.length === 0 ? (
        <p>没有申请。</p>
      ) : (
        <ul className="nr-list">
          {rows.map((a) => (
            <li key={a.userId} className="nr-list__item nr-list__item--column">
              <div className="nr-application">
                <a href={a.proofPicture} target="_blank" rel="noopener noreferrer" className="nr-application__proof">
                  <img src={a.proofPicture} alt={`${a.realName}的证明材料（点击查看原图）`} width={96} height={96} loading="lazy" />
                </a>
                <div>
                  <strong>
                    {a.realName}（{a.typeName}）
                  </strong>
                  <span className="nr-meta">
                    昵称 {a.nickname || '未设置'} · 申请于 {a.createTime} · {a.job}
                  </span>
                  <p>{a.introduction}</p>
                  {a.state === 'rejected' && <p className="nr-meta">未通过：{a.reason}</p>}
                </div>
              </div>
              {a.state === 'pending' && <Decide application={a} busy={action.busy} onDecide={decide} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Decide({
  application,
  busy,
  onDecide,
}: {
  application: Application;
  busy: boolean;
  onDecide: (a: Application, d: 'approve' | 'reject', reason?: string) => void;
}) {
  return (
    <div className="nr-actions">
      <button className="nr-button nr-button--primary" type="button" disabled={busy} onClick={() => onDecide(application, 'approve')}>
        通过
      </button>
      <ReasonForm
        label="不通过的原因"
        button="不通过"
        maxLength={100}
        field="inline"
        busy={busy}
        onSubmit={(reason) => onDecide(application, 'reject', reason)}
      />
    </div>
  );
}
