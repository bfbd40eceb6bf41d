/**
 * Interaction limits without zod, for browser code: islands and scripts import these, never
 * the schemas, so the validation library stays out of the page's JavaScript (ADR 001 budgets). The
 * contract (interaction.ts) uses the same constants. Paths live only in the endpoint declarations.
 */

import { PICTURES_MAX } from './uploadRules.ts';

/** Comment text: plain text, trimmed, 1–500 code points (security.md C2, F46). */
export const COMMENT_MAX_CHARS = 500;
/** Pictures per comment (security.md C3: the spec's three-column grid). */
export const COMMENT_MAX_PICTURES = PICTURES_MAX;
/** Reasons per report (security.md F51). */
export const REPORT_MAX_REASONS = 10;
