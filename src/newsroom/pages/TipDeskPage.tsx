/**
 * 爆料线索: the newsroom's tip inbox (answer.tips). A new tip is adopted and given to a reporter (its
 * tipster is rewarded once: spec 9 "线索采用有奖") or not used, with the reason the tipster reads; an adopted
 * tip is linked to the published story it led to (docs/security.md "The 爆料 inbox").
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ConsoleTip } from '../../contract/tipDesk.ts';
import { get, post } from '../api.ts';
import type { PageProps } from '../nav.ts';
import { DeskQueueView, messageOf, ReasonForm, useAction, useDeskQueue, type QueuePage } from '../ui.tsx';

interface Options {
  reporters: { id: number; name: string }[];
  stories: { id: number; title: string; time: string }[];
}

const TABS = [
  { id: 'new', label: '待处理' },
  { id: 'adopted', label: '已采纳' },
  { id: 'reported', label: '已报道' },
  { id: 'declined', label: '未采用' },
] as const;
type Queue = (typeof TABS)[number]['id'];

const excerpt = (s: string) => (s.length > 24 ? `${s.slice(0, 24)}…` : s);

export function TipDeskPage(_props: PageProps) {
  const [options, setOptions] = useState<Options>({ reporters: [], stories: [] });
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;
  const desk = useDeskQueue<Queue, QueuePage<ConsoleTip>>('/tips/inbox', 'new', setError);

  useEffect(() => {
    get<Options>('/tips/options')
      .then(setOptions)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const drop = (tip: ConsoleTip) => desk.update((list) => list.filter((x) => x.id !== tip.id));
  const adopt = (tip: ConsoleTip, reporterId: number) =>
    void action.run(async () => {
      const done = await post<ConsoleTip>('/tips/adopt', { id: tip.id, reporterId });
      drop(tip);
      setOk(`已采纳「${excerpt(tip.content)}」，指派${done.reporterName}${done.points > 0 ? `，爆料人获得 ${done.points} 积分` : ''}`);
    });
  const report = (tip: ConsoleTip, newsId: number) =>
    void action.run(async () => {
      const done = await post<ConsoleTip>('/tips/report', { id: tip.id, newsId });
      drop(tip);
      setOk(`「${excerpt(tip.content)}」已关联报道《${done.storyTitle}》`);
    });
  const decline = (tip: ConsoleTip, reason: string) =>
    void action.run(async () => {
      await post('/tips/decline', { id: tip.id, reason });
      drop(tip);
      setOk(`「${excerpt(tip.content)}」未采用`);
    });

  return (
    <>
      <h1>爆料线索</h1>
      <DeskQueueView label="爆料状态" tabs={TABS} desk={desk} error={action.error} ok={ok} clearOk={() => setOk(null)} empty="没有爆料。">
        {(tip) => (
          <TipCard key={tip.id} tip={tip}>
            {(tip.state === 'new' || tip.state === 'adopted') && (
              <div className="nr-actions">
                {tip.state === 'new' && <Adopt tip={tip} reporters={options.reporters} busy={action.busy} onAdopt={adopt} />}
                {tip.state === 'adopted' && <LinkStory tip={tip} stories={options.stories} busy={action.busy} onReport={report} />}
                <Decline tip={tip} busy={action.busy} onDecline={decline} />
              </div>
            )}
          </TipCard>
        )}
      </DeskQueueView>
    </>
  );
}

function TipCard({ tip, children }: { tip: ConsoleTip; children: ReactNode }) {
  return (
    <li className="nr-list__item nr-list__item--column nr-politics" data-tip-id={tip.id}>
      <div>
        <span className="nr-badge">{tip.stateText}</span>
        <span className="nr-meta">
          {tip.tipster || '读者'} 爆料于 {tip.time}
          {tip.place && ` · ${tip.place}`}
          {tip.contactPhone && ` · 联系电话 ${tip.contactPhone}`}
          {tip.reporterName && ` · 记者 ${tip.reporterName}`}
          {tip.points > 0 && ` · 已奖励 ${tip.points} 积分`}
        </span>
        <p className="nr-politics__text">{tip.content}</p>
        {tip.pictures.length > 0 && <p className="nr-meta">附图 {tip.pictures.length} 张</p>}
        {tip.storyTitle && (
          <p className="nr-meta">
            报道：
            <a href={`/shancheng${tip.storyHref}`} target="_blank" rel="noreferrer">
              {tip.storyTitle}
            </a>
          </p>
        )}
        {tip.declineReason && <p className="nr-meta">未采用：{tip.declineReason}</p>}
      </div>
      {children}
    </li>
  );
}

function Adopt({
  tip,
  reporters,
  busy,
  onAdopt,
}: {
  tip: ConsoleTip;
  reporters: Options['reporters'];
  busy: boolean;
  onAdopt: (t: ConsoleTip, reporterId: number) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onAdopt(tip, Number(new FormData(e.currentTarget).get('reporterId')));
  };
  return (
    <form className="nr-inline-form" onSubmit={submit}>
      <label className="nr-field">
        <span>指派记者</span>
        <select name="reporterId" defaultValue={reporters[0]?.id} required>
          {reporters.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <button className="nr-button nr-button--primary" type="submit" disabled={busy || reporters.length === 0}>
        采纳并指派
      </button>
    </form>
  );
}

function LinkStory({
  tip,
  stories,
  busy,
  onReport,
}: {
  tip: ConsoleTip;
  stories: Options['stories'];
  busy: boolean;
  onReport: (t: ConsoleTip, newsId: number) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onReport(tip, Number(new FormData(e.currentTarget).get('newsId')));
  };
  return (
    <form className="nr-inline-form" onSubmit={submit}>
      <label className="nr-field">
        <span>关联已发布的报道</span>
        <select name="newsId" defaultValue={stories[0]?.id} required>
          {stories.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}（{s.time}）
            </option>
          ))}
        </select>
      </label>
      <button className="nr-button nr-button--primary" type="submit" disabled={busy || stories.length === 0}>
        关联报道
      </button>
    </form>
  );
}

function Decline({ tip, busy, onDecline }: { tip: ConsoleTip; busy: boolean; onDecline: (t: ConsoleTip, reason: string) => void }) {
  return <ReasonForm label="不采用的原因（爆料人可见）" button="不采用" busy={busy} onSubmit={(reason) => onDecline(tip, reason)} />;
}
