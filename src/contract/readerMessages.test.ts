import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import { labelOf, readerMessage } from './readerMessages.ts';

/** The message the API would show for `input` against `schema` (src/server/http/input.ts parseWith). */
function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return readerMessage(result.error.issues[0]!);
}

describe('readerMessage (plain Chinese, no type names)', () => {
  it.each([
    ['a missing page', z.object({ page: z.number().int().min(1) }), {}, '页码不能为空'],
    ['a page below 1', z.object({ page: z.coerce.number().int().min(1) }), { page: 0 }, '页码不能小于 1'],
    ['a page that is no number', z.object({ page: z.number() }), { page: 'abc' }, '页码必须是数字'],
    ['an int32 overflow', z.object({ id: z.int32() }), { id: -2147483649 }, '编号不能小于 -2147483648'],
    ['an enum outside its values', z.object({ type: z.enum(['image', 'video']) }), { type: 'gif' }, '类型不在可选范围内'],
    ['a string of the wrong type', z.object({ sayText: z.string() }), { sayText: 5 }, '评论内容格式不正确'],
    ['an empty string', z.object({ sayText: z.string().min(1) }), { sayText: '' }, '评论内容不能为空'],
    ['a long string', z.object({ phone: z.string().max(11) }), { phone: '1'.repeat(12) }, '手机号不能超过 11 个字'],
    ['too many pictures', z.object({ imageUrl: z.array(z.string()).max(9) }), { imageUrl: Array(10).fill('a') }, '图片最多 9 项'],
    ['a field without a label', z.object({ zzz: z.string() }), {}, '参数不能为空'],
    ['a schema sentence keeps its subject', z.object({ pageSize: z.number().max(50, '每页条数不能超过 50') }), { pageSize: 51 }, '每页条数不能超过 50'],
    ['a schema predicate gets the label', z.object({ id: z.number().refine(() => false, '必须是正整数') }), { id: 1 }, '编号必须是正整数'],
  ] as const)('%s', (_name, schema, input, expected) => {
    expect(messageFor(schema, input)).toBe(expected);
  });

  it('names the deepest labelled path segment', () => {
    expect(labelOf(['conpic', 0])).toBe('评论图片');
    expect(labelOf([])).toBe('参数');
  });
});
