/**
 * 专题编排 (ADR 035): the 话题 (topic lists), 时间线专题 (/timeTopic) and 专题 (/SpecialPage?classId=) themselves — 新建
 * and 修改 (CollectionForm.tsx), each with its reader's address — and the stories readers see in them, with a special
 * topic's categories (新增、改名、上移/下移、删除空栏目). Stories: TopicItems.tsx.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, MoveButtons, movedOrder, Notice, useAction, useMoveFocus } from '../../ui.tsx';
import { UndoNotice, type Done } from '../sectionDesks/UndoNotice.tsx';
import { CollectionForm, KIND_NAMES, type CollectionKind, type SavedCollection } from './CollectionForm.tsx';
import { TopicItems, type TopicItem } from './TopicItems.tsx';

interface Listing {
  topics: { id: number; title: string; isTimeline: boolean; items: number }[];
  specials: { classId: number; title: string; categories: number }[];
}
interface DeskTopic {
  id: number;
  title: string;
  intro: string;
  cover: string;
  logo: string;
  readerPath: string;
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
  intro: string;
  cover: string;
  readerPath: string;
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

  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  // The panel of a collection just made takes the focus once it has loaded (its stories are added there next).
  const [focusPanel, setFocusPanel] = useState(false);
  const created = (saved: SavedCollection, kind: CollectionKind) => {
    setCreating(false);
    setMade(`已新建${KIND_NAMES[kind]}“${saved.title}”，读者地址：${saved.readerPath}。现在可以往里加稿件了。`);
    setFocusPanel(true);
    setChosen(kind === 'special' ? `special:${saved.classId}` : `topic:${saved.id}`);
    recount();
  };

  const [kind, id] = chosen.split(':') as ['topic' | 'special' | '', string];
  return (
    <>
      <div className="nr-actions nr-actions--menu">
        <h1>专题编排</h1>
        <button
          className={creating ? 'nr-button' : 'nr-button nr-button--primary'}
          type="button"
          aria-expanded={creating}
          onClick={() => setCreating((c) => !c)}
        >
          {creating ? '取消新建' : '新建专题或话题'}
        </button>
      </div>
      {creating && (
        <section aria-labelledby="nr-create-title" className="nr-fieldset">
          <h2 id="nr-create-title">新建专题或话题</h2>
          <CollectionForm kind={null} initial={{ title: '', intro: '', cover: '', logo: '' }} label="新建专题或话题" submitLabel="新建" onSaved={created} />
        </section>
      )}
      <Notice error={error} ok={made} />
      <div className="nr-field">
        <label htmlFor={pickerId}>要编排的专题或话题</label>
        <select
          id={pickerId}
          value={chosen}
          onChange={(e) => {
            setChosen(e.target.value);
            setMade(null);
          }}
        >
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
      {kind === 'topic' && <TopicPanel key={chosen} topicId={Number(id)} onChanged={recount} focus={focusPanel} onFocused={() => setFocusPanel(false)} />}
      {kind === 'special' && <SpecialPanel key={chosen} classId={Number(id)} onChanged={recount} focus={focusPanel} onFocused={() => setFocusPanel(false)} />}
    </>
  );
}

interface PanelFocus {
  /** Take the focus once loaded (a collection just made), then say so. */
  focus: boolean;
  onFocused: () => void;
}

/** The panel's heading takes the focus once its data is there, when asked to. */
function useFocusOnLoad(loaded: boolean, { focus, onFocused }: PanelFocus) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!loaded || !focus) return;
    heading.current?.focus();
    onFocused();
  }, [loaded, focus, onFocused]);
  return heading;
}

/** The reader's address, the cover, and 修改 of a collection (its form folded away until asked for). */
function CollectionHead({
  kind,
  id,
  data,
  onSaved,
}: {
  kind: CollectionKind;
  id: number;
  data: { title: string; intro: string; cover: string; logo?: string; readerPath: string };
  onSaved: (saved: SavedCollection) => void;
}) {
  const name = KIND_NAMES[kind];
  return (
    <div className="nr-collection">
      {data.cover && (
        <img className="nr-banner__thumb" src={data.cover.startsWith('/media/newsroom/') ? `${data.cover}?w=320` : data.cover} alt={`${name}封面`} />
      )}
      <div className="nr-banner__body">
        <p className="nr-meta">
          读者地址：
          <a href={data.readerPath} target="_blank" rel="noreferrer">
            {data.readerPath}
          </a>
        </p>
        {data.intro && <p className="nr-meta">{data.intro}</p>}
        <details className="nr-manage">
          <summary>修改{name}的标题、简介与封面</summary>
          <CollectionForm
            key={JSON.stringify(data)}
            kind={kind}
            id={id}
            initial={{ title: data.title, intro: data.intro, cover: data.cover, logo: data.logo ?? '' }}
            label={`修改${name}：${data.title}`}
            submitLabel="保存"
            onSaved={onSaved}
          />
        </details>
      </div>
    </div>
  );
}

function TopicPanel({ topicId, onChanged, ...focus }: { topicId: number; onChanged: () => void } & PanelFocus) {
  const [data, setData] = useState<DeskTopic | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const heading = useFocusOnLoad(data !== null, focus);
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
  const kind = data.isTimeline ? 'timeline' : 'topic';
  return (
    <section aria-labelledby="nr-topic-title">
      <h2 id="nr-topic-title" ref={heading} tabIndex={-1}>
        {data.title}
        {data.isTimeline ? '（时间线专题）' : '（话题）'}
      </h2>
      <CollectionHead
        kind={kind}
        id={data.id}
        data={data}
        onSaved={(s) => {
          setSaved(s.changed === false ? '没有改动' : `${KIND_NAMES[kind]}“${s.title}”已保存，读者下次打开即可看到`);
          reload();
        }}
      />
      <Notice ok={saved} />
      <TopicItems owner="topic" ownerId={data.id} name={data.title} timeline={data.isTimeline} items={data.items} max={data.max} onChanged={reload} />
    </section>
  );
}

function SpecialPanel({ classId, onChanged, ...focus }: { classId: number; onChanged: () => void } & PanelFocus) {
  const [data, setData] = useState<DeskSpecial | null>(null);
  const heading = useFocusOnLoad(data !== null, focus);
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
        <h2 id="nr-special-title" ref={heading} tabIndex={-1}>
          {data.title}（专题）
        </h2>
        <CollectionHead
          kind="special"
          id={data.classId}
          data={data}
          onSaved={(s) => {
            setDone({ message: s.changed === false ? '没有改动' : `专题“${s.title}”已保存，读者下次打开即可看到` });
            reload();
          }}
        />
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
