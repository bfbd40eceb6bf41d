/**
 * Loads what the discover pages show through the shared client (in process on the server): the feed,
 * a theme, search results, one post with its comments. Bad or unknown ids are 'notFound' (404 page).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import {
  getHotTopicList,
  getHotWord,
  getListByKeyWord,
  getQuanDetail,
  getQuanInfo,
  getThemeInfo,
  getTopicListByKeyboard,
  themeRecentList,
  type Post,
  type Topic,
} from '../../contract/discover.ts';
import { KEYWORD_MAX_CHARS } from '../../contract/discoverRules.ts';
import { Id } from '../../contract/fields.ts';
import { commentGetList, type CommentItem } from '../../contract/interaction.ts';
import { dataOr404, failedLoad, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';

export const FEED_PAGE_SIZE = 10;
/** Topics in the hot strip and the chips of /Discover. */
export const HOT_TOPICS_SHOWN = 10;

export interface FeedView {
  topics: Topic[];
  posts: Post[];
}

export function loadFeed(): Promise<PageLoad<FeedView>> {
  return loadSafely<FeedView>(async () => {
    const [topics, posts] = await Promise.all([
      getEndpoint(getHotTopicList, { page: 1, pageSize: HOT_TOPICS_SHOWN }),
      getEndpoint(getQuanInfo, { page: 1, pageSize: FEED_PAGE_SIZE }),
    ]);
    if (topics.statusCode !== 200 || posts.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { topics: topics.data, posts: posts.data } };
  });
}

function readId(raw: string | null): number | null {
  const parsed = Id.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : null;
}

export type ThemeView = { kind: 'theme'; topic: Topic; posts: Post[] } | { kind: 'topics'; topics: Topic[]; page: number };

/** Topics a page of 全部话题 (/TopicDiscover) carries; later pages come with ?page= (加载更多). */
export const TOPIC_PAGE_SIZE = 20;

/** ?themeId: one theme and its first posts; without it (only /TopicDiscover) the topic list, a page at a time. */
export function loadTheme(url: URL, options: { listWithoutId: boolean }): Promise<PageLoad<ThemeView>> {
  return loadSafely<ThemeView>(async () => {
    const raw = url.searchParams.get('themeId');
    if (raw === null && options.listWithoutId) {
      const page = readPage(url);
      if (page === null) return { kind: 'notFound', message: '没有这一页' };
      const topics = await getEndpoint(getHotTopicList, { page, pageSize: TOPIC_PAGE_SIZE });
      if (topics.statusCode !== 200) return { kind: 'error' };
      return { kind: 'ok', view: { kind: 'topics', topics: topics.data, page } };
    }
    const themeId = readId(raw);
    if (themeId === null) return { kind: 'notFound', message: '话题不存在' };
    const [info, posts] = await Promise.all([
      getEndpoint(getThemeInfo, { themeId }),
      getEndpoint(themeRecentList, { themeId, page: 1, pageSize: FEED_PAGE_SIZE }),
    ]);
    const topic = dataOr404(info);
    if (!topic.ok) return failedLoad(topic);
    if (posts.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { kind: 'theme', topic: topic.data, posts: posts.data } };
  });
}

export interface SearchView {
  keyword: string;
  hotWords: { id: number; word: string }[];
  topics: Topic[];
  posts: Post[];
  /** A keyword the contract refuses (too long): its message, shown by the form. */
  problem: string;
}

export function loadSearch(url: URL): Promise<PageLoad<SearchView>> {
  return loadSafely<SearchView>(async () => {
    const keyword = (url.searchParams.get('keyword') ?? url.searchParams.get('keyboard') ?? '').trim();
    const words = await getEndpoint(getHotWord);
    if (words.statusCode !== 200) return { kind: 'error' };
    const view: SearchView = { keyword, hotWords: words.data, topics: [], posts: [], problem: '' };
    if (keyword === '') return { kind: 'ok', view };
    if (Array.from(keyword).length > KEYWORD_MAX_CHARS) return { kind: 'ok', view: { ...view, problem: `搜索词不能超过 ${KEYWORD_MAX_CHARS} 个字` } };
    const [topics, posts] = await Promise.all([
      getEndpoint(getTopicListByKeyboard, { keyboard: keyword, page: 1, pageSize: 10 }),
      getEndpoint(getListByKeyWord, { keyword, page: 1, pageSize: FEED_PAGE_SIZE }),
    ]);
    if (topics.statusCode !== 200 || posts.statusCode !== 200) return { kind: 'ok', view: { ...view, problem: topics.message || posts.message } };
    return { kind: 'ok', view: { ...view, topics: topics.data, posts: posts.data } };
  });
}

export interface PostView {
  post: Post;
  comments: CommentItem[];
}

/** ?classId&newsId: one post (classId is its topic) and its first page of comments. */
export function loadPost(url: URL, commentPageSize = 20): Promise<PageLoad<PostView>> {
  return loadSafely<PostView>(async () => {
    const classId = readId(url.searchParams.get('classId'));
    const newsId = readId(url.searchParams.get('newsId'));
    if (classId === null || newsId === null) return { kind: 'notFound', message: '动态不存在或已删除' };
    const res = dataOr404(await getEndpoint(getQuanDetail, { classId, newsId }));
    if (!res.ok) return failedLoad(res);
    if (res.data.classId !== classId) return { kind: 'notFound', message: '动态不存在或已删除' };
    const comments = await getEndpoint(commentGetList, { from: 'quan', classId, newsId, page: 1, pageSize: commentPageSize });
    if (comments.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { post: res.data, comments: comments.data } };
  });
}

/** Topics the composer offers (the hot list; the one from the link first). */
export const PUBLISH_TOPICS_SHOWN = 12;

export interface PublishView {
  topics: TopicTagView[];
  /** ?HotTagsId when it names a topic; null: the reader picks one. */
  chosen: number | null;
}

export type TopicTagView = { id: number; title: string };

/** /PublishDiscover?HotTagsId&HotTagsTitle: the topic from the link (checked against the server) and the hot topics to pick from. */
export function loadPublish(url: URL): Promise<PageLoad<PublishView>> {
  return loadSafely<PublishView>(async () => {
    const raw = url.searchParams.get('HotTagsId');
    const themeId = raw === null || raw === '' ? null : readId(raw);
    const [hot, info] = await Promise.all([
      getEndpoint(getHotTopicList, { page: 1, pageSize: PUBLISH_TOPICS_SHOWN }),
      themeId === null ? Promise.resolve(null) : getEndpoint(getThemeInfo, { themeId }),
    ]);
    if (hot.statusCode !== 200) return { kind: 'error' };
    // The title comes from the server, never from ?HotTagsTitle (a link cannot rename a topic).
    const linked = info?.statusCode === 200 ? { id: info.data.id, title: info.data.title } : null;
    const rest = hot.data.filter((t) => t.id !== linked?.id).map((t) => ({ id: t.id, title: t.title }));
    return { kind: 'ok', view: { topics: linked ? [linked, ...rest] : rest, chosen: linked?.id ?? null } };
  });
}
