/**
 * 应急处置 (docs/adr/018-one-review-model.md): closes commenting and posting site-wide or in one area in one action,
 * with the message readers are shown when they try to write; opens it again. Every switch is in the audit trail.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../api.ts';
import type { AreaSetting, SettingsData } from '../moderation.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, useAction } from '../ui.tsx';

export function EmergencyPage(_props: PageProps) {
  const [areas, setAreas] = useState<AreaSetting[] | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<SettingsData>('/moderation/settings')
      .then((d) => setAreas(d.areas))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const submit = (a: AreaSetting) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const message = String(new FormData(e.currentTarget).get('message') ?? '').trim();
    void action.run(async () => {
      setAreas(await post<AreaSetting[]>('/moderation/emergency', { area: a.area, closed: !a.closed, message: a.closed ? '' : message }));
      setOk(a.closed ? `${a.label}：已恢复评论和发布` : `${a.label}：已暂停评论和发布`);
    });
  };

  return (
    <>
      <h1>应急处置</h1>
      <p className="nr-hint">一键暂停全站或某个栏目的评论和发布。读者发表时会看到这里填写的原因。恢复后立即生效；每次操作都记入操作记录。</p>
      <Notice error={action.error} ok={ok} />
      {areas === null ? (
        <p role="status">加载中…</p>
      ) : (
        <ul className="nr-list">
          {areas.map((a) => (
            <li key={a.area} className={`nr-list__item nr-list__item--column${a.area === 'all' ? ' nr-emergency--site' : ''}`}>
              <div>
                <strong id={`nr-em-${a.area}`}>{a.area === 'all' ? '全站' : a.label}</strong>
                {a.closed ? <span className="nr-badge nr-badge--warn">已暂停</span> : <span className="nr-badge">正常</span>}
                {a.closed && <span className="nr-meta">读者看到：{a.closedMessage}</span>}
              </div>
              <form className="nr-inline-form" onSubmit={submit(a)} aria-labelledby={`nr-em-${a.area}`}>
                {!a.closed && (
                  <label className="nr-field nr-field--grow">
                    <span>告知读者的原因</span>
                    <input name="message" required maxLength={100} defaultValue={a.area === 'all' ? '系统维护中，评论和发布暂停，请稍后再试' : ''} />
                  </label>
                )}
                <button className={`nr-button${a.closed ? '' : ' nr-button--danger'}`} type="submit" disabled={action.busy}>
                  {a.closed ? '恢复评论和发布' : '暂停评论和发布'}
                  <span className="nr-visually-hidden">：{a.area === 'all' ? '全站' : a.label}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
