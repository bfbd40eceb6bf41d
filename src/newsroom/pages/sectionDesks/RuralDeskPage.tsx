/**
 * 裕农栏目: the 农友说 board's published posts in their context (who, where, when, the text,
 * likes and comments), pinned (置顶: they lead the board, latest pin first) or taken down. Each change
 * can be undone right after.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, useAction } from '../../ui.tsx';
import { UndoNotice, type Done } from './UndoNotice.tsx';

interface DeskPost {
  id: number;
  nickname: string;
  content: string;
  pictureCount: number;
  district: string;
  likeNum: number;
  commentCount: number;
  createTime: string;
  pinned: boolean;
  pinTime: string;
}

export function RuralDeskPage(_props: PageProps) {
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<{ pinMax: number; items: DeskPost[] } | null>(null);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ pinMax: number; items: DeskPost[] }>('/rural/posts', { keyword, page: 1 })
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [keyword, round, setError]);

  const pin = (p: DeskPost, pinned: boolean) =>
    void action.run(async () => {
      await post('/rural/posts/pin', { id: p.id, pinned });
      setRound((n) => n + 1);
      setDone({ message: `${p.nickname}的帖子${pinned ? '已置顶' : '已取消置顶'}`, undo: () => pin(p, !pinned) });
    });

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setKeyword(String(new FormData(e.currentTarget).get('keyword') ?? '').trim());
  };

  const pinnedCount = data?.items.filter((p) => p.pinned).length ?? 0;
  return (
    <>
      <h1>裕农栏目 · 农友说</h1>
      {data && (
        <p className="nr-meta">
          置顶的帖子排在农友说最前（最近置顶的在前），至多 {data.pinMax} 条；当前置顶 {pinnedCount} 条。
        </p>
      )}
      <form className="nr-inline-form" onSubmit={search} role="search" aria-label="搜索农友说">
        <label className="nr-field nr-field--search">
          <span>帖子内容</span>
          <input name="keyword" type="search" maxLength={30} defaultValue={keyword} />
        </label>
        <button className="nr-button" type="submit">
          搜索
        </button>
      </form>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.items.length === 0 ? (
        <p className="nr-empty">没有符合条件的帖子。</p>
      ) : (
        <ul className="nr-list">
          {data.items.map((p) => (
            <li key={p.id} className="nr-list__item nr-list__item--column">
              <p className="nr-item__title">
                {p.nickname}
                {p.pinned && <span className="nr-badge">置顶于 {p.pinTime}</span>}
              </p>
              <p className="nr-meta">
                {p.district || '重庆'} · {p.createTime} · 赞 {p.likeNum} · 评论 {p.commentCount}
                {p.pictureCount > 0 ? ` · 图片 ${p.pictureCount} 张` : ''}
              </p>
              <p>{p.content}</p>
              <div className="nr-actions nr-item__actions">
                <button
                  className="nr-button"
                  type="button"
                  disabled={action.busy}
                  onClick={() => pin(p, !p.pinned)}
                  aria-label={`${p.pinned ? '取消置顶' : '置顶'}：${p.nickname}的帖子 ${p.content.slice(0, 12)}`}
                >
                  {p.pinned ? '取消置顶' : '置顶'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
