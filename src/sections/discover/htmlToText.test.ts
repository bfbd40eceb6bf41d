import { describe, expect, it } from 'vitest';
import { htmlToText } from './htmlToText.ts';

describe('htmlToText', () => {
  it('keeps the words of a reply, one paragraph a line, entities decoded once', () => {
    expect(htmlToText('<p>步道全长 <strong>3.2</strong> 公里</p><p>A &amp; B &lt;c&gt; &amp;lt;</p>')).toBe('步道全长 3.2 公里\nA & B <c> &lt;');
  });
  it('drops every tag, script bodies stay text only', () => {
    expect(htmlToText('<img src=x onerror=alert(1)>好')).toBe('好');
  });
});
