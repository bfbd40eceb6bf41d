/**
 * The student centre (spec 2.8): 我的作文 with each essay's review state (审核中 / 未通过 and
 * the reason / 已发布) and the teacher's score and comment when reviewed, and 我的评论. A verified
 * teacher also gets the way to the essays waiting for their review. Read with the reader's token only
 * (nothing of it is rendered on the server).
 */
import { useState } from 'react';
import type { compositionRole, Mine, myComposition, Role } from '../../contract/composition.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { COMPOSITION_LINKS, essayHref, reviewStateLabel } from './compositionLinks.ts';
import { useReaderLoad, type GateState } from '../../features/login-gate/useReaderLoad.ts';
import { isGate, ReaderGate } from './ReaderGate.tsx';
import rows from './EssayRows.module.css';
import styles from './UserCenter.module.css';
import { useSession } from '../../features/login-gate/useSession.ts';

async function loadMine(): Promise<{ kind: 'ok'; mine: Mine; role: Role } | GateState> {
  const [mine, role] = await Promise.all([getByPath<typeof myComposition>('/v1/composition/mine'), getByPath<typeof compositionRole>('/v1/composition/role')]);
  if (mine.statusCode === 200 && mine.data && role.statusCode === 200 && role.data) return { kind: 'ok', mine: mine.data, role: role.data };
  return { kind: 'error', message: mine.message || role.message };
}

export function UserCenter() {
  const session = useSession();
  const { state, retry } = useReaderLoad(loadMine);
  const [tab, setTab] = useState<'essays' | 'comments'>('essays');

  if (isGate(state)) return <ReaderGate state={state} loginHint="登录后查看我的作文、审核状态和老师点评" onRetry={retry} />;
  const { mine, role } = state;
  return (
    <div>
      <header className={styles.head}>
        <strong>{session.nickname || '同学'}</strong>
        <span>{role.teacher ? `认证老师 · ${role.teacher.schoolName}` : '学生'}</span>
        {!role.verified && role.verifyReason && <span role="status">老师认证已撤销：{role.verifyReason}</span>}
        <span>
          作文 {mine.essays.length} 篇 · 评论 {mine.comments.length} 条
        </span>
        <span className={styles.actions}>
          <a className="tap-inline" href={COMPOSITION_LINKS.contribute}>
            我要投稿
          </a>
          {role.teacher && (
            <a className="tap-inline" href={COMPOSITION_LINKS.teacherReview}>
              待我点评
            </a>
          )}
        </span>
      </header>
      <div className={styles.tabs} role="tablist" aria-label="个人中心">
        <button type="button" role="tab" aria-selected={tab === 'essays'} onClick={() => setTab('essays')}>
          我的作文
        </button>
        <button type="button" role="tab" aria-selected={tab === 'comments'} onClick={() => setTab('comments')}>
          我的评论
        </button>
      </div>
      {tab === 'essays' && (
        <ul className={`${rows.list} ${styles.list}`} role="tabpanel" aria-label="我的作文">
          {mine.essays.length === 0 && <li className={styles.none}>还没有投稿，写一篇试试吧</li>}
          {mine.essays.map((e) => {
            const label = reviewStateLabel(e.reviewState) || '已发布';
            return (
              <li key={e.id} data-essay-id={e.id}>
                {/* An essay in review or refused opens for its author too, marked (OwnItemPreview). */}
                <a href={essayHref(e.id)}>{e.title}</a>
                <p className={`${rows.meta} ${styles.meta}`}>
                  <span className={styles[e.reviewState]}>{label}</span>
                  {e.reviewState === 'rejected' && e.rejectReason && <span>原因：{e.rejectReason}</span>}
                  <span>{e.createTime}</span>
                </p>
                <p className={`${rows.meta} ${styles.meta}`}>
                  {e.score !== null ? (
                    <span className={styles.score}>老师评分 {e.score} 分</span>
                  ) : e.teacherId > 0 ? (
                    <span>等待 {e.teacherName} 老师点评</span>
                  ) : (
                    <span>未选择指导老师</span>
                  )}
                  <span>
                    {e.like} 赞 · {e.commentCount} 评论
                  </span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {tab === 'comments' && (
        <ul className={`${rows.list} ${styles.list}`} role="tabpanel" aria-label="我的评论">
          {mine.comments.length === 0 && <li className={styles.none}>还没有评论</li>}
          {mine.comments.map((c) => (
            <li key={c.id}>
              <p>{c.content}</p>
              <p className={`${rows.meta} ${styles.meta}`}>
                <a href={essayHref(c.essayId)}>《{c.essayTitle}》</a>
                {reviewStateLabel(c.reviewState) && <span className={styles.pending}>{reviewStateLabel(c.reviewState)}</span>}
                <span>{c.createTime}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
