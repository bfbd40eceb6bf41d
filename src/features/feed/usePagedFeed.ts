/**
 * Paging of a feed island whose first page the server rendered (discover posts, composition essays):
 * the next page when the reader nears the end (an IntersectionObserver on the footer) or taps 加载更多 /
 * 加载失败，点击重试; items already shown are not shown twice; one request at a time.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';

export type FeedStatus = 'idle' | 'loading' | 'error' | 'end';

interface Options<T> {
  initial: T[];
  pageSize: number;
  /** Asks for one page; anything but 200 with an array is a failed page. */
  fetchPage: (page: number) => Promise<{ statusCode: number; data: unknown }>;
  /** 'empty': the feed ends at an empty page (spec 2.6); 'short': at a page shorter than pageSize. */
  endsAt: 'empty' | 'short';
  /** false for a list that never pages (a single post's detail). */
  pages?: boolean;
}

interface PagedFeed<T> {
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  status: FeedStatus;
  loadMore: () => Promise<void>;
  /** The footer that, when near the viewport, asks for the next page. */
  sentinel: RefObject<HTMLDivElement | null>;
}

export function usePagedFeed<T extends { id: number }>({ initial, pageSize, fetchPage, endsAt, pages = true }: Options<T>): PagedFeed<T> {
  const [items, setItems] = useState(initial);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<FeedStatus>(!pages || initial.length < pageSize ? 'end' : 'idle');
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  // What a feed shows is fixed for the island's life, so the first fetchPage serves it all (and loadMore
  // does not change on every render).
  const fetchRef = useRef(fetchPage);

  const loadMore = useCallback(async () => {
    if (busy.current || status === 'end' || !pages) return;
    busy.current = true;
    setStatus('loading');
    try {
      const res = await fetchRef.current(page + 1);
      if (res.statusCode !== 200 || !Array.isArray(res.data)) {
        setStatus('error');
        return;
      }
      const next = res.data as T[];
      setPage(page + 1);
      setItems((old) => {
        const ids = new Set(old.map((item) => item.id));
        return [...old, ...next.filter((item) => !ids.has(item.id))];
      });
      setStatus((endsAt === 'empty' ? next.length === 0 : next.length < pageSize) ? 'end' : 'idle');
    } catch {
      setStatus('error');
    } finally {
      busy.current = false;
    }
  }, [endsAt, page, pageSize, pages, status]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [loadMore, status]);

  return { items, setItems, status, loadMore, sentinel };
}
