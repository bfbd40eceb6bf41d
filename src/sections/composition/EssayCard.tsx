/**
 * One essay in a list: title, the first lines, who wrote it (student · grade · school), the teacher's score,
 * likes and views, a photo thumbnail. A plain component: static in Astro lists, inside EssayFeed when paged.
 */
import type { EssaySummary } from '../../contract/composition.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { essayHref, mediaSrc, reviewHref, reviewStateLabel } from './compositionLinks.ts';
import styles from './EssayCard.module.css';

interface Props {
  essay: EssaySummary;
  /** Rank position (1-based) on the rank lists. */
  rank?: number | undefined;
  /** Shows the newspaper edition line (NewspapersList). */
  showEdition?: boolean | undefined;
  /** The teacher's review leads (TeacherCommentList): the card opens the review and quotes it. */
  review?: { teacherName: string; reviewText: string } | undefined;
}

export function EssayCard({ essay, rank, showEdition, review }: Props) {
  const cover = essay.cover ? mediaSrc(essay.cover) : null;
  const state = reviewStateLabel(essay.reviewState);
  return (
    <article className={styles.card} data-essay-id={essay.id}>
      <a className={styles.link} href={review ? reviewHref(essay.id) : essayHref(essay.id)}>
        {rank !== undefined && (
          <span className={rank <= 3 ? styles.rankTop : styles.rank} aria-label={`第 ${rank} 名`}>
            {rank}
          </span>
        )}
        <div className={styles.body}>
          <h3 className={styles.title}>
            {essay.isRecommend === 1 && <span className={styles.tag}>荐</span>}
            {essay.title}
          </h3>
          {review ? (
            <p className={`${styles.excerpt} clamp-2`}>
              <strong>{review.teacherName}老师点评：</strong>
              {review.reviewText}
            </p>
          ) : (
            essay.excerpt && <p className={`${styles.excerpt} clamp-2`}>{essay.excerpt}</p>
          )}
          {showEdition && essay.newspaperEdition && (
            <p className={styles.edition}>
              {essay.newspaperEdition} · {essay.newspaperDate}
            </p>
          )}
          <p className={styles.meta}>
            <span>{essay.studentName}</span>
            <span>{essay.gradeLabel}</span>
            <span className={styles.school}>{essay.schoolName}</span>
          </p>
          <p className={styles.meta}>
            {state && <span className={essay.reviewState === 'rejected' ? styles.rejected : styles.pending}>{state}</span>}
            {essay.score !== null && <span className={styles.score}>{essay.score} 分</span>}
            <span>{formatCount(essay.pv)} 阅读</span>
            <span>{formatCount(essay.like)} 赞</span>
            {essay.commentCount > 0 && <span>{formatCount(essay.commentCount)} 评论</span>}
          </p>
        </div>
        {cover && <img className={`${styles.cover} img-cover`} src={cover} alt="" width="96" height="128" loading="lazy" decoding="async" />}
      </a>
    </article>
  );
}
