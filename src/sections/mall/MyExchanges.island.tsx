/**
 * The reader's own mall lists (ADR 012), loaded with the reader's token after hydration: 我的兑换
 * (every exchange), 优惠券 (tabs 未使用 / 已使用 / 已过期) and 我的券 (card codes). Pages by 10 until an
 * empty page (没有更多了); anonymous readers get a login button; errors offer a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import type { ExchangeItem, mallCouponList, mallExchangeList, mallTicketList } from '../../contract/mall.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import styles from './Mall.module.css';
import { useSession } from '../../features/login-gate/useSession.ts';

export type ListMode = 'all' | 'coupon' | 'ticket';
type CouponTab = 'unused' | 'used' | 'expired';

interface Props {
  mode: ListMode;
  /** convertdetail without its id. */
  detailHref: string;
  /** The mall home (the empty state's way to go shopping). */
  homeHref: string;
}

const PAGE_SIZE = 10;
const TABS: { key: CouponTab; label: string }[] = [
  { key: 'unused', label: '未使用' },
  { key: 'used', label: '已使用' },
  { key: 'expired', label: '已过期' },
];
const EMPTY: Record<ListMode, string> = { all: '还没有兑换记录，去商城逛逛吧', coupon: '这里还没有优惠券', ticket: '还没有兑换过卡密或票券' };
const KIND_TEXT: Record<string, string> = { physical: '实物', coupon: '优惠券', card: '卡密', virtual: '充值' };
const COUPON_TEXT: Record<string, string> = { unused: '未使用', used: '已使用', expired: '已过期' };

function fetchPage(mode: ListMode, tab: CouponTab, page: number) {
  if (mode === 'coupon') return getByPath<typeof mallCouponList>('/v1/mall/coupon/list', { state: tab, page, pageSize: PAGE_SIZE });
  if (mode === 'ticket') return getByPath<typeof mallTicketList>('/v1/mall/ticket/list', { page, pageSize: PAGE_SIZE });
  return getByPath<typeof mallExchangeList>('/v1/mall/exchange/list', { page, pageSize: PAGE_SIZE });
}

type Status = 'idle' | 'loading' | 'error' | 'end';

export function MyExchanges({ mode, detailHref, homeHref }: Props) {
  const session = useSession();
  const [tab, setTab] = useState<CouponTab>('unused');
  const [items, setItems] = useState<ExchangeItem[]>([]);
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<Status>('loading');

  const load = useCallback(
    async (next: number, replace: boolean) => {
      setStatus('loading');
      try {
        const res = await fetchPage(mode, tab, next);
        if (res.statusCode !== 200) {
          setStatus('error');
          return;
        }
        setItems((old) => (replace ? res.data : [...old, ...res.data.filter((e) => !old.some((o) => o.id === e.id))]));
        setPage(next);
        setStatus(res.data.length < PAGE_SIZE ? 'end' : 'idle');
      } catch {
        setStatus('error');
      }
    },
    [mode, tab],
  );

  useEffect(() => {
    setItems([]);
    if (session.token) void load(1, true);
  }, [session.token, load]);

  if (!session.token) {
    return (
      <div className={styles.state}>
        <p>登录后查看{mode === 'coupon' ? '我的优惠券' : mode === 'ticket' ? '我的券' : '兑换记录'}</p>
        <button type="button" className={styles.secondary} onClick={() => requireLogin()}>
          去登录
        </button>
      </div>
    );
  }

  return (
    <div>
      {mode === 'coupon' && (
        <div className={styles.tabs} role="tablist" aria-label="优惠券状态">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={tab === t.key}
              className={`${styles.tab} ${tab === t.key ? styles.tabOn : ''}`}
              onClick={() => setTab(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
      <ul className={styles.list} data-list aria-busy={status === 'loading'}>
        {items.map((e) => (
          <li key={e.id} className={styles.item} data-exchange-id={e.id}>
            <a className={styles.itemLink} href={`${detailHref}?id=${e.id}`}>
              <img className={styles.thumb} src={e.picture} alt="" width="72" height="72" loading="lazy" />
              <span className={styles.itemBody}>
                <span className={styles.itemName}>{e.name}</span>
                <span className={styles.itemMeta}>
                  {KIND_TEXT[e.kind]} · {e.points} 积分 · {e.createTime}
                </span>
                <span className={`${styles.badge} ${e.couponState === 'used' || e.couponState === 'expired' ? styles.badgeGrey : ''}`}>
                  {e.couponState ? COUPON_TEXT[e.couponState] : e.statusText}
                </span>
                {e.validUntil && <span className={styles.itemMeta}>有效期至 {e.validUntil}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {status === 'loading' && <p className={styles.state}>加载中…</p>}
      {status === 'error' && (
        <div className={styles.state}>
          <p>加载失败</p>
          <button type="button" className={styles.secondary} onClick={() => void load(page + 1, page === 0)}>
            点击重试
          </button>
        </div>
      )}
      {status === 'idle' && (
        <div className={styles.state}>
          <button type="button" className={styles.secondary} onClick={() => void load(page + 1, false)}>
            加载更多
          </button>
        </div>
      )}
      {status === 'end' && items.length === 0 && (
        <div className={styles.state}>
          <p>{mode === 'coupon' ? `没有${COUPON_TEXT[tab]}的优惠券` : EMPTY[mode]}</p>
          <a className={styles.linkButton} href={homeHref}>
            去商城逛逛
          </a>
        </div>
      )}
      {status === 'end' && items.length > 0 && <p className={styles.state}>没有更多了</p>}
    </div>
  );
}
