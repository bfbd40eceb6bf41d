/**
 * Three reads of the board that spec 7.6 names beside the others: the board's lawyers (wenda/lawList),
 * the community home's top search over group posts (groupownet/top/search) and the items related to a
 * Q&A or 问政 item (news/getRelativeLists). Public rows only; an item in review has no related list for
 * anyone but its author (it is missing for them, as on its detail).
 */
import { BoardItem, BoardPageSize, Keyword, MemberItem } from './bangbang.ts';
import { GroupPost } from './bangbangBoard.ts';
import { endpointsOf } from './endpoint.ts';
import { Id, Page } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('bangbang');

/** The member tag that marks a lawyer (spec 3: other official types carry their own name). */
export const LAWYER_TYPE_NAME = '律师';

export const wendaLawList = api.content('/v1/bangbang/wenda/lawList', '入驻律师（标签为律师的答人），按页返回', {
  query: z.object({ page: Page, pageSize: BoardPageSize }),
  data: z.array(MemberItem),
});

export const groupownetTopSearch = api.get('/v1/bangbang/groupownet/top/search', '社群首页顶部搜索：各社群已公开的帖子（内容或社群名），新的在前，按页返回', {
  query: z.object({ keyword: Keyword, page: Page, pageSize: BoardPageSize }),
  data: z.array(GroupPost),
});

/** Spec 7.3's kinds of board item: 1 问政, 2 问答. */
export const RelativeType = z.enum(['1', '2'], { error: '类型只能是 1（问政）或 2（问答）' });

/** At most this many related items. */
export const RELATIVE_MAX = 10;

const RelativeSize = z
  .union([z.number().int(), z.string().regex(/^\d{1,3}$/, '必须是正整数')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1, '条数至少为 1').max(RELATIVE_MAX, `条数不能超过 ${RELATIVE_MAX}`))
  .default(5);

export const newsGetRelativeLists = api.get(
  '/v1/bangbang/news/getRelativeLists',
  '一条问政（type=1）或问答（type=2）的相关内容：同类已公开条目中标题相近的，相近的在前',
  {
    query: z.object({ id: Id, type: RelativeType, pageSize: RelativeSize }),
    data: z.array(BoardItem),
    auth: 'optional',
  },
);
