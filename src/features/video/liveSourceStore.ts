/** The live source the reader picked (spec 2.4: the chosen source is highlighted and its url emitted). */
import { atom } from 'nanostores';

export const $liveSource = atom<string | null>(null);

export function chooseLiveSource(url: string): void {
  $liveSource.set(url);
}
