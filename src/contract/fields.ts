/** Field schemas every contract reuses: ids, pages, safe text. */
import { isCalendarDay } from '../lib/beijingDay.ts';
import { z } from './zod.ts';

/** Every id column is a 32-bit integer (PostgreSQL `integer`): ids run 1..2147483647 (security.md F40). */
export const ID_MAX = 2_147_483_647;

/**
 * The one id schema every id parameter is checked with (security.md F40): a positive integer within
 * its column's range, from a query string or JSON. "1e3", "1.5", "-1", "0", " 1", arrays and objects are
 * refused: only plain decimal digits without a leading zero, at most ID_MAX. `message` is what the reader
 * reads when the id is wrong (e.g. 话题不正确).
 */
export function IdOf(message?: string) {
  const wrong = message ?? '必须是正整数';
  return z
    .union(
      [
        message === undefined ? z.number().int().positive().max(ID_MAX) : z.number().int(message).positive(message).max(ID_MAX, message),
        z.string().regex(/^[1-9]\d{0,9}$/, wrong),
      ],
      message === undefined ? undefined : { error: message },
    )
    .transform((v) => Number(v))
    .pipe(z.number().int().min(1, wrong).max(ID_MAX, wrong));
}

/** A positive integer id within its column's range (IdOf). */
export const Id = IdOf();

/**
 * Several ids: a JSON array, one id, or a comma-separated string from a form ("1,2"); each is an IdOf,
 * blanks are dropped, duplicates kept once, at most `max`.
 */
export function IdListOf(options: { max: number; message: string; tooMany: string }) {
  return z
    .union([z.array(z.union([z.number(), z.string().max(20)])).max(100, options.tooMany), z.string().max(200, options.tooMany), z.number()])
    .optional()
    .transform((v): (string | number)[] =>
      (v === undefined ? [] : Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()).filter((s) => s !== ''),
    )
    .pipe(z.array(IdOf(options.message)).max(options.max, options.tooMany))
    .transform((ids): number[] => [...new Set(ids)]);
}

/** A class id may also be a channel-style negative id such as -100000 (hot list); still within a 32-bit column. */
export const ClassId = z
  .union([z.number().int(), z.string().regex(/^-?[1-9]\d{0,9}$/, '必须是整数')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(-ID_MAX).max(ID_MAX));

/** Page number: from 1; clamped at 10,000 (security.md C3). */
export const Page = z
  .union([z.number().int(), z.string().regex(/^\d{1,9}$/, '必须是正整数')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1, '页码从 1 开始').max(10000, '页码过大'))
  .default(1);

/** Items per page: 20 unless asked; never more than 50 (security.md C3). */
export const PageSize = z
  .union([z.number().int(), z.string().regex(/^\d{1,3}$/, '必须是正整数')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1, '每页条数至少为 1').max(50, '每页条数不能超过 50'))
  .default(20);

/** The query of an endpoint that takes none: whatever is sent is ignored. */
export const NoQuery = z.object({});

/** The page query of the sections' lists: 10 items a page unless asked. */
export const PagedBy10 = { page: Page, pageSize: PageSize.unwrap().default(10) };

/** Who wrote an item (a question, a post, a comment, a photo) or who a member is, as lists show them. */
export const Author = {
  userId: z.number().int(),
  nickname: z.string(),
  userPic: z.string(),
};

/** Reader-written content's review state (team rule); 'pending' and 'rejected' are seen by the author only. */
export const ReviewState = z.enum(['pending', 'approved', 'rejected']);
export type ReviewState = z.infer<typeof ReviewState>;

/**
 * A reader's item under review: 'pending' and 'rejected' are seen by the author only (审核中 / the reason);
 * belongMyself is 1 when the caller wrote it.
 */
export const OwnReview = { reviewState: ReviewState, rejectReason: z.string(), belongMyself: z.number().int() };

// NUL cannot be stored by PostgreSQL; lone surrogates are not text (security.md F44, F45).

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Counts code points, not UTF-16 units: 😀 is one character (security.md F46). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Text from a user: trimmed, no NUL, no lone surrogate, min..max code points. */
export function Text(options: { min?: number; max: number; label?: string }) {
  const label = options.label ?? '内容';
  const min = options.min ?? 0;
  return (
    z
      .string()
      .refine((s) => !NUL.test(s), `${label}包含非法字符`)
      .refine((s) => !LONE_SURROGATE.test(s), `${label}包含非法字符`)
      .transform((s) => s.trim())
      // A required text left empty (or made only of invisible characters: the input layer blanks those, security.md F47).
      .refine((s) => min === 0 || s !== '', `${label}不能为空`)
      .refine((s) => s === '' || codePointLength(s) >= min, `${label}至少 ${min} 个字`)
      .refine((s) => codePointLength(s) <= options.max, `${label}不能超过 ${options.max} 个字`)
  );
}

/**
 * A calendar day `YYYY-MM-DD` that exists (isCalendarDay): 2026-02-31 or 2026-13-01 gets `message` instead of
 * reaching a query as an invalid date (a 500 before).
 */
export function CalendarDayOf(message: string) {
  // The pattern is there for the contract's documentation (a refine has no JSON Schema); isCalendarDay decides.
  return z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, message);
}
