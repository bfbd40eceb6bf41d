/**
 * The reader's points on the mall home (ADR 012): balance, growth and level from /v1/points/summary,
 * and the daily sign-in. Anonymous readers see a login button. Follows `$session`: a login or logout
 * elsewhere updates the card.
 */
import { useState } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { PointsSummary, pointsSignin, pointsSummary } from '../../contract/mall.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { useReaderLoad, type GateState } from '../../features/login-gate/useReaderLoad.ts';
import { showToast } from '../../stores/toast.ts';
import styles from './Mall.module.css';

type Load = GateState | { kind: 'ok'; summary: PointsSummary };

async function loadSummary(): Promise<Load> {
  const res = await getByPath<typeof pointsSummary>('/v1/points/summary');
  return res.statusCode === 200 ? { kind: 'ok', summary: res.data } : { kind: 'error', message: res.message };
}

export function MallAccount() {
  const { state: load, setState: setLoad, retry } = useReaderLoad<Load>(loadSummary, true);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    if (!requireLogin() || busy || load.kind !== 'ok') return;
    setBusy(true);
    try {
      const res = await postByPath<typeof pointsSignin>('/v1/points/signin');
      if (res.statusCode !== 200) {
        showToast(res.message || '签到失败，请稍后再试', { type: 'text', duration: 2000 });
        return;
      }
      const d = res.data;
      showToast(d.signed ? `签到成功，积分 +${d.points}` : res.message, { type: 'text', duration: 2000 });
      setLoad({
        kind: 'ok',
        summary: {
          ...load.summary,
          credit: d.credit,
          integRal: d.integRal,
          creditLevel: d.creditLevel,
          signedToday: 1,
          streak: d.streak,
          todayEarned: load.summary.todayEarned + (d.signed ? d.points : 0),
        },
      });
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    } finally {
      setBusy(false);
    }
  }

  if (load.kind === 'anonymous') {
    return (
      <section className={styles.account} aria-label="我的积分">
        <div className={styles.accountTop}>
          <div>
            <p className={styles.balanceLabel}>我的积分</p>
            <p className={styles.balance}>登录后查看</p>
          </div>
          <button type="button" className={styles.signin} onClick={() => requireLogin()}>
            登录签到
          </button>
        </div>
        <p className={styles.accountMeta}>每日签到、阅读、评论、分享都能得积分</p>
      </section>
    );
  }
  if (load.kind !== 'ok') {
    return (
      <section className={styles.account} aria-label="我的积分">
        <div className={styles.accountTop}>
          <div>
            <p className={styles.balanceLabel}>我的积分</p>
            <p className={styles.balance}>{load.kind === 'loading' ? '加载中…' : '加载失败'}</p>
          </div>
          {load.kind === 'error' && (
            <button type="button" className={styles.signin} onClick={retry}>
              重试
            </button>
          )}
        </div>
      </section>
    );
  }
  const s = load.summary;
  return (
    <section className={styles.account} aria-label="我的积分">
      <div className={styles.accountTop}>
        <div>
          <p className={styles.balanceLabel}>我的积分</p>
          <p className={styles.balance} data-credit={s.credit}>
            {s.credit}
          </p>
        </div>
        <button type="button" className={styles.signin} onClick={() => void signIn()} disabled={busy || s.signedToday === 1}>
          {s.signedToday === 1 ? '今日已签到' : `签到 +${s.nextSigninPoints}`}
        </button>
      </div>
      <p className={styles.accountMeta}>
        成长值 {s.integRal} · 等级 Lv{s.creditLevel}
        {s.streak > 0 ? ` · 已连续签到 ${s.streak} 天` : ''} · 今日已得 {s.todayEarned} 积分
      </p>
    </section>
  );
}
