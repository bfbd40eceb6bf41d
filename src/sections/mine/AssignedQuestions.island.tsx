/**
 * 指派给我: at the top of 我的提问, the questions the newsroom gave to the signed-in answerer or reporter, the ones
 * they have not answered first (docs/security.md "Answering desks"). It lives here, not on the Q&A home, which is
 * a server-rendered list without React (ADR 010, src/routing/pageType.ts). Who reads comes from $session only; the server
 * answers with the token's own list. Nothing shows for a reader with no assigned question, or signed out.
 */
import { useEffect, useState } from 'react';
import type { AssignedQuestion, wendaAssigned } from '../../contract/qaDesk.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import styles from './AssignedQuestions.module.css';

/** The server's page size (src/server/answer/qa/qaDesk.ts). */
const PAGE_SIZE = 20;

export function AssignedQuestions() {
  const { token } = useSession();
  const [items, setItems] = useState<AssignedQuestion[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);

  async function load(next: number): Promise<void> {
    try {
      const res = await getByPath<typeof wendaAssigned>('/v1/bangbang/wenda/assigned', { page: next });
      if (res.statusCode !== 200) return;
      setItems((list) => (next === 1 ? res.data : [...list, ...res.data]));
      setPage(next);
      setMore(res.data.length === PAGE_SIZE);
    } catch {
      // The list is an extra above the public Q&A home: a failed load leaves the home as it is.
    }
  }

  useEffect(() => {
    setItems([]);
    setPage(0);
    setMore(false);
    if (token) void load(1);
  }, [token]);

  if (!token || items.length === 0) return null;
  // With questions given to them above, the reader's own questions below get their own heading too.
  return (
    <>
      <section className={styles.box} aria-labelledby="qa-assigned-title">
        <h2 className={styles.heading} id="qa-assigned-title">
          指派给我的问题
        </h2>
        <ul className={styles.list}>
          {items.map((q) => (
            <li key={q.id} className={styles.item} data-assigned-id={q.id}>
              <div className={styles.top}>
                <span className={styles.mark}>{q.mark}</span>
                <a className={styles.title} href={`${BASE_PATH}${q.href}`}>
                  {q.title}
                </a>
              </div>
              {q.content && <p className={styles.body}>{q.content}</p>}
              <div className={styles.foot}>
                <span>
                  {q.asker || '读者'} · {q.time}
                </span>
                {q.answered ? (
                  <span className={styles.done}>已回答</span>
                ) : (
                  <a className={`${styles.answer} brand-pill`} href={`${BASE_PATH}${q.replyHref}`} aria-label={`去回答：${q.title}`}>
                    去回答
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
        {more && (
          <button type="button" className={styles.more} onClick={() => void load(page + 1)}>
            加载更多
          </button>
        )}
      </section>
      <h2 className={`${styles.heading} ${styles.ownHeading}`}>我提的问题</h2>
    </>
  );
}
