/**
 * Where a list item, banner or jump descriptor leads (spec 2.4 and the jump table of section 9). Paths
 * include the base path; external links pass the safe-URL gate or lead nowhere. Inside the app
 * webview the host app receives the same descriptor (spec 2.4: jumps go through the host app), so
 * `toJumpDescriptor` is the one mapping from list items to descriptors.
 */
import { BASE_PATH, safeUrl } from '../lib/safeUrl.ts';

export interface JumpTarget {
  href: string;
  external: boolean;
}

/** spec 3: Jump descriptor — dt data type, cid class id, nid news id, cnId channel id, url, ext. */
export interface JumpDescriptor {
  dt: number;
  cid?: number | undefined;
  nid?: number | undefined;
  cnId?: number | undefined;
  url?: string | undefined;
  ext?: string | undefined;
}

interface Linkable {
  id: number;
  classId: number;
  dataType: number;
  showType?: number;
  targetUrl: string;
  /** 'vr': a VR item, opened in the VR viewer (/VRPage). */
  category?: string;
}

/**
 * Rural pages of data types 31–38 (spec 9: "31 to 38 rural pages"), in the order of spec 2.9's children.
 * Eight types for thirteen pages: the pages an editor links to from a banner or an item get a type; the
 * search (reached from 乡村帮帮), sub-general-tab, markPage, credit and creditMore are reached from the
 * rural home's entries. 34 carries the column (cid → ?classId). Checked in src/routing/ruralJump.test.ts.
 */
export const RURAL_PAGES: Readonly<Record<number, string>> = {
  31: 'home',
  32: 'country-bangbang',
  33: 'farmer-talk',
  34: 'common-single-column-news-list',
  35: 'general-tab',
  36: 'rural',
  37: 'video-page',
  38: 'information',
};

/** The bottom tabs (spec 2.2), by numeric id (dt 46) and by name (dt 59). */
const TAB_PATHS: Readonly<Record<string, string>> = {
  '1': '/home/1',
  '2': '/syIframe/index',
  '3': '/BangBang/index',
  '4': '/interact',
  home: '/home/1',
  plus: '/syIframe/index',
  syIframe: '/syIframe/index',
  services: '/BangBang/index',
  BangBang: '/BangBang/index',
  interact: '/interact',
};

const internal = (path: string): JumpTarget => ({ href: `${BASE_PATH}${path}`, external: false });
const positive = (n: number | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
const integer = (n: number | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n !== 0;

function external(url: string | undefined): JumpTarget | null {
  const href = safeUrl(url);
  return href ? { href, external: !href.startsWith('/') } : null;
}

function detail(page: string, d: JumpDescriptor): JumpTarget | null {
  if (!integer(d.cid) || !positive(d.nid)) return null;
  return internal(`/${page}?classId=${d.cid}&newsId=${d.nid}`);
}

function byId(path: string, id: number | undefined): JumpTarget | null {
  return positive(id) ? internal(`${path}?id=${id}`) : null;
}

/** The whole jump table of spec section 9 (plus 2, 8, 18, 21 from the page data types of 2.11). */
export function decideJump(d: JumpDescriptor): JumpTarget | null {
  switch (d.dt) {
    case 1:
      return detail('LiveDetail', d);
    case 2:
      return detail('PictureDetail', d);
    case 3:
    case 4:
    case 50:
      return detail('NewsDetail', d);
    case 5:
    case 51:
      return integer(d.cid) ? internal(`/SpecialPage?classId=${d.cid}`) : null;
    case 7:
      return external(d.url);
    case 8:
      return detail('NewsVideoDetail', d);
    case 15:
      return byId('/BangBang/politics/detail', d.nid);
    case 16:
      return byId('/BangBang/QA/detail', d.nid);
    case 17:
      return byId('/BangBang/QA/index/ask-special/detail', d.nid);
    case 18:
      return byId('/BangBang/community/detail', d.nid);
    case 19:
      return internal('/BangBang/serve/index');
    case 20:
      return positive(d.nid) ? internal(`/BangBang/exposure/index?id=${d.nid}`) : internal('/BangBang/exposure/index');
    case 21:
      return detail('CoolVideo', d);
    case 22:
      return byId('/BangBang/QA/list', d.nid);
    case 31:
    case 32:
    case 33:
    case 35:
    case 36:
    case 37:
    case 38:
      return internal(`/yu-nong/${RURAL_PAGES[d.dt] ?? 'home'}`);
    case 34:
      return internal(`/yu-nong/common-single-column-news-list${positive(d.cid) ? `?classId=${d.cid}` : ''}`);
    case 39:
      return internal('/readNewspaper');
    case 40:
      return positive(d.cid) ? internal(`/columns?columnId=${d.cid}`) : null;
    case 41:
      return integer(d.cid) ? internal(`/home/${d.cid}`) : null;
    case 42:
      return positive(d.cid) ? internal(`/SelfDiscover?themeId=${d.cid}`) : internal('/Discover');
    case 43:
      return internal('/PublishDiscover');
    case 44:
      return internal('/hotNews');
    case 45:
      return internal('/siftView');
    case 46: {
      const path = positive(d.cid) ? TAB_PATHS[String(d.cid)] : undefined;
      return path ? internal(path) : null;
    }
    case 57:
      return internal('/BangBang/helpYouExplain');
    case 58:
      return positive(d.cid) ? internal(`/flowVideoPage?classId=${d.cid}`) : null;
    case 59: {
      const path = d.ext !== undefined && Object.hasOwn(TAB_PATHS, d.ext) ? TAB_PATHS[d.ext] : undefined;
      return path ? internal(path) : null;
    }
    default:
      return null;
  }
}

/** The descriptor of a list item or banner (spec 3: dt, cid, nid, url). */
export function toJumpDescriptor(item: Linkable): JumpDescriptor {
  return { dt: item.dataType, cid: item.classId, nid: item.id, url: item.targetUrl };
}

/**
 * List items (spec 2.4): 7 external, 1 live, 5 special, the others news detail — with pictures (2)
 * and videos (8) opening their own detail pages, and VR items (category vr) the VR viewer (/VRPage);
 * data types the table does not know read as news.
 */
export function decideItemJump(item: Linkable): JumpTarget | null {
  const d = toJumpDescriptor(item);
  if (item.category === 'vr' && item.dataType === 3) return detail('VRPage', d);
  if ([1, 2, 5, 7, 8].includes(item.dataType)) return decideJump(d);
  return decideJump({ ...d, dt: 3 });
}

/** Banners (spec 2.4 table): 3 is a video detail when a showType is set, otherwise news detail. */
export function decideBannerJump(banner: Linkable): JumpTarget | null {
  if (banner.dataType === 3) return decideJump({ ...toJumpDescriptor(banner), dt: banner.showType ? 8 : 3 });
  return decideItemJump(banner);
}
