/**
 * 积分规则: how many points each way of earning pays and its daily cap. A change takes effect on the
 * reader's next action (the rules are read per earning) and is an audit row with its note.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, Notice, useAction } from '../../ui.tsx';

interface Rule {
  reason: string;
  text: string;
  points: number;
  dailyCap: number;
}

interface Rules {
  rules: Rule[];
  signinStreakBonus: number;
  signinStreakMaxBonus: number;
}

export function MallPointsPage(_props: PageProps) {
  const [data, setData] = useState<Rules | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<Rules>('/mall/points/rules')
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const save = (rule: Rule) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    void action.run(async () => {
      setData(
        await post<Rules>('/mall/points/rule', {
          reason: rule.reason,
          points: Number(f.get('points')),
          dailyCap: Number(f.get('dailyCap')),
          note: String(f.get('note') ?? ''),
        }),
      );
      setOk(`${rule.text}：已保存，读者下一次操作起生效`);
    });
  };

  return (
    <>
      <h1>积分规则</h1>
      <p className="nr-hint">修改后读者的下一次签到、阅读或分享即按新规则计分；每次修改都记入操作记录。</p>
      <Notice error={action.error} ok={ok} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : (
        <ul className="nr-list">
          {data.rules.map((r) => (
            <li key={r.reason} className="nr-list__item nr-list__item--column">
              <strong>{r.text}</strong>
              <form className="nr-inline-form" onSubmit={save(r)} aria-label={`${r.text}规则`}>
                <label className="nr-field">
                  <span>每次积分</span>
                  <input name="points" type="number" min={1} max={10000} defaultValue={r.points} required />
                </label>
                <label className="nr-field">
                  <span>每日上限（次）</span>
                  <input name="dailyCap" type="number" min={0} max={1000} defaultValue={r.dailyCap} required />
                </label>
                <label className="nr-field">
                  <span>调整说明</span>
                  <input name="note" required minLength={2} maxLength={100} />
                </label>
                <button className="nr-button" type="submit" disabled={action.busy}>
                  保存{r.text}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <p className="nr-meta">
          连续签到每天另加 {data.signinStreakBonus} 分，最多加 {data.signinStreakMaxBonus} 分。
        </p>
      )}
    </>
  );
}
