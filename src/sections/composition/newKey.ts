/** A fresh Idempotency-Key (8–64 of [A-Za-z0-9_-]): one per draft, so a retried send writes once. */
export function newKey(prefix: string): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : `${Date.now()}${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${random}`.slice(0, 64);
}
