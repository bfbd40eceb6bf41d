/**
 * Messenger sharing (spec 2.11, 7.1 "share signature call for messenger sharing (query url, id)": the
 * path is not shown, so ours is /api/share/signature). The messenger's JS-SDK accepts a page's share
 * settings only with a signature over the page URL made with the ticket (docs/conventions.md "Outside services": computed here with
 * a configured ticket).
 */
import { endpointsOf } from './endpoint.ts';
import { Id } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('share');

/** A share card as the messenger shows it: title, description, image and link (spec 2.11). */
export const ShareCard = z.object({
  title: z.string(),
  desc: z.string(),
  imgUrl: z.string(),
  link: z.string(),
});
export type ShareCard = z.infer<typeof ShareCard>;

export const ShareSignature = z.object({
  /** The messenger app id the ticket belongs to (wx.config appId). */
  appId: z.string(),
  /** Seconds since the epoch, as the JS-SDK expects. */
  timestamp: z.number().int(),
  nonceStr: z.string(),
  /** SHA-1 hex of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`. */
  signature: z.string(),
  /** The URL that was signed: the page address without its fragment. */
  url: z.string(),
  /** The card of the content `id`, when it names an article; null otherwise (the page's own meta is used). */
  card: ShareCard.nullable(),
});
export type ShareSignature = z.infer<typeof ShareSignature>;

export const shareSignature = api.get('/api/share/signature', '分享签名：对本站页面地址 url 签名（JS-SDK 配置），id 为文章编号时附带分享卡片', {
  query: z.object({
    url: z.string({ error: '缺少页面地址' }).min(1, '缺少页面地址').max(2048, '页面地址过长'),
    id: Id.optional(),
  }),
  data: ShareSignature,
});
