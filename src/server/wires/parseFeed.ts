/**
 * A feed's text to the items the tray keeps (RSS 2.0, Atom, JSON Feed, parsed by feedsmith). A document
 * type declaration is refused before any parsing (docs/security.md W4: entity expansion, external
 * entities); every text is made plain and every body goes through the reader pages' sanitiser.
 */
import { parseFeed } from 'feedsmith';
import { sanitizeHtml } from '../../features/richtext/sanitizeHtml.server.ts';
import { oneLineText } from '../../lib/htmlToText.ts';

export const WIRE_PARSE_MESSAGES = {
  doctype: '订阅源含有 DOCTYPE 或实体声明，已拒绝（防止实体膨胀攻击）',
  broken: '订阅源格式错误，无法解析（XML 或 JSON 不完整）',
  unknown: '无法识别的订阅源格式（只支持 RSS 2.0、Atom 和 JSON Feed）',
} as const;

export class WireParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireParseError';
  }
}

export interface FeedItem {
  /** guid / id, or the link when there is none. */
  dedupKey: string;
  link: string;
  title: string;
  summary: string;
  content: string;
  author: string;
  publishedAt: Date | null;
}

/** At most this many items are taken from one fetch (a feed lists its newest first). */
export const ITEMS_PER_FETCH = 100;
const TITLE_MAX = 120;
const SUMMARY_MAX = 200;

type Text = string | { value?: string | undefined } | undefined | null;
const textOf = (t: Text): string => (typeof t === 'string' ? t : (t?.value ?? ''));

const httpLink = (s: string | undefined): string => {
  if (!s) return '';
  try {
    const u = new URL(s.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '';
  } catch {
    return '';
  }
};

const dateOf = (s: unknown): Date | null => {
  if (!(typeof s === 'string' || typeof s === 'number' || s instanceof Date)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

function item(raw: { id?: string; link?: string; title?: string; summary?: string; body?: string; author?: string; date?: unknown }): FeedItem | null {
  const link = httpLink(raw.link);
  const key = (raw.id ?? '').trim().slice(0, 500) || link;
  const title = oneLineText(raw.title ?? '', TITLE_MAX);
  if (key === '' || title === '') return null;
  // The reader's sanitiser, then no inline SVG or MathML: a news item has no use for them.
  const body = sanitizeHtml(raw.body || raw.summary || '').replace(/<(svg|math)\b[\s\S]*?<\/\1>/gi, '');
  return {
    dedupKey: key,
    link,
    title,
    summary: oneLineText(raw.summary || raw.body || '', SUMMARY_MAX),
    content: body,
    author: oneLineText(raw.author ?? '', 30),
    publishedAt: dateOf(raw.date),
  };
}

/** The items of a feed's text; a WireParseError (Chinese) when it is not a feed we take. */
export function parseFeedItems(text: string): { title: string; items: FeedItem[] } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new WireParseError(WIRE_PARSE_MESSAGES.doctype);
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(text);
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    throw new WireParseError(name === 'DetectError' ? WIRE_PARSE_MESSAGES.unknown : WIRE_PARSE_MESSAGES.broken);
  }
  const out: (FeedItem | null)[] = [];
  let title = '';
  switch (parsed.format) {
    case 'rss': {
      const feed = parsed.feed;
      title = textOf(feed.title);
      for (const i of feed.items ?? []) {
        out.push(
          item({
            id: i.guid?.value,
            link: i.link,
            title: i.title,
            summary: i.description,
            body: i.content?.encoded ?? i.description,
            author: i.authors?.[0]?.name ?? i.dc?.creators?.[0],
            date: i.pubDate,
          }),
        );
      }
      break;
    }
    case 'atom': {
      const feed = parsed.feed;
      title = textOf(feed.title);
      for (const e of feed.entries ?? []) {
        const link = e.links?.find((l) => l.rel === undefined || l.rel === 'alternate')?.href ?? e.links?.[0]?.href;
        out.push(
          item({
            id: e.id,
            link,
            title: textOf(e.title),
            summary: textOf(e.summary),
            body: textOf(e.content),
            author: e.authors?.[0]?.name,
            date: e.published ?? e.updated,
          }),
        );
      }
      break;
    }
    case 'json': {
      const feed = parsed.feed;
      title = feed.title ?? '';
      for (const i of feed.items ?? []) {
        out.push(
          item({
            id: i.id,
            link: i.url,
            title: i.title,
            summary: i.summary ?? i.content_text,
            body: i.content_html ?? i.content_text,
            author: i.authors?.[0]?.name,
            date: i.date_published,
          }),
        );
      }
      break;
    }
    default:
      throw new WireParseError(WIRE_PARSE_MESSAGES.unknown);
  }
  const items = out.filter((i): i is FeedItem => i !== null).slice(0, ITEMS_PER_FETCH);
  return { title: oneLineText(title, 60), items };
}
