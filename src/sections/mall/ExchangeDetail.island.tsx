/**
 * One exchange of the reader (ADR 012; /AccumulatedPoints/convertdetail): status 已兑换 → 已发货 →
 * 已完成, the coupon or card code once exchanged, the delivery address or topped-up phone, the parcel's
 * tracking number; 确认收货 for a shipped parcel and 标记已使用 for a coupon shown at the shop.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { ExchangeDetail as Detail, mallCouponUse, mallExchangeConfirm, mallExchangeDetail } from '../../contract/mall.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { showToast } from '../../stores/toast.ts';
import styles from './Mall.module.css';
import { useSession } from '../../features/login-gate/useSession.ts';

interface Props {
  id: number;
  goodsHref: string;
  listHref: string;
}

type Load = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'error' } | { kind: 'ok'; detail: Detail };

const STEPS = ['已兑换', '已发货', '已完成'];
const COUPON_TEXT: Record<string, string> = { unused: '未使用', used: '已使用', expired: '已过期' };

/** The exchange's facts in order: when it was made, then those it has (an empty one is left out). */
function factRows(d: Detail): Array<[string, ReactNode]> {
  const optional: Array<[string, ReactNode]> = [
    ['提供方', d.merchant],
    [
      '收货信息',
      d.address && (
        <>
          {d.address.name} {d.address.phone}
          <br />
          {d.address.region} {d.address.detail}
        </>
      ),
    ],
    ['充值号码', d.phone],
    ['物流', d.expressNo && `${d.expressCompany} ${d.expressNo}`],
    ['发货时间', d.shipTime],
    ['完成时间', d.doneTime],
  ];
  return [['兑换时间', d.createTime], ...optional.filter(([, value]) => Boolean(value))];
}

export function ExchangeDetail({ id, goodsHref, listHref }: Props) {
  const session = useSession();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!session.token) return;
    let stale = false;
    setLoad({ kind: 'loading' });
    getByPath<typeof mallExchangeDetail>('/v1/mall/exchange/detail', { id })
      .then((res) => {
        if (stale) return;
        if (res.statusCode === 200) setLoad({ kind: 'ok', detail: res.data });
        else if (res.statusCode === 404 || res.statusCode === 400) setLoad({ kind: 'missing', message: res.message || '兑换记录不存在' });
        else setLoad({ kind: 'error' });
      })
      .catch(() => {
        if (!stale) setLoad({ kind: 'error' });
      });
    return () => {
      stale = true;
    };
  }, [session.token, id, round]);

  async function act(action: 'confirm' | 'use') {
    if (busy) return;
    if (action === 'use' && !window.confirm('请在商家核销时再点击，确认标记为已使用？')) return;
    setBusy(true);
    try {
      const res =
        action === 'confirm'
          ? await postByPath<typeof mallExchangeConfirm>('/v1/mall/exchange/confirm', { id })
          : await postByPath<typeof mallCouponUse>('/v1/mall/coupon/use', { id });
      showToast(res.message || (res.statusCode === 200 ? '操作成功' : '操作失败'), { type: 'text', duration: 2000 });
      if (res.statusCode === 200) setLoad({ kind: 'ok', detail: res.data });
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    } finally {
      setBusy(false);
    }
  }

  if (!session.token) {
    return (
      <div className={styles.state}>
        <p>登录后查看兑换详情</p>
        <button type="button" className={styles.secondary} onClick={() => requireLogin()}>
          去登录
        </button>
      </div>
    );
  }
  if (load.kind === 'loading') return <p className={styles.state}>加载中…</p>;
  if (load.kind === 'missing') {
    return (
      <div className={styles.state}>
        <p>{load.message}</p>
        <a className={styles.linkButton} href={listHref}>
          查看兑换记录
        </a>
      </div>
    );
  }
  if (load.kind === 'error') {
    return (
      <div className={styles.state}>
        <p>加载失败</p>
        <button type="button" className={styles.secondary} onClick={() => setRound((n) => n + 1)}>
          点击重试
        </button>
      </div>
    );
  }
  const d = load.detail;
  return (
    <div data-exchange-id={d.id}>
      <section className={styles.section}>
        <a className={`${styles.itemLink} ${styles.flat}`} href={`${goodsHref}?id=${d.goodsId}`}>
          <img className={styles.thumb} src={d.picture} alt="" width="72" height="72" />
          <span className={styles.itemBody}>
            <span className={styles.itemName}>{d.name}</span>
            <span className={styles.itemMeta}>{d.points} 积分</span>
            <span className={styles.badge}>{d.couponState ? COUPON_TEXT[d.couponState] : d.statusText}</span>
          </span>
        </a>
      </section>
      {d.status === 4 && <p className={styles.state}>兑换已取消，{d.points} 积分已退回你的账户</p>}
      {d.kind === 'physical' && d.status !== 4 && (
        <section className={styles.section} aria-label="兑换进度">
          <ol className={styles.steps}>
            {STEPS.map((s, i) => (
              <li key={s} className={`${styles.step} ${d.status >= i + 1 ? styles.stepOn : ''}`} aria-current={d.status === i + 1 ? 'step' : undefined}>
                {s}
              </li>
            ))}
          </ol>
        </section>
      )}
      {d.code && (
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{d.kind === 'coupon' ? '券码' : '卡密'}</h2>
          <p className={styles.code} data-code>
            {d.code}
          </p>
          {d.validUntil && <p className={styles.hint}>有效期至 {d.validUntil}</p>}
        </section>
      )}
      <section className={styles.section}>
        <dl className={styles.rows}>
          {factRows(d).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {d.usage && <p className={styles.hint}>{d.usage}</p>}
      </section>
      {d.kind === 'physical' && d.status === 2 && (
        <div className={styles.section}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void act('confirm')}>
            确认收货
          </button>
        </div>
      )}
      {d.kind === 'physical' && d.status === 1 && <p className={styles.state}>商家正在备货，发货后可在这里查看物流</p>}
      {d.couponState === 'unused' && (
        <div className={styles.section}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void act('use')}>
            我已在商家使用
          </button>
        </div>
      )}
    </div>
  );
}
