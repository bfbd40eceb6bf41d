/**
 * 专题编排 (ADR 035): the stories readers see in a 话题 (topic lists), a 时间线专题 (/timeTopic) and a 专题
 * (/SpecialPage?classId=), with a special topic's categories (新增、改名、上移/下移、删除空栏目). Stories: TopicItems.tsx.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, MoveButtons, movedOrder, Notice, useAction, useMoveFocus } from '../../ui.tsx';
import { UndoNotice, type Done } from '../sectionDesks/UndoNotice.tsx';
import { TopicItems, type TopicItem } from './TopicItems.tsx';

interface Listing {
  topics: { id: number; title: string; isTimeline: boolean; items: number }[];
  specials: { classId: number; title: string; categories: number }[];
}
interface DeskTopic {
  id: number;
  title: string;
  isTimeline: boolean;
  max: number;
  items: TopicItem[];
}
interface Category {
  id: number;
  name: string;
  items: TopicItem[];
}
interface DeskSpecial {
  classId: number;
  title: string;
  max: number;
  maxCategories: number;
  categories: Category[];
}

export function TopicDeskPage(_props: PageProps) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const pickerId = useId();
  // The picker's counts (stories, categories) follow the panel's changes.
  const recount = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    get<Listing>('/topics', {})
      .then((l) => {
        setListing(l);
        setChosen((c) => c || (l.specials[0] ? `special:${l.specials[0].classId}` : l.topics[0] ? `topic:${l.topics[0].id}` : ''));
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [round]);

  const [kind, id] = chosen.split(':') as ['topic' | 'special' | '', string];
  return (
    <>
      <h1>专题编排</h1>
      <Notice error={error} />
      <div className="nr-field">
        <label htmlFor={pickerId}>要编排的专题或话题</label>
        <select id={pickerId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {listing && listing.specials.length > 0 && (
            <optgroup label="专题">
              {listing.specials.map((s) => (
                <option key={s.classId} value={`special:${s.classId}`}>
                  {s.title}（{s.categories} 个栏目）
                </option>
              ))}
            </optgroup>
          )}
          {listing && (
            <optgroup label="话题与时间线专题">
              {listing.topics.map((t) => (
                <option key={t.id} value={`topic:${t.id}`}>
                  {t.title}
                  {t.isTimeline ? '（时间线）' : ''}（{t.items} 篇）
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      {listing === null && !error && <p role="status">加载中…</p>}
      {kind === 'topic' && <TopicPanel key={chosen} topicId={Number(id)} onChanged={recount} />}
      {kind === 'special' && <SpecialPanel key={chosen} classId={Number(id)} onChanged={recount} />}
    </>
  );
}

function TopicPanel({ topicId, onChanged }: { topicId: number; onChanged: () => void }) {
  const [data, setData] = useState<DeskTopic | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    get<DeskTopic>('/topics/topic', { topicId: String(topicId) })
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [topicId, round]);
  const reload = useCallback(() => {
    setRound((n) => n + 1);
    onChanged();
  }, [onChanged]);
  if (error) return <Notice error={error} />;
  if (!data) return <p role="status">加载中…</p>;
  return (
    <section aria-labelledby="nr-topic-title">
      <h2 id="nr-topic-title">
        {data.title}
        {data.isTimeline ? '（时间线专题）' : '（话题）'}
      </h2>
      <TopicItems owner="topic" ownerId={data.id} name={data.title} timeline={data.isTimeline} items={data.items} max={data.max} onChanged={reload} />
    </section>
  );
}

function SpecialPanel({ classId, onChanged }: { classId: number; onChanged: () => void }) {
  const [data, setData] = useState<DeskSpecial | null>(null);
  const [categoryId, setCategoryId] = useState(0);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const { setError } = action;
  const keepFocus = useMoveFocus(data);
  const categoryField = useId();

  useEffect(() => {
    get<DeskSpecial>('/topics/special', { classId: String(classId) })
      .then((d) => {
        setData(d);
        setCategoryId((c) => (d.categories.some((x) => x.id === c) ? c : (d.categories[0]?.id ?? 0)));
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [classId, round, setError]);
  const reload = useCallback(() => {
    setRound((n) => n + 1);
    onChanged();
  }, [onChanged]);

  const order = (ids: number[], message: string, undoIds: number[] | null) =>
    void action.run(async () => {
      await post('/topics/categories/order', { classId, ids });
      reload();
      setDone({ message, ...(undoIds ? { undo: () => order(undoIds, '已恢复原来的栏目顺序', null) } : {}) });
    });

  const move = (c: Category, dir: 'up' | 'down') => {
    if (!data) return;
    const ids = data.categories.map((x) => x.id);
    const moved = movedOrder(ids, c.id, dir);
    if (!moved) return;
    keepFocus(-c.id, dir);
    order(moved.ids, `栏目“${c.name}”已${dir === 'up' ? '上移' : '下移'}到第 ${moved.to + 1} 位`, ids);
  };

  const rename = (c: Category, e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '');
    void action.run(async () => {
      await post('/topics/categories/rename', { id: c.id, name });
      reload();
      setDone({ message: `栏目“${c.name}”已改名为“${name.trim()}”` });
    });
  };

  const remove = (c: Category) =>
    void action.run(async () => {
      await post('/topics/categories/remove', { id: c.id });
      reload();
      setDone({ message: `栏目“${c.name}”已删除` });
    });

  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const target = e.currentTarget;
    const name = String(new FormData(target).get('name') ?? '');
    void action.run(async () => {
      const made = await post<{ id: number; name: string }>('/topics/categories/add', { classId, name });
      reload();
      target.reset();
      setCategoryId(made.id);
      setDone({ message: `栏目“${made.name}”已加入专题` });
    });
  };

  if (!data) return action.error ? <Notice error={action.error} /> : <p role="status">加载中…</p>;
  const category = data.categories.find((c) => c.id === categoryId);
  return (
    <>
      <section aria-labelledby="nr-special-title">
        <h2 id="nr-special-title">{data.title}（专题）</h2>
        <p className="nr-meta">读者专题页（/SpecialPage）按下面的顺序显示栏目；只有没有稿件的栏目可以删除。</p>
        <UndoNotice error={action.error} done={done} busy={action.busy} />
        <ol className="nr-list" aria-label={`${data.title}的栏目顺序`}>
          {/* The categories' move buttons are keyed by the negated id: a story's (its news id) below cannot share it. */}
          {data.categories.map((c, i) => (
            <li key={c.id} className="nr-list__item" aria-label={`第 ${i + 1} 个栏目：${c.name}`}>
              <p className="nr-item__title">
                {i + 1}. {c.name}（{c.items.length} 篇）
              </p>
              <div className="nr-actions">
                <MoveButtons id={-c.id} name={`栏目${c.name}`} index={i} count={data.categories.length} busy={action.busy} onMove={(dir) => move(c, dir)} />
                <form className="nr-inline-form" onSubmit={(e) => rename(c, e)} aria-label={`栏目“${c.name}”改名`}>
                  <input name="name" defaultValue={c.name} maxLength={12} required aria-label={`栏目“${c.name}”的新名称`} />
                  <button className="nr-button" type="submit" disabled={action.busy} aria-label={`改名：栏目${c.name}`}>
                    改名
                  </button>
                </form>
                <button
                  className="nr-button nr-button--danger"
                  type="button"
                  disabled={action.busy}
                  onClick={() => remove(c)}
                  aria-label={`删除栏目：${c.name}`}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ol>
        {data.categories.length < data.maxCategories && (
          <form className="nr-inline-form" onSubmit={add} aria-label="新增专题栏目">
            <label className="nr-field">
              <span>新栏目名称</span>
              <input name="name" maxLength={12} required />
            </label>
            <button className="nr-button" type="submit" disabled={action.busy}>
              新增栏目
            </button>
          </form>
        )}
      </section>
      {data.categories.length > 0 && (
        <section aria-labelledby="nr-category-title">
          <h2 id="nr-category-title">栏目中的稿件</h2>
          <div className="nr-field">
            <label htmlFor={categoryField}>栏目</label>
            <select id={categoryField} value={categoryId || ''} onChange={(e) => setCategoryId(Number(e.target.value))}>
              {data.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {category && (
            <TopicItems
              key={category.id}
              owner="category"
              ownerId={category.id}
              name={`栏目“${category.name}”`}
              timeline={false}
              items={category.items}
              max={data.max}
              onChanged={reload}
            />
          )}
        </section>
      )}
    </>
  );
}
