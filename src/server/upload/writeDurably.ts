/**
 * An upload's file is written under a temporary name, synced, and only then given its name: a success
 * answer means the file is there, and a failure (a refused body, a full disk, a crash) never leaves a
 * half-written file under a real name — the temporary file is removed.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises';

/**
 * Fills `temp` (created new), syncs it, and renames it to `nameFor(result)` (or leaves it at `temp`, synced, for
 * the media store to take: src/server/media/storage.ts putFile); removes it on any failure.
 */
export async function writeDurably<T>(temp: string, fill: (handle: FileHandle) => Promise<T>, nameFor?: (result: T) => string): Promise<T> {
  const handle = await open(temp, 'wx+');
  let result: T;
  try {
    result = await fill(handle);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  if (nameFor) await rename(temp, nameFor(result));
  return result;
}
