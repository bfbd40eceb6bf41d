import { describe, expect, it } from 'vitest';
import { htmlToText, oneLineText, paragraphTexts } from './htmlToText.ts';

describe('htmlToText', () => {
  it('keeps the words of a reply, one paragraph a line, entities decoded once', () => {
    expect(htmlToText('<p>步道全长 <strong>3.2</strong> 公里</p><p>A &amp; B &lt;c&gt; &amp;lt;</p>')).toBe('步道全长 3.2 公里\nA & B <c> &lt;');
  });
  it('drops every tag, script bodies stay text only', () => {
    expect(htmlToText('<img src=x onerror=alert(1)>好')).toBe('好');
  });
});

describe('paragraphTexts', () => {
  it('gives the text of each non-empty paragraph, tags dropped and entities decoded', () => {
    expect(paragraphTexts('<p>朝天门 <em>夜景</em></p><p> </p><p class="c">A &amp; B</p><div>不是段落</div>')).toEqual(['朝天门 夜景', 'A & B']);
  });

  it('keeps an empty paragraph in its place when asked, so a photo set’s later captions stay with their pictures', () => {
    expect(paragraphTexts('<p>朝天门</p><p> </p><p>洪崖洞</p>', { keepEmpty: true })).toEqual(['朝天门', '', '洪崖洞']);
  });
});

describe('oneLineText', () => {
  it('drops markup a feed escapes as well as markup it sends, and stray brackets', () => {
    expect(oneLineText('&lt;b onmouseover=alert(1)&gt;轨道 <i>27</i> 号线&lt;/b&gt; 开通 <', 50)).toBe('轨道 27 号线 开通');
  });
  it('folds control characters and white space to one space and cuts at max characters, not bytes', () => {
    expect(oneLineText('两江\u0000新区\n\n  夜景', 50)).toBe('两江 新区 夜景');
    expect(oneLineText('解放碑步行街😀人潮', 7)).toBe('解放碑步行街😀');
  });
});
