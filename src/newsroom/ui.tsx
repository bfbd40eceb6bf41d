/** Small shared pieces of the console's pages: links, messages, forms, dates. */
import { useState, type AnchorHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { ConsoleError } from './api.ts';
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

export function messageOf(err: unknown): string {
  return err instanceof ConsoleError ? err.message : '操作失败，请稍后重试';
}

/** Runs an async action with a busy flag and its error message. */
export function useAction(): { busy: boolean; error: string | null; run: (fn: () => Promise<void>) => Promise<void>; setError: (e: string | null) => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    setError,
    async run(fn) {
      setBusy(true);
      setError(null);
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
