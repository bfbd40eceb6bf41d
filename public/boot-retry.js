// Loaded by the inline boot script (src/layouts/bootShell.ts) after a page script or style sheet of ours
// failed to load (spec 8 ChunkLoadError / CSS_CHUNK_LOAD_FAILED): a 加载失败，点击重试 button after each
// `sc-*` element with a control that never got its script, or one at the top for a style sheet. The boot
// script reloads on a tap on the button (or on any control of such an element).
(() => {
  const controls = 'button,input,select,textarea,summary,[role=button],[role=tab]';
  const retry = '<button type="button" class="sc-load-retry" data-boot-retry>加载失败，点击重试</button>';
  const show = () => {
    let placed = false;
    for (const el of document.querySelectorAll(':not(:defined)')) {
      if (!el.localName.startsWith('sc-') || !el.querySelector(controls)) continue;
      placed = true;
      if (!el.nextElementSibling?.hasAttribute('data-boot-retry')) el.insertAdjacentHTML('afterend', retry);
    }
    if (!placed && !document.querySelector('[data-boot-retry]')) document.body.insertAdjacentHTML('afterbegin', retry);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
  else show();
})();
