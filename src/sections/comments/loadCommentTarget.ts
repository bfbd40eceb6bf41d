/**
 * Reads and checks the query of the comment pages (spec 2.6) and loads the item they are about
 * through the client. Bad or unknown ids are 'notFound' (the page answers 404 early).
 *
 * Pages that also serve bangbang items (spec 2.6 /PublishBangBang, replies of a bangbang comment) pass
 * `{ bang: true }`: then from=bang with classid (2 Q&A, 1 politics, 4 a tip) and id names a bangbang item and the
 * answer is kind 'bang', with the item's title instead of a news detail.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { wendaGetAnswerDetail, wenzhengGetDetail } from '../../contract/bangbang.ts';
import { baoliaoDetail } from '../../contract/bangbangBoard.ts';
import { kratosDetail, type NewsDetail } from '../../contract/detail.ts';
import { ClassId, Id } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';
import type { ArticleRef } from '../../features/interaction/commentLinks.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

const Query = z.object({
  classId: ClassId,
  newsId: Id,
  plId: Id.optional(),
  pId: Id.optional(),
  maxId: Id.optional(),
  page: z.union([z.string().regex(/^[1-9]\d{0,3}$/), z.undefined()]).transform((v) => (v === undefined ? 1 : Number(v))),
});

export type CommentTargetQuery = z.output<typeof Query>;

/** What a comment page shows about its item, whatever the item is. */
export interface CommentSubject {
  ref: ArticleRef;
  title: string;
  /** Comments may be written (news: allowPl and not pl; bangbang items: always). */
  open: boolean;
}

/** The item a comment page is about: a news article (with its detail) or a bangbang item (detail null). */
export interface CommentTargetView {
  query: CommentTargetQuery;
  detail: NewsDetail | null;
  subject: CommentSubject;
}

export type CommentTarget = PageLoad<CommentTargetView>;

/** Ids of 0 or '' mean absent (spec 2.6 links carry pId=0 for a top-level comment). */
function param(search: URLSearchParams, name: string): string | undefined {
  const v = search.get(name);
  return v === null || v === '' || v === '0' ? undefined : v;
}

function parse(search: URLSearchParams, bang: boolean) {
  return Query.safeParse({
    // Spec 2.6 /PublishBangBang: classid (2 Q&A, else 1) and id name the bangbang item.
    classId: bang ? param(search, 'classid') : param(search, 'classId'),
    newsId: bang ? param(search, 'id') : param(search, 'newsId'),
    // spec 2.6: plId is also seen as grandPid.
    plId: param(search, 'plId') ?? param(search, 'grandPid'),
    pId: param(search, 'pId'),
    maxId: param(search, 'maxId'),
    page: param(search, 'page'),
  });
}

/** The bangbang item a comment is about, its title (a tip, which has none: the start of its text). */
async function bangItem(classId: number, id: number): Promise<{ statusCode: number; item: { id: number; title: string } | null }> {
  if (classId === 4) {
    const res = await getEndpoint(baoliaoDetail, { id });
    return { statusCode: res.statusCode, item: res.statusCode === 200 ? { id: res.data.id, title: res.data.content.slice(0, 30) } : null };
  }
  const res = classId === 2 ? await getEndpoint(wendaGetAnswerDetail, { id }) : await getEndpoint(wenzhengGetDetail, { id });
  return { statusCode: res.statusCode, item: res.statusCode === 200 ? { id: res.data.id, title: res.data.title } : null };
}

async function loadBang(query: CommentTargetQuery): Promise<CommentTarget> {
  if (query.classId !== 1 && query.classId !== 2 && query.classId !== 4) return { kind: 'notFound' };
  const { statusCode, item } = await bangItem(query.classId, query.newsId);
  if (statusCode === 404) return { kind: 'notFound' };
  if (!item) return { kind: 'error' };
  return {
    kind: 'ok',
    view: { query, detail: null, subject: { ref: { classId: query.classId, newsId: item.id, from: 'bang' }, title: item.title, open: true } },
  };
}

export async function loadCommentTarget(search: URLSearchParams, options: { bang?: boolean } = {}): Promise<CommentTarget> {
  const bang = options.bang === true && search.get('from') === 'bang';
  const parsed = parse(search, bang);
  if (!parsed.success) return { kind: 'notFound' };
  try {
    if (bang) return await loadBang(parsed.data);
    const res = await getEndpoint(kratosDetail, { classId: parsed.data.classId, newsId: parsed.data.newsId });
    if (res.statusCode === 404) return { kind: 'notFound' };
    if (res.statusCode !== 200) return { kind: 'error' };
    const detail = res.data;
    return {
      kind: 'ok',
      view: {
        query: parsed.data,
        detail,
        subject: { ref: { classId: detail.classId, newsId: detail.newsId }, title: detail.title, open: detail.allowPl && detail.pl !== 1 },
      },
    };
  } catch {
    return { kind: 'error' };
  }
}
