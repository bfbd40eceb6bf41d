/**
 * Our own 滑动验证 (spec 4 "Slide verification", ADR 008): drag the handle to the right end. The drag's
 * trail goes to the server, which judges it and answers a signed single-use result (token, csessionid,
 * sig, scene) that is handed to `onPassed`. Once solved it shows the spec's notice instead.
 *
 * A reader who cannot drag (a tremor, a screen reader) moves the same handle step by step: the right arrow
 * key, or a swipe up on the adjustable control, moves it a tenth of the way; the server judges those steps by
 * their own rules and signs the same single-use result (ADR 008, "The keyboard path").
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { captchaChallenge, captchaVerify, SlideResult, SlideVendor } from '../../contract/accounts.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import styles from './SlideCheck.module.css';
import { slideVendor } from './slideVendor.ts';
import { VendorSlideCheck } from './VendorSlideCheck.tsx';

export const SLIDE_DONE_TEXT = '已经滑动验证过，如有问题请刷新页面！';
const HANDLE = 44;
/** One key press moves the handle this share of the way (the server allows at most 12 %). */
const KEY_STEP = 0.1;
/** A held key repeats faster than this; those repeats wait (the server refuses steps closer than 20 ms). */
const KEY_GAP_MS = 40;

interface Props {
  onPassed: (result: SlideResult) => void;
  /** Changing this number resets the widget (a result is single use). */
  resetKey?: number;
}

type State = 'idle' | 'dragging' | 'checking' | 'passed' | 'failed';

export function SlideCheck({ onPassed, resetKey = 0 }: Props) {
  const track = useRef<HTMLDivElement>(null);
  const trail = useRef<Array<[number, number, number]>>([]);
  const start = useRef<{ x: number; y: number; t: number } | null>(null);
  const [offset, setOffset] = useState(0);
  // The latest position for pointerup: a pointermove's state update may not have re-rendered yet.
  const latest = useRef(0);
  const [state, setState] = useState<State>('idle');
  const [hint, setHint] = useState('');
  const [input, setInput] = useState<'pointer' | 'keys'>('pointer');
  const done = useRef<HTMLParagraphElement>(null);
  const describedBy = useId();
  // CAPTCHA_PROVIDER=aliyun: the server names the vendor, whose slider replaces ours (ADR 008).
  const [vendor, setVendor] = useState<SlideVendor | null>(null);
  useEffect(() => {
    let live = true;
    void slideVendor().then((v) => live && setVendor(v));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    latest.current = 0;
    setOffset(0);
    setState('idle');
    setHint('');
  }, [resetKey]);

  const maxOffset = (): number => Math.max(0, (track.current?.clientWidth ?? 300) - HANDLE);

  function down(e: ReactPointerEvent<HTMLDivElement>): void {
    if (state === 'checking' || state === 'passed') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, y: e.clientY, t: performance.now() };
    trail.current = [[0, 0, 0]];
    setState('dragging');
    setInput('pointer');
    setHint('');
  }

  function key(e: ReactKeyboardEvent<HTMLDivElement>): void {
    if (state === 'checking' || state === 'passed') return;
    const forward = e.key === 'ArrowRight' || e.key === 'ArrowUp';
    const back = e.key === 'ArrowLeft' || e.key === 'ArrowDown' || e.key === 'Home';
    if (!forward && !back) return;
    e.preventDefault();
    if (back) {
      // Steps go one way only: a step back starts again from the left.
      restart(0);
      return;
    }
    const now = performance.now();
    if (state !== 'dragging' || input !== 'keys' || !start.current) {
      start.current = { x: 0, y: 0, t: now };
      trail.current = [[0, 0, 0]];
      setState('dragging');
      setInput('keys');
      setHint('');
    }
    const t = Math.round(now - start.current.t);
    const last = trail.current[trail.current.length - 1]!;
    if (trail.current.length > 1 && t - last[2] < KEY_GAP_MS) return;
    const width = maxOffset();
    const x = Math.min(width, Math.round((latest.current + width * KEY_STEP) * 10) / 10);
    trail.current.push([x, 0, t]);
    latest.current = x;
    setOffset(x);
    if (x >= width) void check('keys');
  }

  function restart(x: number, message = ''): void {
    latest.current = x;
    setOffset(x);
    setState('idle');
    setHint(message);
  }

  function move(e: ReactPointerEvent<HTMLDivElement>): void {
    if (state !== 'dragging' || !start.current) return;
    const x = Math.min(maxOffset(), Math.max(0, e.clientX - start.current.x));
    trail.current.push([Math.round(x * 10) / 10, Math.round((e.clientY - start.current.y) * 10) / 10, Math.round(performance.now() - start.current.t)]);
    if (trail.current.length > 590) trail.current.splice(1, 1);
    latest.current = x;
    setOffset(x);
  }

  async function up(): Promise<void> {
    if (state !== 'dragging' || input !== 'pointer') return;
    if (latest.current < maxOffset() - 4) {
      restart(0, '请按住滑块，拖动到最右边');
      return;
    }
    await check('pointer');
  }

  async function check(how: 'pointer' | 'keys'): Promise<void> {
    const width = maxOffset();
    setState('checking');
    try {
      const challenge = await getByPath<typeof captchaChallenge>('/api/captcha/challenge');
      if (challenge.statusCode !== 200) throw new Error(challenge.message);
      const verdict = await postByPath<typeof captchaVerify>('/api/captcha/verify', {
        challenge: challenge.data.challenge,
        width,
        trail: trail.current,
        input: how,
      });
      if (verdict.statusCode !== 200) throw new Error(verdict.message);
      setState('passed');
      onPassed(verdict.data);
    } catch (err) {
      latest.current = 0;
      setOffset(0);
      setState('failed');
      setHint(err instanceof Error && err.message && !err.message.startsWith('API call') ? err.message : '验证失败，请重试');
    }
  }

  // A keyboard or screen-reader user whose handle has just gone hears the result where the focus now is.
  useEffect(() => {
    if (state === 'passed' && input === 'keys') done.current?.focus();
  }, [state, input]);

  if (vendor) return <VendorSlideCheck vendor={vendor} onPassed={onPassed} resetKey={resetKey} doneText={SLIDE_DONE_TEXT} />;
  if (state === 'passed') {
    return (
      <p ref={done} className={styles.done} role="status" tabIndex={-1}>
        {SLIDE_DONE_TEXT}
      </p>
    );
  }
  return (
    <div className={styles.wrap}>
      <div ref={track} className={styles.track} aria-label="滑动验证">
        {/* No style attribute at rest: server HTML carries none, so the page CSP needs no inline-style allowance (ADR 009). */}
        <div className={styles.fill} style={offset > 0 ? { inlineSize: `${offset + HANDLE / 2}px` } : undefined} />
        <span className={styles.label}>{state === 'checking' ? '验证中…' : '请按住滑块，拖动到最右边'}</span>
        <div
          className={styles.handle}
          style={offset > 0 ? { transform: `translateX(${offset}px)` } : undefined}
          role="slider"
          aria-label="滑块"
          aria-describedby={describedBy}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((offset / (maxOffset() || 1)) * 100)}
          aria-valuetext={state === 'checking' ? '验证中' : `已移动 ${Math.round((offset / (maxOffset() || 1)) * 100)}%`}
          tabIndex={0}
          onKeyDown={key}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={() => void up()}
          onPointerCancel={() => void up()}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </div>
      </div>
      <p id={describedBy} className="visually-hidden">
        拖动滑块到最右边；也可以按右方向键，或在读屏时向上轻扫，一步步移到最右边
      </p>
      <p className={styles.hint} aria-live="polite">
        {hint}
      </p>
    </div>
  );
}
