/**
 * The reader's own list behind the 我的 popup (我的评论 / 我的提问 / 我的爆料 / 我的投诉): fetched with
 * the token from $session (the server render has no reader), paged by 加载更多, with loading, empty,
 * error-and-retry and 没有更多了 states. Follows a login or logout made elsewhere.
 */
import { useEffect, useState } from 'react';
import type { myComments, myComplaints, MyItem, myQuestions, myTips } from '../../contract/interact.ts';
import { buildLoginUrl } from '../../client/browserUi.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import styles from './MyList.module.css';
import { useSession } from '../../features/login-gate/useSession.ts';

export type MyListKind = 'comments' | 'questions' | 'tips' | 'complaints';

const PATHS: Record<MyListKind, (typeof myComments | typeof myQuestions | typeof myTips | typeof myComplaints)['path']> = {
  comments: '/api/mine/comments',
  questions: '/api/mine/questions',
  tips: '/api/mine/tips',
  complaints: '/api/mine/complaints',
};
const PAGE_SIZE = 15;

interface Props {
  kind: MyListKind;
  emptyText: string;
  /** Where a reader with an empty list can start (e.g. the complaint form). */
  startHref?: string;
  startText?: string;
}

export function MyList({ kind, emptyText, startHref, startText }: Props) {
  const { token } = useSession();
  const [items, setItems] = useState<MyItem[]>([]);
  const [page, setPage] = useState(0);
  const [state, setState] = useState<'idle' | 'loading' | 'error' | 'end'>('idle');

  async function load(next: number): Promise<void> {
    setState('loading');
    try {
      // The four lists share one contract shape; the path picks the list.
      const res = await getByPath<typeof myComments>(PATHS[kind] as typeof myComments.path, { page: next });
      if (res.statusCode !== 200) return setState('error');
      setItems((list) => (next === 1 ? res.data : [...list, ...res.data]));
      setPage(next);
      setState(res.data.length < PAGE_SIZE ? 'end' : 'idle');
    } catch {
      setState('error');
    }
  }

  useEffect(() => {
    setItems([]);
    setPage(0);
    if (token) void load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of reader starts the list again from page 1
  }, [token]);

  if (!token) {
    return (
      <div className={styles.box}>
        <p>登录后查看</p>
        <a className={`${styles.button} brand-pill`} href={buildLoginUrl(typeof location === 'undefined' ? `${BASE_PATH}/mine/${kind}` : location.pathname)}>
          去登录
        </a>
      </div>
    );
  }

  return (
    <div>
      {items.length === 0 && state === 'end' && (
        <div className={styles.box}>
          <p>{emptyText}</p>
          {startHref && (
            <a className={`${styles.button} brand-pill`} href={`${BASE_PATH}${startHref}`}>
              {startText}
            </a>
          )}
        </div>
      )}
      <ul className={styles.list}>
        {items.map((item) => {
          const body = (
            <>
              {item.picture.startsWith('/media/') && (
                <img className={`${styles.pic} img-cover`} src={item.picture} alt="" width="64" height="64" loading="lazy" />
              )}
              <span className={styles.text}>
                <span className={styles.title}>{item.title}</span>
                <span className={`${styles.body} quiet-text`}>{item.text}</span>
                <span className={styles.meta}>
                  <span>{item.time}</span>
                  {item.state && <span className={styles.state}>{item.state}</span>}
                </span>
              </span>
            </>
          );
          return (
            <li key={`${item.title}-${item.id}`}>
              {item.href ? (
                <a className={styles.item} href={`${BASE_PATH}${item.href}`}>
                  {body}
                </a>
              ) : (
                <div className={styles.item}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      {state === 'loading' && <p className="list-note">加载中…</p>}
      {state === 'error' && (
        <p className="list-note">
          加载失败，
          <button type="button" className={styles.retry} onClick={() => void load(page + 1)}>
            点击重试
          </button>
        </p>
      )}
      {state === 'idle' && page > 0 && (
        <button type="button" className={styles.more} onClick={() => void load(page + 1)}>
          加载更多
        </button>
      )}
      {state === 'end' && items.length > 0 && <p className="list-note">没有更多了</p>}
    </div>
  );
}
