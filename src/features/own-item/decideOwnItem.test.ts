import { describe, expect, it } from 'vitest';
import type { Essay } from '../../contract/composition.ts';
import type { ComplaintDetail } from '../../contract/interact.ts';
import type { Post } from '../../contract/discover.ts';
import type { PoliticsDetail, QuestionDetail } from '../../contract/bangbang.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';
import { decideOwnItem } from './decideOwnItem.ts';

describe('reviewStateText', () => {
  it.each([
    ['pending', '', '审核中'],
    ['rejected', '与栏目无关', '未通过：与栏目无关'],
    ['rejected', '', '未通过审核'],
    ['approved', '', ''],
  ])('%s with reason %j reads %j', (state, reason, text) => {
    expect(reviewStateText(state, reason)).toBe(text);
  });
});

describe('decideOwnItem', () => {
  const pictures = ['/media/uploads/a.webp', 'https://evil.example/x.png', '/media/../etc/passwd'];
  it.each([
    [
      'an essay in review',
      {
        kind: 'essay',
        data: {
          title: '我的老师',
          content: '第一段\n\n 第二段 ',
          pictures,
          reviewState: 'pending',
          rejectReason: '',
          createTime: '2026-11-20 10:00',
        } as unknown as Essay,
      },
      {
        pageTitle: '我的作文',
        label: '作文',
        title: '我的老师',
        state: '审核中',
        paragraphs: ['第一段', '第二段'],
        pictures: ['/media/uploads/a.webp'],
        time: '2026-11-20 10:00',
      },
    ],
    [
      "a refused post (titled as the reader's own)",
      { kind: 'post', data: { content: '晚霞', imageUrl: [], reviewState: 'rejected', rejectReason: '含广告', createTime: 't' } as unknown as Post },
      { pageTitle: '发现动态', label: '动态', title: '我的动态', state: '未通过：含广告', paragraphs: ['晚霞'], pictures: [], time: 't' },
    ],
    [
      'a question in review',
      {
        kind: 'question',
        data: { title: '怎么办？', content: '问', pictures: [], reviewState: 'pending', reviewReason: '', createTime: 't' } as unknown as QuestionDetail,
      },
      { pageTitle: '我的提问', label: '问答', title: '怎么办？', state: '审核中', paragraphs: ['问'], pictures: [], time: 't' },
    ],
    [
      'a 问政 item names its department',
      {
        kind: 'politics',
        data: {
          title: '路灯',
          content: '坏了',
          pictures: [],
          department: '城管局',
          reviewState: 'pending',
          reviewReason: '',
          createTime: 't',
        } as unknown as PoliticsDetail,
      },
      { pageTitle: '我的问政', label: '问政 · 城管局', title: '路灯', state: '审核中', paragraphs: ['坏了'], pictures: [], time: 't' },
    ],
    [
      'a complaint is titled by the shop',
      {
        kind: 'complaint',
        data: {
          platform: '抖音',
          shopName: '好物店',
          content: '货不对板',
          pictures: [],
          reviewState: 'approved',
          reviewReason: '',
          createTime: 't',
        } as unknown as ComplaintDetail,
      },
      { pageTitle: '我的投诉', label: '投诉 · 抖音', title: '好物店', state: '', paragraphs: ['货不对板'], pictures: [], time: 't' },
    ],
  ] as const)('%s', (_name, item, shown) => {
    expect(decideOwnItem(item)).toEqual(shown);
  });
});
