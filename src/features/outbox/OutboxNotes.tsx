/**
 * The queued writes of an island (ADR 032): 发送中…, 已发送, or a 发送失败，点击重试 button with 放弃 beside it. The list is always
 * there (empty and hidden when nothing waits), so a screen reader hears each state as it changes.
 */
import type { OutboxItem } from './useOutbox.ts';
import styles from './OutboxNotes.module.css';

export function OutboxNotes({
  items,
  onRetry,
  onDiscard,
  className,
}: {
  items: OutboxItem[];
  onRetry(id: string): void;
  onDiscard(id: string): void;
  className?: string;
}) {
  return (
    <ul className={className ? `${styles.notes} ${className}` : styles.notes} aria-label="待发送" aria-live="polite" data-outbox="">
      {items.map((item) => (
        <li key={item.id} className={styles.note} data-outbox-state={item.state}>
          <span className={styles.label}>{item.label}</span>
          {item.state === 'failed' ? (
            <>
              <button type="button" className={styles.retry} onClick={() => onRetry(item.id)}>
                发送失败，点击重试
              </button>
              <button type="button" className={styles.discard} aria-label={`放弃发送${item.label}`} onClick={() => onDiscard(item.id)}>
                放弃
              </button>
            </>
          ) : (
            <span className={item.state === 'sent' ? styles.sent : styles.sending}>{item.state === 'sent' ? '已发送' : '发送中…'}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
