/**
 * 裕农栏目, four tabs. 农友说: the board's published posts in their context (who, where, when, the text,
 * likes and comments), pinned (置顶: they lead the board, latest pin first) or taken down; each change can be
 * undone right after. 专家认证: readers' applications to answer on 乡村帮帮 as agricultural experts (name, title,
 * organisation, fields), approved or refused with a reason the applicant reads on 专家答题; an approved expert's
 * name, title, organisation and fields corrected, or the standing revoked with a reason the expert reads (ADR 030),
 * and a revoked expert approved again (恢复认证). 信用村: each credit village's name, place, household count and
 * introduction as the reader's 信用村 page shows them (its rank and averages follow from the households). 轮播图: the
 * slides of the reader's 裕农 home (RuralBanners.tsx).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { EXPERT_NAME_MAX_CHARS, EXPERT_ORG_MAX_CHARS, EXPERT_TAGS_MAX, EXPERT_TITLE_MAX_CHARS, RURAL_QUESTION_TAGS } from '../../../contract/ruralRules.ts';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, Notice, ReasonForm, Tabs, useAction } from '../../ui.tsx';
import { CreditHouseholds } from './CreditHouseholds.tsx';
import { RuralBanners } from './RuralBanners.tsx';
import { UndoNotice, type Done } from './UndoNotice.tsx';

interface DeskPost {
  id: number;
  nickname: string;
  content: string;
  pictureCount: number;
  district: string;
  likeNum: number;
  commentCount: number;
  createTime: string;
  pinned: boolean;
  pinTime: string;
}

export function RuralDeskPage(_props: PageProps) {
  const [tab, setTab] = useState<'posts' | 'experts' | 'villages' | 'banners'>('posts');
  return (
    <>
      <h1>裕农栏目</h1>
      <Tabs
        label="裕农栏目"
        tabs={[
          { id: 'posts', label: '农友说' },
          { id: 'experts', label: '专家认证' },
          { id: 'villages', label: '信用村' },
          { id: 'banners', label: '轮播图' },
        ]}
        current={tab}
        onChoose={setTab}
        panel={`nr-panel-${tab}`}
      />
      {tab === 'posts' ? (
        <section id="nr-panel-posts" role="tabpanel" aria-labelledby="nr-tab-posts">
          <FarmerPosts />
        </section>
      ) : tab === 'experts' ? (
        <section id="nr-panel-experts" role="tabpanel" aria-labelledby="nr-tab-experts">
          <ExpertApplications />
        </section>
      ) : tab === 'villages' ? (
        <section id="nr-panel-villages" role="tabpanel" aria-labelledby="nr-tab-villages">
          <CreditVillages />
        </section>
      ) : (
        <section id="nr-panel-banners" role="tabpanel" aria-labelledby="nr-tab-banners">
          <RuralBanners />
        </section>
      )}
    </>
  );
}

function FarmerPosts() {
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<{ pinMax: number; items: DeskPost[] } | null>(null);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ pinMax: number; items: DeskPost[] }>('/rural/posts', { keyword, page: 1 })
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [keyword, round, setError]);

  const pin = (p: DeskPost, pinned: boolean) =>
    void action.run(async () => {
      await post('/rural/posts/pin', { id: p.id, pinned });
      setRound((n) => n + 1);
      setDone({ message: `${p.nickname}的帖子${pinned ? '已置顶' : '已取消置顶'}`, undo: () => pin(p, !pinned) });
    });

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setKeyword(String(new FormData(e.currentTarget).get('keyword') ?? '').trim());
  };

  const pinnedCount = data?.items.filter((p) => p.pinned).length ?? 0;
  return (
    <>
      <h2>农友说</h2>
      {data && (
        <p className="nr-meta">
          置顶的帖子排在农友说最前（最近置顶的在前），至多 {data.pinMax} 条；当前置顶 {pinnedCount} 条。
        </p>
      )}
      <form className="nr-inline-form" onSubmit={search} role="search" aria-label="搜索农友说">
        <label className="nr-field nr-field--search">
          <span>帖子内容</span>
          <input name="keyword" type="search" maxLength={30} defaultValue={keyword} />
        </label>
        <button className="nr-button" type="submit">
          搜索
        </button>
      </form>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.items.length === 0 ? (
        <p className="nr-empty">没有符合条件的帖子。</p>
      ) : (
        <ul className="nr-list">
          {data.items.map((p) => (
            <li key={p.id} className="nr-list__item nr-list__item--column">
              <p className="nr-item__title">
                {p.nickname}
                {p.pinned && <span className="nr-badge">置顶于 {p.pinTime}</span>}
              </p>
              <p className="nr-meta">
                {p.district || '重庆'} · {p.createTime} · 赞 {p.likeNum} · 评论 {p.commentCount}
                {p.pictureCount > 0 ? ` · 图片 ${p.pictureCount} 张` : ''}
              </p>
              <p>{p.content}</p>
              <div className="nr-actions nr-item__actions">
                <button
                  className="nr-button"
                  type="button"
                  disabled={action.busy}
                  onClick={() => pin(p, !p.pinned)}
                  aria-label={`${p.pinned ? '取消置顶' : '置顶'}：${p.nickname}的帖子 ${p.content.slice(0, 12)}`}
                >
                  {p.pinned ? '取消置顶' : '置顶'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface ExpertApplication {
  id: number;
  nickname: string;
  name: string;
  title: string;
  org: string;
  tags: string[];
  state: 'pending' | 'approved' | 'rejected' | 'revoked';
  rejectReason: string;
  applyTime: string;
  reviewTime: string;
}

const APPLICATION_STATES = [
  { id: 'pending', label: '审核中' },
  { id: 'approved', label: '已通过' },
  { id: 'rejected', label: '未通过' },
  { id: 'revoked', label: '已撤销' },
] as const;

function ExpertApplications() {
  const [state, setState] = useState<ExpertApplication['state']>('pending');
  const [rows, setRows] = useState<ExpertApplication[] | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    setRows(null);
    get<{ items: ExpertApplication[] }>('/rural/experts', { state, page: 1 })
      .then((d) => setRows(d.items))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [state, setError]);

  const decide = (a: ExpertApplication, decision: 'approve' | 'reject', reason = '') =>
    void action.run(async () => {
      await post('/rural/experts/review', { id: a.id, decision, reason });
      setRows((r) => r?.filter((x) => x.id !== a.id) ?? null);
      const approved = a.state === 'revoked' ? '已恢复认证，重新显示在乡村帮帮' : '已通过，已成为乡村帮帮的农技专家';
      setOk(`${a.name}：${decision === 'approve' ? approved : '已设为不通过'}`);
    });

  const revoke = (a: ExpertApplication, reason: string) =>
    void action.run(async () => {
      await post('/rural/experts/revoke', { id: a.id, reason });
      setRows((r) => r?.filter((x) => x.id !== a.id) ?? null);
      setOk(`${a.name}：已撤销认证，不再显示在乡村帮帮，也不能回答问题`);
    });

  const edit = (a: ExpertApplication, fields: Pick<ExpertApplication, 'name' | 'title' | 'org' | 'tags'>) =>
    void action.run(async () => {
      await post('/rural/experts/edit', { id: a.id, ...fields });
      setRows((r) => r?.map((x) => (x.id === a.id ? { ...x, ...fields } : x)) ?? null);
      setOk(`${fields.name}：资料已保存`);
    });

  return (
    <>
      <h2>农技专家认证</h2>
      <p className="nr-meta">
        通过后申请人成为乡村帮帮的农技专家，优先看到擅长领域里待回答的问题；不通过或撤销认证时写明原因，本人在“专家答题”页可见。撤销后不再显示在乡村帮帮，也不能回答问题，已发布的回答保留。
      </p>
      <Tabs
        label="申请状态"
        tabs={APPLICATION_STATES}
        current={state}
        onChoose={(id) => {
          setOk(null);
          setState(id);
        }}
      />
      <Notice error={action.error} ok={ok} />
      {rows === null ? (
        <p role="status">加载中…</p>
      ) : rows.length === 0 ? (
        <p className="nr-empty">没有申请。</p>
      ) : (
        <ul className="nr-list">
          {rows.map((a) => (
            <li key={a.id} className="nr-list__item nr-list__item--column" aria-label={`${a.name}的专家认证申请`}>
              <p className="nr-item__title">
                {a.name} · {a.title}
              </p>
              <p className="nr-meta">
                {a.org} · 擅长 {a.tags.join('、')} · 昵称 {a.nickname} · 申请于 {a.applyTime}
                {a.reviewTime ? ` · 审核于 ${a.reviewTime}` : ''}
              </p>
              {a.state === 'rejected' && <p className="nr-meta">未通过：{a.rejectReason}</p>}
              {a.state === 'revoked' && <p className="nr-meta">撤销原因：{a.rejectReason}</p>}
              {a.state === 'pending' && <DecideExpert application={a} busy={action.busy} onDecide={decide} />}
              {a.state === 'approved' && <RevokeExpert expert={a} busy={action.busy} onRevoke={revoke} />}
              {a.state === 'revoked' && (
                <div className="nr-actions">
                  <button
                    className="nr-button nr-button--primary"
                    type="button"
                    disabled={action.busy}
                    onClick={() => decide(a, 'approve')}
                    aria-label={`恢复认证：${a.name}`}
                  >
                    恢复认证
                  </button>
                </div>
              )}
              {(a.state === 'approved' || a.state === 'revoked') && <EditExpert key={`${a.id}-${a.tags.join()}`} expert={a} busy={action.busy} onSave={edit} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function DecideExpert({
  application,
  busy,
  onDecide,
}: {
  application: ExpertApplication;
  busy: boolean;
  onDecide: (a: ExpertApplication, d: 'approve' | 'reject', reason?: string) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onDecide(application, 'reject', String(new FormData(e.currentTarget).get('reason') ?? '').trim());
  };
  return (
    <div className="nr-actions">
      <button
        className="nr-button nr-button--primary"
        type="button"
        disabled={busy}
        onClick={() => onDecide(application, 'approve')}
        aria-label={`通过：${application.name}`}
      >
        通过
      </button>
      <form className="nr-inline-form" onSubmit={submit} aria-label={`不通过：${application.name}`}>
        <label className="nr-field nr-field--inline">
          <span>不通过的原因</span>
          <input name="reason" minLength={2} maxLength={100} required />
        </label>
        <button className="nr-button" type="submit" disabled={busy}>
          不通过
        </button>
      </form>
    </div>
  );
}

function RevokeExpert({ expert, busy, onRevoke }: { expert: ExpertApplication; busy: boolean; onRevoke: (a: ExpertApplication, reason: string) => void }) {
  return (
    <ReasonForm
      name={`撤销认证：${expert.name}`}
      label="撤销原因（专家可见）"
      what="撤销原因"
      button="撤销认证"
      maxLength={100}
      tone="danger"
      field="inline"
      busy={busy}
      onSubmit={(reason) => onRevoke(expert, reason)}
    />
  );
}

/** The expert's fields with the rules of applying: name, title, organisation, 1–3 fields. */
function EditExpert({
  expert,
  busy,
  onSave,
}: {
  expert: ExpertApplication;
  busy: boolean;
  onSave: (a: ExpertApplication, fields: Pick<ExpertApplication, 'name' | 'title' | 'org' | 'tags'>) => void;
}) {
  const [tags, setTags] = useState<string[]>(expert.tags);
  const [error, setError] = useState('');
  const toggle = (t: string) => setTags((now) => (now.includes(t) ? now.filter((x) => x !== t) : [...now, t]));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (tags.length === 0) return setError('请至少选择一个擅长领域');
    if (tags.length > EXPERT_TAGS_MAX) return setError(`擅长领域最多选 ${EXPERT_TAGS_MAX} 个`);
    setError('');
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    onSave(expert, { name: text('name'), title: text('title'), org: text('org'), tags });
  };
  return (
    <details className="nr-manage">
      <summary>修改资料</summary>
      <form onSubmit={submit} aria-label={`修改专家资料：${expert.name}`}>
        <label className="nr-field">
          <span>真实姓名</span>
          <input name="name" defaultValue={expert.name} minLength={2} maxLength={EXPERT_NAME_MAX_CHARS} required />
        </label>
        <label className="nr-field">
          <span>职称</span>
          <input name="title" defaultValue={expert.title} minLength={2} maxLength={EXPERT_TITLE_MAX_CHARS} required />
        </label>
        <label className="nr-field">
          <span>工作单位</span>
          <input name="org" defaultValue={expert.org} minLength={2} maxLength={EXPERT_ORG_MAX_CHARS} required />
        </label>
        <fieldset className="nr-scopes">
          <legend>擅长领域（1–{EXPERT_TAGS_MAX} 个）</legend>
          {RURAL_QUESTION_TAGS.map((t) => (
            <label key={t} className="nr-check">
              <input type="checkbox" checked={tags.includes(t)} onChange={() => toggle(t)} />
              {t}
            </label>
          ))}
        </fieldset>
        <Notice error={error} />
        <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
          保存资料
        </button>
      </form>
    </details>
  );
}

interface DeskVillage {
  id: number;
  name: string;
  district: string;
  town: string;
  households: number;
  intro: string;
  published: number;
}

function CreditVillages() {
  const [rows, setRows] = useState<DeskVillage[] | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ items: DeskVillage[] }>('/rural/villages', {})
      .then((d) => setRows(d.items))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const setPublished = useCallback(
    (id: number, n: number) => setRows((r) => r?.map((x) => (x.id === id && x.published !== n ? { ...x, published: n } : x)) ?? null),
    [],
  );

  const save = (v: DeskVillage, e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const fields = { name: text('name'), district: text('district'), town: text('town'), households: Number(text('households')), intro: text('intro') };
    void action.run(async () => {
      await post('/rural/villages/edit', { id: v.id, ...fields });
      setRows((r) => r?.map((x) => (x.id === v.id ? { ...x, ...fields } : x)) ?? null);
      setOk(`${fields.name}：已保存，读者的信用村页随即更新`);
    });
  };

  return (
    <>
      <h2>信用村</h2>
      <p className="nr-meta">读者“信用村”页显示的村名、所在区县与乡镇、户数和简介；排名、平均分与 A 级以上占比由已公示农户的积分算出。</p>
      <Notice error={action.error} ok={ok} />
      {rows === null ? (
        <p role="status">加载中…</p>
      ) : rows.length === 0 ? (
        <p className="nr-empty">还没有信用村。</p>
      ) : (
        <ul className="nr-list">
          {rows.map((v) => (
            <li key={v.id} className="nr-list__item nr-list__item--column" aria-label={`信用村：${v.name}`}>
              <p className="nr-item__title">
                {v.district} · {v.town} · {v.name}
              </p>
              <p className="nr-meta">
                共 {v.households} 户，已公示 {v.published} 户
              </p>
              <HouseholdsFold village={v} onCount={setPublished} />
              <details className="nr-manage">
                <summary>修改信用村</summary>
                <form className="nr-grid-form nr-grid-form--two" onSubmit={(e) => save(v, e)} aria-label={`修改信用村：${v.name}`}>
                  <label className="nr-field">
                    <span>村名</span>
                    <input name="name" defaultValue={v.name} minLength={2} maxLength={20} required />
                  </label>
                  <label className="nr-field">
                    <span>户数（不少于已公示的 {v.published} 户）</span>
                    <input name="households" type="number" defaultValue={v.households} min={Math.max(1, v.published)} max={100000} step={1} required />
                  </label>
                  <label className="nr-field">
                    <span>区县</span>
                    <input name="district" defaultValue={v.district} minLength={2} maxLength={10} required />
                  </label>
                  <label className="nr-field">
                    <span>乡镇</span>
                    <input name="town" defaultValue={v.town} minLength={2} maxLength={20} required />
                  </label>
                  <label className="nr-field nr-grid-form__wide">
                    <span>简介（200 字以内）</span>
                    <textarea name="intro" defaultValue={v.intro} maxLength={200} rows={3} />
                  </label>
                  <div className="nr-grid-form__wide">
                    <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
                      保存
                    </button>
                  </div>
                </form>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A village's households and deeds, loaded when the editor opens the fold. */
function HouseholdsFold({ village, onCount }: { village: DeskVillage; onCount: (id: number, n: number) => void }) {
  const [open, setOpen] = useState(false);
  const count = useCallback((n: number) => onCount(village.id, n), [onCount, village.id]);
  return (
    <details className="nr-manage" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>农户与信用事迹（已公示 {village.published} 户）</summary>
      {open && <CreditHouseholds villageId={village.id} households={village.households} onCount={count} />}
    </details>
  );
}
