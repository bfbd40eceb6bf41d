import { describe, expect, it } from 'vitest';
import { attr, Html, markup } from './html.ts';

describe('markup', () => {
  it('escapes every value that is not already markup', () => {
    const title = `<img src=x onerror="alert('x')">&`;
    expect(markup`<h3>${title}</h3>`.toString()).toBe('<h3>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</h3>');
  });

  it('keeps markup built by markup or attr as it is, and nests', () => {
    const inner = markup`<b>${'a<b'}</b>`;
    expect(markup`<p${attr('title', '"q"')}>${inner}</p>`.toString()).toBe('<p title="&quot;q&quot;"><b>a&lt;b</b></p>');
  });

  it('renders nothing for false, null, undefined and the empty string, numbers as digits (0 too), arrays item by item', () => {
    const items = ['x', '<y>'].map((t) => markup`<li>${t}</li>`);
    expect(markup`[${false}${null}${undefined}${''}|${0}|${12}|${items}]`.toString()).toBe('[|0|12|<li>x</li><li>&lt;y&gt;</li>]');
  });

  it('does not take a plain string that merely looks like markup as markup', () => {
    expect(markup`${'<b>x</b>'}`.toString()).toBe('&lt;b&gt;x&lt;/b&gt;');
    expect(new Html('<b>x</b>').toString()).toBe('<b>x</b>');
  });
});

describe('attr', () => {
  it('is left out for undefined, null and false, bare for the empty string, and written with its value escaped otherwise', () => {
    expect(attr('target', undefined).toString()).toBe('');
    expect(attr('target', null).toString()).toBe('');
    expect(attr('target', false).toString()).toBe('');
    expect(attr('width', 0).toString()).toBe(' width="0"');
    expect(attr('data-domestic', '').toString()).toBe(' data-domestic');
    expect(attr('data-jump', '{"dt":3}').toString()).toBe(' data-jump="{&quot;dt&quot;:3}"');
    expect(attr('href', `/a?b=1&c=2" onclick="x`).toString()).toBe(' href="/a?b=1&amp;c=2&quot; onclick=&quot;x"');
  });
});
