/**
 * The report popup (spec 4, 5, 8): a login check first, then the reasons are fetched and the popup
 * opens with earlier choices cleared. The button reads 取消 with no reason (and 请选择举报内容 is
 * shown) and 提交 with one or more. 举报成功 closes it; any other answer shows the server's message
 * and the popup stays open. If the reasons cannot be loaded, nothing opens (spec 8).
 */
import { useState } from 'react';
import { showToast } from '../../stores/toast.ts';
import { CHOOSE_REASON, decideReportButton, REPORTED, toggleReason } from './decideReportButton.ts';
import { fetchReportOptions, reportArticle } from './interactionCalls.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import styles from './ReportPopup.module.css';

interface Props {
  classId: number;
  newsId: number;
  /** 'bang': a bangbang item, reported to /v1/bangbang/news/doreport (classId 1 politics / 2 Q&A). */
  from?: 'bang';
}

const TOAST_MS = 2000;

export function ReportPopup({ classId, newsId, from }: Props) {
  const [reasons, setReasons] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function open(): Promise<void> {
    if (busy || !requireLogin()) return;
    setBusy(true);
    try {
      const res = await fetchReportOptions();
      if (res.statusCode !== 200 || res.data.type.length === 0) return;
      setChosen([]);
      setReasons(res.data.type);
    } catch {
      // spec 8: report options call not 200 → no options are loaded.
    } finally {
      setBusy(false);
    }
  }

  async function submit(): Promise<void> {
    if (chosen.length === 0) {
      showToast(CHOOSE_REASON, { type: 'text', duration: TOAST_MS });
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const res = await reportArticle({ classId, newsId, from }, chosen);
      if (res.statusCode === 200) {
        showToast(REPORTED, { type: 'text', duration: TOAST_MS });
        setReasons(null);
      } else if (res.statusCode !== 301 && res.statusCode !== 302) {
        showToast(res.message, { type: 'text', duration: TOAST_MS });
      }
    } catch {
      // Silent by spec 8; the popup stays open with the choices kept.
    } finally {
      setBusy(false);
    }
  }

  const label = decideReportButton(chosen);
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => void open()} aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M5 21V4h11l-1.5 4L16 12H5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        举报
      </button>
      {reasons && (
        <div className={styles.mask} onClick={(e) => e.target === e.currentTarget && setReasons(null)}>
          <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="report-title">
            <h3 id="report-title" className={styles.title}>
              举报
            </h3>
            <div className={styles.reasons} role="group" aria-label="举报内容">
              {reasons.map((reason) => (
                <button
                  key={reason}
                  type="button"
                  aria-pressed={chosen.includes(reason)}
                  className={chosen.includes(reason) ? `${styles.reason} ${styles.on}` : styles.reason}
                  onClick={() => setChosen((c) => toggleReason(reasons, c, reason))}
                >
                  {reason}
                </button>
              ))}
            </div>
            {chosen.length === 0 && <p className={styles.hint}>{CHOOSE_REASON}</p>}
            <button
              type="button"
              className={label === '提交' ? `${styles.action} ${styles.submit}` : styles.action}
              disabled={busy}
              onClick={() => (label === '提交' ? void submit() : setReasons(null))}
            >
              {label}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
