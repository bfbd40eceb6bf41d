/** 稿件库: the stories a person may open, by state, newest change first; 写新稿 opens the editor. */
import { useEffect, useState } from 'react';
import { ARTICLE_STATES, STAGE_LABELS, STATE_LABELS, type ArticleState, type ArticleSummary } from '../../../contract/publish.ts';
import { get } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { formatTime, Link, messageOf, Notice, Tabs } from '../../ui.tsx';

export function ArticleListPage(_props: PageProps) {
  const [state, setState] = useState<ArticleState | ''>('');
  const [rows, setRows] = useState<ArticleSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setRows(null);
    get<ArticleSummary[]>('/publish/articles', { state: state || undefined })
      .then(setRows)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [state]);

  return (
    <>
      <h1>稿件库</h1>
      <p>
        <Link to="/articles/edit" className="nr-button nr-button--primary">
          写新稿
        </Link>
      </p>
      <Tabs
        label="稿件状态"
        tabs={(['', ...ARTICLE_STATES] as const).map((s) => ({ id: s, label: s === '' ? '全部' : STATE_LABELS[s] }))}
        current={state}
        onChoose={setState}
      />
      <Notice error={error} />
      {rows === null ? (
        <p role="status">加载中…</p>
      ) : rows.length === 0 ? (
        <p>没有稿件。</p>
      ) : (
        <ul className="nr-list">
          {rows.map((a) => (
            <li key={a.id} className="nr-list__item">
              <div>
                <Link to={`/articles/edit?id=${a.id}`}>{a.title || '（无标题）'}</Link>
                <span className="nr-meta">
                  {a.authorName} · 更新于 {formatTime(a.updatedAt)}
                  {a.publishAt ? ` · 定于 ${formatTime(a.publishAt)} 发布` : ''}
                </span>
              </div>
              <span className="nr-badge">{a.state === 'review' ? `${STAGE_LABELS[a.reviewStage - 1] ?? ''}中` : STATE_LABELS[a.state]}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
