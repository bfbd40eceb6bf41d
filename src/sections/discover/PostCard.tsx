/**
 * One discover post (spec 2.6, 3, 4, 9), server-rendered inside the feed island and readable without
 * JavaScript: author, text (tap → /DetailDiscover; 全文/收起 only when taller than 3 lines of 25 px),
 * pictures by the one grid rule (a list shows 3, the detail all), the video (a plain player that loads
 * nothing until played: the feed's budget; a drawn poster until then), tag chips cycling over six colours,
 * the official reply (expand toggle hidden below 60 px; link to the related report), the first comments
 * with 查看全部N条回复 when there are more than 2, and the like and comment buttons.
 */
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { storage } from '../../client/storage.ts';
import type { Post } from '../../contract/discover.ts';
import { tagColour } from '../../contract/discoverRules.ts';
import { decidePictureGrid } from '../../lib/decidePictureGrid.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { replyNeedsToggle, textNeedsFold } from './decideFold.ts';
import { htmlToText } from '../../lib/htmlToText.ts';
import { commentHref, COMMENT_AUTHOR_KEYS, detailHref, pictureSrc, themeHref, VIDEO_POSTER, videoSrc } from './discoverLinks.ts';
import styles from './PostCard.module.css';

interface Props {
  post: Post;
  mode: 'list' | 'detail';
  liked: boolean;
  likeCount: number;
  onLike: (post: Post) => void;
  /** Hydrated: measuring and folding run (server HTML shows every text whole). */
  live: boolean;
}

/** Spec 2.6: before the comment page opens, the post author's nickname and user id are stored. */
export function rememberAuthor(post: Pick<Post, 'nickname' | 'userId'>): void {
  // The storage wrapper never throws (private mode, webviews): the comment page works without it.
  storage.setItem(COMMENT_AUTHOR_KEYS.nickname, post.nickname);
  storage.setItem(COMMENT_AUTHOR_KEYS.userId, String(post.userId));
}

const GRID_SIZES = { 1: { width: 343, height: 229 }, 2: { width: 170, height: 170 }, 3: { width: 112, height: 112 } } as const;

function Pictures({ urls, mode, alt }: { urls: string[]; mode: 'list' | 'detail'; alt: string }) {
  const safe = urls.map(pictureSrc).filter((u): u is string => u !== null);
  const grid = decidePictureGrid(safe.length, mode);
  if (grid.shown === 0) return null;
  const size = GRID_SIZES[grid.columns];
  return (
    <div className={`${styles.pics} ${styles[`cols${grid.columns}`]}`} data-columns={grid.columns}>
      {safe.slice(0, grid.shown).map((src, i) => (
        <a key={src} href={src} className={styles.pic} aria-label={`查看第${i + 1}张图片`}>
          <img src={src} alt={alt} loading="lazy" decoding="async" width={size.width} height={size.height} />
        </a>
      ))}
      {safe.length > grid.shown && <span className={styles.more}>共{safe.length}图</span>}
    </div>
  );
}

export function PostCard({ post, mode, liked, likeCount, onLike, live }: Props) {
  const textRef = useRef<HTMLAnchorElement | HTMLParagraphElement>(null);
  const replyRef = useRef<HTMLDivElement>(null);
  const [textFold, setTextFold] = useState<'none' | 'folded' | 'open'>('none');
  const [replyFold, setReplyFold] = useState<'none' | 'folded' | 'open'>('none');

  useLayoutEffect(() => {
    if (!live) return;
    const text = textRef.current;
    if (text && mode === 'list' && textNeedsFold(text.scrollHeight)) setTextFold('folded');
    const reply = replyRef.current;
    if (reply && replyNeedsToggle(reply.scrollHeight)) setReplyFold('folded');
  }, [live, mode]);

  const detail = detailHref(post);
  const openDetail = (event: MouseEvent) => {
    // Links inside the reply (the related report) keep their own target.
    if ((event.target as HTMLElement).closest('a')) return;
    if (mode === 'list') location.assign(detail);
  };
  const pending = post.reviewState !== 'approved';

  return (
    <article className={styles.card} aria-labelledby={`post-${post.id}-who`} data-post-id={post.id}>
      <header className={styles.head}>
        {post.userPic && pictureSrc(post.userPic) ? (
          <img className={styles.avatar} src={pictureSrc(post.userPic)!} alt="" width={36} height={36} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {Array.from(post.nickname)[0] ?? '友'}
          </span>
        )}
        <p className={styles.who} id={`post-${post.id}-who`}>
          <span className={styles.name}>{post.nickname}</span>
          <time className={styles.time}>{post.createTime}</time>
        </p>
        {pending && (
          <span className={styles.review} data-review={post.reviewState}>
            {post.reviewState === 'pending' ? '审核中' : `未通过${post.rejectReason ? `：${post.rejectReason}` : ''}`}
          </span>
        )}
      </header>
      {mode === 'list' ? (
        <a
          ref={textRef as React.RefObject<HTMLAnchorElement>}
          href={detail}
          className={`${styles.text} ${textFold === 'folded' ? styles.clamped : ''}`}
          data-fold={textFold}
        >
          {post.content}
        </a>
      ) : (
        <p ref={textRef as React.RefObject<HTMLParagraphElement>} className={styles.text}>
          {post.content}
        </p>
      )}
      {textFold !== 'none' && (
        <button
          type="button"
          className={styles.fold}
          aria-expanded={textFold === 'open'}
          onClick={() => setTextFold(textFold === 'folded' ? 'open' : 'folded')}
        >
          {textFold === 'folded' ? '全文' : '收起'}
        </button>
      )}
      <Pictures urls={post.imageUrl} mode={mode} alt={`${post.nickname}的图片`} />
      {post.video && videoSrc(post.video) && (
        <video
          className={styles.video}
          src={videoSrc(post.video)!}
          poster={VIDEO_POSTER}
          controls
          playsInline
          preload="none"
          aria-label={`${post.nickname}的视频`}
        />
      )}
      {post.tags.length > 0 && (
        <ul className={styles.tags} aria-label="话题">
          {post.tags.map((tag, i) => {
            const colour = tagColour(i);
            return (
              <li key={tag.id}>
                <a href={themeHref(tag.id)} className={styles.tag} style={{ color: colour.fg, background: colour.bg }}>
                  #{tag.title}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {post.official && (
        // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- a tap shortcut to the detail; the card's own link is the keyboard's way
        <section className={styles.official} aria-label="官方回复" onClick={openDetail}>
          <p className={styles.officialName}>
            <span className={styles.badge}>官方</span>
            {post.official.username}
          </p>
          {/* Rendered as text: only RichText renders HTML (security.md G53). */}
          <div ref={replyRef} className={`${styles.officialBody} ${replyFold === 'folded' ? styles.replyClamped : ''}`}>
            {htmlToText(post.official.content)}
          </div>
          {replyFold !== 'none' && (
            <button
              type="button"
              className={styles.fold}
              aria-expanded={replyFold === 'open'}
              onClick={(e) => {
                e.stopPropagation();
                setReplyFold(replyFold === 'folded' ? 'open' : 'folded');
              }}
            >
              {replyFold === 'folded' ? '展开' : '收起'}
            </button>
          )}
          {post.official.newsStruct.url && (
            <a className={`${styles.report} tap-inline`} href={post.official.newsStruct.url}>
              相关报道：{post.official.newsStruct.title || '查看报道'}
            </a>
          )}
        </section>
      )}
      {mode === 'list' && post.comments.length > 0 && (
        <ul className={styles.comments} aria-label="评论">
          {post.comments.map((c) => (
            <li key={c.id}>
              <span className={styles.commenter}>{c.nickname}：</span>
              {c.sayText}
            </li>
          ))}
          {post.commentCount > 2 && (
            <li>
              <a href={commentHref(post)} className={styles.allReplies} onClick={() => rememberAuthor(post)}>
                查看全部{post.commentCount}条回复
              </a>
            </li>
          )}
        </ul>
      )}
      <footer className={styles.bar}>
        <span className={styles.pv}>{post.pv > 0 ? `${formatCount(post.pv)}浏览` : ''}</span>
        <a href={commentHref(post)} className={`${styles.action} tap-inline`} onClick={() => rememberAuthor(post)} aria-label={`评论 ${post.commentCount}`}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M4 4h16v12H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          <span>{post.commentCount > 0 ? formatCount(post.commentCount) : '评论'}</span>
        </a>
        <button
          type="button"
          className={`${styles.action} tap-inline ${liked ? styles.liked : ''}`}
          aria-pressed={liked}
          aria-label={`点赞 ${likeCount}`}
          onClick={() => onLike(post)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M7 10v10H4V10zm2 10V10l4-7c1.5 0 2.5 1 2.2 2.6L14.5 9H20a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 18.6 20z"
              fill={liked ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
          <span data-like-count>{likeCount > 0 ? formatCount(likeCount) : '赞'}</span>
        </button>
      </footer>
    </article>
  );
}
