/**
 * The vendor's slider (CAPTCHA_PROVIDER=aliyun; ADR 008), shown instead of ours when the server names
 * the vendor: loads the vendor's AWSC script from the https address the server configured, renders its
 * `nc` slider in scene activity_h5 (spec 4) and hands token, csessionid, sig, scene to `onPassed`, the
 * same callback as our own slider. The server checks the result with the vendor (AuthenticateSig).
 *
 * The page's Content-Security-Policy must allow the script's host in script-src and frame-src while
 * the vendor is on (ADR 008).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { SLIDE_SCENE } from '../../contract/accountRules.ts';
import type { SlideResult, SlideVendor } from '../../contract/accounts.ts';
import styles from './SlideCheck.module.css';

interface VendorWidget {
  reset?: () => void;
}
interface VendorSuccess {
  sessionId: string;
  sig: string;
  token: string;
}
interface Awsc {
  use(name: 'nc', ready: (state: unknown, module: { init(options: Record<string, unknown>): VendorWidget }) => void): void;
}

const loading = new Map<string, Promise<void>>();

/** Adds the vendor's script once per page; only an https address is ever loaded. */
function loadVendorScript(src: string): Promise<void> {
  if (!src.startsWith('https://')) return Promise.reject(new Error('vendor script must be https'));
  let done = loading.get(src);
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error('vendor script failed to load'));
      };
      document.head.append(script);
    });
    loading.set(src, done);
  }
  return done;
}

interface Props {
  vendor: SlideVendor;
  onPassed: (result: SlideResult) => void;
  resetKey: number;
  doneText: string;
}

type State = 'loading' | 'ready' | 'passed' | 'failed';

export function VendorSlideCheck({ vendor, onPassed, resetKey, doneText }: Props) {
  const id = `sc-nc-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [state, setState] = useState<State>('loading');
  const passed = useRef(onPassed);
  passed.current = onPassed;

  useEffect(() => {
    let live = true;
    let widget: VendorWidget | undefined;
    setState('loading');
    loadVendorScript(vendor.scriptUrl)
      .then(() => {
        const awsc = (window as unknown as { AWSC?: Awsc }).AWSC;
        if (!awsc) throw new Error('vendor script has no AWSC');
        awsc.use('nc', (_state, module) => {
          if (!live) return;
          widget = module.init({
            appkey: vendor.appKey,
            scene: SLIDE_SCENE,
            renderTo: id,
            success: (data: VendorSuccess) => {
              if (!live) return;
              setState('passed');
              passed.current({ token: data.token, csessionid: data.sessionId, sig: data.sig, scene: SLIDE_SCENE });
            },
            // A failed drag: the vendor's slider shows its own retry.
            fail: () => undefined,
            error: () => {
              if (live) setState('failed');
            },
          });
          setState('ready');
        });
      })
      .catch(() => {
        if (live) setState('failed');
      });
    return () => {
      live = false;
      widget?.reset?.();
      // The vendor's nodes, not React's: the next init renders into an empty box.
      document.getElementById(id)?.replaceChildren();
    };
  }, [vendor.scriptUrl, vendor.appKey, id, resetKey]);

  return (
    <div className={state === 'passed' ? undefined : styles.wrap}>
      {/* Always mounted (hidden once solved), so the vendor always finds its box. */}
      <div id={id} aria-label="滑动验证" hidden={state === 'passed'} />
      {state === 'passed' && (
        <p className={styles.done} role="status">
          {doneText}
        </p>
      )}
      {state === 'loading' && <p className={styles.hint}>滑动验证加载中…</p>}
      {state === 'failed' && <p className={styles.hint}>滑动验证加载失败，请检查网络后刷新页面</p>}
    </div>
  );
}
