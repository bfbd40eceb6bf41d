/**
 * A paged list of essays: the server renders the first page inside the island, so the list
 * reads without JavaScript; after hydration it pages on (from page 2 until an empty page, then 没有更多了)
 * as the reader nears the end, with 加载失败，点击重试 on a failed page. Serves every essay list of the
 * section: all essays (filters), recommended, in the newspaper, a school's, teacher's or student's, the
 * rankings (人气榜 / 高分榜, numbered) and the teachers' reviews.
 */
import type { Essay, EssaySummary, listEssays, listReviews, rankEssays } from '../../contract/composition.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { EssayCard } from './EssayCard.tsx';
import { FeedFooter } from '../../features/feed/FeedFooter.tsx';
import styles from '../../features/feed/Feed.module.css';
import { usePagedFeed } from '../../features/feed/usePagedFeed.ts';

export type EssaySource =
  | { kind: 'list'; filter: { grade?: number; schoolId?: number; teacherId?: number; userId?: number; kind?: 'all' | 'recommend' | 'newspaper' } }
  | { kind: 'rank'; type: 'rank' | 'start' }
  | { kind: 'reviews'; teacherId?: number };

interface Props {
  source: EssaySource;
  initial: EssaySummary[];
  pageSize: number;
  emptyText: string;
}

function fetchPage(source: EssaySource, page: number, pageSize: number) {
  switch (source.kind) {
    case 'list':
      return getByPath<typeof listEssays>('/v1/composition/list', { ...source.filter, page, pageSize });
    case 'rank':
      return getByPath<typeof rankEssays>('/v1/composition/rank', { type: source.type, page, pageSize });
    case 'reviews':
      return getByPath<typeof listReviews>('/v1/composition/reviews', { ...(source.teacherId ? { teacherId: source.teacherId } : {}), page, pageSize });
  }
}

export function EssayFeed({ source, initial, pageSize, emptyText }: Props) {
  const {
    items: essays,
    status,
    loadMore,
    sentinel,
  } = usePagedFeed({ initial, pageSize, fetchPage: (page) => fetchPage(source, page, pageSize), endsAt: 'short' });

  const ranked = source.kind === 'rank';
  return (
    <div className={styles.feed}>
      {essays.length === 0 && <p className={styles.empty}>{emptyText}</p>}
      {essays.map((essay, i) => (
        <EssayCard
          key={essay.id}
          essay={essay}
          rank={ranked ? i + 1 : undefined}
          showEdition={source.kind === 'list' && source.filter.kind === 'newspaper'}
          review={source.kind === 'reviews' && 'reviewText' in essay ? { teacherName: essay.teacherName, reviewText: (essay as Essay).reviewText } : undefined}
        />
      ))}
      {essays.length > 0 && <FeedFooter status={status} onMore={() => void loadMore()} sentinel={sentinel} />}
    </div>
  );
}
