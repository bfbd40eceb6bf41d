/**
 * Reads and checks the query of the comment pages (spec 2.6) and loads the item they are about
 * through the client. Bad or unknown ids are 'notFound' (the page answers 404 early).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { kratosDetail, type NewsDetail } from '../../contract/detail.ts';
import { ClassId, Id } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';

const Query = z.object({
  classId: ClassId,
  newsId: Id,
  plId: Id.optional(),
  pId: Id.optional(),
  maxId: Id.optional(),
  page: z.union([z.string().regex(/^[1-9]\d{0,3}$/), z.undefined()]).transform((v) => (v === undefined ? 1 : Number(v))),
});

export type CommentTargetQuery = z.output<typeof Query>;

export type CommentTarget =
  | { kind: 'ok'; query: CommentTargetQuery; detail: NewsDetail }
  | { kind: 'notFound' }
  | { kind: 'error' };

/** Ids of 0 or '' mean absent (spec 2.6 links carry pId=0 for a top-level comment). */
function param(search: URLSearchParams, name: string): string | undefined {
  const v = search.get(name);
  return v === null || v === '' || v === '0' ? undefined : v;
}

export async function loadCommentTarget(search: URLSearchParams): Promise<CommentTarget> {
  const parsed = Query.safeParse({
    classId: param(search, 'classId'),
    newsId: param(search, 'newsId'),
    // spec 2.6: plId is also seen as grandPid.
    plId: param(search, 'plId') ?? param(search, 'grandPid'),
    pId: param(search, 'pId'),
    maxId: param(search, 'maxId'),
    page: param(search, 'page'),
  });
  if (!parsed.success) return { kind: 'notFound' };
  try {
    const res = await getEndpoint(kratosDetail, { classId: parsed.data.classId, newsId: parsed.data.newsId });
    if (res.statusCode === 404) return { kind: 'notFound' };
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', query: parsed.data, detail: res.data };
  } catch {
    return { kind: 'error' };
  }
}
