/**
 * A page that must not be kept (spec 2.11: the rural home left for a lower-ranked kept-alive page) marks the
 * document before it is hidden; the shell's pagehide (startShell) then drops its scroll position instead of
 * saving it. One listener decides, so the order in which the page's and the shell's listeners run does not
 * matter.
 */
export const DROP_POSITION_ATTRIBUTE = 'data-drop-position';
