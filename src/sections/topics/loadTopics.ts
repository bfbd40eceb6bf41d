/** Loaders of the topic pages: a column's topic collection, and one topic with a page of its news. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import { topicsCollect, topicsNewsList, topicsShow, type ListItem, type Topic } from '../../contract/news.ts';
import { dataOr404, failedLoad, loadPaged, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';

/** Column 105 (专题) collects the demo topics. */
export const TOPIC_COLUMN_ID = 105;

export interface TopicsView {
  topics: Topic[];
  page: number;
}

export function loadTopics(url: URL): Promise<PageLoad<TopicsView>> {
  return loadPaged<TopicsView>(url, async (page) => {
    const res = dataOr404(await getEndpoint(topicsCollect, { columnId: TOPIC_COLUMN_ID, page }));
    if (!res.ok) return failedLoad(res);
    return { kind: 'ok', view: { topics: res.data, page } };
  });
}

export interface TopicView {
  topic: Topic;
  items: ListItem[];
  page: number;
}

/** One topic; `fallbackId` opens a fixed topic when the address names none (/timeTopicExample). */
export function loadTopic(url: URL, fallbackId?: number): Promise<PageLoad<TopicView>> {
  return loadSafely<TopicView>(async () => {
    const raw = url.searchParams.get('topicId') ?? url.searchParams.get('id') ?? (fallbackId === undefined ? null : String(fallbackId));
    const id = Id.safeParse(raw ?? undefined);
    const page = readPage(url);
    if (!id.success || page === null) return { kind: 'notFound', message: '话题不存在' };
    const [topic, list] = await Promise.all([getEndpoint(topicsShow, { topicId: id.data }), getEndpoint(topicsNewsList, { topicId: id.data, page })]);
    const t = dataOr404(topic);
    const l = dataOr404(list);
    if (!t.ok) return failedLoad(t);
    if (!l.ok) return { kind: 'error' };
    return { kind: 'ok', view: { topic: t.data, items: l.data, page } };
  });
}
