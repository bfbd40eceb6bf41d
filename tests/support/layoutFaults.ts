/**
 * Layout faults a reader sees when text grows (elder mode, the messenger's larger text): the page scrolling
 * sideways, text cut by its box without an ellipsis, and two pieces of text drawn over each other. Run in
 * the page (`page.evaluate(findLayoutFaults)`); each fault names the element(s) so a failure says where.
 *
 * Not faults: a deliberate cut with an ellipsis (`text-overflow: ellipsis`, a line clamp), a strip the
 * reader scrolls (overflow auto or scroll), the hidden-from-sight labels of screen readers, anything in a
 * fixed or sticky bar (the page scrolls under it by design), anything not shown (a closed fold, a
 * transparent layer) and the part of a box its clipping ancestor hides.
 */
export function findLayoutFaults(): string[] {
  const faults: string[] = [];
  const name = (el: Element): string => {
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
  };
  const root = document.documentElement;
  /** Inside a box that clips or scrolls sideways (a tab strip, a carousel): its overflow is not the page's. */
  const insideClip = (el: Element): boolean => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).overflowX !== 'visible') return true;
    return false;
  };
  if (root.scrollWidth > window.innerWidth + 1) {
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.checkVisibility() && !insideClip(el),
    );
    const culprit = wide.find((el) => !wide.some((other) => other !== el && el.contains(other)));
    faults.push(`the page scrolls sideways (${root.scrollWidth} px)${culprit ? `: ${name(culprit)}` : ''}`);
  }
  const inBar = (el: Element): boolean => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const pos = getComputedStyle(e).position;
      if (pos === 'fixed' || pos === 'sticky') return true;
    }
    return false;
  };
  const scrolls = (el: Element): boolean => {
    for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (/(auto|scroll)/.test(s.overflowX + s.overflowY) && e !== document.documentElement && e !== document.body) return true;
    }
    return false;
  };
  type Box = { left: number; right: number; top: number; bottom: number };
  /** The part of a box (one line of an inline element) its clipping ancestors let through (null when nothing shows). */
  const shown = (el: Element, r: DOMRect): Box | null => {
    let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = e.getBoundingClientRect();
      box = { left: Math.max(box.left, c.left), right: Math.min(box.right, c.right), top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom) };
    }
    return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
  };
  const texts: { el: Element; boxes: Box[] }[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    if (!hasText) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || el.closest('.visually-hidden, [hidden], [aria-hidden="true"]')) continue;
    // Each line of an inline element on its own: a link wrapped over two lines is two boxes, not one wide one.
    const boxes = [...el.getClientRects()].map((r) => shown(el, r)).filter((b): b is Box => b !== null);
    if (boxes.length === 0) continue;
    const style = getComputedStyle(el);
    if (inBar(el) || scrolls(el)) continue;
    const clipped = (s: CSSStyleDeclaration): boolean => /hidden|clip/.test(s.overflowX + s.overflowY);
    const deliberate = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none' || el.closest('sc-marquee') !== null;
    if (clipped(style) && !deliberate && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)) faults.push(`text cut: ${name(el)}`);
    texts.push({ el, boxes });
  }
  // Text over text: two text boxes crossing by more than 3 px each way (neither inside the other).
  for (let i = 0; i < texts.length; i += 1) {
    for (let j = i + 1; j < texts.length; j += 1) {
      const a = texts[i]!;
      const b = texts[j]!;
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const crossing = a.boxes.some((p) =>
        b.boxes.some((q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 3 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 3),
      );
      if (crossing) faults.push(`text over text: ${name(a.el)} and ${name(b.el)}`);
    }
  }
  return [...new Set(faults)].slice(0, 10);
}
