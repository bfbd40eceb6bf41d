/**
 * 稿源池 (docs/security.md "The wires"): the items the feeds brought in, newest first, each shown in full with
 * its source; J/K move between items, Enter (or 生成草稿) makes a draft that opens in the editor. A feed whose
 * last fetch failed says why, in Chinese, above the list.
 */
import { useEffect, useRef, useState } from 'react';
import type { WireTray } from '../../../contract/wires.ts';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { navigate } from '../../router.ts';
import { formatTime, Link, messageOf, Notice, useAction } from '../../ui.tsx';

const isTyping = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

export function WiresTrayPage(_props: PageProps) {
  const [feedId, setFeedId] = useState(0);
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [data, setData] = useState<WireTray | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const refs = useRef(new Map<number, HTMLLIElement>());
  const action = useAction();

  useEffect(() => {
    setData(null);
    get<WireTray>('/wires/tray', { feedId, show })
      .then((d) => {
        setData(d);
        setActive(d.items[0]?.id ?? 0);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [feedId, show]);

  const makeDraft = (itemId: number) =>
    action.run(async () => {
      const made = await post<{ articleId: number }>('/wires/draft', { itemId });
      navigate(`/articles/edit?id=${made.articleId}`);
    });

  const onKey = useRef<(e: KeyboardEvent) => void>(() => undefined);
  onKey.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target) || !data || data.items.length === 0) return;
    const key = e.key.toLowerCase();
    const at = data.items.findIndex((i) => i.id === active);
    if (key === 'j' || key === 'k') {
      e.preventDefault();
      const next = data.items[Math.min(data.items.length - 1, Math.max(0, (at === -1 ? 0 : at) + (key === 'j' ? 1 : -1)))]!;
      setActive(next.id);
      const el = refs.current.get(next.id);
      el?.focus();
      el?.scrollIntoView({ block: 'nearest' });
    } else if (key === 'enter' && document.activeElement instanceof HTMLElement && document.activeElement.classList.contains('nr-wire')) {
      const item = data.items[at];
      if (item && item.articleId === null && !action.busy) {
        e.preventDefault();
        void makeDraft(item.id);
      }
    }
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const failing = data?.feeds.filter((f) => f.lastError !== '') ?? [];

  return (
    <>
      <h1>稿源池</h1>
      <p className="nr-meta">J / K 上下移动，Enter 生成草稿并打开编辑。</p>
      <div className="nr-inline-form">
        <label className="nr-field">
          <span>订阅源</span>
          <select value={feedId} onChange={(e) => setFeedId(Number(e.target.value))}>
            <option value={0}>全部订阅源</option>
            {data?.feeds.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label className="nr-field">
          <span>显示</span>
          <select value={show} onChange={(e) => setShow(e.target.value === 'all' ? 'all' : 'open')}>
            <option value="open">未生成草稿的</option>
            <option value="all">全部条目</option>
          </select>
        </label>
      </div>
      {failing.length > 0 ? (
        <ul className="nr-list" aria-label="抓取失败的订阅源">
          {failing.map((f) => (
            <li key={f.id} className="nr-list__item">
              <span>
                <strong>{f.name}</strong>：{f.lastError}
              </span>
              {f.lastFetchedAt ? <span className="nr-meta">{formatTime(f.lastFetchedAt)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Notice error={error ?? action.error} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.items.length === 0 ? (
        <p>稿源池里没有条目。</p>
      ) : (
        <ul className="nr-list nr-queue" aria-label="稿源条目">
          {data.items.map((i) => (
            <li
              key={i.id}
              ref={(el) => {
                if (el) refs.current.set(i.id, el);
                else refs.current.delete(i.id);
              }}
              className="nr-list__item nr-list__item--column nr-wire"
              tabIndex={i.id === active ? 0 : -1}
              aria-current={i.id === active ? 'true' : undefined}
              aria-label={i.title}
              onFocus={() => setActive(i.id)}
            >
              <strong>{i.title}</strong>
              <span className="nr-meta">
                {i.feedName}
                {i.author ? ` · ${i.author}` : ''} · {formatTime(i.publishedAt ?? i.fetchedAt)}
              </span>
              {i.summary ? <p>{i.summary}</p> : null}
              <div className="nr-inline-form">
                {i.link ? (
                  <a href={i.link} target="_blank" rel="noopener noreferrer nofollow">
                    查看原文
                  </a>
                ) : null}
                {i.articleId === null ? (
                  <button type="button" className="nr-button nr-button--primary" disabled={action.busy} onClick={() => void makeDraft(i.id)}>
                    生成草稿
                  </button>
                ) : (
                  <Link className="nr-button" to={`/articles/edit?id=${i.articleId}`}>
                    打开草稿（{i.draftedBy}）
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
