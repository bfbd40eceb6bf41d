import { describe, expect, it } from 'vitest';
import { ArticleFields, checkReady, panoramaProblem, webAddress } from './publish.ts';

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
    ['a live with nothing', { kind: 'live' }, '', ['直播至少需要 1 个直播源', '请填写直播开始时间', '直播需要 1 张封面']],
    [
      'a live whose sources lack a name and an address',
      {
        kind: 'live',
        liveStart: '2026-12-01T11:30:00Z',
        covers: ['/media/c.png'],
        liveSources: [{ url: 'https://live.example.cn/a.m3u8' }, { name: '分会场' }],
      },
      '',
      ['请填写第 1 个直播源的名称', '请填写第 2 个直播源的地址'],
    ],
    [
      'a whole live (no brief needed, a big card from its cover)',
      {
        kind: 'live',
        showType: 2,
        liveStart: '2026-12-01T19:30:00+08:00',
        covers: ['/media/c.png'],
        liveSources: [{ name: '主会场', url: 'https://live.example.cn/a.m3u8' }],
      },
      '',
      [],
    ],
    [
      'a VR story with nothing, as a big card (its cover named once)',
      { kind: 'vr', showType: 2 },
      '',
      ['请上传全景图', 'VR 稿件需要 1 张封面', '正文至少 10 个字'],
    ],
    ['a whole VR story', { kind: 'vr', showType: 2, vrPicture: '/media/p.png', covers: ['/media/c.png'] }, '<p>转动画面看洪崖洞的吊脚楼灯火。</p>', []],
  ])('%s', (_, over, content, problems) => expect(ready(over, content)).toEqual(problems));
});

describe('ArticleFields for a live', () => {
  it.each([
    [{ liveSources: [{ name: '主会场', url: 'http://live.example.cn/a.m3u8' }] }, '直播源地址须是以 https:// 开头的网址'],
    [{ liveSources: [{ name: '主会场', url: 'javascript:alert(1)' }] }, '直播源地址须是以 https:// 开头的网址'],
    [{ liveSources: [{ name: '一二三四五六七八九十一', url: '' }] }, '直播源名称最多 10 字'],
    [{ liveSources: Array.from({ length: 7 }, () => ({ name: '源', url: '' })) }, '直播源最多 6 个'],
    [{ liveStart: '12月1日晚上' }, '直播开始时间不正确'],
    [{ liveType: 3 }, '直播状态不正确'],
  ])('refuses %o in Chinese', (over, message) => {
    const parsed = ArticleFields.safeParse({ kind: 'live', ...over });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
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

describe('panoramaProblem', () => {
  it.each([
    [4096, 2048, null],
    [3000, 1000, null],
    [2047, 1024, '全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 2047×1024'],
    [600, 400, '全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 600×400'],
  ])('%i×%i → %s', (width, height, out) => expect(panoramaProblem({ width, height })).toBe(out));
});
