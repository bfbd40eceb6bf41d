/** 我的登录: the person's live sessions; any of them can be ended here (the current one signs out). */
import { useEffect, useState } from 'react';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { formatTime, messageOf, Notice, useAction } from '../ui.tsx';

interface SessionView {
  id: number;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  device: string;
}

export function SessionsPage(_props: PageProps) {
  const [rows, setRows] = useState<SessionView[] | null>(null);
  const action = useAction();
  const { setError } = action;
  useEffect(() => {
    get<SessionView[]>('/sessions')
      .then(setRows)
      .catch((err: unknown) => setError(messageOf(err)));
    // Once, when the page opens.
  }, [setError]);

  const end = (s: SessionView) =>
    void action.run(async () => {
      await post('/sessions/end', { id: s.id });
      if (s.current) window.location.assign('/newsroom/');
      else setRows((r) => r?.filter((x) => x.id !== s.id) ?? null);
    });

  return (
    <>
      <h1>我的登录</h1>
      <p className="nr-hint">闲置 30 分钟或登录满 12 小时后自动退出。发现不认识的设备时请结束它，并联系管理员。</p>
      <Notice error={action.error} />
      {rows && (
        <ul className="nr-list">
          {rows.map((s) => (
            <li key={s.id} className="nr-list__item">
              <div>
                <strong>{s.current ? '当前设备' : `登录 ${s.id}`}</strong>
                <span className="nr-meta">
                  登录于 {formatTime(s.createdAt)}，最近活动 {formatTime(s.lastSeenAt)}，地址 {s.ip || '未知'}
                </span>
                <span className="nr-meta nr-meta--device">{s.device || '未知设备'}</span>
              </div>
              <button className="nr-button" type="button" onClick={() => end(s)} disabled={action.busy}>
                {s.current ? '退出当前设备' : '结束'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
