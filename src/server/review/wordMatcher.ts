/**
 * The sensitive-word matcher (docs/adr/018-one-review-model.md): one Aho–Corasick automaton over the admins' words
 * (modern-ahocorasick), run on the text as the matcher sees it — full-width letters and digits folded (NFKC), case
 * folded, and spaces, punctuation and symbols put between characters dropped — so 法 轮、Ｆａ-lun and FALUN match
 * the words 法轮 and falun alike. Each hit maps back to the characters the reader wrote, for marking.
 */
import AhoCorasick from 'modern-ahocorasick';

export type WordAction = 'hold' | 'block';

export interface Word {
  word: string;
  action: WordAction;
}

export interface WordHit {
  word: string;
  action: WordAction;
  /** The matched characters as written, [start, end) in the original text. */
  start: number;
  end: number;
}

/** Characters the matcher steps over: white space, punctuation, symbols, controls, and zero-width marks. */
const SKIPPED = /[\p{White_Space}\p{P}\p{S}\p{Cc}\p{Cf}]/u;

/** The text as the matcher sees it, with, for each of its UTF-16 units, where it came from in the original. */
export function normalizeForMatch(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const at = i;
    i += ch.length;
    if (SKIPPED.test(ch)) continue;
    const out = ch.normalize('NFKC').toLowerCase();
    for (const unit of out) {
      if (SKIPPED.test(unit)) continue;
      folded += unit;
      for (let k = 0; k < unit.length; k++) origin.push(at);
    }
  }
  origin.push(i);
  return { folded, origin };
}

/** A word as stored: folded the way the text is (an empty result means the word has nothing matchable). */
export function normalizeWord(word: string): string {
  return normalizeForMatch(word).folded;
}

export class WordMatcher {
  private readonly automaton: AhoCorasick | null;
  private readonly words: Word[];

  constructor(words: readonly Word[]) {
    this.words = words.map((w) => ({ word: normalizeWord(w.word), action: w.action })).filter((w) => w.word !== '');
    this.automaton = this.words.length === 0 ? null : new AhoCorasick(this.words.map((w) => w.word));
  }

  get size(): number {
    return this.words.length;
  }

  /** Every word found, blocks first, each with the span of the original text it covers. */
  find(text: string): WordHit[] {
    if (!this.automaton) return [];
    const { folded, origin } = normalizeForMatch(text);
    const hits: WordHit[] = [];
    for (const m of this.automaton.search(folded)) {
      const w = this.words[m.patternIndex];
      if (!w) continue;
      const start = origin[m.start] ?? 0;
      const lastUnit = origin[m.end - 1] ?? start;
      // The end is after the last matched character as written (a surrogate pair counts as one).
      const end = lastUnit + (text.codePointAt(lastUnit)! > 0xffff ? 2 : 1);
      hits.push({ word: w.word, action: w.action, start, end });
    }
    return hits.sort((a, b) => (a.action === b.action ? a.start - b.start : a.action === 'block' ? -1 : 1));
  }
}
