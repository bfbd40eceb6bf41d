/**
 * An island's view of the outbox (ADR 032): the signed-in reader's queued writes of one scope, as 发送中…,
 * 已发送 (for a moment) or 发送失败，点击重试. Hydration-safe: the first render has no items (as the server's
 * HTML); IndexedDB is read in an effect. The outbox code comes by dynamic import as soon as a reader is
 * signed in, not when a send fails: by then the network may be gone and the code with it.
 */
import { useEffect, useRef, useState } from 'react';
import type { Outbox, OutboxEntry, SendAnswer } from '../../client/outbox.ts';
import { useSession } from '../login-gate/useSession.ts';

export interface OutboxItem {
  id: string;
  label: string;
  state: 'sending' | 'sent' | 'failed';
}

export interface OutboxHandlers {
  /** The server took a queued write (also one queued before the page was reopened). */
  onSent?(entry: OutboxEntry, answer: SendAnswer): void;
  /** The server refused a queued write; `message` is its Chinese reason ('' for none), `answer` its envelope if any. */
  onRefused?(entry: OutboxEntry, message: string, answer?: SendAnswer): void;
}

/** How long 已发送 stays. */
export const SENT_SHOWN_MS = 3000;
function load(): Promise<Outbox> {
  return import('../../client/outboxBrowser.ts').then((m) => m.browserOutbox());
}

export function useOutbox(scope: string, handlers: OutboxHandlers = {}) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [box, setBox] = useState<Outbox | null>(null);
  const on = useRef(handlers);
  on.current = handlers;
  const { token, userId } = useSession();

  // Only a signed-in reader has writes to keep: an anonymous page (the cached one most readers get) loads nothing.
  useEffect(() => {
    if (token && !box) void load().then(setBox, () => undefined);
  }, [token, box]);

  useEffect(() => {
    if (!box) return;
    let live = true;
    const relist = () =>
      void box.list(scope).then((entries) => {
        if (!live) return;
        setItems((shown) => [
          ...shown.filter((i) => i.state === 'sent'),
          ...entries.map((e): OutboxItem => ({ id: e.id, label: e.label, state: e.state === 'failed' ? 'failed' : 'sending' })),
        ]);
      });
    relist();
    const stop = box.subscribe((event) => {
      if (event.entry.scope !== scope || !live) return;
      if (event.type === 'changed') return relist();
      setItems((shown) => shown.filter((i) => i.id !== event.entry.id));
      if (event.type === 'discarded') return;
      if (event.type === 'refused') return on.current.onRefused?.(event.entry, event.message, event.answer);
      setItems((shown) => [...shown, { id: event.entry.id, label: event.entry.label, state: 'sent' }]);
      setTimeout(() => setItems((shown) => shown.filter((i) => i.id !== event.entry.id)), SENT_SHOWN_MS);
      on.current.onSent?.(event.entry, event.answer);
    });
    return () => {
      live = false;
      stop();
    };
  }, [box, scope, token, userId]);

  return {
    items,
    /** True while a write of this scope waits: the form must not send it again under a new key. */
    waiting: items.some((i) => i.state !== 'sent'),
    /**
     * Keeps a write that got no answer (same key). Resolves false when it could not be kept — nobody signed in to
     * own it, the outbox code never arrived, no IndexedDB (some private modes) — and the form says so as before.
     */
    async queue(write: Pick<OutboxEntry, 'id' | 'kind' | 'label' | 'path' | 'body'>): Promise<boolean> {
      try {
        const loaded = box ?? (await load());
        if (!box) setBox(loaded);
        const entry = await loaded.queue({ ...write, scope });
        if (entry) setItems((shown) => [...shown.filter((i) => i.id !== entry.id), { id: entry.id, label: entry.label, state: 'sending' }]);
        return entry !== null;
      } catch {
        return false;
      }
    },
    retry(id: string): void {
      void box?.retry(id);
    },
    /** 放弃: a given-up write is forgotten; the form's draft is still there to edit and send again. */
    discard(id: string): void {
      void box?.discard(id);
    },
  };
}
