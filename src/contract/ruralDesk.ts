/**
 * The 裕农 section's desk in the newsroom console (`/newsroom/api/rural/*`): the 农友说
 * board's published posts and their pins (置顶). The reader's side is rural.ts.
 */
import { Id, Page, Text } from './fields.ts';
import { z } from './zod.ts';

export const RuralPostQuery = z.object({ keyword: Text({ max: 30, label: '搜索词' }).optional(), page: Page });

export const PinBody = z.object({ id: Id, pinned: z.boolean({ error: '请选择置顶或取消置顶' }) });

/** At most this many posts lead 农友说 at once (a pin beyond it is refused until one is taken down). */
export const RURAL_PIN_MAX = 5;
