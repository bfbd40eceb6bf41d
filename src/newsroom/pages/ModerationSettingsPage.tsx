/**
 * 审核设置 (docs/adr/018-one-review-model.md): per area, whether readers' items are reviewed before they are
 * published (先审后发; news comments are by default); the list of reasons moderators pick when they refuse; and one
 * article's 关闭评论 switch. Each change lands in the audit trail.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../api.ts';
import type { AreaSetting, SettingsData } from '../moderation.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, useAction } from '../ui.tsx';

export function ModerationSettingsPage(_props: PageProps) {
  const [data, setData] = useState<SettingsData | null>(null);
  const [reasonsText, setReasonsText] = useState('');
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<SettingsData>('/moderation/settings')
      .then((d) => {
        setData(d);
        setReasonsText(d.reasons.join('\n'));
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  if (!data)
    return (
      <>
        <h1>审核设置</h1>
        <Notice error={action.error} />
      </>
    );
  const areas = data.areas.filter((a) => a.area !== 'all');

  const toggle = (a: AreaSetting) =>
    void action.run(async () => {
      const next = await post<AreaSetting[]>('/moderation/settings', { area: a.area, reviewBeforePublish: !a.reviewBeforePublish });
      setData((d) => (d ? { ...d, areas: next } : d));
      setOk(`${a.label}：${a.reviewBeforePublish ? '已改为先发后审' : '已改为先审后发'}`);
    });

  const saveReasons = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const r = await post<{ reasons: string[] }>('/moderation/reasons', { reasons: reasonsText.split('\n') });
      setData((d) => (d ? { ...d, reasons: r.reasons } : d));
      setReasonsText(r.reasons.join('\n'));
      setOk(`已保存 ${r.reasons.length} 条拒绝理由`);
    });
  };

  const articleComments = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const newsId = Number(form.get('newsId'));
    const open = form.get('open') === 'open';
    void action.run(async () => {
      await post('/moderation/article-comments', { newsId, open });
      setOk(`稿件 ${newsId}：${open ? '已开启评论' : '已关闭评论'}`);
    });
  };

  return (
    <>
      <h1>审核设置</h1>
      <Notice error={action.error} ok={ok} />
      <section className="nr-panel" aria-labelledby="nr-review-title">
        <h2 id="nr-review-title">先审后发</h2>
        <p className="nr-hint">打开后，该栏目读者发表的内容先进入审核台“待审”，通过后才公开；作者本人始终能看到自己的内容和审核状态。</p>
        <ul className="nr-list">
          {areas.map((a) => (
            <li key={a.area} className="nr-list__item">
              <span id={`nr-review-${a.area}`}>{a.label}</span>
              <button
                type="button"
                role="switch"
                aria-checked={a.reviewBeforePublish}
                aria-labelledby={`nr-review-${a.area}`}
                className={`nr-switch${a.reviewBeforePublish ? ' nr-switch--on' : ''}`}
                disabled={action.busy}
                onClick={() => toggle(a)}
              >
                {a.reviewBeforePublish ? '先审后发' : '先发后审'}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="nr-panel" aria-labelledby="nr-reasons-title">
        <h2 id="nr-reasons-title">拒绝理由</h2>
        <form className="nr-form" onSubmit={saveReasons}>
          <label className="nr-field">
            <span>审核员拒绝、删除或封禁时可选的理由，每行一条（最多 50 条，每条不超过 100 字）</span>
            <textarea rows={8} value={reasonsText} onChange={(e) => setReasonsText(e.target.value)} />
          </label>
          <div className="nr-actions">
            <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
              保存理由
            </button>
          </div>
        </form>
      </section>

      <section className="nr-panel" aria-labelledby="nr-article-title">
        <h2 id="nr-article-title">单篇稿件关闭评论</h2>
        <form className="nr-grid-form" onSubmit={articleComments}>
          <label className="nr-field">
            <span>稿件编号（newsId）</span>
            <input name="newsId" inputMode="numeric" pattern="[0-9]{1,10}" required />
          </label>
          <fieldset className="nr-choices">
            <legend>评论</legend>
            <label className="nr-check">
              <input type="radio" name="open" value="closed" defaultChecked />
              关闭评论
            </label>
            <label className="nr-check">
              <input type="radio" name="open" value="open" />
              开启评论
            </label>
          </fieldset>
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            保存
          </button>
        </form>
      </section>
    </>
  );
}
