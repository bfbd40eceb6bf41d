/**
 * The VR viewer (/VRPage): a 360° panorama strip turned by the finger (a swipe across
 * the viewer turns half way round), by the phone's motion where the browser allows it (iOS asks first:
 * the 开启重力感应 button; elsewhere it starts by itself and stays silent where there is no sensor), by the
 * arrow keys on the focused picture and by the 左转/右转 buttons. No 3D library: the strip is shown three
 * times side by side and shifted with a CSS transform, its two ends meeting (the seed draws it so).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { dragTurn, facingLabel, motionTurn, normalizeDegrees, STEP_DEGREES, stripOffset } from './turnPanorama.ts';
import styles from './VrViewer.module.css';

interface Props {
  src: string;
  title: string;
}

/** iOS 13+: motion needs the reader's permission, asked from a tap. */
type PermissionAsking = typeof DeviceOrientationEvent & { requestPermission?: () => Promise<'granted' | 'denied'> };

export function VrViewer({ src, title }: Props) {
  const [yaw, setYaw] = useState(0);
  const [motion, setMotion] = useState(0);
  const [stripWidth, setStripWidth] = useState(0);
  const [askMotion, setAskMotion] = useState(false);
  const viewer = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLImageElement>(null);
  const drag = useRef<{ id: number; x: number } | null>(null);
  const startAlpha = useRef<number | null>(null);

  useEffect(() => {
    const img = strip.current;
    if (!img) return;
    const measure = (): void => setStripWidth(img.getBoundingClientRect().width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(img);
    return () => observer.disconnect();
  }, []);

  /** Listens to the phone's motion; `heard` runs on the first event, even one without readings. */
  function listenToMotion(heard?: () => void): () => void {
    const onOrientation = (e: DeviceOrientationEvent): void => {
      heard?.();
      if (e.alpha === null) return;
      if (startAlpha.current === null) startAlpha.current = e.alpha;
      setMotion(motionTurn(startAlpha.current, e.alpha));
    };
    window.addEventListener('deviceorientation', onOrientation);
    return () => window.removeEventListener('deviceorientation', onOrientation);
  }

  const stopMotion = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (typeof DeviceOrientationEvent === 'undefined') return;
    // Where the browser asks first (iOS), no event comes until the reader allows it: the button appears
    // then. A browser that sends events (even empty ones, from a computer without sensors) never shows it.
    const asks = typeof (DeviceOrientationEvent as PermissionAsking).requestPermission === 'function';
    let heard = false;
    stopMotion.current = listenToMotion(() => {
      heard = true;
      setAskMotion(false);
    });
    const timer = asks ? window.setTimeout(() => setAskMotion(!heard), 1000) : undefined;
    return () => {
      window.clearTimeout(timer);
      stopMotion.current?.();
    };
  }, []);

  async function allowMotion(): Promise<void> {
    setAskMotion(false);
    try {
      const answer = await (DeviceOrientationEvent as PermissionAsking).requestPermission?.();
      if (answer === 'granted') {
        stopMotion.current?.();
        stopMotion.current = listenToMotion();
      }
    } catch {
      // Refused or unavailable: the finger, keys and buttons still turn the view.
    }
  }

  const turn = (deg: number): void => setYaw((y) => normalizeDegrees(y + deg));

  function onPointerDown(e: PointerEvent<HTMLDivElement>): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX };
    e.currentTarget.setPointerCapture(e.pointerId);
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>): void {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const width = viewer.current?.clientWidth ?? 0;
    const dx = e.clientX - d.x;
    d.x = e.clientX;
    setYaw((y) => dragTurn(y, dx, width));
  }

  function onPointerEnd(e: PointerEvent<HTMLDivElement>): void {
    if (drag.current?.id === e.pointerId) drag.current = null;
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    if (e.key === 'ArrowLeft') turn(-STEP_DEGREES);
    else if (e.key === 'ArrowRight') turn(STEP_DEGREES);
    else return;
    e.preventDefault();
  }

  const facing = normalizeDegrees(yaw + motion);
  // Before the strip is measured (the server's HTML and the first render) it stands at its start.
  const shift = stripWidth > 0 ? stripOffset(facing, stripWidth) : 0;

  return (
    <figure className={styles.vr} data-vr-viewer data-yaw={Math.round(facing)}>
      <div
        ref={viewer}
        className={styles.viewer}
        tabIndex={0}
        role="slider"
        aria-label={`${title}，360度全景，可拖动或用左右方向键转动`}
        aria-valuemin={0}
        aria-valuemax={359}
        aria-valuenow={Math.round(facing) % 360}
        aria-valuetext={`视角 ${facingLabel(facing)}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        <div className={styles.strip} style={{ transform: `translate3d(${-shift}px, 0, 0)` }}>
          <img ref={strip} src={src} width="3072" height="768" alt={title} fetchPriority="high" draggable={false} />
          <img src={src} width="3072" height="768" alt="" aria-hidden="true" draggable={false} />
          <img src={src} width="3072" height="768" alt="" aria-hidden="true" draggable={false} />
        </div>
      </div>
      <figcaption className={styles.bar}>
        <button type="button" className={styles.turn} onClick={() => turn(-STEP_DEGREES)}>
          <span aria-hidden="true">‹ </span>左转
        </button>
        <span className={styles.hint}>
          VR 全景 · 拖动画面或转动手机环视 <span data-vr-facing>{facingLabel(facing)}</span>
        </span>
        <button type="button" className={styles.turn} onClick={() => turn(STEP_DEGREES)}>
          右转<span aria-hidden="true"> ›</span>
        </button>
      </figcaption>
      {askMotion && (
        <button type="button" className={styles.motion} onClick={() => void allowMotion()}>
          开启重力感应
        </button>
      )}
    </figure>
  );
}
