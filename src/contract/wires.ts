/**
 * The wires desk in the newsroom console (`/newsroom/api/wires/*`, docs/security.md "The wires"): feeds an
 * admin adds (RSS 2.0, Atom, JSON Feed), the hosts they may come from, and the ingest tray from which an
 * editor makes a draft of an item with one click. The server parses with these; the console infers types.
 */
import { IdOf } from './fields.ts';
import { z } from './zod.ts';

/** How often a feed may be fetched, in minutes. */
export const FEED_EVERY_CHOICES = [5, 15, 30, 60, 180, 720] as const;
export const FEED_EVERY_LABELS: Readonly<Record<(typeof FEED_EVERY_CHOICES)[number], string>> = {
  5: '每 5 分钟',
  15: '每 15 分钟',
  30: '每 30 分钟',
  60: '每小时',
  180: '每 3 小时',
  720: '每 12 小时',
};

/** A host name as an admin allows it: letters, digits, dots and hyphens (an IP address is a host too). */
export const HOST_RE = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const FeedId = IdOf('订阅源编号不正确');
const ItemId = IdOf('条目编号不正确');
const OptionalId = (label: string) =>
  z.coerce
    .number({ message: `${label}不正确` })
    .int(`${label}不正确`)
    .min(0, `${label}不正确`)
    .default(0);

export const HostInput = z.object({
  host: z
    .string({ message: '请填写主机名' })
    .trim()
    .toLowerCase()
    .refine((h) => HOST_RE.test(h), '主机名不正确（只填主机名，如 www.cqnews.net，不带 http:// 和路径）'),
});

export const FeedInput = z.object({
  name: z.string({ message: '请填写订阅源名称' }).trim().min(2, '订阅源名称至少 2 个字').max(30, '订阅源名称最多 30 个字'),
  url: z
    .string({ message: '请填写订阅源地址' })
    .trim()
    .max(500, '订阅源地址过长')
    .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), '订阅源地址须以 http:// 或 https:// 开头'),
  everyMinutes: z.coerce
    .number({ message: '抓取频率不正确' })
    .refine((n): n is (typeof FEED_EVERY_CHOICES)[number] => (FEED_EVERY_CHOICES as readonly number[]).includes(n), '抓取频率不正确'),
  channelId: OptionalId('建议频道'),
  classId: OptionalId('建议栏目'),
});

export const FeedIdInput = z.object({ id: FeedId });
export const FeedToggleInput = z.object({ id: FeedId, enabled: z.boolean({ message: '启用设置不正确' }) });

export const TrayInput = z.object({
  feedId: z.coerce.number({ message: '订阅源编号不正确' }).int('订阅源编号不正确').min(0, '订阅源编号不正确').default(0),
  /** 'open': items no draft was made of yet; 'all': also those. */
  show: z.enum(['open', 'all'], { message: '筛选条件不正确' }).default('open'),
});

export const DraftInput = z.object({ itemId: ItemId });

export interface WireFeedView {
  id: number;
  name: string;
  url: string;
  everyMinutes: number;
  channelId: number;
  classId: number;
  enabled: boolean;
  lastFetchedAt: string | null;
  /** The last fetch's problem in Chinese; '' when it went well. */
  lastError: string;
  lastNewItems: number;
  nextFetchAt: string;
}

export interface WireHostView {
  host: string;
  addedAt: string;
}

export interface WireItemView {
  id: number;
  feedId: number;
  feedName: string;
  title: string;
  summary: string;
  /** Sanitised HTML (the reader pages' sanitiser). */
  content: string;
  link: string;
  author: string;
  publishedAt: string | null;
  fetchedAt: string;
  articleId: number | null;
  draftedBy: string;
}

export interface WireTray {
  feeds: WireFeedView[];
  items: WireItemView[];
}

export interface FetchReport {
  feedId: number;
  newItems: number;
  /** '' when the fetch went well. */
  error: string;
}
