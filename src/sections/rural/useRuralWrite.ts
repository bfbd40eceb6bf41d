/**
 * A rural write from an island (ask, post, comment, like): one call at a time (`busy`), the answer's
 * message or spec 8's words for a failure handed to the caller to show, nothing for a login redirect. A
 * draft's write (`sendDraft`) keeps its Idempotency-Key until it lands, so a retry after a network error
 * writes once; a new key is drawn after each success.
 */
import { useState } from 'react';
import { api } from '../../client/api.ts';
import { messageForFailure, type ApiBody } from '../../client/apiClient.ts';
import type { Envelope } from '../../contract/envelope.ts';

export interface WriteHandlers<T> {
  ok(res: Envelope<T>): void;
  /** Shows a message: the server's refusal, or `offline` / the refused input's own words for a failed call. */
  fail(message: string): void;
  /** What to say when no answer came (network error, time-out). */
  offline: string;
}

const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
/** A login redirect (the client already sends the reader to log in): nothing more to say. */
const quiet = (code: number) => code === 301 || code === 302;

export function useRuralWrite(keyPrefix: string) {
  const [key, setKey] = useState(() => newKey(keyPrefix));
  const [busy, setBusy] = useState(false);

  async function send<T>(path: string, body: ApiBody, handlers: WriteHandlers<T>, idempotencyKey?: string): Promise<void> {
    setBusy(true);
    try {
      const res = await api.post<T>(path, body, idempotencyKey === undefined ? undefined : { idempotencyKey });
      if (res.statusCode === 200) handlers.ok(res);
      else if (!quiet(res.statusCode)) handlers.fail(res.message);
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message (issue 21 item 4).
      const message = messageForFailure(error, handlers.offline);
      if (message) handlers.fail(message);
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    /** A write without a draft (a like: the wanted state, so a retry changes nothing). */
    send,
    /** A draft's write under its Idempotency-Key. */
    sendDraft: <T>(path: string, body: ApiBody, handlers: WriteHandlers<T>) =>
      send<T>(
        path,
        body,
        {
          ...handlers,
          ok: (res) => {
            handlers.ok(res);
            setKey(newKey(keyPrefix));
          },
        },
        key,
      ),
  };
}
