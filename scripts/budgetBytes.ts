/**
 * The byte budgets of ADR 001 and how a page is weighed against them: what a phone downloads on a
 * first visit, gzip as sent by the real server. Shared by tests/budgets/budgets.test.ts (which enforces
 * them) and scripts/bench.ts (which prints them beside the timings).
 *
 * What is counted, per page:
 * - html: the page as sent with `Accept-Encoding: gzip` (bytes on the wire);
 * - firstScreen: the gzip size (level 6, as the server sends pages) of the HTML from its first byte
 *   through the end of the first screen, which is
 *     list pages:   the end of the 10th item of the page's news list (the first `[data-list]` element;
 *                   the end of that list when it has fewer items),
 *     detail pages: the end of the first paragraph of the article (first `</p>` inside the first
 *                   `<article>`), so the headline, the meta line and the body's start;
 *   and, when the page has no such marker, through `</main>` (the whole content: the strictest reading).
 *   14 KB is what the first round trip of a new TCP connection carries (initial window of 10 segments).
 * - jsBeforeLoad: every script that runs before the load event — inline `<script>` bodies (gzip of
 *   their concatenation), `<script src>` and `<link rel="modulepreload">` files, and everything they
 *   import statically, recursively;
 * - jsTotal: jsBeforeLoad plus the islands' code (`<astro-island>` component, renderer and
 *   before-hydration URLs, hydrated on idle/visible) and every module reachable by dynamic import;
 * - css: stylesheet files the page links (reported, not budgeted);
 * - renderBlocking: classic `<script src>` without async/defer (must be none).
 */
import { request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { RouteEntry } from '../src/routing/routes.ts';

export type { PageType } from '../src/routing/pageType.ts';
import { pageTypeOf, type PageType } from '../src/routing/pageType.ts';
export { pageTypeOf };

export interface Budget {
  /** All JavaScript the page can load (gzip bytes). */
  js: number;
  /** JavaScript that runs before the load event. */
  jsBeforeLoad?: number;
  html?: number;
  firstScreen?: number;
}

const KB = 1024;

/** The budgets table of ADR 011 (replacing ADR 001's; gzip, first load; ADR 001 "Fifth round"). */
export const BUDGETS: Record<PageType, Budget> = {
  // home, channel, column, county, hot list, special and topic lists: swiper arrives after first paint.
  list: { js: 45 * KB, jsBeforeLoad: 15 * KB, html: 30 * KB, firstScreen: 14 * KB },
  // article, picture, video, live, bangbang details: the React islands hydrate after load.
  detail: { js: 100 * KB, jsBeforeLoad: 25 * KB, html: 60 * KB, firstScreen: 14 * KB },
  // login, compose, bangbang forms, discover feed, mall.
  interactive: { js: 130 * KB },
  // the discover feed pages: the first page server-rendered, the feed island hydrates after load.
  feed: { js: 130 * KB, jsBeforeLoad: 15 * KB },
};

/**
 * Pages whose whole-JS budget differs from their row's: the photo set's full-screen viewer
 * (swiper with its Zoom module) comes by dynamic import on the first tap, so /PictureDetail may weigh the
 * interactive budget in all while staying a detail page before load (ADR 001 "Picture viewer").
 */
export const ROUTE_BUDGETS: Readonly<Record<string, Budget>> = {
  '/PictureDetail': { ...BUDGETS.detail, js: BUDGETS.interactive.js },
};

/** The budget a page is held to: its route's own, else its type's row. */
export function budgetOf(page: Pick<PageBytes, 'path' | 'type'>): Budget {
  return ROUTE_BUDGETS[page.path] ?? BUDGETS[page.type];
}

export interface ScriptBytes {
  url: string;
  gzip: number;
  when: 'before-load' | 'after-load';
}

export interface PageBytes {
  path: string;
  url: string;
  type: PageType;
  html: number;
  htmlRaw: number;
  firstScreen: number;
  /** Which rule ended the first screen ('list', 'article' or 'main'). */
  firstScreenEnd: 'list' | 'article' | 'main' | 'document';
  inlineJs: number;
  jsBeforeLoad: number;
  jsTotal: number;
  css: number;
  renderBlocking: string[];
  scripts: ScriptBytes[];
  /** Image, font and preload rules of ADR 001 the page breaks (see `pageProblems`). */
  problems: string[];
}

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
  body: Buffer;
}

/** A GET with `Accept-Encoding: gzip`, no redirects followed; wire bytes and decoded body. */
export function fetchGzip(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    // new URL() percent-encodes non-ASCII query values (e.g. search=重庆) as a browser would.
    request(new URL(url), { agent: false, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

function gzipSize(text: string): number {
  return gzipSync(Buffer.from(text), { level: 6 }).length;
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!m) return null;
  return (m[2] ?? m[3] ?? m[4] ?? '').replace(/&amp;/g, '&');
}

function hasAttr(tag: string, name: string): boolean {
  return new RegExp(`\\s${name}(\\s|=|>|/)`, 'i').test(tag);
}

/** End offset (exclusive) of the first screen and the rule that ended it. */
export function firstScreenEnd(html: string, type: PageType): { end: number; rule: PageBytes['firstScreenEnd'] } {
  if (type === 'list') {
    const listAt = html.search(/<(ul|ol)\b[^>]*\sdata-list[\s>=]/i);
    if (listAt !== -1) {
      const open = html.indexOf('>', listAt) + 1;
      const tag = /<(\/?)(li|ul|ol)\b[^>]*>/gi;
      tag.lastIndex = open;
      let depth = 0;
      let items = 0;
      for (let m = tag.exec(html); m; m = tag.exec(html)) {
        const closing = m[1] === '/';
        if (!closing) {
          depth += 1;
          continue;
        }
        if (depth === 0) return { end: m.index + m[0].length, rule: 'list' }; // the list itself closed
        depth -= 1;
        if (depth === 0 && m[2]?.toLowerCase() === 'li') {
          items += 1;
          if (items === 10) return { end: m.index + m[0].length, rule: 'list' };
        }
      }
    }
  }
  if (type === 'detail') {
    const articleAt = html.search(/<article\b/i);
    if (articleAt !== -1) {
      const p = html.indexOf('</p>', articleAt);
      const articleEnd = html.indexOf('</article>', articleAt);
      if (p !== -1 && (articleEnd === -1 || p < articleEnd)) return { end: p + 4, rule: 'article' };
    }
  }
  const main = html.indexOf('</main>');
  if (main !== -1) return { end: main + '</main>'.length, rule: 'main' };
  return { end: html.length, rule: 'document' };
}

const STATIC_IMPORT = /\bfrom\s*["']([^"']+\.m?js)["']|\bimport\s*["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;
/** Vite lists the dependencies of a dynamic import as base-relative paths in `__vite__mapDeps`. */
const MAP_DEPS = /__vite__mapDeps[\s\S]{0,200}?\[((?:\s*["'][^"']+["']\s*,?)+)\]/g;

export function importsOf(code: string, from: string, base: string): { staticUrls: string[]; dynamicUrls: string[] } {
  const staticUrls: string[] = [];
  const dynamicUrls: string[] = [];
  for (const m of code.matchAll(STATIC_IMPORT)) staticUrls.push(new URL(m[1] ?? m[2] ?? '', from).href);
  for (const m of code.matchAll(DYNAMIC_IMPORT)) dynamicUrls.push(new URL(m[1] ?? '', from).href);
  for (const m of code.matchAll(MAP_DEPS)) {
    for (const dep of (m[1] ?? '').matchAll(/["']([^"']+)["']/g)) {
      if (/\.m?js$/.test(dep[1] ?? '')) dynamicUrls.push(new URL(dep[1] ?? '', base).href);
    }
  }
  return { staticUrls, dynamicUrls };
}

/** Weighs one page already known to answer 200 HTML at `url`. */
export async function measurePage(origin: string, path: string, url: string, type: PageType): Promise<PageBytes> {
  const page = await fetchGzip(origin + url);
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  const html = page.body.toString('utf8');
  const pageUrl = origin + url;
  const base = `${origin}/shancheng/`;
  const cut = firstScreenEnd(html, type);

  const beforeLoad: string[] = [];
  const afterLoad: string[] = [];
  const renderBlocking: string[] = [];
  const inline: string[] = [];
  const cssUrls: string[] = [];
  const headEnd = html.search(/<\/head>/i);

  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${m[1] ?? ''}>`;
    const type = (attr(tag, 'type') ?? '').toLowerCase();
    if (type !== '' && type !== 'module' && !type.includes('javascript')) continue; // JSON data, templates
    const src = attr(tag, 'src');
    if (src) {
      const abs = new URL(src, pageUrl).href;
      beforeLoad.push(abs);
      const blocking = type !== 'module' && !hasAttr(tag, 'async') && !hasAttr(tag, 'defer');
      if (blocking && (headEnd === -1 || (m.index ?? 0) < headEnd)) renderBlocking.push(src);
    } else if ((m[2] ?? '').trim() !== '') {
      inline.push(m[2] ?? '');
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase();
    const href = attr(m[0], 'href');
    if (!href) continue;
    if (rel === 'modulepreload') beforeLoad.push(new URL(href, pageUrl).href);
    if (rel === 'stylesheet') cssUrls.push(new URL(href, pageUrl).href);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const u = attr(m[0], name);
      if (u) afterLoad.push(new URL(u, pageUrl).href);
    }
  }

  const inlineCode = inline.join('\n');
  const seen = new Map<string, ScriptBytes>();
  const walk = async (start: string[], when: ScriptBytes['when'], lazy: string[]): Promise<void> => {
    const queue = [...start];
    while (queue.length > 0) {
      const next = queue.shift() as string;
      if (seen.has(next) || !next.startsWith(origin)) continue;
      const res = await fetchGzip(next);
      if (res.status !== 200) throw new Error(`${url} loads ${next}, which answered ${res.status}`);
      seen.set(next, { url: next.slice(origin.length), gzip: res.wire.length, when });
      const { staticUrls, dynamicUrls } = importsOf(res.body.toString('utf8'), next, base);
      queue.push(...staticUrls);
      lazy.push(...dynamicUrls);
    }
  };
  const lazy: string[] = [];
  const inlineImports = importsOf(inlineCode, pageUrl, base);
  await walk([...beforeLoad, ...inlineImports.staticUrls], 'before-load', lazy);
  await walk([...afterLoad, ...inlineImports.dynamicUrls, ...lazy], 'after-load', lazy);
  // Modules the after-load code imports dynamically in turn.
  await walk(lazy, 'after-load', lazy);

  let css = 0;
  const cssTexts: string[] = [];
  for (const c of cssUrls) {
    const res = await fetchGzip(c);
    css += res.wire.length;
    cssTexts.push(res.body.toString('utf8'));
  }

  const scripts = [...seen.values()];
  const inlineJs = inlineCode === '' ? 0 : gzipSize(inlineCode);
  const jsBeforeLoad = inlineJs + scripts.filter((s) => s.when === 'before-load').reduce((n, s) => n + s.gzip, 0);
  const jsTotal = inlineJs + scripts.reduce((n, s) => n + s.gzip, 0);
  return {
    path,
    url,
    type,
    html: page.wire.length,
    htmlRaw: page.body.length,
    firstScreen: gzipSize(html.slice(0, cut.end)),
    firstScreenEnd: cut.rule,
    inlineJs,
    jsBeforeLoad,
    jsTotal,
    css,
    renderBlocking,
    scripts,
    problems: pageProblems(
      html,
      type,
      cssTexts,
      scripts.filter((x) => x.when === 'before-load').map((x) => x.url),
    ),
  };
}

/**
 * ADR 001's rules for images, fonts and preloads, checked on the HTML (and the CSS it links):
 * every `<img>` has width and height (no layout shift); at most one image has `fetchpriority="high"`
 * and it is never lazy; the first image of the content, when inside the first screen, is never lazy,
 * and on list pages it is the one with high priority; no web fonts (`@font-face`, font preloads); every `<link rel=preload>` or
 * `modulepreload` names something the page uses before load.
 */
export function pageProblems(html: string, type: PageType, cssTexts: readonly string[], beforeLoadScripts: readonly string[]): string[] {
  const problems: string[] = [];
  const imgs = [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => ({ tag: m[0], at: m.index ?? 0 }));
  for (const { tag } of imgs) {
    if (!hasAttr(tag, 'width') || !hasAttr(tag, 'height')) problems.push(`image without width and height: ${tag.slice(0, 120)}`);
  }
  const high = imgs.filter(({ tag }) => (attr(tag, 'fetchpriority') ?? '').toLowerCase() === 'high');
  if (high.length > 1) problems.push(`${high.length} images with fetchpriority="high" (one at most)`);
  for (const { tag } of high) {
    if ((attr(tag, 'loading') ?? '').toLowerCase() === 'lazy') problems.push(`high-priority image loads lazily: ${tag.slice(0, 120)}`);
  }
  // The first image of the content, when it lies inside the first screen as defined above (a page
  // without a first-screen marker cannot say where its fold is, so its images are not judged here).
  const mainAt = html.search(/<main\b/i);
  const screen = firstScreenEnd(html, type);
  const first = imgs.find(({ at }) => mainAt !== -1 && at > mainAt);
  if (first && (screen.rule === 'list' || screen.rule === 'article') && first.at < screen.end) {
    if ((attr(first.tag, 'loading') ?? '').toLowerCase() === 'lazy') problems.push(`first image of the content loads lazily: ${first.tag.slice(0, 120)}`);
    if (type === 'list' && (attr(first.tag, 'fetchpriority') ?? '').toLowerCase() !== 'high') {
      problems.push(`first image of the list page lacks fetchpriority="high": ${first.tag.slice(0, 120)}`);
    }
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
  if ([...cssTexts, ...inlineCss].some((c) => /@font-face/i.test(c))) problems.push('web font (@font-face)');
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase();
    const href = attr(m[0], 'href') ?? '';
    if (rel !== 'preload' && rel !== 'modulepreload' && rel !== 'prefetch') continue;
    if ((attr(m[0], 'as') ?? '').toLowerCase() === 'font') {
      problems.push(`font preload: ${href}`);
      continue;
    }
    const path = new URL(href, 'http://x/shancheng/').pathname;
    const rest = html.slice(0, m.index ?? 0) + html.slice((m.index ?? 0) + m[0].length);
    const used = beforeLoadScripts.some((u) => u.split('?')[0] === path) || rest.includes(`"${href}"`) || rest.includes(`"${path}"`);
    if (!used) problems.push(`${rel} of something the page does not use before load: ${href}`);
  }
  return problems;
}

export interface MeasureResult {
  pages: PageBytes[];
  /** Routes whose example did not answer 200 HTML (not built yet): path → status. */
  absent: { path: string; status: number }[];
}

/** Weighs every route whose example URL answers 200 HTML (the others are not built yet). */
export async function measureRoutes(origin: string, routeList: readonly RouteEntry[]): Promise<MeasureResult> {
  const pages: PageBytes[] = [];
  const absent: MeasureResult['absent'] = [];
  for (const route of routeList) {
    const type = pageTypeOf(route);
    if (type === null) continue;
    const url = `/shancheng${route.example}`;
    const probe = await fetchGzip(origin + url);
    const contentType = String(probe.headers['content-type'] ?? '');
    if (probe.status !== 200 || !contentType.startsWith('text/html')) {
      absent.push({ path: route.path, status: probe.status });
      continue;
    }
    pages.push(await measurePage(origin, route.path, url, type));
  }
  return { pages, absent };
}

/** The budget lines a page exceeds (empty when within all of them). */
export function overBudget(page: PageBytes): string[] {
  const budget = budgetOf(page);
  const over: string[] = [];
  const check = (label: string, value: number, limit: number | undefined): void => {
    if (limit !== undefined && value > limit) over.push(`${page.path}: ${label} ${kb(value)} > ${kb(limit)}`);
  };
  check('JS', page.jsTotal, budget.js);
  check('JS before load', page.jsBeforeLoad, budget.jsBeforeLoad);
  check('HTML', page.html, budget.html);
  check('first screen of HTML', page.firstScreen, budget.firstScreen);
  if (page.renderBlocking.length > 0) over.push(`${page.path}: render-blocking scripts ${page.renderBlocking.join(', ')}`);
  return over;
}

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function limit(value: number | undefined): string {
  return value === undefined ? '—' : kb(value);
}

/** A Markdown table of the measured pages and their budgets. */
export function bytesTable(pages: readonly PageBytes[]): string {
  const lines = [
    '| page | type | JS total (budget) | JS before load (budget) | HTML (budget) | first screen (budget) | CSS |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const p of pages) {
    const b = budgetOf(p);
    lines.push(
      `| ${p.url.replace('/shancheng', '')} | ${p.type} | ${kb(p.jsTotal)} (${limit(b.js)}) | ${kb(p.jsBeforeLoad)} (${limit(b.jsBeforeLoad)}) | ${kb(p.html)} (${limit(b.html)}) | ${kb(p.firstScreen)} to ${p.firstScreenEnd} (${limit(b.firstScreen)}) | ${kb(p.css)} |`,
    );
  }
  return lines.join('\n');
}
