/**
 * The discover feed (spec 2.6, 4): the server renders the first page inside this island, so
 * the page reads without JavaScript; after hydration it takes over paging (page by page from 2 until an
 * empty array, then 没有更多了), likes (spec 4 rule, decideLike.ts) and folding. A logged-in reader's
 * first page is asked again with the token: their likes and their own pending posts (审核中) show.
 * One island serves the feed, a theme's posts, keyword results and the single post of the detail page.
 */
import { useCallback, useEffect, useState } from 'react';
import type { getListByKeyWord, getQuanDetail, getQuanInfo, Post, themeRecentList } from '../../contract/discover.ts';
import { QUAN_FROM } from '../../contract/discoverRules.ts';
import type { likeDo } from '../../contract/interaction.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { showToast } from '../../stores/toast.ts';
import { decideLikeAnswer } from './decideLike.ts';
import { PostCard } from './PostCard.tsx';
import { FeedFooter } from '../../features/feed/FeedFooter.tsx';
import styles from '../../features/feed/Feed.module.css';
import { usePagedFeed } from '../../features/feed/usePagedFeed.ts';
import { useSession } from '../../features/login-gate/useSession.ts';

export type FeedSource =
  { kind: 'feed' } | { kind: 'theme'; themeId: number } | { kind: 'keyword'; keyword: string } | { kind: 'detail'; classId: number; newsId: number };

interface Props {
  source: FeedSource;
  initial: Post[];
  pageSize: number;
  /** What the list says when the first page is empty. */
  emptyText: string;
}

const TOAST_MS = 2000;

function fetchPage(source: FeedSource, page: number, pageSize: number): Promise<{ statusCode: number; message: string; data: Post[] | Post | null }> {
  switch (source.kind) {
    case 'feed':
      return getByPath<typeof getQuanInfo>('/v1/quan/getQuanInfo', { page, pageSize });
    case 'theme':
      return getByPath<typeof themeRecentList>('/api/topic/themeRecentList', { themeId: source.themeId, page, pageSize });
    case 'keyword':
      return getByPath<typeof getListByKeyWord>('/api/topic/getListByKeyWord', { keyword: source.keyword, page, pageSize });
    case 'detail':
      return getByPath<typeof getQuanDetail>('/v1/quan/getDetail', { classId: source.classId, newsId: source.newsId });
  }
}

export function PostFeed({ source, initial, pageSize, emptyText }: Props) {
  const session = useSession();
  const {
    items: posts,
    setItems: setPosts,
    status,
    loadMore,
    sentinel,
  } = usePagedFeed({
    initial,
    pageSize,
    fetchPage: (page) => fetchPage(source, page, pageSize),
    endsAt: 'empty',
    pages: source.kind !== 'detail',
  });
  const [likes, setLikes] = useState<Record<number, { liked: boolean; count: number }>>({});
  const [live, setLive] = useState(false);

  useEffect(() => setLive(true), []);

  // The reader's own view of page 1 (likes, own pending posts), again whenever who is reading changes.
  useEffect(() => {
    if (!session.token) return;
    let stale = false;
    void fetchPage(source, 1, pageSize)
      .then((res) => {
        if (stale || res.statusCode !== 200 || res.data === null) return;
        const fresh = Array.isArray(res.data) ? res.data : [res.data];
        setPosts((old) => {
          const ids = new Set(fresh.map((p) => p.id));
          return [...fresh, ...old.filter((p) => !ids.has(p.id))];
        });
        setLikes({});
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
    // The source is fixed for the island's life: only a change of reader asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- source, pageSize and setPosts do not change while the island lives
  }, [session.token]);

  const onLike = useCallback(
    async (post: Post) => {
      if (!requireLogin()) return;
      const before = likes[post.id] ?? { liked: post.isDoLike === 1, count: post.like };
      // Spec 4: tapping while liked sends the call again; the answer decides what changes.
      try {
        const res = await postByPath<typeof likeDo>('/v1/like/do', { from: QUAN_FROM, classId: post.classId, newsId: post.id, type: 1 });
        const outcome = decideLikeAnswer(before, res);
        if (outcome.kind === 'liked') setLikes((old) => ({ ...old, [post.id]: outcome.view }));
        else if (res.statusCode !== 301 && res.statusCode !== 302 && outcome.message) showToast(outcome.message, { type: 'text', duration: TOAST_MS });
      } catch {
        // The client already showed the network or server error.
      }
    },
    [likes],
  );

  const mode = source.kind === 'detail' ? 'detail' : 'list';
  return (
    <div className={styles.feed} data-feed={source.kind} data-live={live ? '' : undefined}>
      {posts.length === 0 && status === 'end' ? <p className={styles.empty}>{emptyText}</p> : null}
      {posts.map((post) => {
        const like = likes[post.id] ?? { liked: post.isDoLike === 1, count: post.like };
        return <PostCard key={post.id} post={post} mode={mode} liked={like.liked} likeCount={like.count} onLike={onLike} live={live} />;
      })}
      {source.kind !== 'detail' && posts.length > 0 && <FeedFooter status={status} onMore={() => void loadMore()} sentinel={sentinel} />}
    </div>
  );
}
