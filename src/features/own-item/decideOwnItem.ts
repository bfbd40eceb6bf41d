/**
 * A reader-written item that is not public yet (in review, or refused) answers 404 to the server render,
 * which reads as nobody; its author's browser asks again with the token and shows it marked 审核中 or with
 * the reason (team rule: "a pending or rejected item is visible only to its author"). These are the
 * kinds of item with a detail page, the call each page makes, and the one shape the page shows.
 */
import type { essayDetail } from '../../contract/composition.ts';
import type { complaintDetail } from '../../contract/interact.ts';
import type { getQuanDetail } from '../../contract/discover.ts';
import type { wendaGetAnswerDetail, wenzhengGetDetail } from '../../contract/bangbang.ts';
import type { DataOf } from '../../contract/endpoint.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';

export interface OwnItemCalls {
  essay: typeof essayDetail;
  post: typeof getQuanDetail;
  question: typeof wendaGetAnswerDetail;
  politics: typeof wenzhengGetDetail;
  complaint: typeof complaintDetail;
}
export type OwnItemKind = keyof OwnItemCalls;

/** The call of each kind: its path (equal to the contract's) and its query for an id. */
export const OWN_ITEM_CALLS: { [K in OwnItemKind]: { path: OwnItemCalls[K]['path']; query: (id: number) => Record<string, number> } } = {
  essay: { path: '/v1/composition/detail', query: (id) => ({ id }) },
  post: { path: '/v1/quan/getDetail', query: (newsId) => ({ newsId }) },
  question: { path: '/v1/bangbang/wenda/getAnswerDetail', query: (id) => ({ id }) },
  politics: { path: '/v1/bangbang/wenzheng/getDetail', query: (id) => ({ id }) },
  complaint: { path: '/api/complaints/detail', query: (id) => ({ id }) },
};

/** What the author's page shows. */
export interface OwnItem {
  /** The top bar's title in place of 页面不存在. */
  pageTitle: string;
  /** What kind of item it is, as the reader calls it. */
  label: string;
  title: string;
  /** 审核中, 未通过：reason, or '' once it is public. */
  state: string;
  /** Plain-text paragraphs. */
  paragraphs: string[];
  /** Our own media paths only. */
  pictures: string[];
  time: string;
}

type Data<K extends OwnItemKind> = DataOf<OwnItemCalls[K]>;
export type OwnItemData = { [K in OwnItemKind]: { kind: K; data: Data<K> } }[OwnItemKind];

const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
const ownMedia = (urls: readonly string[]): string[] => urls.filter((u) => /^\/media\/[A-Za-z0-9_\-/.]+$/.test(u) && !u.includes('..'));

/** The item as its author's page shows it. */
export function decideOwnItem(item: OwnItemData): OwnItem {
  switch (item.kind) {
    case 'essay': {
      const e = item.data;
      return {
        pageTitle: '我的作文',
        label: '作文',
        title: e.title,
        state: reviewStateText(e.reviewState, e.rejectReason),
        paragraphs: paragraphsOf(e.content),
        pictures: ownMedia(e.pictures),
        time: e.createTime,
      };
    }
    case 'post': {
      const p = item.data;
      return {
        pageTitle: '发现动态',
        label: '动态',
        title: '我的动态',
        state: reviewStateText(p.reviewState, p.rejectReason),
        paragraphs: paragraphsOf(p.content),
        pictures: ownMedia(p.imageUrl),
        time: p.createTime,
      };
    }
    case 'question': {
      const q = item.data;
      return {
        pageTitle: '我的提问',
        label: '问答',
        title: q.title,
        state: reviewStateText(q.reviewState, q.reviewReason),
        paragraphs: paragraphsOf(q.content),
        pictures: ownMedia(q.pictures),
        time: q.createTime,
      };
    }
    case 'politics': {
      const p = item.data;
      return {
        pageTitle: '我的问政',
        label: `问政 · ${p.department}`,
        title: p.title,
        state: reviewStateText(p.reviewState, p.reviewReason),
        paragraphs: paragraphsOf(p.content),
        pictures: ownMedia(p.pictures),
        time: p.createTime,
      };
    }
    case 'complaint': {
      const c = item.data;
      return {
        pageTitle: '我的投诉',
        label: `投诉 · ${c.platform}`,
        title: c.shopName,
        state: reviewStateText(c.reviewState, c.reviewReason),
        paragraphs: paragraphsOf(c.content),
        pictures: ownMedia(c.pictures),
        time: c.createTime,
      };
    }
  }
}
