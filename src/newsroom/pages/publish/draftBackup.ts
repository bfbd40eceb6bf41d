/**
 * The story's copy in this browser (ADR 025): written on every change, so a lost network or a closed tab
 * loses nothing; dropped once the server has saved exactly it. The console cannot use src/client/storage.ts
 * (it carries no reader script, ADR 017), so it reads localStorage itself, here only.
 */
import type { ArticleFields } from '../../../contract/publish.ts';

export interface DraftBackup {
  fields: ArticleFields;
  content: string;
  /** The server revision the changes were made on. */
  revision: number;
  savedAt: string;
}

const keyOf = (id: number) => `nr-draft-${id}`;

function store(): Storage | null {
  try {
    // eslint-disable-next-line no-restricted-properties -- the console's own draft copy (see the file comment)
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readBackup(id: number): DraftBackup | null {
  const raw = store()?.getItem(keyOf(id));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as DraftBackup;
  } catch {
    return null;
  }
}

export function writeBackup(id: number, backup: DraftBackup): void {
  try {
    store()?.setItem(keyOf(id), JSON.stringify(backup));
  } catch {
    // A full store: the server copy is the one that counts.
  }
}

export function dropBackup(id: number): void {
  store()?.removeItem(keyOf(id));
}
