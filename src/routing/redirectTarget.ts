/**
 * Where /RedirectPage sends a reader: a messenger OAuth return (code + state) goes on to the login page
 * that finishes it; a jump descriptor (dt cid nid cnId url ext, spec 9's table) goes where decideJump
 * says; a plain `redirect` path stays under the base. External targets must be https on an allowlisted
 * host (the group's own sites, the 山城+ origin); anything else is refused, never followed.
 */
import { BASE_PATH, safeRedirectPath } from '../lib/safeUrl.ts';
import { decideJump, type JumpDescriptor } from './jump.ts';

/** The group's own sites; a host matches itself and its subdomains. */
export const REDIRECT_HOSTS: readonly string[] = ['cqnews.net', 'cqrb.cn', 'ccwb.cn'];

export type RedirectDecision = { kind: 'go'; href: string } | { kind: 'refused'; reason: string };

const int = (raw: string | null): number | undefined => (raw !== null && /^-?\d{1,10}$/.test(raw) ? Number(raw) : undefined);

export function allowedExternal(href: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  return REDIRECT_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

export function decideRedirect(params: URLSearchParams, extraOrigins: readonly string[] = []): RedirectDecision {
  const code = params.get('code');
  const state = params.get('state');
  if (code !== null && state !== null) {
    // The OAuth return: the login page exchanges the code (src/sections/accounts), then goes on.
    const q = new URLSearchParams({ code, state, redirect: safeRedirectPath(params.get('redirect')) });
    return { kind: 'go', href: `${BASE_PATH}/LoginPage?${q.toString()}` };
  }
  const dt = int(params.get('dt'));
  if (dt !== undefined) {
    const d: JumpDescriptor = {
      dt,
      cid: int(params.get('cid')),
      nid: int(params.get('nid')),
      cnId: int(params.get('cnId')),
      url: params.get('url') ?? undefined,
      ext: params.get('ext') ?? undefined,
    };
    const target = decideJump(d);
    if (!target) return { kind: 'refused', reason: '这个链接的参数不完整或已失效' };
    if (target.external && !allowedExternal(target.href, extraOrigins)) return { kind: 'refused', reason: '这个外部链接不在山城新闻允许打开的范围内' };
    return { kind: 'go', href: target.href };
  }
  const redirect = params.get('redirect');
  if (redirect !== null) return { kind: 'go', href: safeRedirectPath(redirect) };
  return { kind: 'refused', reason: '没有要打开的页面' };
}
