import { describe, expect, it } from 'vitest';
import { filterStyle, sanitizeHtml, sanitizeHtmlCached } from './sanitizeHtml.server.ts';

/** Hostile CMS HTML (security.md G53–G56, appendix 1) → what must never survive. */
const hostile: readonly [string, string, RegExp][] = [
  ['script tag', '<p>a<script>alert(1)</script>b</p>', /<script|alert/i],
  ['img onerror', '<img src=x onerror=alert(1)>', /onerror|alert/i],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
  ['entity-obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a>', /ascript:|alert/i],
  ['upper-case JaVaScRiPt: link', '<a href="JaVaScRiPt:alert(1)">x</a>', /script:/i],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
  ['data:text/html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:text|script/i],
  ['svg onload', '<svg onload=alert(1)><circle r="1"></circle></svg>', /onload|alert/i],
  ['svg script', '<svg><script>alert(1)</script></svg>', /script|alert/i],
  ['style expression', '<p style="width: expression(alert(1))">x</p>', /expression|alert|style=/i],
  ['style url() tracker', '<p style="background:url(https://tracker.example/p.gif)">x</p>', /url\(|tracker|style=/i],
  ['style fixed overlay', '<div style="position:fixed;inset:0;z-index:9999">x</div>', /position|fixed|style=/i],
  ['style tag', '<style>body{display:none}</style><p>x</p>', /<style|display/i],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta|evil/i],
  ['base tag', '<base href="https://evil.example/">', /<base|evil/i],
  ['form with password', '<form action="https://evil/"><input name="pw" type="password"><button>ok</button></form>', /<form|<input|<button|evil/i],
  ['textarea and select', '<textarea>x</textarea><select><option>1</option></select>', /<textarea|<select/i],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', /<object|<embed|swf/i],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', /onerror|alert/i],
  ['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', /onerror|alert/i],
  ['iframe from a foreign host', '<iframe src="https://evil.example/player"></iframe>', /<iframe|evil/i],
  ['iframe over http', '<iframe src="http://player.bilibili.com/player.html?bvid=1"></iframe>', /<iframe/i],
  ['protocol-relative iframe', '<iframe src="//player.bilibili.com/player.html"></iframe>', /<iframe/i],
  ['iframe javascript:', '<iframe src="javascript:alert(1)"></iframe>', /<iframe|alert/i],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', /srcdoc|alert/i],
  ['DOM clobbering', '<img name="getElementById"><a id="cookie">x</a>', /name="getElementById"|id="cookie"/],
  ['video javascript: poster', '<video src="/media/video/1.mp4" poster="javascript:alert(1)" controls></video>', /javascript|alert/i],
  ['inline event on a paragraph', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>', /onclick|onmouseover|alert/i],
  ['data-* attributes', '<p data-bind="alert(1)">x</p>', /data-bind/],
];

describe('sanitizeHtml', () => {
  it.each(hostile)('removes %s', (_name, input, forbidden) => {
    expect(sanitizeHtml(input)).not.toMatch(forbidden);
  });

  it.each([
    ['paragraphs, headings and a picture', '<p>重庆</p><h3>小标题</h3><img src="/media/news/1-c.svg" width="690" height="460" alt="图">'],
    ['lists and emphasis', '<ul><li><strong>一</strong></li><li><em>二</em></li></ul>'],
    ['a blockquote', '<blockquote>引文</blockquote>'],
  ])('keeps %s', (_name, input) => {
    const out = sanitizeHtml(input);
    expect(out.replace(/ loading="lazy"/g, '')).toBe(input);
  });

  it('adds rel and target to external links, protocol-relative included', () => {
    expect(sanitizeHtml('<a href="https://www.cqnews.net/a.html">a</a>')).toBe(
      '<a href="https://www.cqnews.net/a.html" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(sanitizeHtml('<a href="//evil.example/x">b</a>')).toContain('rel="noopener noreferrer nofollow"');
  });

  it('keeps internal links without target', () => {
    expect(sanitizeHtml('<a href="/shancheng/NewsDetail?classId=101&amp;newsId=2" target="_top">c</a>')).toBe(
      '<a href="/shancheng/NewsDetail?classId=101&amp;newsId=2">c</a>',
    );
  });

  it('keeps an https iframe from an allowlisted video host, sandboxed and without referrer', () => {
    const out = sanitizeHtml('<iframe src="https://player.bilibili.com/player.html?bvid=BV1" width="640" height="360" onload="x()" allow="camera"></iframe>');
    expect(out).toContain('src="https://player.bilibili.com/player.html?bvid=BV1"');
    expect(out).toContain('sandbox="allow-scripts allow-same-origin allow-presentation"');
    expect(out).toContain('referrerpolicy="no-referrer"');
    expect(out).not.toMatch(/onload|allow="camera"/);
  });

  it('keeps allowlisted style declarations only', () => {
    expect(sanitizeHtml('<p style="text-align:center; color:#d7000f; position:absolute">x</p>')).toBe('<p style="text-align: center; color: #d7000f">x</p>');
    expect(sanitizeHtml('<img src="/a.svg" style="width:100%;height:auto;float:left">')).toContain('style="width: 100%; height: auto"');
  });

  it('is idempotent: sanitizing its own output changes nothing', () => {
    const once = sanitizeHtml('<p style="color:red" onclick="x">a<a href="https://e.com">b</a><img src="/x.svg"></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });

  it.each([
    ['color: red; position: fixed', 'P', 'color: red'],
    ['width: 10px', 'P', ''],
    ['width: 10px', 'IMG', 'width: 10px'],
    ['color: red !important', 'P', 'color: red'],
    ['color: rgb(1, 2, 3)', 'P', 'color: rgb(1, 2, 3)'],
    ['color: \\72 ed', 'P', ''],
    ['font-weight: bold; background-image: url(x)', 'P', 'font-weight: bold'],
    ['color: red /* comment */', 'P', ''],
  ])('filterStyle(%j on %s) → %j', (style, tag, expected) => {
    expect(filterStyle(style, tag)).toBe(expected);
  });
});

describe('sanitizeHtmlCached', () => {
  it.each([
    ['<p onclick="x()">段落<script>alert(1)</script></p>'],
    ['<img src="javascript:alert(1)"><a href="//evil.example">外链</a>'],
    ['<iframe src="https://evil.example/"></iframe><p style="position:fixed;color:red">红</p>'],
    [''],
  ])('gives what sanitizeHtml gives, the first time and again: %s', (html) => {
    const expected = sanitizeHtml(html);
    expect(sanitizeHtmlCached(html)).toBe(expected);
    expect(sanitizeHtmlCached(html)).toBe(expected);
  });

  it('an input that differs by one character is sanitized afresh', () => {
    sanitizeHtmlCached('<p>安全</p>');
    expect(sanitizeHtmlCached('<p>安全</p><script>alert(1)</script>')).toBe(sanitizeHtml('<p>安全</p><script>alert(1)</script>'));
    expect(sanitizeHtmlCached('<p>安全</p><script>alert(1)</script>')).not.toContain('<script');
  });
});

describe('withEagerFirstImage', () => {
  it('takes the lazy loading off the first picture only and asks for it first (the article’s largest paint)', async () => {
    const { withEagerFirstImage } = await import('./sanitizeHtml.server.ts');
    const safe = sanitizeHtml('<p>导语</p><img src="/media/a.jpg" alt="一"><p>正文</p><img src="/media/b.jpg" alt="二">');
    expect(safe.match(/loading="lazy"/g)).toHaveLength(2);
    const eager = withEagerFirstImage(safe);
    const [first, second] = eager.match(/<img [^>]*>/g)!;
    expect(first).toContain('a.jpg');
    expect(first).toContain(' fetchpriority="high"');
    expect(first).not.toContain('loading=');
    expect(second).toBe(safe.match(/<img [^>]*>/g)![1]);
    expect(eager.replace(' fetchpriority="high"', '')).toBe(safe.replace(' loading="lazy"', ''));
    expect(eager.match(/loading="lazy"/g)).toHaveLength(1);
    expect(eager.indexOf('b.jpg')).toBeGreaterThan(eager.indexOf('loading="lazy"') - 40);
    expect(withEagerFirstImage('<p>没有图片</p>')).toBe('<p>没有图片</p>');
  });
});
