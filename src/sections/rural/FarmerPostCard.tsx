/**
 * One 农友说 post: author, district, text, pictures (spec 9 grid: 1 large, 2 or 4 in two
 * columns, else three), a short video, likes and the newest comments. Rendered by the farmer-talk
 * island and, without hydration, on the rural home.
 */
import type { ReactNode } from 'react';
import type { FarmerPost } from '../../contract/rural.ts';
import styles from './FarmerPostCard.module.css';

function gridClass(n: number): string {
  if (n === 1) return styles.one!;
  if (n === 2 || n === 4) return styles.two!;
  return styles.three!;
}

interface Props {
  post: FarmerPost;
  /** The like and comment controls (the island passes them; the home shows counts only). */
  actions?: ReactNode;
  /** Extra comments the reader just wrote (shown first). */
  children?: ReactNode;
}

export function FarmerPostCard({ post, actions, children }: Props) {
  return (
    <article className={styles.post}>
      <header className={styles.head}>
        {post.userPic ? (
          <img className={styles.avatar} src={post.userPic} alt="" width={36} height={36} loading="lazy" />
        ) : (
          <span className={styles.avatar} aria-hidden="true" />
        )}
        <span className={styles.who}>
          <strong>{post.nickname}</strong>
          <small>
            {post.district && <span>{post.district} · </span>}
            <time dateTime={post.createTime.replace(' ', 'T')}>{post.createTime.slice(5)}</time>
          </small>
        </span>
        {post.pinned === 1 && <span className={styles.pinned}>置顶</span>}
        {post.reviewState === 'pending' && <span className={styles.state}>审核中</span>}
        {post.reviewState === 'rejected' && <span className={styles.state}>未通过：{post.rejectReason || '内容不符合社区规范'}</span>}
      </header>
      <p className={styles.text}>{post.content}</p>
      {post.pictures.length > 0 && (
        <div className={`${styles.grid} ${gridClass(post.pictures.length)}`}>
          {post.pictures.map((p, i) => (
            <img key={p} className="img-cover img-square" src={p} alt={`${post.nickname}的图片 ${i + 1}`} width={240} height={240} loading="lazy" />
          ))}
        </div>
      )}
      {post.video && <video className={styles.video} src={post.video} controls preload="none" playsInline aria-label={`${post.nickname}的视频`} />}
      {actions ?? (
        <p className={styles.counts}>
          <span>赞 {post.likeNum}</span>
          <span>评论 {post.commentCount}</span>
        </p>
      )}
      {(post.comments.length > 0 || children) && (
        <ul className={styles.comments}>
          {children}
          {post.comments.map((c) => (
            <li key={c.id}>
              <strong>{c.nickname}：</strong>
              {c.text}
              {c.reviewState === 'pending' && <em className={styles.state}>审核中</em>}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
