/**
 * The window event by which the page's one realtime socket (pageSocket.ts) says that its code has loaded, so that a
 * page script which must not load that code before the load event can join the socket then: the event's detail is
 * a `PageSocketJoin` (pageSocket.ts). It fires when a first listener joins (the page had none), before the socket
 * opens, so that a listener joining from the event rides on the same opening.
 *
 * In the shell chunk (astro.config.mjs): the socket's chunk and a page's own script both import it without joining
 * their chunks.
 */
export const PAGE_SOCKET_EVENT = 'shancheng:page-socket';
