/**
 * The stories of one 话题, 时间线专题 or 专题栏目, in the reader's order (ADR 035): each with its publish time and
 * column, 上移/下移 (not on a time line: it follows the publish time), 移出 with 撤销 (back at its old place), and a
 * published story added first by a word of its title.
 */
import { useState, type FormEvent } from 'react';
import { post } from '../../api.ts';
import { formatTime, MoveButtons, movedOrder, useAction, useMoveFocus } from '../../ui.tsx';
import { StoryPicker } from '../placement/StoryPicker.tsx';
import { UndoNotice, type Done } from '../sectionDesks/UndoNotice.tsx';

export interface TopicItem {
  newsId: number;
  title: string;
  publishTime: string;
  channel: string;
  sort: number;
}

export function TopicItems({
  owner,
  ownerId,
  name,
  timeline,
  items,
  max,
  onChanged,
}: {
  owner: 'topic' | 'category';
  ownerId: number;
  /** The topic's title or the category's name, as the lists and buttons are named. */
  name: string;
  timeline: boolean;
  items: TopicItem[];
  max: number;
  onChanged: () => void;
}) {
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const keepFocus = useMoveFocus(items);
  const where = { owner, ownerId };

  const order = (ids: number[], message: string, undoIds: number[] | null) =>
    void action.run(async () => {
      await post('/topics/items/order', { ...where, ids });
      onChanged();
      setDone({ message, ...(undoIds ? { undo: () => order(undoIds, '已恢复原来的顺序', null) } : {}) });
    });

  const move = (item: TopicItem, dir: 'up' | 'down') => {
    const ids = items.map((x) => x.newsId);
    const moved = movedOrder(ids, item.newsId, dir);
    if (!moved) return;
    keepFocus(item.newsId, dir);
    order(moved.ids, `“${item.title}”已${dir === 'up' ? '上移' : '下移'}到第 ${moved.to + 1} 位`, ids);
  };

  const restore = (item: TopicItem, sort: number) =>
    void action.run(async () => {
      await post('/topics/items/restore', { ...where, newsId: item.newsId, sort });
      onChanged();
      setDone({ message: `“${item.title}”已放回原来的位置` });
    });

  const remove = (item: TopicItem) =>
    void action.run(async () => {
      const gone = await post<{ removed: boolean; sort: number }>('/topics/items/remove', { ...where, newsId: item.newsId });
      onChanged();
      setDone({ message: `“${item.title}”已移出${name}`, ...(gone.removed ? { undo: () => restore(item, gone.sort) } : {}) });
    });

  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const target = e.currentTarget;
    const newsId = Number(new FormData(target).get('newsId'));
    if (!newsId) return action.setError('请选择要加入的稿件');
    void action.run(async () => {
      const made = await post<{ title: string; added: boolean }>('/topics/items/add', { ...where, newsId });
      onChanged();
      target.reset();
      setDone({ message: made.added ? `“${made.title}”已加入${name}` : `“${made.title}”已在${name}中` });
    });
  };

  return (
    <>
      <p className="nr-meta">
        {timeline
          ? '时间线专题按发布时间由早到晚排列，读者在时间线上看到的就是这个顺序；可以加入或移出稿件。'
          : '读者看到的顺序就是下面的顺序；新加入的稿件排在最前。'}
        {` 共 ${items.length} 篇（至多 ${max} 篇）。`}
      </p>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {items.length === 0 ? (
        <p className="nr-empty">{name}还没有稿件。</p>
      ) : (
        <ol className="nr-list" aria-label={`${name}的稿件顺序`}>
          {items.map((item, i) => (
            <li key={item.newsId} className="nr-list__item" aria-label={`第 ${i + 1} 篇：${item.title}`}>
              <p className="nr-item__title">
                {i + 1}. {item.title}
              </p>
              <p className="nr-meta">
                发布于 {formatTime(item.publishTime)}
                {item.channel ? ` · ${item.channel}` : ''}
              </p>
              <div className="nr-actions">
                {!timeline && (
                  <MoveButtons id={item.newsId} name={item.title} index={i} count={items.length} busy={action.busy} onMove={(dir) => move(item, dir)} />
                )}
                <button
                  className="nr-button nr-button--danger"
                  type="button"
                  disabled={action.busy}
                  onClick={() => remove(item)}
                  aria-label={`移出：${item.title}`}
                >
                  移出
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {items.length < max && (
        <form onSubmit={add} aria-label={`向${name}加入稿件`}>
          <fieldset className="nr-fieldset nr-grid-form">
            <legend>加入一篇已发布的稿件</legend>
            <StoryPicker name="newsId" label={`要加入${name}的稿件`} initial={null} onError={action.setError} />
            <div className="nr-grid-form__wide">
              <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
                加入
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}
