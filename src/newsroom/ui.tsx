/** Small shared pieces of the console's pages: links, messages, forms, dates. */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { ConsoleError, get } from './api.ts';
import { BASE, navigate } from './router.ts';

export function Link({ to, children, ...rest }: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a
      {...rest}
      href={`${BASE}${to || '/'}`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A row of tabs (the WAI-ARIA tabs pattern) as every desk uses it: one tab stop, the arrow keys move between
 * the tabs and choose them, Home and End jump to the ends. Each tab's id is `nr-tab-<id>` (`all` for ''), so a
 * panel can name its tab with `aria-labelledby`; `panel` is the id of the panel the tabs control, if there is one.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  current,
  onChoose,
  panel,
}: {
  label: string;
  tabs: readonly { id: T; label: ReactNode }[];
  current: T;
  onChoose: (id: T) => void;
  panel?: string;
}) {
  const idOf = (id: T) => `nr-tab-${id || 'all'}`;
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((t) => t.id === current);
    const to = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!;
    onChoose(next.id);
    document.getElementById(idOf(next.id))?.focus();
  };
  return (
    <div className="nr-tabs" role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id || 'all'}
          id={idOf(t.id)}
          type="button"
          role="tab"
          aria-selected={t.id === current}
          aria-controls={panel}
          tabIndex={t.id === current ? 0 : -1}
          className="nr-tab"
          onClick={() => onChoose(t.id)}
          onKeyDown={onKey}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** An error or success line that screen readers announce. */
export function Notice({ error, ok }: { error?: string | null; ok?: string | null }) {
  if (error)
    return (
      <p className="nr-notice nr-notice--error" role="alert">
        {error}
      </p>
    );
  if (ok)
    return (
      <p className="nr-notice nr-notice--ok" role="status">
        {ok}
      </p>
    );
  return null;
}

/**
 * A hidden file chooser named `label` for screen readers (and tests), cleared after each choice so that the same file
 * can be chosen again (a retry after a refusal). `FileButton` opens it; a page whose several buttons share one
 * chooser (the cover slots) opens it through `ref`.
 */
export function FileChooser({
  ref,
  label,
  accept,
  multiple = false,
  onFiles,
}: {
  ref: RefObject<HTMLInputElement | null>;
  label: string;
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      multiple={multiple}
      accept={accept}
      aria-label={label}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}

/** A button that opens a `FileChooser` of its own. */
export function FileButton({
  label,
  accept,
  multiple = false,
  disabled = false,
  className = 'nr-button',
  describedBy,
  buttonProps,
  children,
  onFiles,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  /** The id of a hint the button is described by. */
  describedBy?: string;
  /** The button's id and its description (a form that names the field's label, hint and error). */
  buttonProps?: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'id' | 'aria-describedby' | 'aria-invalid'>;
  children: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} disabled={disabled} aria-describedby={describedBy} onClick={() => input.current?.click()} {...buttonProps}>
        {children}
      </button>
      <FileChooser ref={input} label={label} accept={accept} multiple={multiple} onFiles={onFiles} />
    </>
  );
}

export function messageOf(err: unknown): string {
  return err instanceof ConsoleError ? err.message : '操作失败，请稍后重试';
}

/** Runs an async action with a busy flag, its error message and the message it sets when done (each run clears both). */
export function useAction(): {
  busy: boolean;
  error: string | null;
  ok: string | null;
  run: (fn: () => Promise<void>) => Promise<void>;
  setError: (e: string | null) => void;
  setOk: (m: string | null) => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  return {
    busy,
    error,
    ok,
    setError,
    setOk,
    async run(fn) {
      setBusy(true);
      setError(null);
      setOk(null);
      try {
        await fn();
      } catch (err) {
        setError(messageOf(err));
      } finally {
        setBusy(false);
      }
    },
  };
}

const dateTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A desk's list answer (src/server/answer/deskPage.ts): a page of items, whether a next page exists, the page size. */
export interface QueuePage<T> {
  items: T[];
  hasMore: boolean;
  pageSize: number;
}

/**
 * A desk's queue as every answering desk reads it: the chosen tab and page of `path`, loaded again when either
 * changes (a new tab starts at page 1; `data` is null until its answer). `update` changes the loaded items in
 * place (a decided item leaves its tab); `reload` asks again and keeps the list on screen until the answer; an
 * answer to an older request (a quick change of tab) is dropped; errors go to `onError`.
 */
export function useDeskQueue<Q extends string, R extends QueuePage<unknown>>(
  path: string,
  first: Q,
  onError: (message: string | null) => void,
): {
  queue: Q;
  choose: (queue: Q) => void;
  page: number;
  goTo: (page: number) => void;
  data: R | null;
  /** The last load failed (its error went to `onError`): nothing is loading any more. */
  failed: boolean;
  update: (fn: (items: R['items']) => R['items']) => void;
  reload: () => void;
} {
  const [queue, setQueue] = useState<Q>(first);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<R | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const reload = useCallback(() => {
    const asked = ++latest.current;
    setFailed(false);
    get<R>(path, { queue, page })
      .then((answer) => {
        if (asked === latest.current) setData(answer);
      })
      .catch((err: unknown) => {
        if (asked !== latest.current) return;
        setFailed(true);
        onError(messageOf(err));
      });
  }, [path, queue, page, onError]);
  useEffect(reload, [reload]);
  return {
    queue,
    choose(next) {
      setData(null);
      setQueue(next);
      setPage(1);
    },
    page,
    goTo(next) {
      setData(null);
      setPage(next);
    },
    data,
    failed,
    update: (fn) => setData((d) => (d ? { ...d, items: fn(d.items) } : d)),
    reload,
  };
}

/** 上一页 · 第 N 页 · 下一页 under a desk's list; nothing while everything fits the first page. */
export function Pager({ page, data, onPage }: { page: number; data: QueuePage<unknown> | null; onPage: (page: number) => void }) {
  const more = data?.hasMore === true;
  if (page <= 1 && !more) return null;
  return (
    <nav className="nr-pager" aria-label="翻页">
      <button className="nr-button" type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span className="nr-meta">第 {page} 页</span>
      <button className="nr-button" type="button" disabled={!more} onClick={() => onPage(page + 1)}>
        下一页
      </button>
    </nav>
  );
}

/**
 * A desk's queue as every answering desk shows it, under its own heading: the tabs (choosing one clears the
 * success line), the notice, 加载中… until the answer (nothing more once the load failed: the notice says why),
 * `empty` for an empty tab, else the list — each item as `children` renders it, with its key — and the pager.
 */
export function DeskQueueView<Q extends string, T>({
  label,
  tabs,
  desk,
  error,
  ok,
  clearOk,
  empty,
  children,
}: {
  label: string;
  tabs: readonly { id: Q; label: ReactNode }[];
  desk: { queue: Q; choose: (queue: Q) => void; page: number; goTo: (page: number) => void; data: QueuePage<T> | null; failed: boolean };
  error: string | null;
  ok: string | null;
  clearOk: () => void;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const rows = desk.data?.items ?? null;
  return (
    <>
      <Tabs
        label={label}
        tabs={tabs}
        current={desk.queue}
        onChoose={(id) => {
          clearOk();
          desk.choose(id);
        }}
      />
      <Notice error={error} ok={ok} />
      {rows === null ? (
        desk.failed ? null : (
          <p role="status">加载中…</p>
        )
      ) : rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="nr-list">{rows.map((item) => children(item))}</ul>
      )}
      <Pager page={desk.page} data={desk.data} onPage={desk.goTo} />
    </>
  );
}

/**
 * A decision that needs its reason, as one small form: the labelled reason (2 to `maxLength` characters, trimmed)
 * and its button. The reason reaches `onSubmit` only when the browser's own checks pass.
 */
const REASON_MIN = 2;
/** The server's words for a reason too short (contract Text with label 原因). */
const reasonTooShort = (what: string): string => `${what}至少 ${REASON_MIN} 个字`;

export function ReasonForm({
  label,
  button,
  busy,
  onSubmit,
  maxLength = 200,
  tone,
  field,
  placeholder,
  name,
  what = '原因',
}: {
  label: string;
  button: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  maxLength?: number;
  /** The button: `danger` for a decision that takes something away, `primary` for the one the desk expects. */
  tone?: 'danger' | 'primary';
  /** Label and field on one line (`inline`), or a wide field. */
  field?: 'inline' | 'wide';
  /** An example of a good reason. */
  placeholder?: string;
  /** The form's accessible name, where several stand side by side (one per person). */
  name?: string;
  /** What the server calls the field in its refusal (the contract's label), so a short reason reads the same here. */
  what?: string;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('reason') as HTMLInputElement;
    const reason = input.value.trim();
    // The browser's minLength counts spaces; the server trims, so the form counts what the server will.
    if ([...reason].length < REASON_MIN) {
      input.setCustomValidity(reasonTooShort(what));
      input.reportValidity();
      return;
    }
    onSubmit(reason);
  };
  return (
    <form className="nr-inline-form" onSubmit={submit} aria-label={name}>
      <label className={field ? `nr-field nr-field--${field}` : 'nr-field'}>
        <span>{label}</span>
        <input
          name="reason"
          minLength={REASON_MIN}
          maxLength={maxLength}
          required
          placeholder={placeholder}
          onInput={(e) => e.currentTarget.setCustomValidity('')}
        />
      </label>
      <button className={tone ? `nr-button nr-button--${tone}` : 'nr-button'} type="submit" disabled={busy}>
        {button}
      </button>
    </form>
  );
}

/**
 * The two forms of a 待受理 item on a desk that sends it on: send it to a unit (`chosen`, the one the asker
 * named, is chosen first and marked with `chosenMark`; `none` is a first option, value 0, for keeping it) or
 * refuse it with the reason its author reads.
 */
export function AssignOrRefuse({
  units,
  chosen,
  chosenMark,
  none,
  unitLabel,
  assignText,
  refuseLabel,
  busy,
  onAssign,
  onRefuse,
}: {
  units: readonly { id: number; name: string }[];
  chosen: number;
  chosenMark: string;
  none?: string;
  unitLabel: string;
  assignText: string;
  refuseLabel: string;
  busy: boolean;
  onAssign: (unitId: number) => void;
  onRefuse: (reason: string) => void;
}) {
  const assign = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onAssign(Number(new FormData(e.currentTarget).get('unitId')));
  };
  return (
    <div className="nr-actions">
      <form className="nr-inline-form" onSubmit={assign}>
        <label className="nr-field">
          <span>{unitLabel}</span>
          <select name="unitId" defaultValue={none === undefined ? chosen || units[0]?.id : chosen} required>
            {none !== undefined && <option value={0}>{none}</option>}
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
                {u.id === chosen ? chosenMark : ''}
              </option>
            ))}
          </select>
        </label>
        <button className="nr-button nr-button--primary" type="submit" disabled={busy || (none === undefined && units.length === 0)}>
          {assignText}
        </button>
      </form>
      <ReasonForm label={refuseLabel} button="不予受理" busy={busy} onSubmit={onRefuse} />
    </div>
  );
}

/** The order `ids` with `id` swapped with its neighbour above or below; null at an end. */
export function movedOrder(ids: readonly number[], id: number, dir: 'up' | 'down'): { ids: number[]; to: number } | null {
  const at = ids.indexOf(id);
  const to = dir === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return { ids: next, to };
}

/**
 * Keeps the keyboard where it was across a move: call the returned function before the list is drawn again; once
 * `drawn` changes, focus goes back to the moved row's button (or its other one when it reached an end).
 */
export function useMoveFocus(drawn: unknown): (id: number, dir: 'up' | 'down') => void {
  const want = useRef<string | null>(null);
  useEffect(() => {
    const wanted = want.current;
    if (!wanted || !drawn) return;
    want.current = null;
    const [id, dir] = wanted.split(':');
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${dir}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${dir === 'up' ? 'down' : 'up'}"]`);
    (button && !button.disabled ? button : other)?.focus();
  }, [drawn]);
  return useCallback((id: number, dir: 'up' | 'down') => {
    want.current = `${id}:${dir}`;
  }, []);
}

/** 上移 and 下移 for one row of an ordered list (buttons, so the keyboard orders it; each names the row). */
export function MoveButtons({
  id,
  name,
  index,
  count,
  busy,
  onMove,
}: {
  id: number;
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onMove: (dir: 'up' | 'down') => void;
}) {
  return (
    <>
      <button
        className="nr-button"
        type="button"
        data-move={`${id}:up`}
        disabled={busy || index === 0}
        onClick={() => onMove('up')}
        aria-label={`上移：${name}`}
      >
        上移
      </button>
      <button
        className="nr-button"
        type="button"
        data-move={`${id}:down`}
        disabled={busy || index === count - 1}
        onClick={() => onMove('down')}
        aria-label={`下移：${name}`}
      >
        下移
      </button>
    </>
  );
}
