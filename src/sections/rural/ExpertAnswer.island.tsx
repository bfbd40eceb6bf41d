/**
 * On a 乡村帮帮 question's own page: an approved expert of the question's field answers here, as on 专家答题. The page
 * is the same for everyone (the server renders it anonymous, cached); who reads comes only from `$session`, so the
 * island renders nothing first — as the server did — and, once a session arrives, asks whether the reader is an
 * expert of this field. Readers who are not see nothing new. An expert who already answered reads their answer's
 * state (审核中, or 未通过 with the moderator's reason: a held or refused answer is theirs alone).
 */
import { useEffect, useState } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import type { Answer, getMyExpert, getQuestion } from '../../contract/rural.ts';
import { AnswerForm } from './AnswerForm.tsx';
import styles from './ExpertDesk.module.css';
import { ownAnswerState } from './ownAnswerState.ts';
import { useSession } from '../../features/login-gate/useSession.ts';

/** What the island shows, for the session it was read with (another login or a logout shows nothing until read again). */
type Standing =
  { kind: 'none' } | { kind: 'answer'; token: string; expertName: string } | { kind: 'answered'; token: string; answer: Answer | undefined; message: string };

export function ExpertAnswer({ questionId, tag }: { questionId: number; tag: string }) {
  const session = useSession();
  const [standing, setStanding] = useState<Standing>({ kind: 'none' });

  useEffect(() => {
    const token = session.token;
    if (!token) return;
    let current = true;
    void (async () => {
      const me = await getByPath<typeof getMyExpert>('/v1/yunong/expert/me');
      const expert = me.statusCode === 200 && me.data.state === 'approved' ? me.data.expert : null;
      if (!current || !expert || !expert.tags.includes(tag)) return;
      // With the token the question carries the expert's own answer in any state.
      const q = await getByPath<typeof getQuestion>('/v1/yunong/question', { id: questionId });
      if (!current || q.statusCode !== 200) return;
      const own = q.data.answers.find((a) => a.expert.id === expert.id);
      setStanding(own ? { kind: 'answered', token, answer: own, message: '' } : { kind: 'answer', token, expertName: expert.name });
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [session.token, questionId, tag]);

  if (standing.kind === 'none' || standing.token !== session.token) return null;
  if (standing.kind === 'answered') {
    const state = ownAnswerState(standing.answer);
    return (
      <section className={styles.panel} aria-label="我的回答">
        <p className={standing.answer?.reviewState === 'rejected' ? styles.refused : styles.note} role="status">
          {standing.message || state}
        </p>
        {standing.answer && standing.answer.reviewState !== 'approved' && <p className={styles.ownAnswer}>{standing.answer.content}</p>}
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby="expert-answer">
      <h2 id="expert-answer">专家回答</h2>
      <p className={styles.note}>
        {standing.expertName}，这个问题属于你擅长的“{tag}”领域，写下你的建议吧。
      </p>
      <AnswerForm
        questionId={questionId}
        label="专家回答这个问题"
        onAnswered={(answer, message) =>
          setStanding({
            kind: 'answered',
            token: standing.token,
            answer,
            message: `${message}${answer.reviewState === 'approved' ? '，刷新页面即可看到' : ''}`,
          })
        }
      />
    </section>
  );
}
