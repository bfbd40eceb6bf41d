/**
 * Confirming an exchange (ADR 012; /AccumulatedPoints/convertgoods): the reader's balance, a delivery
 * address for physical goods or the phone to top up for virtual ones, then one POST /v1/mall/exchange.
 * The Idempotency-Key is made once per attempt and kept across retries after a lost answer, so a
 * double tap or a retry never exchanges twice; a clear refusal (sold out, not enough points) starts a
 * new attempt. Success opens the exchange (convertdetail). Sent with no answer at all (offline), the exchange
 * waits in the outbox (ADR 032) with its key and goes out when the network returns: 发送中… / 已发送 /
 * 发送失败，点击重试; the form waits meanwhile.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { isNoAnswer, messageForFailure } from '../../client/apiClient.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { ExchangeBody, GoodsKind, mallExchange, pointsSummary } from '../../contract/mall.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { showToast } from '../../stores/toast.ts';
import { decideBalanceHint } from './decideBalanceHint.ts';
import styles from './Mall.module.css';
import { Field, PhoneField, useFields } from './MallFields.tsx';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { useWriteAttempt } from '../../client/useWriteAttempt.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { useOutbox } from '../../features/outbox/useOutbox.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';

interface Props {
  goodsId: number;
  kind: GoodsKind;
  price: number;
  stock: number;
  /** Where a finished exchange is shown: the convertdetail address without its id. */
  detailHref: string;
}

export function ConvertForm({ goodsId, kind, price, stock, detailHref }: Props) {
  const session = useSession();
  const [balance, setBalance] = useState<number | null>(null);
  const { fields, bind } = useFields({ name: '', phone: '', region: '', address: '', mobile: '' });
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const attempt = useWriteAttempt();
  const outbox = useOutbox(`mall:exchange:${goodsId}`, {
    // From the outbox: 已发送 is read for a moment before the exchange opens.
    onSent: (_entry, answer) => setTimeout(() => exchanged((answer.data as { id: number }).id), 1000),
    onRefused: (_entry, message) => {
      attempt.done();
      if (message) setProblem(message);
    },
  });

  function exchanged(id: number): void {
    showToast('兑换成功', { type: 'text', duration: 2000 });
    location.assign(`${detailHref}?id=${id}`);
  }

  useEffect(() => {
    if (!session.token) {
      setBalance(null);
      return;
    }
    let stale = false;
    getByPath<typeof pointsSummary>('/v1/points/summary')
      .then((res) => {
        if (!stale && res.statusCode === 200) setBalance(res.data.credit);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [session.token]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || outbox.waiting) return;
    if (!requireLogin()) return;
    setProblem('');
    const body: ExchangeBody = { goodsId };
    if (kind === 'physical') Object.assign(body, { name: fields.name, phone: fields.phone, region: fields.region, address: fields.address });
    if (kind === 'virtual') body.mobile = fields.mobile;
    // One key for this exchange until an answer settles it (whatever the fields say now).
    const idempotencyKey = attempt.key();
    setBusy(true);
    try {
      const res = await postByPath<typeof mallExchange>('/v1/mall/exchange', body, { idempotencyKey });
      if (res.statusCode === 200) return exchanged(res.data.id);
      // A clear answer: this attempt is over; the next tap is a new exchange.
      attempt.done();
      if (res.statusCode !== 301 && res.statusCode !== 302) setProblem(res.message || '兑换失败，请稍后再试');
    } catch (error) {
      // No answer at all: the outbox sends it again with the same key when the network returns.
      if (
        isNoAnswer(error) &&
        (await outbox.queue({
          id: idempotencyKey,
          kind: 'exchange',
          label: `兑换（${price} 积分）`,
          path: '/v1/mall/exchange',
          body: body as Record<string, string | number>,
        }))
      )
        return;
      // No answer: the same key goes out again on the next tap, so it cannot exchange twice. Spec 8 speaks
      // for an HTTP 500; a refused input brings the server's own message.
      const message = messageForFailure(error, '网络不给力，兑换结果未知，请再点一次（不会重复扣积分）');
      if (message) setProblem(message);
    } finally {
      setBusy(false);
    }
  }

  const short = balance !== null && balance < price;
  const soldOut = stock === 0;
  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate aria-label="确认兑换">
      <p className={styles.hint} aria-live="polite">
        {session.token ? decideBalanceHint(balance, price) : '登录后才能兑换'}
      </p>
      {kind === 'physical' && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.sectionTitle}>收货信息</legend>
          <Field label="收货人" autoComplete="name" maxLength={20} {...bind('name')} />
          <PhoneField label="手机号" {...bind('phone')} />
          <Field label="所在地区" autoComplete="address-level2" maxLength={40} placeholder="如 重庆市 渝中区" {...bind('region')} />
          <Field label="详细地址" autoComplete="street-address" maxLength={120} placeholder="街道、门牌号" {...bind('address')} />
        </fieldset>
      )}
      {kind === 'virtual' && <PhoneField label="充值手机号" className={styles.fieldTop} {...bind('mobile')} />}
      {(kind === 'coupon' || kind === 'card') && (
        <p className={styles.hint}>{kind === 'coupon' ? '兑换后券码在「优惠券」中查看' : '兑换后卡密在「我的券」中查看'}</p>
      )}
      <FormAlert className={styles.error} message={problem} />
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
      <button type="submit" className={`${styles.primary} ${styles.submit}`} disabled={busy || outbox.waiting || soldOut || short}>
        {soldOut ? '已兑完' : short ? '积分不足' : busy ? '兑换中…' : `确认兑换（${price} 积分）`}
      </button>
    </form>
  );
}
