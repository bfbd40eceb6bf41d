/**
 * 版面安排 (ADR 034): what readers see first, placed by editors and the chief. 频道轮播图: each channel's banners
 * (ChannelBanners.tsx). 热榜置顶: stories pinned at positions of the hot list (HotPicks.tsx).
 */
import { useState } from 'react';
import type { PageProps } from '../../nav.ts';
import { Tabs } from '../../ui.tsx';
import { ChannelBanners } from './ChannelBanners.tsx';
import { HotPicks } from './HotPicks.tsx';

type Tab = 'banners' | 'hot';

export function PlacementDeskPage(_props: PageProps) {
  const [tab, setTab] = useState<Tab>('banners');
  return (
    <>
      <h1>版面安排</h1>
      <Tabs<Tab>
        label="版面安排"
        tabs={[
          { id: 'banners', label: '频道轮播图' },
          { id: 'hot', label: '热榜置顶' },
        ]}
        current={tab}
        onChoose={setTab}
        panel={`nr-panel-${tab}`}
      />
      <section id={`nr-panel-${tab}`} role="tabpanel" aria-labelledby={`nr-tab-${tab}`}>
        {tab === 'banners' ? <ChannelBanners /> : <HotPicks />}
      </section>
    </>
  );
}
