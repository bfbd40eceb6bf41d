/**
 * The moderation desk as the console's pages see it (docs/adr/018-one-review-model.md): the shapes of
 * /newsroom/api/moderation/*, the five tabs, which actions an item offers, and the small labels the desk shows.
 */
import { isCalendarDay } from '../lib/beijingDay.ts';

export type Tab = 'pending' | 'reported' | 'words' | 'patrol' | 'decided';
export type Action = 'approve' | 'reject' | 'remove';

/** The tabs, with the labels of the desk (section 3), in its order. */
export const TABS: readonly { id: Tab; label: string; hint: string }[] = [
  { id: 'pending', label: '待审', hint: '先审后发和敏感词送审的内容，最早的在前' },
  { id: 'reported', label: '被举报', hint: '读者举报的已发布内容：举报理由、人数和时间' },
  { id: 'words', label: '敏感词', hint: '因敏感词送审的内容，命中的词已标出' },
  { id: 'patrol', label: '巡查', hint: '刚刚发布的内容，最新的在前' },
  { id: 'decided', label: '已处理', hint: '已处理的内容：处理人、时间和理由' },
];

export interface Author {
  userId: number;
  nickname: string;
  maskedPhone: string;
  accountDays: number;
  approved: number;
  rejected: number;
  reported: number;
  mutedUntil: string | null;
}

export interface ItemView {
  id: number;
  userId: number;
  text: string;
  pictures: string[];
  contextTitle: string;
  contextHref: string;
  parentText: string;
  /** What the item replaces (a reader's old nickname and avatar), shown beside the new. */
  before?: { text: string; pictures: string[] };
}

export interface QueueItem {
  deskId: number;
  kind: string;
  kindLabel: string;
  itemId: number;
  area: string;
  areaLabel: string;
  state: string;
  createdAt: string;
  ageMinutes: number;
  heldWord: string;
  marks: { start: number; end: number }[];
  reportCount: number;
  reportReasons: string[];
  reportedAt: string;
  decision: string;
  reason: string;
  decidedBy: string;
  decidedAt: string;
  item: ItemView | null;
  author: Author | null;
  cursor: { at: string; id: number };
}

export interface QueuePage {
  items: QueueItem[];
  next: { at: string; id: number } | null;
  reasons: string[];
}

export interface AreaSetting {
  area: string;
  label: string;
  reviewBeforePublish: boolean;
  closed: boolean;
  closedMessage: string;
}

export interface SettingsData {
  areas: AreaSetting[];
  reasons: string[];
}

export interface Word {
  id: number;
  word: string;
  action: 'hold' | 'block';
}

export interface BatchResult {
  done: { kind: string; itemId: number; state: string }[];
  failed: { kind: string; itemId: number; message: string }[];
}

/** The queue's filters, as the form and the address carry them. */
export interface DeskFilters {
  area?: string;
  from?: string;
  to?: string;
  word?: string;
}

const FILTER_KEYS = ['area', 'from', 'to', 'word'] as const;

/**
 * The desk's tab and filters read from its address (`?tab=reported&area=profile`), so a link opens one queue as
 * it was shared, a reload keeps it, and the home's counts can point into it. Unknown tabs and empty values are
 * dropped; a date that is not a real YYYY-MM-DD day too.
 */
export function readDeskQuery(search: string): { tab: Tab; filters: DeskFilters } {
  const q = new URLSearchParams(search);
  const tab = TABS.find((t) => t.id === q.get('tab'))?.id ?? 'pending';
  const filters: DeskFilters = {};
  for (const key of FILTER_KEYS) {
    const v = (q.get(key) ?? '').trim();
    if (v === '' || ((key === 'from' || key === 'to') && !isCalendarDay(v))) continue;
    filters[key] = key === 'word' ? v.slice(0, 20) : v;
  }
  return { tab, filters };
}

/** The address's query for a tab and filters (the first tab and no filter: none). */
export function deskQuery(tab: Tab, filters: DeskFilters): string {
  const q = new URLSearchParams();
  if (tab !== 'pending') q.set('tab', tab);
  for (const key of FILTER_KEYS) if (filters[key]) q.set(key, filters[key]);
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

export interface Changes {
  changes: { kind: string; itemId: number; state: string; decidedBy: string }[];
  since: string;
}

/** How often an open desk asks what other moderators decided (a light poll on the 已处理 index, ADR 018). */
export const CHANGES_POLL_MS = 3_000;

export const keyOf = (i: { kind: string; itemId: number }): string => `${i.kind}:${i.itemId}`;

/**
 * The shown items that other decisions took out of an open queue. A decision that leaves an item in the state the
 * queue shows it in is not news: the approval of a comment a reader has since reported (it stands in 被举报, still
 * approved), or of one in 巡查 still published. Any other decision ends the item's place in the queue.
 */
export function decidedElsewhere<C extends { kind: string; itemId: number; state: string }>(
  shown: readonly Pick<QueueItem, 'kind' | 'itemId' | 'state'>[],
  changes: readonly C[],
): C[] {
  const states = new Map(shown.map((i) => [keyOf(i), i.state]));
  return changes.filter((c) => states.has(keyOf(c)) && states.get(keyOf(c)) !== c.state);
}

/** The item's page on the reader site (the kinds name paths under the reader base). */
export const readerHref = (path: string): string => (path === '' ? '' : `/shancheng${path}`);

/** What the moderator may do with an item where it stands: 通过/拒绝 a held one, 通过/删除 a reported one, 删除 a published one. */
export function actionsFor(item: Pick<QueueItem, 'state' | 'kind'>, tab: Tab): Action[] {
  if (item.state === 'pending') return ['approve', 'reject'];
  if (item.state !== 'approved') return [];
  // A reported news article is the newsroom's own: the desk keeps it (settling its reports) and never takes it down.
  if (item.kind === 'article') return tab === 'reported' ? ['approve'] : [];
  return tab === 'reported' ? ['approve', 'remove'] : ['remove'];
}

export const ACTION_LABELS: Record<Action, string> = { approve: '通过', reject: '拒绝', remove: '删除' };
export const DONE_LABELS: Record<Action, string> = { approve: '已通过', reject: '已拒绝', remove: '已删除' };
/** The desk state of a decided item, as 已处理 shows it. */
export const STATE_LABELS: Record<string, string> = { pending: '待审', approved: '已通过', rejected: '未通过', removed: '已删除' };

/** 等待 12 分钟 / 3 小时 / 2 天: how long a held item has waited. */
export function ageLabel(minutes: number): string {
  if (minutes < 1) return '不到 1 分钟';
  if (minutes < 60) return `${minutes} 分钟`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} 小时`;
  return `${Math.floor(minutes / 1440)} 天`;
}

/** The item's text cut at the hold word's spans, so the desk can mark them. */
export function splitMarks(text: string, marks: readonly { start: number; end: number }[]): { text: string; marked: boolean }[] {
  const spans = [...marks].filter((m) => m.start < m.end && m.end <= text.length).sort((a, b) => a.start - b.start);
  const out: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const m of spans) {
    const start = Math.max(m.start, at);
    if (start >= m.end) continue;
    if (start > at) out.push({ text: text.slice(at, start), marked: false });
    out.push({ text: text.slice(start, m.end), marked: true });
    at = m.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

/** The mute lengths of 封禁 (days; 'forever' for good). */
export const MUTE_CHOICES: readonly { value: 1 | 7 | 30 | 'forever'; label: string }[] = [
  { value: 1, label: '1 天' },
  { value: 7, label: '7 天' },
  { value: 30, label: '30 天' },
  { value: 'forever', label: '永久' },
];
