/**
 * The browser's one way to make an `Idempotency-Key` (docs/security.md C4): a random UUID, and a write's
 * attempt that keeps its key across the retries of that attempt, so a send whose answer was lost and is
 * sent again writes once, while a new attempt (an answered send, or other content) gets a new key.
 */

/** A fresh key: a v4 UUID (36 of [0-9a-f-], inside the server's 8–64 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(cryptoApi: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http page still has getRandomValues: the same v4 layout.
  const b = cryptoApi.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (n) => n.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One write's attempt: `key(draft)` answers the same key while the attempt is open and the draft (what is
 * sent, e.g. its JSON) is the same; other content opens a new attempt. `done()` closes it after an answer
 * that settles it (sent, or refused), so the next send is a new attempt with a new key.
 */
export class WriteAttempt {
  #key: string | null = null;
  #draft = '';
  readonly #makeKey: () => string;

  constructor(makeKey: () => string = newIdempotencyKey) {
    this.#makeKey = makeKey;
  }

  key(draft = ''): string {
    if (this.#key === null || this.#draft !== draft) {
      this.#key = this.#makeKey();
      this.#draft = draft;
    }
    return this.#key;
  }

  done(): void {
    this.#key = null;
  }
}
