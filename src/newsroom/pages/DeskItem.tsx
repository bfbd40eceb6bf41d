/**
 * One item of the moderation desk in its context: what it is and where (kind, area, age or time), the article,
 * question or post it belongs to with a link, the comment a reply answers, its text with the hold word marked, its
 * pictures (full size on tap), its reports or its decision, its author (nickname, masked phone, account age, how
 * many of their items were approved, rejected and reported), and the actions that apply to it.
 */
import { forwardRef } from 'react';
import { ACTION_LABELS, actionsFor, ageLabel, readerHref, splitMarks, STATE_LABELS, type Action, type QueueItem, type Tab } from '../moderation.ts';
import { Facts } from './DeskDialogs.tsx';

export interface DeskItemProps {
  item: QueueItem;
  tab: Tab;
  active: boolean;
  selected: boolean;
  canDecide: boolean;
  /** The item may be picked for a batch decision. */
  selectable: boolean;
  canBan: boolean;
  busy: boolean;
  onFocus: () => void;
  onSelect: (on: boolean) => void;
  onAction: (action: Action) => void;
  onBan: () => void;
  onPicture: (src: string, label: string) => void;
}

export const DeskItem = forwardRef<HTMLElement, DeskItemProps>(function DeskItem(p, ref) {
  const { item, tab } = p;
  const id = `nr-item-${item.deskId}`;
  const text = item.item?.text ?? '';
  const actions = p.canDecide ? actionsFor(item, tab) : [];
  const who = item.author?.nickname || (item.kind === 'article' ? '本社稿件' : '读者');
  const excerpt = text.length > 30 ? `${text.slice(0, 30)}…` : text;
  return (
    // A click makes the item the current one for the desk's keys; the keyboard reaches it by J/K and by focus (onFocus).
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <article
      ref={ref}
      className={`nr-item${p.active ? ' nr-item--active' : ''}`}
      tabIndex={p.active ? 0 : -1}
      data-key={`${item.kind}:${item.itemId}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onFocus={(e) => {
        if (e.target === e.currentTarget) p.onFocus();
      }}
      onClick={p.onFocus}
    >
      <header className="nr-item__head">
        {p.selectable && actions.length > 0 && (
          <label className="nr-check nr-item__select">
            <input type="checkbox" checked={p.selected} onChange={(e) => p.onSelect(e.target.checked)} />
            <span className="nr-visually-hidden">
              选择{who}的{item.kindLabel}
            </span>
          </label>
        )}
        <h3 id={`${id}-title`} className="nr-item__title">
          {who}的{item.kindLabel}
          <span className="nr-badge">{item.areaLabel}</span>
          {item.heldWord !== '' && <span className="nr-badge nr-badge--warn">敏感词：{item.heldWord}</span>}
        </h3>
        <span className="nr-meta nr-item__time">
          {tab === 'pending' || tab === 'words' ? (
            <>
              已等待 {ageLabel(item.ageMinutes)} · {item.createdAt}
            </>
          ) : (
            <>发布于 {item.createdAt}</>
          )}
        </span>
      </header>

      {item.item?.contextTitle && item.kind !== 'article' && (
        <Facts label="所属">
          {item.item.contextHref ? (
            <a href={readerHref(item.item.contextHref)} target="_blank" rel="noopener noreferrer">
              {item.item.contextTitle}
            </a>
          ) : (
            item.item.contextTitle
          )}
        </Facts>
      )}
      {item.item?.parentText && (
        <blockquote className="nr-item__parent">
          <span className="nr-facts__label">回复</span>
          {item.item.parentText}
        </blockquote>
      )}

      {item.item?.before ? (
        <ProfileCompare id={id} item={item} who={who} onPicture={p.onPicture} />
      ) : (
        <>
          <p id={`${id}-text`} className="nr-item__text">
            {item.item === null ? (
              <span className="nr-meta">
                原内容已不存在（{item.kindLabel}编号 {item.itemId}）
              </span>
            ) : item.kind === 'article' ? (
              <a href={readerHref(item.item.contextHref)} target="_blank" rel="noopener noreferrer">
                {text}
              </a>
            ) : (
              splitMarks(text, item.marks).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))
            )}
          </p>

          {item.item && item.item.pictures.length > 0 && (
            <ul className="nr-thumbs" aria-label="图片">
              {item.item.pictures.map((src, i) => {
                const label = `${who}的${item.kindLabel}第 ${i + 1} 张图片`;
                return (
                  <li key={src + i}>
                    <button type="button" className="nr-thumb" onClick={() => p.onPicture(src, label)} aria-label={`${label}，查看大图`}>
                      <img src={src} alt="" width={88} height={88} loading="lazy" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}

      {item.reportCount > 0 && (
        <Facts label="举报">
          {item.reportCount} 位读者举报 · 理由：{item.reportReasons.join('、') || '未写理由'}
          {item.reportedAt && <> · 最近 {item.reportedAt}</>}
        </Facts>
      )}

      {item.decidedAt && (
        <Facts label="处理">
          {STATE_LABELS[item.state] ?? item.state} · {item.decidedBy} · {item.decidedAt}
          {item.reason && <> · 理由：{item.reason}</>}
        </Facts>
      )}

      {item.author ? (
        <Facts label="作者">
          {item.author.nickname || '未设置昵称'}
          {item.author.maskedPhone && <> · {item.author.maskedPhone}</>} · 注册 {item.author.accountDays} 天 · 通过 {item.author.approved} · 未通过{' '}
          {item.author.rejected} · 被举报 {item.author.reported}
          {item.author.mutedUntil !== null && (
            <span className="nr-badge nr-badge--warn">{item.author.mutedUntil === '' ? '永久禁言' : `禁言至 ${item.author.mutedUntil}`}</span>
          )}
        </Facts>
      ) : null}

      {(actions.length > 0 || (p.canBan && item.author)) && (
        <div className="nr-actions nr-item__actions">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={`nr-button${a === 'approve' ? ' nr-button--ok' : ' nr-button--danger'}`}
              disabled={p.busy}
              onClick={() => p.onAction(a)}
              aria-keyshortcuts={a === 'approve' ? 'A' : 'R'}
            >
              {ACTION_LABELS[a]}
              <span className="nr-visually-hidden">
                {who}的{item.kindLabel}：{excerpt}
              </span>
            </button>
          ))}
          {p.canBan && item.author && (
            <button type="button" className="nr-button" disabled={p.busy} onClick={p.onBan}>
              封禁<span className="nr-visually-hidden">{who}</span>
            </button>
          )}
        </div>
      )}
    </article>
  );
});

/** A reader's nickname and avatar change: the old beside the new (docs/adr/018-one-review-model.md, kind profile_change). */
function ProfileCompare(p: { id: string; item: QueueItem; who: string; onPicture: (src: string, label: string) => void }) {
  const view = p.item.item!;
  const before = view.before!;
  const sides = [
    { key: 'before', label: '原来', text: before.text, pictures: before.pictures, marks: [] as QueueItem['marks'], textId: undefined },
    { key: 'after', label: '改为', text: view.text, pictures: view.pictures, marks: p.item.marks, textId: `${p.id}-text` },
  ];
  return (
    <div className="nr-compare" role="group" aria-label="修改前后对比">
      {sides.map((side) => (
        <div key={side.key} className="nr-compare__side">
          <span className="nr-facts__label">{side.label}</span>
          <p id={side.textId} className="nr-item__text">
            <span className="nr-visually-hidden">昵称：</span>
            {splitMarks(side.text, side.marks).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
            {side.key === 'after' && side.text === before.text && <span className="nr-meta">（昵称未改）</span>}
          </p>
          {side.pictures[0] ? (
            <button
              type="button"
              className="nr-thumb"
              onClick={() => p.onPicture(side.pictures[0]!, `${p.who}${side.label}的头像`)}
              aria-label={`${p.who}${side.label}的头像，查看大图`}
            >
              <img src={side.pictures[0]} alt="" width={88} height={88} loading="lazy" />
            </button>
          ) : (
            <span className="nr-meta">{side.key === 'before' ? '（默认头像）' : '（头像未改）'}</span>
          )}
        </div>
      ))}
    </div>
  );
}
