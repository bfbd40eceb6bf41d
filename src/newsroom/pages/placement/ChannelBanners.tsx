/**
 * 频道轮播图: one channel's banners, in the carousel's order (ADR 034), drawn by the shared banner list
 * (../banners/BannerDesk.tsx). Each opens a published story of ours (found by a word of its title) or an https link.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { get } from '../../api.ts';
import { messageOf, useAction } from '../../ui.tsx';
import { BannerDesk, type DeskBannerList } from '../banners/BannerDesk.tsx';
import { StoryPicker } from './StoryPicker.tsx';

interface BannerList extends DeskBannerList {
  channelId: number;
}

export function ChannelBanners() {
  const [channels, setChannels] = useState<{ id: number; name: string }[] | null>(null);
  const [channelId, setChannelId] = useState(0);
  const [answer, setData] = useState<BannerList | null>(null);
  // What is drawn is always the chosen channel's list (never an answer for the one before).
  const data = answer?.channelId === channelId ? answer : null;
  const [round, setRound] = useState(0);
  const action = useAction();
  const { setError } = action;
  const channelField = useId();

  useEffect(() => {
    get<{ channels: { id: number; name: string }[] }>('/placement/channels', {})
      .then((r) => {
        setChannels(r.channels);
        setChannelId((id) => id || (r.channels[0]?.id ?? 0));
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  useEffect(() => {
    if (channelId === 0) return;
    // An answer for a channel the editor has left (a slow first load) must not be drawn under the new one.
    let current = true;
    get<BannerList>('/placement/banners', { channelId: String(channelId) })
      .then((d) => current && setData(d))
      .catch((err: unknown) => current && setError(messageOf(err)));
    return () => {
      current = false;
    };
  }, [channelId, round, setError]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const channelName = channels?.find((c) => c.id === channelId)?.name ?? '';
  return (
    <>
      <div className="nr-field">
        <label htmlFor={channelField}>频道</label>
        <select
          id={channelField}
          value={channelId || ''}
          onChange={(e) => {
            setData(null);
            setChannelId(Number(e.target.value));
          }}
        >
          {(channels ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {/* A channel of its own: what was done (and its undo) belongs to the channel it was done in. */}
      <BannerDesk
        key={channelId}
        endpoints="/placement/banners"
        scope={{ channelId }}
        data={data}
        reload={reload}
        round={round}
        action={action}
        words={{
          intro: '读者频道页顶部的轮播图，按下面的顺序播放；只显示开启且在起止日期内的。',
          empty: '这个频道还没有轮播图。',
          listLabel: `${channelName}轮播图顺序`,
          newLegend: `新增${channelName}轮播图`,
          titleLabel: '标题（2–30 字）',
          storyChoice: '本站稿件',
          linkChoice: '外部链接或本站专题',
          linkLabel: '链接（https:// 开头，或专题编排里专题的读者地址 /shancheng/SpecialPage?classId=…）',
        }}
        storyField={(initial, storyTitle, onError) => (
          <StoryPicker
            name="newsId"
            label="要打开的稿件"
            initial={initial.newsId > 0 ? { id: initial.newsId, title: storyTitle || `编号 ${initial.newsId}` } : null}
            onError={onError}
          />
        )}
      />
    </>
  );
}
