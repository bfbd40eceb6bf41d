/**
 * Loads a detail page through the API client: the article, then related news, ads and (for a page that shows
 * them) the first comments together, so their queries reach the database in one batch. The article comes from
 * the read-only /kratos/v1/detail so the page is the same for every reader and cacheable (ADR 001); the
 * view is counted by the page's after-load beacon (ViewBeacon.astro, POST /v1/news/view).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { adsList, kratosDetail, relationNews, type Ad, type NewsDetail } from '../../contract/detail.ts';
import type { CommentItem } from '../../contract/interaction.ts';
import { NewsIdQuery, type ListItem } from '../../contract/news.ts';
import { AD_SLOTS, decideEligibleAds, decidePreroll } from '../../features/ads/decideEligibleAds.ts';
import { loadCommentPreview } from '../../features/interaction/commentPreview.ts';
import { decideDetailFlags, type DetailFlags } from './decideDetailFlags.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

export interface DetailAds {
  aboveTitle: Ad[];
  belowTitle: Ad[];
  belowArticle: Ad[];
  /** The pre-roll before the video (spec 5), null when there is none or the article's flag ad hides it. */
  preroll: Ad | null;
}

export interface DetailPageData {
  detail: NewsDetail;
  flags: DetailFlags;
  related: ListItem[];
  ads: DetailAds;
  /** The comment preview: empty unless asked for (`comments: true`) and the article shows comments. */
  comments: CommentItem[];
}

export type DetailLoad = PageLoad<DetailPageData>;

const NO_ADS: DetailAds = { aboveTitle: [], belowTitle: [], belowArticle: [], preroll: null };

export interface DetailLoadOptions {
  relatedSize?: number;
  /** Read the comment preview too (the pages that mount InteractionSection). */
  comments?: boolean;
}

export async function loadDetail(search: URLSearchParams, options: DetailLoadOptions = {}): Promise<DetailLoad> {
  const ids = NewsIdQuery.safeParse({ classId: search.get('classId') ?? undefined, newsId: search.get('newsId') ?? undefined });
  if (!ids.success) return { kind: 'notFound' };
  try {
    const res = await getEndpoint(kratosDetail, ids.data);
    if (res.statusCode === 404) return { kind: 'notFound' };
    if (res.statusCode !== 200) return { kind: 'error' };
    const detail = res.data;
    const flags = decideDetailFlags(detail);
    const [related, adsRes, comments] = await Promise.all([
      flags.showRelated
        ? getEndpoint(relationNews, { ...ids.data, pageSize: options.relatedSize ?? 6 }).then(
            (r) => (r.statusCode === 200 ? r.data : []),
            () => [],
          )
        : Promise.resolve([]),
      // An ad failure never costs the reader the article.
      getEndpoint(adsList, {}).then(
        (r) => (r.statusCode === 200 ? r.data : []),
        () => [],
      ),
      options.comments && flags.showComments ? loadCommentPreview(ids.data) : Promise.resolve([]),
    ]);
    const ctx = { classId: detail.classId, permission: detail.permission };
    const ads =
      adsRes.length === 0
        ? NO_ADS
        : {
            aboveTitle: decideEligibleAds(adsRes, AD_SLOTS.aboveTitle, ctx),
            belowTitle: decideEligibleAds(adsRes, AD_SLOTS.belowTitle, ctx),
            belowArticle: decideEligibleAds(adsRes, AD_SLOTS.belowArticle, ctx),
            preroll: decidePreroll(adsRes, ctx, detail.ad),
          };
    return { kind: 'ok', view: { detail, flags, related, ads, comments } };
  } catch {
    return { kind: 'error' };
  }
}
