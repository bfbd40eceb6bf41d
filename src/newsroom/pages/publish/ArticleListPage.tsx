/** 稿件库: the stories a person may open, by state, newest change first, each with its kind; 新建 opens the editor for a kind. */
import { useEffect, useState } from 'react';
import { ARTICLE_STATES, KIND_LABELS, STAGE_LABELS, STATE_LABELS, STORY_KINDS, type ArticleState, type ArticleSummary } from '../../../contract/publish.ts';
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
      <nav className="nr-actions nr-actions--menu" aria-label="新建稿件">
        <span>新建：</span>
        {STORY_KINDS.map((k) => (
          <Link key={k} to={k === 'article' ? '/articles/edit' : `/articles/edit?kind=${k}`} className="nr-button nr-button--primary">
            {k === 'article' ? '写新稿（图文）' : `新建${KIND_LABELS[k]}`}
          </Link>
        ))}
      </nav>
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
                <span className="nr-badge nr-badge--kind" title="类型">
                  {KIND_LABELS[a.kind]}
                </span>{' '}
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
