/**
 * The inline script that follows a first-screen ad slot (above and below the title). It shows the ad the
 * slot's counter points at while the page is still being parsed, so the reader never sees the first ad
 * painted and then swapped for another when the page script runs (above the title, the shown ad's picture is
 * asked for at once, as the first ad's is, not when lazy loading finds it). It only reads the counter: `defineAdSlot` (the module script)
 * picks the same ad from the same counter and advances it, as before. Any failure leaves the first ad.
 *
 * Hand-minified, one line: the exact text is hashed for the CSP in astro.config.mjs (ADR 009), and it is
 * in the HTML of every detail page (AdChooser.astro). adSlotInline.test.ts runs it against adRotation.ts.
 */
export const AD_SLOT_INLINE =
  '(function(s){try{var a=s.querySelectorAll("[data-ad]"),n=a.length,r=localStorage.getItem(s.dataset.key||""),' +
  'i=n&&r&&/^\\d{1,9}$/.test(r)?+r%n:0,g,j;if(!i)return;for(j=0;j<n;j++)a[j].hidden=j!==i;' +
  'g=a[i].querySelector("img");if(g&&s.hasAttribute("data-eager"))g.setAttribute("loading","eager")}catch(e){}})' +
  '(document.currentScript.previousElementSibling)';
