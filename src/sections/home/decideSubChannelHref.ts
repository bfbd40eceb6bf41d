/**
 * Where a sub-channel icon leads (spec 2.4): an icon with its own api url opens /subchannel with the
 * encoded url; showtype 1 navigates to its columnpath; others open their column page with an empty noTab.
 */
import type { Channel } from '../../contract/news.ts';
import { BASE_PATH, safeUrl } from '../../lib/safeUrl.ts';

type SubChannel = Channel['sub'][number];

export function decideSubChannelHref(icon: SubChannel): string {
  if (icon.showtype === 1) {
    const path = safeUrl(icon.columnpath);
    if (path) return path;
  }
  if (icon.apiurl !== '') {
    const q = new URLSearchParams({ classId: String(icon.columnid), className: icon.classname, customApiUrl: icon.apiurl });
    return `${BASE_PATH}/subchannel?${q.toString()}`;
  }
  return `${BASE_PATH}/columns?columnId=${icon.columnid}&noTab=`;
}

/** Icons per page = linenum × showline (spec 9); linenum defaults to 4. */
export function pageIcons<T>(icons: readonly T[], linenum: number, showline: number): T[][] {
  const perRow = linenum > 0 ? linenum : 4;
  const perPage = perRow * (showline > 0 ? showline : 1);
  const pages: T[][] = [];
  for (let i = 0; i < icons.length; i += perPage) pages.push(icons.slice(i, i + perPage));
  return pages;
}
