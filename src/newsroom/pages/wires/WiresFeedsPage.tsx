/**
 * 订阅源 (admins, docs/security.md "The wires"): the hosts feeds may come from, and the feeds — RSS 2.0,
 * Atom or JSON Feed — with how often they are fetched, the channel and column their drafts start in, and
 * how their last fetch went (in Chinese). 立即抓取 fetches one now.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { PublishOptions } from '../../../contract/publish.ts';
import { FEED_EVERY_CHOICES, FEED_EVERY_LABELS, type FetchReport, type WireFeedView, type WireHostView } from '../../../contract/wires.ts';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { formatTime, messageOf, Notice, useAction } from '../../ui.tsx';

interface FeedsData {
  feeds: WireFeedView[];
  hosts: WireHostView[];
}

export function WiresFeedsPage({ me }: PageProps) {
  const [data, setData] = useState<FeedsData | null>(null);
  const [options, setOptions] = useState<PublishOptions | null>(null);
  const [channelId, setChannelId] = useState(0);
  const [ok, setOk] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useAction();

  const load = useCallback(() => {
    get<FeedsData>('/wires/feeds')
      .then(setData)
      .catch((err: unknown) => setLoadError(messageOf(err)));
  }, []);
  useEffect(() => {
    load();
    if (me.permissions.includes('publish.write'))
      get<PublishOptions>('/publish/options')
        .then(setOptions)
        .catch(() => setOptions(null));
  }, [load, me.permissions]);

  const addHost = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const host = String(new FormData(form).get('host') ?? '');
    void action.run(async () => {
      await post<WireHostView[]>('/wires/host', { host });
      form.reset();
      setOk(`已允许主机 ${host.trim().toLowerCase()}`);
      load();
    });
  };

  const removeHost = (host: string) =>
    action.run(async () => {
      await post<WireHostView[]>('/wires/host/remove', { host });
      setOk(`已移除主机 ${host}`);
      load();
    });

  const addFeed = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    void action.run(async () => {
      const feed = await post<WireFeedView>('/wires/feed', {
        name: String(f.get('name') ?? ''),
        url: String(f.get('url') ?? ''),
        everyMinutes: Number(f.get('everyMinutes')),
        channelId: Number(f.get('channelId') ?? 0),
        classId: Number(f.get('classId') ?? 0),
      });
      form.reset();
      setChannelId(0);
      setOk(`已添加订阅源「${feed.name}」，稍后开始抓取`);
      load();
    });
  };

  const fetchNow = (feed: WireFeedView) =>
    action.run(async () => {
      const report = await post<FetchReport>('/wires/feed/fetch', { id: feed.id });
      setOk(report.error === '' ? `「${feed.name}」抓取完成，新条目 ${report.newItems} 条` : null);
      if (report.error !== '') action.setError(`「${feed.name}」抓取失败：${report.error}`);
      load();
    });

  const toggle = (feed: WireFeedView) =>
    action.run(async () => {
      await post<WireFeedView>('/wires/feed/enabled', { id: feed.id, enabled: !feed.enabled });
      setOk(feed.enabled ? `已停用「${feed.name}」` : `已启用「${feed.name}」`);
      load();
    });

  const columnsOf = options?.columns.filter((c) => c.channelId === channelId) ?? [];

  return (
    <>
      <h1>订阅源</h1>
      <Notice error={loadError ?? action.error} ok={ok} />
      <h2>允许的主机</h2>
      <form className="nr-inline-form" onSubmit={addHost} aria-label="允许主机">
        <label className="nr-field">
          <span>主机名</span>
          <input name="host" required maxLength={253} placeholder="www.cqrb.cn" />
        </label>
        <button className="nr-button" type="submit" disabled={action.busy}>
          允许主机
        </button>
      </form>
      {data === null ? (
        <p role="status">加载中…</p>
      ) : (
        <ul className="nr-list" aria-label="允许的主机">
          {data.hosts.length === 0 ? <li className="nr-list__item">还没有允许任何主机。</li> : null}
          {data.hosts.map((h) => (
            <li key={h.host} className="nr-list__item">
              <span>{h.host}</span>
              <button type="button" className="nr-button" disabled={action.busy} onClick={() => void removeHost(h.host)} aria-label={`移除主机 ${h.host}`}>
                移除
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>添加订阅源</h2>
      <form className="nr-inline-form" onSubmit={addFeed} aria-label="添加订阅源">
        <label className="nr-field">
          <span>名称</span>
          <input name="name" required minLength={2} maxLength={30} placeholder="重庆日报" />
        </label>
        <label className="nr-field">
          <span>地址（RSS、Atom 或 JSON Feed）</span>
          <input name="url" type="url" required maxLength={500} placeholder="https://www.cqrb.cn/rss.xml" />
        </label>
        <label className="nr-field">
          <span>抓取频率</span>
          <select name="everyMinutes" defaultValue={30}>
            {FEED_EVERY_CHOICES.map((n) => (
              <option key={n} value={n}>
                {FEED_EVERY_LABELS[n]}
              </option>
            ))}
          </select>
        </label>
        <label className="nr-field">
          <span>建议频道</span>
          <select name="channelId" value={channelId} onChange={(e) => setChannelId(Number(e.target.value))}>
            <option value={0}>不指定</option>
            {options?.channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="nr-field">
          <span>建议栏目</span>
          <select name="classId" defaultValue={0} key={channelId}>
            <option value={0}>不指定</option>
            {columnsOf.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
          添加订阅源
        </button>
      </form>
      <h2>订阅源</h2>
      {data === null ? null : data.feeds.length === 0 ? (
        <p>还没有订阅源。</p>
      ) : (
        <ul className="nr-list" aria-label="订阅源列表">
          {data.feeds.map((f) => (
            <li key={f.id} className="nr-list__item nr-list__item--column">
              <strong>
                {f.name}
                {f.enabled ? '' : '（已停用）'}
              </strong>
              <span className="nr-meta">
                {f.url} · {FEED_EVERY_LABELS[f.everyMinutes as (typeof FEED_EVERY_CHOICES)[number]] ?? `每 ${f.everyMinutes} 分钟`}
              </span>
              <span className={f.lastError ? 'nr-notice nr-notice--error' : 'nr-meta'}>
                {f.lastFetchedAt === null
                  ? '尚未抓取'
                  : f.lastError
                    ? `上次抓取失败：${f.lastError}`
                    : `上次抓取 ${formatTime(f.lastFetchedAt)}，新条目 ${f.lastNewItems} 条`}
              </span>
              <div className="nr-inline-form">
                <button type="button" className="nr-button" disabled={action.busy} onClick={() => void fetchNow(f)} aria-label={`立即抓取 ${f.name}`}>
                  立即抓取
                </button>
                <button
                  type="button"
                  className="nr-button"
                  disabled={action.busy}
                  onClick={() => void toggle(f)}
                  aria-label={`${f.enabled ? '停用' : '启用'} ${f.name}`}
                >
                  {f.enabled ? '停用' : '启用'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
