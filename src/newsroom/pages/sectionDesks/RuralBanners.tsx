/**
 * 轮播图: the slides of the reader's 裕农 home, in their order (ADR 031), drawn by the shared banner list
 * (../banners/BannerDesk.tsx). Each opens a rural story (chosen among the newest) or a link (an https address or a page
 * of our site). With no slide shown, readers see the newest rural stories with a picture.
 */
import { useCallback, useEffect, useState } from 'react';
import { get } from '../../api.ts';
import { messageOf, useAction } from '../../ui.tsx';
import { BannerDesk, type DeskBannerList } from '../banners/BannerDesk.tsx';

interface BannerList extends DeskBannerList {
  stories: { id: number; title: string }[];
}

export function RuralBanners() {
  const [data, setData] = useState<BannerList | null>(null);
  const [round, setRound] = useState(0);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<BannerList>('/rural/banners', {})
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [round, setError]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const stories = data?.stories ?? [];

  return (
    <>
      <h2>轮播图</h2>
      <BannerDesk
        endpoints="/rural/banners"
        scope={{}}
        data={data}
        reload={reload}
        round={round}
        action={action}
        words={{
          intro: '读者“裕农”首页顶部的轮播图，按下面的顺序播放；只显示开启且在起止日期内的。没有可显示的轮播图时，首页自动用最新三条带图的裕农稿件。',
          empty: '还没有轮播图，首页正用最新的裕农稿件。',
          listLabel: '轮播图顺序',
          newLegend: '新增轮播图',
          titleLabel: '标题（2–30 字，显示在图片下方）',
          storyChoice: '裕农稿件',
          linkChoice: '链接',
          linkLabel: '链接（https:// 开头，或本站页面如 /shancheng/yu-nong/markPage）',
        }}
        storyField={(initial, storyTitle) => {
          const options =
            initial.newsId > 0 && !stories.some((s) => s.id === initial.newsId)
              ? [{ id: initial.newsId, title: storyTitle || `编号 ${initial.newsId}` }, ...stories]
              : stories;
          return (
            <label className="nr-field nr-grid-form__wide">
              <span>裕农稿件</span>
              <select name="newsId" defaultValue={initial.newsId || ''} required>
                <option value="">请选择稿件</option>
                {options.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </label>
          );
        }}
      />
    </>
  );
}
