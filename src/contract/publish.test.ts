import { describe, expect, it } from 'vitest';
import { ArticleFields, checkReady, webAddress } from './publish.ts';

const placed = { title: '一篇足够长的标题', channelId: 1, classId: 2 };
const ready = (over: Record<string, unknown>, content = '') => checkReady(ArticleFields.parse({ ...placed, ...over }), content);

describe('checkReady', () => {
  it.each([
    ['a 图文 story without a body', { kind: 'article' }, '', ['正文至少 10 个字']],
    ['a 图文 story with one', { kind: 'article' }, '<p>这是一段足够长的正文内容。</p>', []],
    ['an external link without its address', { kind: 'link' }, '', ['请填写外链地址']],
    ['an external link with one (no body needed)', { kind: 'link', linkUrl: 'https://www.cqnews.net/' }, '', []],
    ['an empty photo set', { kind: 'photos' }, '', ['图集至少需要 1 张图片']],
    [
      'a photo set with an uncaptioned picture',
      { kind: 'photos', pictures: [{ url: '/media/a.png', caption: '说明' }, { url: '/media/b.png' }] },
      '',
      ['请填写第 2 张图片的说明'],
    ],
    [
      'a three-picture photo set card with two pictures',
      {
        kind: 'photos',
        showType: 1,
        pictures: [
          { url: '/media/a.png', caption: '一' },
          { url: '/media/b.png', caption: '二' },
        ],
      },
      '',
      ['三图样式需要至少 3 张图片'],
    ],
    ['a video with nothing', { kind: 'video' }, '', ['请填写视频地址', '请填写视频时长', '视频需要 1 张封面', '视频简介至少 10 个字']],
    [
      'a whole video',
      { kind: 'video', videoUrl: 'https://v.example.cn/a.mp4', videoTime: '03:25', covers: ['/media/c.png'], showType: 2 },
      '<p>视频的简介写在这里，十个字以上。</p>',
      [],
    ],
  ])('%s', (_, over, content, problems) => expect(ready(over, content)).toEqual(problems));
});

describe('webAddress', () => {
  it.each([
    ['https://www.cqnews.net/a?b=1#c', ['http:', 'https:'], 'https://www.cqnews.net/a?b=1#c'],
    ['http://www.cqnews.net/', ['http:', 'https:'], 'http://www.cqnews.net/'],
    ['http://www.cqnews.net/', ['https:'], null],
    ['javascript:alert(1)', ['http:', 'https:'], null],
    ['/shancheng/home/1', ['http:', 'https:'], null],
    ['https://u:p@www.cqnews.net/', ['http:', 'https:'], null],
  ])('%s (%j) → %s', (raw, schemes, out) => expect(webAddress(raw, schemes)).toBe(out));
});
