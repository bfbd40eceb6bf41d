/** Pasted HTML from Word, WPS and the web, before the editor parses it. */
import { describe, expect, it } from 'vitest';
import { cleanPaste } from './cleanPaste.ts';

describe('cleanPaste', () => {
  it.each([
    ['Word conditional comments and XML', '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--><p>正文</p>', '<p>正文</p>'],
    ['Word paragraph classes, styles and o:p', '<p class="MsoNormal" style="mso-line-height-rule:exactly">市民<o:p></o:p></p>', '<p>市民</p>'],
    ['style blocks', '<style>p{color:red}</style><p>段落</p>', '<p>段落</p>'],
    ['WPS empty paragraphs', '<p>甲</p><p>&nbsp;</p><p>乙</p>', '<p>甲</p><p>乙</p>'],
    ['web page spans with fonts', '<span style="font-family:宋体" lang="ZH-CN">字</span>', '<span>字</span>'],
    ['bold and links stay', '<p><b>重点</b><a href="https://example.com">链接</a></p>', '<p><b>重点</b><a href="https://example.com">链接</a></p>'],
  ])('%s', (_name, input, output) => {
    expect(cleanPaste(input)).toBe(output);
  });
});
