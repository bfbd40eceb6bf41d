import { describe, expect, it } from 'vitest';
import { htmlToText } from './htmlToText.ts';
import { escapeHtml, paragraphsHtml } from './escapeHtml.ts';

describe('escapeHtml', () => {
  it('turns every character that could open markup or end an attribute into an entity', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  });

  it('leaves Chinese text and plain punctuation as they are', () => {
    expect(escapeHtml('渝中区·解放碑，今天 18:00 开放')).toBe('渝中区·解放碑，今天 18:00 开放');
  });

  it('reads back as the same text through the one converter', () => {
    const typed = `a < b && c > "d" 'e'`;
    expect(htmlToText(`<p>${escapeHtml(typed)}</p>`)).toBe(typed);
  });
});

describe('paragraphsHtml', () => {
  it('makes each non-empty line one escaped paragraph, in order', () => {
    expect(paragraphsHtml('第一段\n\n  <b>第二段</b>  \n')).toBe('<p>第一段</p><p>&lt;b&gt;第二段&lt;/b&gt;</p>');
  });

  it('gives nothing for blank text', () => {
    expect(paragraphsHtml(' \n \n')).toBe('');
  });
});
