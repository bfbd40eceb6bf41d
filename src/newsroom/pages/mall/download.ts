/** Saves a CSV the server answered as a file on the operator's computer, and a fresh key for a write. */

export function saveCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A form's Idempotency-Key: made once per form, sent again when the operator retries. */
export function newKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
