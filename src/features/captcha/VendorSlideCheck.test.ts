// @vitest-environment jsdom
/**
 * The vendor's slider in the browser (ADR 008): the configured https script is loaded once, the
 * vendor's `nc` slider is rendered in scene activity_h5 into a mounted box, and its success hands
 * token, csessionid, sig, scene to the same callback as our own slider.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlideResult } from '../../contract/accounts.ts';
import { VendorSlideCheck } from './VendorSlideCheck.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SCRIPT = 'https://g.alicdn.com/AWSC/AWSC/awsc.js';
const DONE = '已经滑动验证过，如有问题请刷新页面！';

let host: HTMLDivElement;
let root: Root;
let observer: MutationObserver;
let inits: Array<Record<string, unknown>>;

/** Stands in for the network: a script added to <head> "loads" and defines the vendor's AWSC. */
function fakeVendorNetwork(): void {
  inits = [];
  observer = new MutationObserver((records) => {
    for (const node of records.flatMap((r) => [...r.addedNodes])) {
      if (!(node instanceof HTMLScriptElement)) continue;
      (window as unknown as { AWSC: unknown }).AWSC = {
        use(name: string, ready: (state: unknown, module: { init(o: Record<string, unknown>): unknown }) => void) {
          expect(name).toBe('nc');
          ready('loaded', {
            init(options) {
              inits.push(options);
              return { reset: vi.fn() };
            },
          });
        },
      };
      node.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.head, { childList: true });
}

async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  fakeVendorNetwork();
});
afterEach(() => {
  act(() => root.unmount());
  observer.disconnect();
  host.remove();
  document.head.replaceChildren();
  delete (window as unknown as { AWSC?: unknown }).AWSC;
});

describe('VendorSlideCheck', () => {
  it("loads the configured script, renders the vendor's slider in activity_h5 and emits its result", async () => {
    const onPassed = vi.fn<(r: SlideResult) => void>();
    act(() => root.render(createElement(VendorSlideCheck, { vendor: { appKey: 'FFFF0N0000TEST', scriptUrl: SCRIPT }, onPassed, resetKey: 0, doneText: DONE })));
    await flush();
    expect([...document.head.querySelectorAll('script')].map((s) => s.src)).toEqual([SCRIPT]);
    expect(inits).toHaveLength(1);
    const options = inits[0]!;
    expect(options).toMatchObject({ appkey: 'FFFF0N0000TEST', scene: 'activity_h5' });
    expect(document.getElementById(String(options['renderTo']))).not.toBeNull();
    expect(host.textContent).not.toContain('加载中');

    act(() => (options['success'] as (d: unknown) => void)({ sessionId: '01tKsession0001', sig: '05Xqrtsig==', token: 'FFFF0N0000TEST:activity_h5:1:0.5' }));
    expect(onPassed).toHaveBeenCalledWith({
      token: 'FFFF0N0000TEST:activity_h5:1:0.5',
      csessionid: '01tKsession0001',
      sig: '05Xqrtsig==',
      scene: 'activity_h5',
    });
    expect(host.querySelector('[role="status"]')?.textContent).toBe(DONE);
  });

  it('renders a fresh vendor slider when reset (a result is single use), loading the script only once', async () => {
    // Another address than the first test's: the loader remembers scripts for the page's lifetime.
    const props = { vendor: { appKey: 'K', scriptUrl: `${SCRIPT}?v=2` }, onPassed: vi.fn(), doneText: DONE };
    act(() => root.render(createElement(VendorSlideCheck, { ...props, resetKey: 0 })));
    await flush();
    act(() => root.render(createElement(VendorSlideCheck, { ...props, resetKey: 1 })));
    await flush();
    expect(inits).toHaveLength(2);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('never loads a script that is not https, and says the check could not load', async () => {
    act(() =>
      root.render(
        createElement(VendorSlideCheck, { vendor: { appKey: 'K', scriptUrl: 'http://evil.example/x.js' }, onPassed: vi.fn(), resetKey: 0, doneText: DONE }),
      ),
    );
    await flush();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(host.textContent).toContain('滑动验证加载失败，请检查网络后刷新页面');
  });
});
