/**
 * The story as a reader sees it at 375 px (ADR 025): its list card in the chosen layout and the article,
 * in the phone browser (with the site's top bar) or in the app's web view (without it). The body is drawn
 * from the editor's document by React, never as HTML, so the preview cannot run anything either.
 */
import type { JSONContent } from '@tiptap/react';
import { useState, type ReactNode } from 'react';
import { KIND_BODY_LABELS, KIND_CATEGORIES, KIND_DATA_TYPES, KIND_LABELS, LIVE_TYPE_LABELS, type ArticleFields } from '../../../contract/publish.ts';
import { decideCardLayout } from '../../../lib/decideCardLayout.ts';
import { Tabs } from '../../ui.tsx';

function marksOf(node: JSONContent, text: ReactNode, key: number): ReactNode {
  let out = text;
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong key={key}>{out}</strong>;
    else if (mark.type === 'italic') out = <em key={key}>{out}</em>;
    else if (mark.type === 'link')
      out = (
        <span key={key} className="nr-preview__link">
          {out}
        </span>
      );
  }
  return out;
}

function render(nodes: JSONContent[] | undefined): ReactNode[] {
  return (nodes ?? []).map((n, i) => {
    switch (n.type) {
      case 'text':
        return marksOf(n, n.text ?? '', i);
      case 'hardBreak':
        return <br key={i} />;
      case 'paragraph':
        return <p key={i}>{render(n.content)}</p>;
      case 'heading':
        return <h3 key={i}>{render(n.content)}</h3>;
      case 'bulletList':
        return <ul key={i}>{render(n.content)}</ul>;
      case 'orderedList':
        return <ol key={i}>{render(n.content)}</ol>;
      case 'listItem':
        return <li key={i}>{render(n.content)}</li>;
      case 'blockquote':
        return <blockquote key={i}>{render(n.content)}</blockquote>;
      case 'figure':
        return (
          <figure key={i}>
            <img src={`${String(n.attrs?.src ?? '')}?w=750`} alt={String(n.attrs?.alt ?? '')} />
            <figcaption>{render(n.content)}</figcaption>
          </figure>
        );
      default:
        return null;
    }
  });
}

const now = () =>
  new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(),
  );

export function Card({ fields }: { fields: ArticleFields }) {
  const covers = fields.covers;
  const meta = (
    <span className="nr-preview__meta">
      {fields.label && <span className="nr-preview__label">{fields.label}</span>}
      {fields.befrom || '山城新闻'} · {now()}
    </span>
  );
  const title = <span className="nr-preview__card-title">{fields.isTop && fields.topTitle ? fields.topTitle : fields.title || '（无标题）'}</span>;
  // The reader list's own rule (src/lib/decideCardLayout.ts): a live or a VR story shows a big picture with its badge.
  const layout = decideCardLayout({
    showType: fields.showType,
    imageUrl: fields.kind === 'photos' ? fields.pictures.map((p) => p.url) : covers,
    isVideo: fields.kind === 'video' ? 1 : 0,
    dataType: KIND_DATA_TYPES[fields.kind],
    category: KIND_CATEGORIES[fields.kind],
  });
  const badge = layout === 'vr' ? 'VR' : layout === 'live' ? LIVE_TYPE_LABELS[fields.liveType] : layout === 'video' ? '▶ 视频' : null;
  if (badge !== null && covers[0])
    return (
      <div className="nr-preview__card">
        {title}
        <span className="nr-preview__big-wrap">
          <img className="nr-preview__big" src={`${covers[0]}?w=750`} alt="" />
          <span className="nr-preview__badge">{badge}</span>
        </span>
        {meta}
      </div>
    );
  if (fields.showType === 1 && covers.length >= 2)
    return (
      <div className="nr-preview__card">
        {title}
        <span className="nr-preview__three">
          {covers.slice(0, 3).map((c) => (
            <img key={c} src={`${c}?w=240`} alt="" />
          ))}
        </span>
        {meta}
      </div>
    );
  if (fields.showType === 2 && covers[0])
    return (
      <div className="nr-preview__card">
        {title}
        <img className="nr-preview__big" src={`${covers[0]}?w=750`} alt="" />
        {meta}
      </div>
    );
  return (
    <div className="nr-preview__card nr-preview__card--mini">
      <span className="nr-preview__mini-text">
        {title}
        {meta}
      </span>
      {covers[0] && <img className="nr-preview__thumb" src={`${covers[0]}?w=240`} alt="" />}
    </div>
  );
}

export function Preview({ fields, doc, authorName }: { fields: ArticleFields; doc: JSONContent | null; authorName: string }) {
  const [host, setHost] = useState<'browser' | 'app'>('browser');
  return (
    <section className="nr-preview" aria-label="预览">
      <Tabs
        label="预览环境"
        tabs={[
          { id: 'browser', label: '手机浏览器' },
          { id: 'app', label: 'App 内' },
        ]}
        current={host}
        onChoose={setHost}
      />
      <div className="nr-preview__phone" data-host={host}>
        {host === 'browser' && (
          <div className="nr-preview__bar">
            <span>山城新闻</span>
            <span className="nr-preview__open">打开App</span>
          </div>
        )}
        <p className="nr-preview__caption">列表卡片</p>
        <Card fields={fields} />
        {fields.kind === 'link' ? (
          <p className="nr-preview__caption">读者点开卡片即打开：{fields.linkUrl || '（未填写外链地址）'}</p>
        ) : (
          <>
            <p className="nr-preview__caption">{KIND_BODY_LABELS[fields.kind] ?? KIND_LABELS[fields.kind]}</p>
            <article className="nr-preview__article">
              <h2 className="nr-preview__title">{fields.title || '（无标题）'}</h2>
              <p className="nr-preview__byline">
                {fields.titleType === 1 && <span className="nr-preview__label">原创</span>}
                {fields.befrom || '山城新闻'} {fields.writer ? `· 作者 ${fields.writer}` : ''} · {now()}
              </p>
              {fields.smallText && <p className="nr-preview__brief">{fields.smallText}</p>}
              {fields.kind === 'photos' ? (
                <div className="nr-preview__body">
                  {fields.pictures.map((p, i) => (
                    <figure key={`${p.url}-${i}`}>
                      <img src={`${p.url}?w=750`} alt="" />
                      <figcaption>
                        {i + 1}/{fields.pictures.length} {p.caption}
                      </figcaption>
                    </figure>
                  ))}
                </div>
              ) : (
                <div className="nr-preview__body">
                  {fields.kind === 'vr' && (
                    <figure>
                      {fields.vrPicture ? <img src={`${fields.vrPicture}?w=750`} alt="" /> : <span className="nr-preview__slot">（未上传全景图）</span>}
                      <figcaption>VR 全景：读者拖动或转动手机查看</figcaption>
                    </figure>
                  )}
                  {fields.kind === 'video' && <p className="nr-preview__slot">视频：{fields.videoUrl || '（未填写视频地址）'}</p>}
                  {render(doc?.content)}
                </div>
              )}
              <p className="nr-preview__editors">
                责任编辑：{fields.execEditor || authorName} {fields.finalEditor ? `终审：${fields.finalEditor}` : ''}
              </p>
              {fields.keyboard.length > 0 && (
                <p className="nr-preview__tags">
                  {fields.keyboard.map((k) => (
                    <span key={k}>#{k}</span>
                  ))}
                </p>
              )}
              {fields.disclaimer && <p className="nr-preview__disclaimer">{fields.disclaimer}</p>}
            </article>
          </>
        )}
      </div>
    </section>
  );
}
