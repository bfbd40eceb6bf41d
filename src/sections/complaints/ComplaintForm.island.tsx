/**
 * /Complaints-platform/new: a logged-in reader files a complaint against a live-stream seller:
 * platform, shop or anchor, order number, amount, problem type, what happened, what they want, evidence
 * pictures (≤ 9) and a contact phone that is never shown publicly. One Idempotency-Key per draft: a
 * retry after a lost answer files nothing twice. The server validates; the checks here only answer sooner.
 * Sent with no answer at all (offline), the complaint waits in the outbox (ADR 032) under the same key and
 * goes out when the network returns; the page then opens it.
 */
import { isNoAnswer, messageForFailure } from '../../client/apiClient.ts';
import { useState, type FormEvent } from 'react';
import { normalisePhone } from '../../contract/accountRules.ts';
import type { complaintCreate } from '../../contract/interact.ts';
import {
  COMPLAINT_CONTENT_MAX,
  COMPLAINT_CONTENT_MIN,
  COMPLAINT_DEMAND_MAX,
  COMPLAINT_MAX_PICTURES,
  COMPLAINT_ORDER_MAX,
  COMPLAINT_PLATFORMS,
  COMPLAINT_PROBLEMS,
  COMPLAINT_SHOP_MAX,
  type ComplaintPlatform,
  type ComplaintProblem,
} from '../../contract/communityRules.ts';
import { buildLoginUrl } from '../../client/browserUi.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { showToast } from '../../stores/toast.ts';
import { PicturePicker, type PickedPicture } from '../community/PicturePicker.tsx';
import styles from '../community/InteractForm.module.css';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';
import { useOutbox } from '../../features/outbox/useOutbox.ts';

type Field = 'platform' | 'shopName' | 'orderNo' | 'amount' | 'problemType' | 'content' | 'demand' | 'contactPhone';

const chars = (s: string) => [...s.trim()].length;

/** The first problem of each field, in Chinese; empty when the draft may be sent. */
export function checkComplaint(v: Record<Field, string>): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  if (!v.platform) e.platform = '请选择直播平台';
  if (chars(v.shopName) === 0) e.shopName = '请填写店铺或主播名称';
  else if (chars(v.shopName) > COMPLAINT_SHOP_MAX) e.shopName = `不能超过 ${COMPLAINT_SHOP_MAX} 个字`;
  if (!/^[A-Za-z0-9-]*$/.test(v.orderNo.trim()) || v.orderNo.trim().length > COMPLAINT_ORDER_MAX) e.orderNo = '订单号只能包含字母、数字和连字符';
  if (v.amount.trim() !== '' && !/^\d{1,7}(\.\d{1,2})?$/.test(v.amount.replace(/[,，\s]/g, ''))) e.amount = '金额格式不正确（最多两位小数）';
  if (!v.problemType) e.problemType = '请选择问题类型';
  if (chars(v.content) < COMPLAINT_CONTENT_MIN) e.content = `请至少写 ${COMPLAINT_CONTENT_MIN} 个字，说清楚经过`;
  else if (chars(v.content) > COMPLAINT_CONTENT_MAX) e.content = `不能超过 ${COMPLAINT_CONTENT_MAX} 个字`;
  if (chars(v.demand) === 0) e.demand = '请填写您的诉求';
  else if (chars(v.demand) > COMPLAINT_DEMAND_MAX) e.demand = `不能超过 ${COMPLAINT_DEMAND_MAX} 个字`;
  if (normalisePhone(v.contactPhone) === null) e.contactPhone = '请输入正确的手机号';
  return e;
}

export function ComplaintForm() {
  const session = useSession();
  const [values, setValues] = useState<Record<Field, string>>({
    platform: '',
    shopName: '',
    orderNo: '',
    amount: '',
    problemType: '',
    content: '',
    demand: '',
    contactPhone: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const opened = (id: number) => location.assign(`${BASE_PATH}/Complaints-platform/detail?id=${id}`);
  const outbox = useOutbox('complaints:new', {
    onSent: (_entry, answer) => {
      showToast(answer.message || '投诉已提交', { type: 'text', duration: 2000 });
      opened((answer.data as { id: number }).id);
    },
    onRefused: (_entry, message) => message && showToast(message, { type: 'text', duration: 2000 }),
  });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setKey(newIdempotencyKey());
  };

  if (!session.token) {
    const here = `${BASE_PATH}/Complaints-platform/new`;
    return (
      <div className={styles.notice}>
        <p>登录后才能提交投诉，方便我们就处理进度与您联系。</p>
        <a className="brand-pill" href={buildLoginUrl(here)}>
          登录后投诉
        </a>
      </div>
    );
  }

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (busy || outbox.waiting) return;
    const found = checkComplaint(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast(Object.values(found)[0]!, { type: 'text', duration: 2000 });
      return;
    }
    if (pictures.some((p) => p.url === null)) {
      showToast('图片还在上传，请稍候', { type: 'text', duration: 2000 });
      return;
    }
    setBusy(true);
    // The server checks the platform and problem against its lists; these came from the same lists.
    const body = {
      ...values,
      platform: values.platform as ComplaintPlatform,
      problemType: values.problemType as ComplaintProblem,
      pictures: pictures.map((p) => p.url!),
    };
    try {
      const res = await postByPath<typeof complaintCreate>('/api/complaints/create', body, { idempotencyKey: key });
      showToast(res.message, { type: 'text', duration: 2000 });
      if (res.statusCode === 200) opened(res.data.id);
    } catch (error) {
      // No answer at all: kept under this key and sent when the network returns (never a refusal).
      if (isNoAnswer(error)) {
        const label = `投诉「${values.shopName.trim()}」`;
        if (await outbox.queue({ id: key, kind: 'complaint', label, path: '/api/complaints/create', body })) return;
      }
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message.
      const message = messageForFailure(error, '网络不给力，请稍后再试');
      if (message) showToast(message, { type: 'text', duration: 2000 });
    } finally {
      setBusy(false);
    }
  }

  const error = (field: Field) =>
    errors[field] ? (
      <span className={styles.error} id={`cf-${field}-error`} role="alert">
        {errors[field]}
      </span>
    ) : null;
  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `cf-${field}-error` } : {});

  /** A required one-of-a-list answer: its chips as radios, then its error. */
  const choice = (field: 'platform' | 'problemType', legend: string, options: readonly string[]) => (
    <fieldset className={styles.field}>
      <legend className={`${styles.label} ${styles.required}`}>{legend}</legend>
      <div className={styles.chips}>
        {options.map((p) => (
          <label key={p} className={styles.chip}>
            <input type="radio" name={field} value={p} checked={values[field] === p} onChange={() => set(field)(p)} />
            {p}
          </label>
        ))}
      </div>
      {error(field)}
    </fieldset>
  );

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="投诉表单">
      {choice('platform', '直播平台', COMPLAINT_PLATFORMS)}
      <label className={styles.field}>
        <span className={`${styles.label} ${styles.required}`}>店铺或主播名称</span>
        <input
          className={styles.input}
          name="shopName"
          maxLength={COMPLAINT_SHOP_MAX}
          value={values.shopName}
          onChange={(e) => set('shopName')(e.target.value)}
          {...described('shopName')}
        />
        {error('shopName')}
      </label>
      <label className={styles.field}>
        <span className={styles.label}>订单号</span>
        <input
          className={styles.input}
          name="orderNo"
          inputMode="text"
          autoCapitalize="characters"
          maxLength={COMPLAINT_ORDER_MAX}
          value={values.orderNo}
          onChange={(e) => set('orderNo')(e.target.value)}
          {...described('orderNo')}
        />
        <span className={styles.hint}>在订单详情中复制，公开时会隐去中间几位</span>
        {error('orderNo')}
      </label>
      <label className={styles.field}>
        <span className={styles.label}>涉及金额（元）</span>
        <input
          className={styles.input}
          name="amount"
          inputMode="decimal"
          maxLength={12}
          value={values.amount}
          onChange={(e) => set('amount')(e.target.value)}
          {...described('amount')}
        />
        {error('amount')}
      </label>
      {choice('problemType', '问题类型', COMPLAINT_PROBLEMS)}
      <label className={styles.field}>
        <span className={`${styles.label} ${styles.required}`}>投诉经过</span>
        <textarea
          className={styles.textarea}
          name="content"
          maxLength={COMPLAINT_CONTENT_MAX * 2}
          placeholder="在哪个直播间、主播怎么说的、收到的是什么、和商家沟通的情况"
          value={values.content}
          onChange={(e) => set('content')(e.target.value)}
          {...described('content')}
        />
        <span className={styles.count}>
          {chars(values.content)}/{COMPLAINT_CONTENT_MAX}
        </span>
        {error('content')}
      </label>
      <label className={styles.field}>
        <span className={`${styles.label} ${styles.required}`}>投诉诉求</span>
        <input
          className={styles.input}
          name="demand"
          maxLength={COMPLAINT_DEMAND_MAX}
          placeholder="如：退货退款、赔偿、换货"
          value={values.demand}
          onChange={(e) => set('demand')(e.target.value)}
          {...described('demand')}
        />
        {error('demand')}
      </label>
      <div className={styles.field}>
        <span className={styles.label}>凭证图片（最多 {COMPLAINT_MAX_PICTURES} 张）</span>
        <span className={styles.hint}>订单截图、商品照片、聊天记录等</span>
        <PicturePicker
          label="凭证图片"
          max={COMPLAINT_MAX_PICTURES}
          pictures={pictures}
          onChange={(update) => {
            setPictures(update);
            setKey(newIdempotencyKey());
          }}
        />
      </div>
      <label className={styles.field}>
        <span className={`${styles.label} ${styles.required}`}>联系电话</span>
        <input
          className={styles.input}
          name="contactPhone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={20}
          value={values.contactPhone}
          onChange={(e) => set('contactPhone')(e.target.value)}
          {...described('contactPhone')}
        />
        <span className={styles.hint}>仅用于平台与您联系，不会公开显示</span>
        {error('contactPhone')}
      </label>
      <button type="submit" className={styles.submit} disabled={busy || outbox.waiting}>
        {busy ? '正在提交…' : '提交投诉'}
      </button>
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
    </form>
  );
}
