/** A reader's first day: the rules every area applies to a new account (security.md C2, J76). */

/** An account younger than this is new (security.md C2: Discourse new-user rules, "<24 h"). */
export const NEW_ACCOUNT_MS = 24 * 3600_000;
/** First-day caps of a new account (security.md C2/J76: Discourse max_topics_in_first_day / max_replies_in_first_day). */
export const NEW_ACCOUNT_MAX_TOP_LEVEL = 3;
export const NEW_ACCOUNT_MAX_REPLIES = 10;
