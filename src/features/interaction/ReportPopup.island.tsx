/**
 * The report popup (spec 4, 5, 8), a React island (ADR 011) rendered with `client:afterload="report"`: it hydrates
 * only when a report is asked for (`openReport`, reportStore.ts) or its own 举报 button is tapped (the tap is
 * replayed), never at load. Login check first (in openReport), then the reasons are fetched and the popup opens
 * with earlier choices cleared. The button reads 取消 with no reason (and 请选择举报内容 is shown) and 提交 with one
 * or more. 举报成功 closes it; any other answer shows the server's message and the popup stays open with the
 * choices kept. If the reasons cannot be loaded, nothing opens (spec 8).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { showToast } from '../../stores/toast.ts';
import bottomSheet from '../popup/BottomSheet.module.css';
import { CHOOSE_REASON, decideReportButton, REPORTED, toggleReason } from './decideReportButton.ts';
import { $reportRequest, openReport, type ReportTarget } from './reportStore.ts';

const TOAST_MS = 2000;
/**
 * A page may hold more than one popup (the detail's own 举报 and the comment list's): the first one
 * mounted answers every request, so one sheet opens, never two.
 */
let answering: object | null = null;

export interface ReportPopupProps {
  classId: number;
  newsId: number;
  /** 'bang': a bangbang item, reported to /v1/bangbang/news/doreport (classId 1 politics / 2 Q&A). */
  from?: 'bang' | undefined;
  /** false: no 举报 button of its own (a page whose reports come from its comments). */
  trigger?: boolean | undefined;
}

export function ReportPopup({ classId, newsId, from, trigger = true }: ReportPopupProps) {
  const request = useStore($reportRequest);
  const handled = useRef(0);
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const firstReason = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const self = useRef({});

  useEffect(() => {
    const me = self.current;
    answering ??= me;
    return () => {
      if (answering === me) answering = null;
    };
  }, []);

  useEffect(() => {
    if (answering !== self.current) return;
    if (!request || request.seq <= handled.current) return;
    handled.current = request.seq;
    let live = true;
    void (async () => {
      try {
        const { fetchReportOptions } = await import('./interactionCalls.ts');
        const res = await fetchReportOptions();
        if (!live || res.statusCode !== 200 || res.data.type.length === 0) return;
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : opener.current;
        setTarget(request.target);
        setReasons(res.data.type);
        setChosen([]);
        setOpen(true);
      } catch {
        // spec 8: report options call not 200 → no options are loaded.
      }
    })();
    return () => {
      live = false;
    };
  }, [request]);

  useEffect(() => {
    if (open) firstReason.current?.focus();
  }, [open]);

  function close(): void {
    setOpen(false);
    (returnFocus.current ?? opener.current)?.focus();
  }

  async function submit(): Promise<void> {
    if (chosen.length === 0) {
      showToast(CHOOSE_REASON, { type: 'text', duration: TOAST_MS });
      return;
    }
    if (busy || !target) return;
    setBusy(true);
    try {
      let res: { statusCode: number; message: string };
      if (target.kind === 'custom') res = await target.submit(chosen.join(','));
      else res = await (await import('./interactionCalls.ts')).reportArticle(target.ref, chosen);
      if (res.statusCode === 200) {
        showToast(REPORTED, { type: 'text', duration: TOAST_MS });
        close();
      } else if (res.statusCode !== 301 && res.statusCode !== 302) {
        showToast(res.message, { type: 'text', duration: TOAST_MS });
      }
    } catch {
      // Silent by spec 8 (the client's catalogue speaks for the failures it covers); the popup stays open.
    } finally {
      setBusy(false);
    }
  }

  const label = decideReportButton(chosen);
  const onMask = (event: MouseEvent<HTMLDivElement>): void => {
    if (event.target === event.currentTarget) close();
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') close();
  };
  return (
    <div className="report-popup" data-report-popup="">
      {trigger && (
        <button
          ref={opener}
          type="button"
          className="trigger"
          aria-haspopup="dialog"
          onClick={() => openReport({ kind: 'article', ref: from === 'bang' ? { classId, newsId, from } : { classId, newsId } })}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M5 21V4h11l-1.5 4L16 12H5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          举报
        </button>
      )}
      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- a tap on the mask closes, Escape (onKeyDown) is the keyboard's way; the sheet inside is the dialog */}
      <div className={bottomSheet.mask} hidden={!open} onClick={onMask} onKeyDown={onKey}>
        <div className={`${bottomSheet.sheet} sheet`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h3 id={titleId} className="title">
            举报
          </h3>
          <div className="reasons" role="group" aria-label="举报内容">
            {reasons.map((reason, i) => (
              <button
                key={reason}
                ref={i === 0 ? firstReason : undefined}
                type="button"
                aria-pressed={chosen.includes(reason)}
                onClick={() => setChosen((c) => toggleReason(reasons, c, reason))}
              >
                {reason}
              </button>
            ))}
          </div>
          <p className="hint" hidden={chosen.length > 0}>
            {CHOOSE_REASON}
          </p>
          <button
            type="button"
            className={label === '提交' ? 'action submit' : 'action'}
            disabled={busy}
            onClick={() => (label === '提交' ? void submit() : close())}
          >
            {label}
          </button>
        </div>
      </div>
    </div>
  );
}
