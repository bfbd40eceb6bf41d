/**
 * A rural write from an island (ask, post, comment, like): one call at a time (`busy`), the answer's
 * message or spec 8's words for a failure handed to the caller to show, nothing for a login redirect. A
 * draft's write (`sendDraft`) has one Idempotency-Key per draft (path and body) until it lands, so a retry after
 * a network error writes once — also after a queued write was given up and 放弃'd, when it may have landed
 * unseen — and an edited draft is a new write; a new key is drawn after each success (`settled` for one the
 * outbox sent).
 */
import { useState } from 'react';
import { isNoAnswer, messageForFailure } from '../../client/apiClient.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { BodyOf, DataOf, Endpoint } from '../../contract/endpoint.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { useWriteAttempt } from '../../client/useWriteAttempt.ts';

export interface WriteHandlers<T> {
  ok(res: Envelope<T>): void;
  /** Shows a message: the server's refusal, or `offline` / the refused input's own words for a failed call. */
  fail(message: string): void;
  /** What to say when no answer came (network error, time-out). */
  offline: string;
  /** Keeps a draft's write that got no answer in the outbox under its key (ADR 032); false when it could not. */
  keep?(idempotencyKey: string): Promise<boolean>;
}

/** A login redirect (the client already sends the reader to log in): nothing more to say. */
const quiet = (code: number) => code === 301 || code === 302;

export function useRuralWrite() {
  const attempt = useWriteAttempt();
  const [busy, setBusy] = useState(false);

  async function send<E extends Endpoint>(path: E['path'], body: BodyOf<E>, handlers: WriteHandlers<DataOf<E>>, idempotencyKey?: string): Promise<void> {
    setBusy(true);
    try {
      const res = await postByPath<E>(path, body, idempotencyKey === undefined ? undefined : { idempotencyKey });
      if (res.statusCode === 200) handlers.ok(res);
      else if (!quiet(res.statusCode)) handlers.fail(res.message);
    } catch (error) {
      // No answer at all: the outbox keeps it under its key (the draft keeps the key too, for a send after 放弃).
      if (idempotencyKey && handlers.keep && isNoAnswer(error) && (await handlers.keep(idempotencyKey))) return;
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message.
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
    sendDraft: <E extends Endpoint>(path: E['path'], body: BodyOf<E>, handlers: WriteHandlers<DataOf<E>>) =>
      send<E>(
        path,
        body,
        {
          ...handlers,
          ok: (res) => {
            handlers.ok(res);
            attempt.done();
          },
        },
        attempt.key(JSON.stringify([path, body])),
      ),
    /** The outbox sent a draft's queued write: the next draft is a new write. */
    settled: () => attempt.done(),
  };
}
