/** The end of a paged feed (usePagedFeed): 加载中…, 没有更多了, or a button for the next page or a retry. */
import type { RefObject } from 'react';
import type { FeedStatus } from './usePagedFeed.ts';
import styles from './Feed.module.css';

interface Props {
  status: FeedStatus;
  onMore: () => void;
  /** Observed by usePagedFeed to load the next page on scroll; without it the reader taps 加载更多. */
  sentinel?: RefObject<HTMLDivElement | null>;
}

export function FeedFooter({ status, onMore, sentinel }: Props) {
  return (
    <div ref={sentinel} className={styles.footer} role="status" aria-live="polite">
      {status === 'end' && '没有更多了'}
      {status === 'loading' && '加载中…'}
      {status === 'error' && (
        <button type="button" className={styles.retry} onClick={onMore}>
          加载失败，点击重试
        </button>
      )}
      {status === 'idle' && (
        <button type="button" className={styles.retry} onClick={onMore}>
          加载更多
        </button>
      )}
    </div>
  );
}
