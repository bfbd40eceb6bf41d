/**
 * Which budget row of ADR 001 a route's page is weighed against (scripts/budgetBytes.ts), from its section
 * and path. The app shell reads it too: a list page (≤ 45 KB of JS in all) carries nothing that would
 * break that row, such as the breaking-news banner's socket.
 */
import type { RouteEntry } from './routes.ts';

export type PageType = 'list' | 'detail' | 'interactive' | 'feed';

/** Discover pages whose posts are the feed island (≤ 15 KB JS before load, ≤ 130 KB in all). */
const DISCOVER_FEEDS = new Set(['/Discover', '/TopicDiscover', '/SelfDiscover', '/SearchDiscover', '/DetailDiscover']);

/** Rural pages with a form or feed island: server-rendered first, the island hydrates after load. */
const RURAL_FEEDS = new Set(['/yu-nong/country-bangbang', '/yu-nong/farmer-talk']);
/** Rural pages that are a reader's own form (专家答题: apply, or answer the questions of one's fields). */
const RURAL_FORMS = new Set(['/yu-nong/expert']);
/** An essay is a detail page (text, photos, the teacher's review; its like and comment island after load). */
const COMPOSITION_DETAILS = new Set(['/composition/compositionDetail', '/testcomposition']);

/** Composition pages whose essays are server-rendered with a list or interaction island after load (lists ≤ 15 KB JS before load); its forms (contribute, userCenter, TeacherReview) stay interactive. */
const COMPOSITION_FEEDS = new Set([
  '/composition/home',
  '/composition/List',
  '/composition/RankList',
  '/composition/RecommendList',
  '/composition/NewspapersList',
  '/composition/InformationList',
  '/composition/Teachers',
  '/composition/Schools',
  '/composition/StudentDetailPage',
  '/composition/TeacherDetailPage',
  '/composition/SchoolDetailPage',
  '/composition/TeacherCommentList',
  '/composition/TeacherCommentDetail',
  '/composition/SearchPage',
  '/compositionCommentList',
  '/interact/composition',
]);

/** Detail-section routes that are lists of a special (专题), not an article. */
const SPECIAL_LISTS = new Set(['/SpecialPage', '/Special', '/SpecialColumn']);
/** Home-tab routes that are a video player feed rather than a list. */
const PLAYER_PAGES = new Set(['/home/HomeFlowVideoPage']);
/** Bangbang routes that are item details (a question with its answers or reply, likes and comments), weighed as details. */
const BANG_DETAILS = new Set(['/BangBang/QA/detail', '/BangBang/politics/detail']);
/** Bangbang routes that are server-rendered lists without React (the politics board). */
const BANG_LISTS = new Set(['/BangBang/politics/index', '/BangBang/index', '/BangBang/serve/index', '/BangBang/SearchPage']);
/** More server-rendered board lists without React (ADR 010); the forms, exposure (tip form) and a group (join button) stay interactive. */
const BANG_MORE_LISTS = new Set([
  '/BangBang/QA/index',
  '/BangBang/QA/moreList',
  '/BangBang/QA/list',
  '/BangBang/QA/index/ask-special',
  '/BangBang/QA/index/ask-special/detail',
  '/BangBang/community/index',
  '/BangBang/community/commend',
  '/BangBang/helpYouExplain',
]);
/** News-section routes that are tools or forms rather than lists. */
const NEWS_TOOLS = new Set([
  '/Map',
  '/RedirectPage',
  '/Complaints-platform',
  '/business-cooperation/home',
  '/Complaints-platform/detail',
  '/Complaints-platform/new',
]);

/** The budget row of a route, from its section and path; null for the redirecting shell route. */
export function pageTypeOf(route: Pick<RouteEntry, 'section' | 'path'>): PageType | null {
  if (route.section === 'shell') return null;
  if (SPECIAL_LISTS.has(route.path)) return 'list';
  if (PLAYER_PAGES.has(route.path)) return 'detail';
  if (route.section === 'detail' || BANG_DETAILS.has(route.path)) return 'detail';
  if (BANG_LISTS.has(route.path) || BANG_MORE_LISTS.has(route.path)) return 'list';
  if (DISCOVER_FEEDS.has(route.path)) return 'feed';
  if (route.section === 'rural') return RURAL_FEEDS.has(route.path) ? 'feed' : RURAL_FORMS.has(route.path) ? 'interactive' : 'list';
  if (COMPOSITION_DETAILS.has(route.path)) return 'detail';
  if (COMPOSITION_FEEDS.has(route.path)) return 'feed';
  if (route.section === 'news') return NEWS_TOOLS.has(route.path) ? 'interactive' : 'list';
  if (route.section === 'home' || route.section === 'image') return 'list';
  // account, comment, discover, bangbang, composition, rural, mall, tabbar: forms, feeds and tools.
  return 'interactive';
}
