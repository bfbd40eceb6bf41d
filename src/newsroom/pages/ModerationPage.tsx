/**
 * 审核台 (docs/adr/018-one-review-model.md): the five queues — 待审, 被举报, 敏感词, 巡查, 已处理 — each item in its
 * context, decided with 通过, 拒绝, 删除 and 封禁 one by one or on a selection, filtered by area, date and word, paged.
 * Keyboard first: J/K move between items, A approves, R rejects (删除 where the item is published), X selects.
 * Every few seconds the desk asks what other moderators decided and takes those items out of the open queue; a
 * decision that comes too late is told 已被他人处理 and who did it.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { get, post } from '../api.ts';
import {
  ACTION_LABELS,
  actionsFor,
  CHANGES_POLL_MS,
  decidedElsewhere,
  deskQuery,
  readDeskQuery,
  type DeskFilters,
  DONE_LABELS,
  keyOf,
  TABS,
  type Action,
  type BatchResult,
  type Changes,
  type QueueItem,
  type QueuePage,
  type SettingsData,
  type Tab,
} from '../moderation.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, Tabs } from '../ui.tsx';
import { DeskItem } from './DeskItem.tsx';
import { PictureDialog, ReasonDialog, type MuteDays, type ReasonRequest } from './DeskDialogs.tsx';

type Filters = DeskFilters;

type Cursor = { at: string; id: number };

/** What a reason dialog is open for. */
type Asking = { kind: 'one'; action: 'reject' | 'remove'; item: QueueItem } | { kind: 'batch'; action: 'reject' | 'remove' } | { kind: 'ban'; item: QueueItem };

const TAKEN = '已被他人处理';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.closest('dialog') !== null || target.matches('input:not([type=checkbox]):not([type=radio]), select, textarea, [contenteditable]');
}

export function ModerationPage({ me }: PageProps) {
  const canDecide = me.permissions.includes('moderation.decide');
  const canBan = me.permissions.includes('moderation.ban');
  // The tab and filters live in the address too: a shared link or a reload opens the same queue.
  const [initial] = useState(() => readDeskQuery(window.location.search));
  const [tab, setTab] = useState<Tab>(initial.tab);
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [cursors, setCursors] = useState<(Cursor | undefined)[]>([undefined]);
  const [reload, setReload] = useState(0);
  const [page, setPage] = useState<QueuePage | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [areas, setAreas] = useState<{ area: string; label: string }[]>([]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const [heard, setHeard] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [picture, setPicture] = useState<{ src: string; label: string } | null>(null);
  // The filters stand open on a desk's screen and folded on a phone, where the queue needs the room.
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia('(min-width: 721px)').matches);
  const itemRefs = useRef(new Map<string, HTMLElement>());
  const wantFocus = useRef(false);
  const items = page?.items ?? [];
  const after = cursors.at(-1);

  // The areas for the filter: the moderator's own (a scoped moderator sees only theirs).
  useEffect(() => {
    get<SettingsData>('/moderation/settings')
      .then((d) => setAreas(d.areas.filter((a) => a.area !== 'all' && (me.scopes.length === 0 || me.scopes.includes(a.area)))))
      .catch(() => setAreas([]));
  }, [me.scopes]);

  useEffect(() => {
    const query = deskQuery(tab, filters);
    if (query !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}`);
  }, [tab, filters]);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    get<QueuePage>('/moderation/queue', {
      tab,
      ...filters,
      afterAt: after?.at,
      afterId: after?.id,
    })
      .then((d) => {
        if (!live) return;
        setPage(d);
        setSelected(new Set());
        setActiveKey((k) => (k !== null && d.items.some((i) => keyOf(i) === k) ? k : d.items[0] ? keyOf(d.items[0]) : null));
      })
      .catch((err: unknown) => {
        if (live) setLoadError(messageOf(err));
      });
    return () => {
      live = false;
    };
  }, [tab, filters, after, reload]);

  // Focus follows the active item when the keyboard (or a decision) moved it.
  useEffect(() => {
    if (!wantFocus.current || activeKey === null) return;
    wantFocus.current = false;
    const el = itemRefs.current.get(activeKey);
    el?.focus();
    el?.scrollIntoView({ block: 'nearest' });
  }, [activeKey, page]);

  /** Takes items out of the queue; the active one passes to its next neighbour (or the one before). */
  const drop = useCallback((keys: readonly string[], refocus: boolean) => {
    if (keys.length === 0) return;
    const gone = new Set(keys);
    setPage((p) => {
      if (!p) return p;
      const left = p.items.filter((i) => !gone.has(keyOf(i)));
      setActiveKey((k) => {
        if (k === null || !gone.has(k)) return k;
        const at = p.items.findIndex((i) => keyOf(i) === k);
        const next = p.items.slice(at + 1).find((i) => !gone.has(keyOf(i))) ?? [...p.items.slice(0, at)].reverse().find((i) => !gone.has(keyOf(i)));
        if (refocus) wantFocus.current = true;
        return next ? keyOf(next) : null;
      });
      return { ...p, items: left };
    });
    setSelected((s) => new Set([...s].filter((k) => !gone.has(k))));
  }, []);

  // What other moderators decided leaves this open queue (a light poll on the 已处理 index; ADR 018).
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    let since: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (!document.hidden) {
        try {
          const d = await get<Changes>('/moderation/changes', { since });
          since = d.since;
          if (tabRef.current !== 'decided') {
            const gone = decidedElsewhere(itemsRef.current, d.changes);
            if (gone.length > 0) {
              const focusInside = document.activeElement instanceof HTMLElement && document.activeElement.closest('.nr-queue') !== null;
              drop(gone.map(keyOf), focusInside);
              const names = [...new Set(gone.map((c) => c.decidedBy).filter((n) => n !== me.name))];
              setHeard(`${gone.length} 条已由${names.length > 0 ? names.join('、') : '你在别处'}处理，已移出队列`);
            }
          }
        } catch {
          // A missed look is made up by the next one (its `since` has not moved).
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), CHANGES_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [drop, me.name]);

  const decideOne = async (item: QueueItem, action: Action, reason?: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setOk(null);
    try {
      await post('/moderation/decide', {
        kind: item.kind,
        itemId: item.itemId,
        action,
        reason,
      });
      drop([keyOf(item)], true);
      setOk(`${DONE_LABELS[action]}：${item.author?.nickname ?? ''}的${item.kindLabel}`);
      return true;
    } catch (err) {
      const message = messageOf(err);
      if (message.startsWith(TAKEN)) drop([keyOf(item)], true);
      setError(message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const decideBatch = async (action: Action, reason?: string): Promise<boolean> => {
    const chosen = items.filter((i) => selected.has(keyOf(i)) && actionsFor(i, tab).includes(action));
    if (chosen.length === 0) {
      setError('请先选择可以这样处理的内容');
      return false;
    }
    setBusy(true);
    setError(null);
    setOk(null);
    try {
      const r = await post<BatchResult>('/moderation/decide-batch', {
        items: chosen.map((i) => ({ kind: i.kind, itemId: i.itemId })),
        action,
        reason,
      });
      const taken = r.failed.filter((f) => f.message.startsWith(TAKEN));
      drop([...r.done, ...taken].map(keyOf), true);
      setOk(`${DONE_LABELS[action]} ${r.done.length} 条`);
      if (r.failed.length > 0) setError(`${r.failed.length} 条未能处理：${[...new Set(r.failed.map((f) => f.message))].join('；')}`);
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const ban = async (item: QueueItem, days: MuteDays, reason: string): Promise<boolean> => {
    if (!item.author) return false;
    setBusy(true);
    setAskError(null);
    try {
      const r = await post<{ until: string | null }>('/moderation/ban', {
        userId: item.author.userId,
        days,
        reason,
      });
      setOk(
        `已封禁 ${item.author.nickname || '该读者'}${r.until ? `，至 ${new Date(r.until).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}` : '（永久）'}`,
      );
      setReload((n) => n + 1);
      return true;
    } catch (err) {
      setAskError(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const act = (item: QueueItem, action: Action) => {
    if (action === 'approve') void decideOne(item, 'approve');
    else {
      setAskError(null);
      setAsking({ kind: 'one', action, item });
    }
  };

  const move = (step: number) => {
    if (items.length === 0) return;
    const at = items.findIndex((i) => keyOf(i) === activeKey);
    // From outside the queue (a tab, the filters) J/K first bring the focus to the current item.
    const inQueue = document.activeElement instanceof HTMLElement && document.activeElement.closest('.nr-queue') !== null;
    const next = items[at === -1 ? 0 : inQueue ? Math.min(items.length - 1, Math.max(0, at + step)) : at]!;
    wantFocus.current = true;
    setActiveKey(keyOf(next));
    // The same key again (first or last item, or back from outside) still brings the focus to it.
    if (keyOf(next) === activeKey) {
      const el = itemRefs.current.get(activeKey);
      el?.focus();
      el?.scrollIntoView({ block: 'nearest' });
    }
  };

  // J/K/A/R/X anywhere on the desk but in a field or a dialog.
  const onKey = useRef<(e: KeyboardEvent) => void>(() => undefined);
  onKey.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || asking || picture || isTyping(e.target)) return;
    const key = e.key.toLowerCase();
    const item = items.find((i) => keyOf(i) === activeKey);
    if (key === 'j' || key === 'k') {
      e.preventDefault();
      move(key === 'j' ? 1 : -1);
      return;
    }
    if (!item || !canDecide || busy) return;
    const actions = actionsFor(item, tab);
    if (key === 'a' && actions.includes('approve')) {
      e.preventDefault();
      void decideOne(item, 'approve');
    } else if (key === 'r') {
      const refuse = actions.find((a): a is 'reject' | 'remove' => a === 'reject' || a === 'remove');
      if (refuse) {
        e.preventDefault();
        act(item, refuse);
      }
    } else if (key === 'x') {
      e.preventDefault();
      const k = keyOf(item);
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(k)) n.delete(k);
        else n.add(k);
        return n;
      });
    }
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const chooseTab = (t: Tab) => {
    setTab(t);
    setCursors([undefined]);
    setOk(null);
    setError(null);
    setHeard(null);
  };
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const f: Filters = {};
    for (const key of ['area', 'from', 'to', 'word'] as const) {
      const v = String(form.get(key) ?? '').trim();
      if (v) f[key] = v;
    }
    setFilters(f);
    setCursors([undefined]);
  };

  const current = TABS.find((t) => t.id === tab)!;
  const batchActions: Action[] =
    tab === 'pending' || tab === 'words' ? ['approve', 'reject'] : tab === 'reported' ? ['approve', 'remove'] : tab === 'patrol' ? ['remove'] : [];
  const allSelected = items.length > 0 && items.every((i) => selected.has(keyOf(i)));
  const reasons = page?.reasons ?? [];

  const askRequest = (a: Asking): ReasonRequest => {
    if (a.kind === 'ban')
      return {
        title: `封禁 ${a.item.author?.nickname || '该读者'}`,
        confirm: '确认封禁',
        note: '封禁期间该读者不能评论和发布，写内容时会看到封禁到期时间。',
        mute: true,
      };
    const what = a.kind === 'one' ? `${a.item.author?.nickname ?? ''}的${a.item.kindLabel}` : `选中的 ${selected.size} 条内容`;
    return a.action === 'reject'
      ? {
          title: `拒绝${what}`,
          confirm: '确认拒绝',
          note: '作者会看到“未通过：理由”。',
        }
      : {
          title: `删除${what}`,
          confirm: '确认删除',
          note: '内容从所有公开页面撤下，作者会看到删除的理由。',
        };
  };

  const confirmAsk = (reason: string, days: MuteDays) => {
    const a = asking;
    if (!a) return;
    const done = a.kind === 'ban' ? ban(a.item, days, reason) : a.kind === 'one' ? decideOne(a.item, a.action, reason) : decideBatch(a.action, reason);
    void done.then((closed) => {
      if (closed || a.kind !== 'ban') setAsking(null);
    });
  };

  return (
    <>
      <h1>审核台</h1>
      <p className="nr-hint nr-desk-keys" id="nr-desk-keys">
        快捷键：<kbd>J</kbd>/<kbd>K</kbd> 下一条/上一条，<kbd>A</kbd> 通过，
        <kbd>R</kbd> 拒绝（已发布的为删除），<kbd>X</kbd> 选择。
      </p>
      <Tabs label="审核队列" tabs={TABS} current={tab} onChoose={chooseTab} panel="nr-desk-panel" />
      <div id="nr-desk-panel" role="tabpanel" aria-labelledby={`nr-tab-${tab}`}>
        <p className="nr-hint">{current.hint}</p>
        <details className="nr-filter-box" open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
          <summary>
            筛选（栏目、日期、内容或敏感词）
            {Object.keys(filters).length > 0 ? `：已筛选 ${Object.keys(filters).length} 项` : ''}
          </summary>
          <form className="nr-grid-form nr-desk-filters" onSubmit={search} aria-label="筛选队列">
            <label className="nr-field">
              <span>栏目</span>
              {/* Keyed on the areas: a select's default applies when it mounts, so it mounts again once they arrive.
                  Only the select: a whole form mounted again would drop a word typed while the areas were loading. */}
              <select key={areas.length} name="area" defaultValue={filters.area ?? ''}>
                <option value="">全部栏目</option>
                {areas.map((a) => (
                  <option key={a.area} value={a.area}>
                    {a.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="nr-field">
              <span>起始日期</span>
              <input name="from" type="date" defaultValue={filters.from} />
            </label>
            <label className="nr-field">
              <span>结束日期</span>
              <input name="to" type="date" defaultValue={filters.to} />
            </label>
            <label className="nr-field">
              <span>内容或敏感词</span>
              <input name="word" maxLength={20} defaultValue={filters.word} />
            </label>
            <div className="nr-actions">
              <button className="nr-button nr-button--primary" type="submit">
                筛选
              </button>
              <button
                className="nr-button"
                type="reset"
                onClick={() => {
                  setFilters({});
                  setCursors([undefined]);
                }}
              >
                清除
              </button>
            </div>
          </form>
        </details>

        <div className="nr-live" aria-live="polite" aria-atomic="true">
          {heard && <p className="nr-notice nr-notice--info">{heard}</p>}
        </div>
        <Notice error={error ?? loadError} ok={ok} />

        {canDecide && batchActions.length > 0 && items.length > 0 && (
          <div className="nr-batch" role="group" aria-label="批量处理">
            <label className="nr-check">
              <input type="checkbox" checked={allSelected} onChange={(e) => setSelected(e.target.checked ? new Set(items.map(keyOf)) : new Set())} />
              全选本页
            </label>
            <span className="nr-meta" aria-live="polite">
              已选 {selected.size} 条
            </span>
            {batchActions.map((a) => (
              <button
                key={a}
                type="button"
                className="nr-button"
                disabled={busy || selected.size === 0}
                onClick={() => {
                  if (a === 'approve') void decideBatch('approve');
                  else {
                    setAskError(null);
                    setAsking({ kind: 'batch', action: a });
                  }
                }}
              >
                批量{ACTION_LABELS[a]}
              </button>
            ))}
          </div>
        )}

        {page === null ? (
          loadError ? null : (
            <p role="status">加载中…</p>
          )
        ) : items.length === 0 ? (
          <p className="nr-empty">{current.label}队列里没有内容。</p>
        ) : (
          <ul className="nr-queue" aria-label={`${current.label}队列`} aria-describedby="nr-desk-keys">
            {items.map((item) => {
              const key = keyOf(item);
              return (
                <li key={key}>
                  <DeskItem
                    ref={(el) => {
                      if (el) itemRefs.current.set(key, el);
                      else itemRefs.current.delete(key);
                    }}
                    item={item}
                    tab={tab}
                    active={key === activeKey}
                    selected={selected.has(key)}
                    canDecide={canDecide}
                    selectable={batchActions.length > 0}
                    canBan={canBan}
                    busy={busy}
                    onFocus={() => setActiveKey(key)}
                    onSelect={(on) =>
                      setSelected((s) => {
                        const n = new Set(s);
                        if (on) n.add(key);
                        else n.delete(key);
                        return n;
                      })
                    }
                    onAction={(a) => act(item, a)}
                    onBan={() => {
                      setAskError(null);
                      setAsking({ kind: 'ban', item });
                    }}
                    onPicture={(src, label) => setPicture({ src, label })}
                  />
                </li>
              );
            })}
          </ul>
        )}

        <nav className="nr-pager" aria-label="翻页">
          <button className="nr-button" type="button" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            上一页
          </button>
          <span className="nr-meta">第 {cursors.length} 页</span>
          <button className="nr-button" type="button" disabled={!page?.next} onClick={() => page?.next && setCursors((c) => [...c, page.next!])}>
            下一页
          </button>
        </nav>
      </div>

      {asking && (
        <ReasonDialog request={askRequest(asking)} reasons={reasons} busy={busy} error={askError} onConfirm={confirmAsk} onClose={() => setAsking(null)} />
      )}
      {picture && <PictureDialog src={picture.src} label={picture.label} onClose={() => setPicture(null)} />}
    </>
  );
}
