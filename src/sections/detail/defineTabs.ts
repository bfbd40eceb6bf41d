/**
 * `<sc-tabs>`: a tab strip over panels. Without JavaScript every panel shows, one after the other;
 * with it, one panel at a time. The chosen tab is kept in the address hash so back/forward returns to it.
 */
class TabsElement extends HTMLElement {
  connectedCallback(): void {
    const tabs = [...this.querySelectorAll<HTMLElement>('[role="tab"]')];
    const panels = [...this.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
    if (tabs.length === 0) return;
    const select = (index: number): void => {
      tabs.forEach((tab, i) => {
        tab.setAttribute('aria-selected', i === index ? 'true' : 'false');
        tab.tabIndex = i === index ? 0 : -1;
      });
      panels.forEach((panel, i) => {
        panel.hidden = i !== index;
      });
    };
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', (event) => {
        event.preventDefault();
        select(i);
        history.replaceState(history.state, '', `#${panels[i]?.id ?? ''}`);
      });
    });
    const fromHash = panels.findIndex((p) => `#${p.id}` === location.hash);
    select(fromHash >= 0 ? fromHash : 0);
    this.classList.add('tabs-ready');
  }
}

export function defineTabs(): void {
  if (!customElements.get('sc-tabs')) customElements.define('sc-tabs', TabsElement);
}
