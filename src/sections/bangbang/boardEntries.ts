/**
 * The entries of the board home (spec 2.7: 问答, 问政, 社群, 爆料, 服务, 帮你解读). An entry is listed once its
 * page is built; the ones still to come are named in ADR 010.
 */
import { boardLinks } from './boardLinks.ts';
import { moreLinks } from './moreLinks.ts';

export interface BoardEntry {
  name: string;
  href: string;
  glyph: string;
  color: string;
}

export const BOARD_ENTRIES: readonly BoardEntry[] = [
  { name: '问答', href: moreLinks.qaIndex, glyph: '问', color: '#1565c0' },
  { name: '问政', href: boardLinks.politics, glyph: '政', color: '#c40010' },
  { name: '社群', href: moreLinks.community, glyph: '群', color: '#6d28d9' },
  { name: '爆料', href: moreLinks.exposure, glyph: '爆', color: '#a34700' },
  { name: '服务', href: boardLinks.serve, glyph: '服', color: '#1e6b35' },
  { name: '帮你解读', href: moreLinks.explain, glyph: '解', color: '#0e7490' },
];
