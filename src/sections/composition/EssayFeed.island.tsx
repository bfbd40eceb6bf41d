/**
 * A paged list of essays (issue 19): the server renders the first page inside the island, so the list
 * reads without JavaScript; after hydration it pages on (from page 2 until an empty page, then 没有更多了)
 * as the reader nears the end, with 加载失败，点击重试 on a failed page. Serves every essay list of the
 * section: all essays (filters), recommended, in the newspaper, a school's, teacher's or student's, the
 * rankings (人气榜 / 高分榜, numbered) and the teachers' reviews.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Essay, EssaySummary } from '../../contract/composition.ts';
import { COMPOSITION_PATHS } from '../../contract/compositionLimits.ts';
import { api } from '../../client/api.ts';
import { EssayCard } from './EssayCard.tsx';
import styles from './EssayFeed.module.css';

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

type Status = 'idle' | 'loading' | 'error' | 'end';

function fetchPage(source: EssaySource, page: number, pageSize: number) {
  switch (source.kind) {
    case 'list':
      return api.get<EssaySummary[]>(COMPOSITION_PATHS.list, { ...source.filter, page, pageSize });
    case 'rank':
      return api.get<EssaySummary[]>(COMPOSITION_PATHS.rank, { type: source.type, page, pageSize });
    case 'reviews':
      return api.get<EssaySummary[]>(COMPOSITION_PATHS.reviews, { ...(source.teacherId ? { teacherId: source.teacherId } : {}), page, pageSize });
  }
}

export function EssayFeed({ source, initial, pageSize, emptyText }: Props) {
  const [essays, setEssays] = useState(initial);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>(initial.length < pageSize ? 'end' : 'idle');
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || status === 'end') return;
    busy.current = true;
    setStatus('loading');
    try {
      const res = await fetchPage(source, page + 1, pageSize);
      if (res.statusCode !== 200 || !Array.isArray(res.data)) {
        setStatus('error');
        return;
      }
      const next = res.data;
      setPage(page + 1);
      setEssays((old) => {
        const ids = new Set(old.map((e) => e.id));
        return [...old, ...next.filter((e) => !ids.has(e.id))];
      });
      setStatus(next.length < pageSize ? 'end' : 'idle');
    } catch {
      setStatus('error');
    } finally {
      busy.current = false;
    }
  }, [page, pageSize, source, status]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [loadMore, status]);

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
      {essays.length > 0 && (
        <div ref={sentinel} className={styles.footer} role="status" aria-live="polite">
          {status === 'end' && '没有更多了'}
          {status === 'loading' && '加载中…'}
          {status === 'error' && (
            <button type="button" className={styles.retry} onClick={() => void loadMore()}>
              加载失败，点击重试
            </button>
          )}
          {status === 'idle' && (
            <button type="button" className={styles.retry} onClick={() => void loadMore()}>
              加载更多
            </button>
          )}
        </div>
      )}
    </div>
  );
}
