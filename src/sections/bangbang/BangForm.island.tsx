/**
 * The board's forms (ADR 010; spec 2.7 / 7.7) as one island: ask (QA/ask), answer (QA/reply), 问政
 * (politics/commit), the department's official reply (politics/reply), a tip (exposure/index), the
 * identity application (applyfor) and a post in a group (community/detail: members only; the reader's own
 * posts in review are listed above it, 审核中 or the reason). Login first (mastLogin=true&redirect); the
 * tip and the post forms ask for it on sending. The server validates and
 * answers in Chinese; on any failure every field keeps the reader's text, and a retry of the same draft
 * reuses its Idempotency-Key, so a send that did land is never written twice. Pictures (≤ 9) go through
 * the existing upload path as soon as they are picked. Contract types only: no zod in the browser.
 * A write sent with no answer at all (offline) waits in the outbox (ADR 032) with its key and goes out when
 * the network returns (发送中… / 已发送 / 发送失败，点击重试); the form waits meanwhile. The identity
 * application is not queued (it is answered with the reader's state, read on the spot).
 */
import { isNoAnswer, messageForFailure } from '../../client/apiClient.ts';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { BodyOf } from '../../contract/endpoint.ts';
import type { Envelope } from '../../contract/envelope.ts';
import type {
  baoliaoAdd,
  GroupPost,
  groupownetPost,
  groupownetPosts,
  MemberInfo,
  memberGetInfo,
  memberUserEdit,
  PoliticsProgress,
  wendaAdd,
  wendaReply,
  wenzhengAdd,
  wenzhengGetProgress,
  wenzhengReply,
} from '../../contract/bangbangBoard.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { PictureTiles, type PickedPicture } from '../../features/interaction/PictureTiles.tsx';
import tileStyles from '../../features/interaction/PictureTiles.module.css';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { showToast } from '../../stores/toast.ts';
import styles from './BangForm.module.css';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { useWriteAttempt } from '../../client/useWriteAttempt.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { useOutbox } from '../../features/outbox/useOutbox.ts';
import type { OutboxKind } from '../../client/outbox.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';

export type BangFormKind = 'ask' | 'answer' | 'politics' | 'reply' | 'tip' | 'apply' | 'post';

interface Props {
  kind: BangFormKind;
  /** The question (answer), 问政 (reply) or group (post) the form is about. */
  itemId?: number;
  /** Departments of the 问政 form (wenzheng/getMemberList). */
  departments?: ReadonlyArray<{ id: number; name: string }>;
}

interface Field {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'select' | 'tel' | 'radio';
  placeholder?: string;
  /** Fewest characters (code points) when filled: a hint mirroring the contract, the server decides. */
  min?: number;
  max?: number;
  required?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

type BangWrite =
  typeof wendaAdd | typeof wendaReply | typeof wenzhengAdd | typeof wenzhengReply | typeof baoliaoAdd | typeof memberUserEdit | typeof groupownetPost;

const PATHS: Record<BangFormKind, BangWrite['path']> = {
  ask: '/v1/bangbang/wenda/add',
  answer: '/v1/bangbang/wenda/reply',
  politics: '/v1/bangbang/wenzheng/add',
  reply: '/v1/bangbang/wenzheng/reply',
  tip: '/v1/bangbang/baoliao/add',
  apply: '/api/bangbang/member/useredit',
  post: '/v1/bangbang/groupownet/post',
};

/** What a queued write is called beside its state (ADR 032). */
const OUTBOX_LABEL: Record<BangFormKind, string> = { ask: '提问', answer: '回答', politics: '问政', reply: '官方回复', tip: '爆料', apply: '', post: '帖子' };

const OUTBOX_KIND: Record<BangFormKind, OutboxKind> = {
  ask: 'question',
  politics: 'question',
  answer: 'comment',
  reply: 'comment',
  tip: 'post',
  apply: 'post',
  post: 'post',
};

/** Spec 5: the comment and answer input's button reads 提交. */
const SUBMIT: Record<BangFormKind, string> = {
  ask: '发布问题',
  answer: '提交',
  politics: '提交问政',
  reply: '发布官方回复',
  tip: '发送爆料',
  apply: '提交认证',
  post: '发布帖子',
};

/** Picture limits per form: the proof of an application is one picture. */
const MAX_PICTURES: Record<BangFormKind, number> = { ask: 9, answer: 9, politics: 9, reply: 0, tip: 9, apply: 1, post: 9 };
const PICTURE_FIELD: Record<BangFormKind, string> = {
  ask: 'pictures',
  answer: 'pictures',
  politics: 'pictures',
  reply: '',
  tip: 'pictures',
  apply: 'proofPicture',
  post: 'pictures',
};

/** The required text area most forms send as `content`. */
function contentField(label: string, placeholder: string, min: number, max: number): Field {
  return { name: 'content', label, type: 'textarea', placeholder, min, max, required: true };
}

/** The optional video link of the ask and tip forms. */
const VIDEO_URL: Field = { name: 'videoUrl', label: '视频链接', type: 'text', placeholder: 'https:// 开头（选填）', max: 500 };

/** The fields of each form but 问政, whose departments come with the page (fieldsOf). */
const FIELDS: Record<Exclude<BangFormKind, 'politics'>, readonly Field[]> = {
  ask: [
    { name: 'title', label: '问题标题', type: 'text', placeholder: '一句话说清你的问题（5–50 字）', min: 5, max: 50, required: true },
    { name: 'content', label: '问题描述', type: 'textarea', placeholder: '补充时间、地点、经过，便于答人回答（选填）', max: 1000 },
    VIDEO_URL,
    { name: 'region', label: '所在区县', type: 'text', placeholder: '如：渝中区（选填）', max: 20 },
  ],
  answer: [contentField('回答内容', '写下你的回答（2–2000 字）', 2, 2000)],
  reply: [contentField('回复内容', '以部门名义答复网友（10–3000 字）', 10, 3000)],
  tip: [
    contentField('爆料内容', '发生了什么？时间、地点、经过（5–1000 字）', 5, 1000),
    { name: 'place', label: '地点', type: 'text', placeholder: '如：渝中区解放碑（选填）', max: 40 },
    VIDEO_URL,
    { name: 'contactPhone', label: '联系电话', type: 'tel', placeholder: '选填，仅供记者联系，不会公开', max: 20 },
  ],
  post: [contentField('帖子内容', '和群友聊聊身边事（2–1000 字）', 2, 1000)],
  apply: [
    {
      name: 'userType',
      label: '认证类型',
      type: 'radio',
      required: true,
      options: [
        { value: '1', label: '入驻答人' },
        { value: '2', label: '记者' },
      ],
    },
    { name: 'realName', label: '真实姓名', type: 'text', placeholder: '2–20 字', min: 2, max: 20, required: true },
    { name: 'job', label: '职业', type: 'text', placeholder: '单位与职务，如：某律师事务所 律师', min: 2, max: 40, required: true },
    { name: 'introduction', label: '个人简介', type: 'textarea', placeholder: '擅长回答哪些问题（10–300 字）', min: 10, max: 300, required: true },
  ],
};

function fieldsOf(props: Props): readonly Field[] {
  if (props.kind !== 'politics') return FIELDS[props.kind];
  return [
    {
      name: 'departmentId',
      label: '问政部门',
      type: 'select',
      required: true,
      options: (props.departments ?? []).map((d) => ({ value: String(d.id), label: d.name })),
    },
    { name: 'title', label: '标题', type: 'text', placeholder: '简要概括问题（5–50 字）', min: 5, max: 50, required: true },
    contentField('问题内容', '详细描述问题的时间、地点和诉求（10–2000 字）', 10, 2000),
  ];
}

/** The first problem of a draft the reader can fix before sending (the server checks again and decides). */
export function checkFields(fields: readonly Field[], values: Readonly<Record<string, string>>): string | null {
  for (const f of fields) {
    const value = (values[f.name] ?? '').trim();
    const length = Array.from(value).length;
    if (f.required && length === 0) return f.type === 'select' || f.type === 'radio' ? `请选择${f.label}` : `${f.label}不能为空`;
    if (length > 0 && f.min !== undefined && length < f.min) return `${f.label}至少 ${f.min} 个字`;
    if (f.max !== undefined && length > f.max) return `${f.label}不能超过 ${f.max} 个字`;
  }
  return null;
}

function doneHref(kind: BangFormKind, data: { id?: number; reviewState?: string } | null, itemId: number | undefined): string {
  const bang = `${BASE_PATH}/BangBang`;
  if (kind === 'ask' && data?.id) return `${bang}/QA/detail?id=${data.id}`;
  if (kind === 'answer' && itemId) return `${bang}/QA/detail?id=${itemId}`;
  if (kind === 'politics' && data?.id) return `${bang}/politics/detail?id=${data.id}`;
  if (kind === 'reply' && itemId) return `${bang}/politics/detail?id=${itemId}`;
  // A published post shows in the group's list; one in review stays on the form, listed as the reader's own.
  if (kind === 'post' && itemId && data?.reviewState === 'approved') return `${bang}/community/detail?id=${itemId}`;
  return '';
}

const TILES = {
  list: styles.pics,
  item: styles.pic,
  image: 'img-cover img-square',
  uploading: `${tileStyles.uploadVeil} ${styles.uploading}`,
  remove: `${tileStyles.cornerRemove} ${styles.remove}`,
  add: styles.add,
};

const STATE_TEXT: Record<MemberInfo['state'], string> = { none: '', pending: '审核中', approved: '已通过', rejected: '未通过' };

export function BangForm(props: Props) {
  const session = useSession();
  const fields = fieldsOf(props);
  const [values, setValues] = useState<Record<string, string>>({});
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [info, setInfo] = useState<MemberInfo | null>(null);
  const [canReply, setCanReply] = useState<boolean | null>(null);
  const [sent, setSent] = useState('');
  const [ownPosts, setOwnPosts] = useState<GroupPost[]>([]);
  const idem = useWriteAttempt();
  const outbox = useOutbox(`bang:${props.kind}:${props.itemId ?? ''}`, {
    onSent: (_entry, answer) => succeeded(answer as Envelope<{ id?: number; reviewState?: string } & Partial<MemberInfo>>),
    onRefused: (_entry, message) => message && setError(message.replace(/^参数错误: \w+ /, '')),
  });
  const maxPictures = MAX_PICTURES[props.kind];

  useEffect(() => {
    if (!session.token) {
      // A form page is the form: login first. The tip form sits under the tips list: login on sending.
      if (props.kind !== 'tip' && props.kind !== 'post') requireLogin();
      setOwnPosts([]);
      return;
    }
    if (props.kind === 'post' && props.itemId) {
      // With a token the list also holds the reader's own posts in review or refused: those are shown here.
      void getByPath<typeof groupownetPosts>('/v1/bangbang/groupownet/posts', { id: props.itemId, page: 1, pageSize: 20 }).then(
        (res: Envelope<GroupPost[]>) => {
          if (res.statusCode === 200) setOwnPosts(res.data.filter((p) => p.reviewState !== 'approved'));
        },
      );
    }
    if (props.kind === 'apply') {
      void getByPath<typeof memberGetInfo>('/api/bangbang/member/getInfo').then((res: Envelope<MemberInfo>) => {
        if (res.statusCode !== 200) return;
        setInfo(res.data);
        if (res.data.state !== 'none') {
          setValues({ userType: String(res.data.userType), realName: res.data.realName, job: res.data.job, introduction: res.data.introduction });
        }
      });
    }
    if (props.kind === 'reply' && props.itemId) {
      void getByPath<typeof wenzhengGetProgress>('/v1/bangbang/wenzheng/getProgress', { id: props.itemId }).then((res: Envelope<PoliticsProgress>) => {
        setCanReply(res.statusCode === 200 && res.data.canReply === 1);
      });
    }
  }, [session.token, props.kind, props.itemId]);

  function set(name: string, value: string): void {
    setValues((v) => ({ ...v, [name]: value }));
  }

  /** The server took the write (now, or from the outbox). */
  function succeeded(res: Envelope<{ id?: number; reviewState?: string } & Partial<MemberInfo>>): void {
    idem.done();
    showToast(res.message, { type: 'text', duration: 2000 });
    const next = doneHref(props.kind, res.data, props.itemId);
    if (props.kind === 'apply') setInfo(res.data as MemberInfo);
    if (props.kind === 'post' && !next) setOwnPosts((list) => [res.data as unknown as GroupPost, ...list]);
    // Spec 5: the answer input is cleared after submit (回答成功), as the comment input is; a tip or a post
    // in review stays on the form, cleared only after success.
    if (!next || props.kind === 'answer') {
      setValues({});
      setPictures([]);
    }
    if (next) setTimeout(() => location.assign(next), 1000);
    else setSent(res.message);
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy || outbox.waiting || !requireLogin()) return;
    if (pictures.some((p) => p.url === null)) {
      setError('图片上传中，请稍候');
      return;
    }
    const problem = checkFields(fields, values);
    if (problem) {
      setError(problem);
      return;
    }
    const body: Record<string, string | number> = {};
    for (const f of fields) body[f.name] = (values[f.name] ?? '').trim();
    if (props.itemId) body.id = props.itemId;
    const urls = pictures.flatMap((p) => (p.url ? [p.url] : []));
    if (PICTURE_FIELD[props.kind]) body[PICTURE_FIELD[props.kind]] = urls.join(',');
    if (props.kind === 'apply') body.userType = Number(body.userType) || 0;
    const draft = JSON.stringify(body);
    const idempotencyKey = idem.key(draft);
    setBusy(true);
    setError('');
    try {
      const res: Envelope<{ id?: number; reviewState?: string } & Partial<MemberInfo>> = await postByPath<BangWrite>(
        PATHS[props.kind],
        body as BodyOf<BangWrite>,
        { idempotencyKey },
      );
      setBusy(false);
      if (res.statusCode === 200) return succeeded(res);
      // Every field keeps the reader's text; the server's Chinese message says what to fix.
      if (res.statusCode !== 301 && res.statusCode !== 302) setError(res.message.replace(/^参数错误: \w+ /, ''));
    } catch (error) {
      setBusy(false);
      // No answer at all: kept with its key and sent when the network returns.
      const said = fields.map((f) => body[f.name]).find((v) => typeof v === 'string' && v !== '') ?? '';
      const label = `${OUTBOX_LABEL[props.kind]}「${said}」`;
      if (
        props.kind !== 'apply' &&
        isNoAnswer(error) &&
        (await outbox.queue({ id: idempotencyKey, kind: OUTBOX_KIND[props.kind], label, path: PATHS[props.kind], body }))
      )
        return;
      // The server refused the body (HTTP 400: its own Chinese message says what to fix), spec 8 spoke for an
      // HTTP 500, or the network failed.
      const message = messageForFailure(error, '网络不给力，请稍后再试');
      if (message) setError(message);
    }
  }

  if (props.kind === 'reply' && canReply === false) {
    return (
      <p className={styles.note} role="status">
        只有该部门的认证账号可以回复此问政
      </p>
    );
  }

  if (props.kind === 'apply' && info?.state === 'approved') {
    // An approved member has nothing left to send (the server would answer 您已通过认证，无需重复申请).
    return (
      <p className={styles.state} data-apply-state="approved" role="status">
        认证状态：<strong>{STATE_TEXT.approved}</strong>（{info.typeName}），你的回答会带上身份标签
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {props.kind === 'apply' && info && info.state !== 'none' && (
        <p className={styles.state} data-apply-state={info.state} role="status">
          认证状态：<strong>{STATE_TEXT[info.state]}</strong>
          {info.state === 'approved' && `（${info.typeName}）`}
          {info.state === 'rejected' && info.reason && `，原因：${info.reason}`}
        </p>
      )}
      {sent && (
        <p className={styles.state} role="status">
          {sent}
        </p>
      )}
      {ownPosts.length > 0 && (
        <ul className={styles.own} aria-label="我的待审核帖子">
          {ownPosts.map((p) => (
            <li key={p.id} data-own-post={p.reviewState}>
              <span className={styles.ownState}>{p.reviewState === 'rejected' ? `未通过${p.reviewReason ? `：${p.reviewReason}` : ''}` : '审核中'}</span>
              <span className={styles.ownText}>{p.content}</span>
            </li>
          ))}
        </ul>
      )}
      {fields.map((f) => {
        const id = `bf-${props.kind}-${f.name}`;
        const value = values[f.name] ?? '';
        if (f.type === 'radio') {
          return (
            <fieldset key={f.name} className={styles.field}>
              <legend className={styles.label}>{f.label}</legend>
              <div className={styles.radios}>
                {f.options?.map((o) => (
                  <label key={o.value} className={styles.radio}>
                    <input type="radio" name={f.name} value={o.value} checked={value === o.value} onChange={() => set(f.name, o.value)} />
                    {o.label}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        return (
          <div key={f.name} className={styles.field}>
            <label className={styles.label} htmlFor={id}>
              {f.label}
              {f.required && <span aria-hidden="true"> *</span>}
            </label>
            {f.type === 'textarea' ? (
              <textarea
                id={id}
                className={styles.textarea}
                value={value}
                maxLength={f.max}
                placeholder={f.placeholder}
                rows={6}
                onChange={(e) => set(f.name, e.target.value)}
              />
            ) : f.type === 'select' ? (
              <select id={id} className={styles.input} value={value} onChange={(e) => set(f.name, e.target.value)}>
                <option value="">请选择部门</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className={styles.input}
                type={f.type}
                value={value}
                maxLength={f.max}
                placeholder={f.placeholder}
                onChange={(e) => set(f.name, e.target.value)}
              />
            )}
          </div>
        );
      })}
      {maxPictures > 0 && (
        <div className={styles.field}>
          <span className={styles.label}>{props.kind === 'apply' ? '证明材料（工作证或执业证照片）' : `图片（最多 ${maxPictures} 张）`}</span>
          <PictureTiles label="图片" max={maxPictures} pictures={pictures} onChange={setPictures} classes={TILES} inputLabel="添加图片" loginFirst>
            <span aria-hidden="true">+</span>
          </PictureTiles>
        </div>
      )}
      <FormAlert className={styles.error} message={error} />
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
      <button type="submit" className={`${styles.submit} brand-submit`} disabled={busy || outbox.waiting}>
        {busy ? '提交中…' : SUBMIT[props.kind]}
      </button>
    </form>
  );
}
