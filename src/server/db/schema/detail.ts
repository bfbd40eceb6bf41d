/**
 * Detail-page tables beyond core.ts (spec 3): per-article flags and texts that only a detail page
 * reads. Site-wide detail texts (selfDiscipline, report hot-line, disclaimers) live in app_config
 * under the key 'detail'.
 */
import { boolean, pgTable, integer, text } from 'drizzle-orm/pg-core';
import { news } from './core.ts';

/** One row per article that differs from the defaults; no row means all defaults. */
export const newsDetailExtras = pgTable('news_detail_extras', {
  newsId: integer('news_id')
    .primaryKey()
    .references(() => news.id, { onDelete: 'cascade' }),
  /** Spec 5 flag `pl`: comments hidden. */
  hideComments: boolean('hide_comments').notNull().default(false),
  /** Spec 5 flag `rel`: related news hidden. */
  hideRelated: boolean('hide_related').notNull().default(false),
  /** Spec 5 flag `ad`: pre-roll ad hidden (here: no ads on this article at all). */
  hideAds: boolean('hide_ads').notNull().default(false),
  /** The article's own disclaimer (shown above the site-wide ones). */
  disclaimer: text('disclaimer').notNull().default(''),
  /** Syndicated (转载) from another outlet. */
  isSyn: boolean('is_syn').notNull().default(false),
});
