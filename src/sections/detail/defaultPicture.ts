/** The default picture a broken related-news image falls back to (spec 8): a tiny inline SVG, never a request. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="340" height="226" viewBox="0 0 340 226"><rect width="340" height="226" fill="#eeeeee"/><text x="170" y="122" font-size="28" text-anchor="middle" fill="#bbbbbb" font-family="sans-serif">山城新闻</text></svg>';

export const DEFAULT_PICTURE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
