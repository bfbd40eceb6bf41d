import { describe, expect, it } from 'vitest';
import { jumpData, parseJumpData } from './jumpData.ts';

describe('jumpData', () => {
  it.each([
    [
      { id: 12, classId: 3, dataType: 3, targetUrl: '', channelId: 1 },
      { dt: 3, cid: 3, nid: 12, cnId: 1 },
    ],
    [
      { id: 9, classId: 5, dataType: 7, targetUrl: 'https://example.com/a', channelId: 0 },
      { dt: 7, cid: 5, nid: 9, url: 'https://example.com/a' },
    ],
    [
      { id: 4, classId: -1, dataType: 5, targetUrl: '' },
      { dt: 5, cid: -1, nid: 4 },
    ],
  ])('round-trips %j', (item, descriptor) => {
    expect(parseJumpData(jumpData(item))).toEqual(descriptor);
  });
});

describe('parseJumpData', () => {
  it.each([
    ['not JSON', '{dt:3'],
    ['an array', '[3]'],
    ['no dt', '{"cid":1}'],
    ['a fractional dt', '{"dt":3.5}'],
    ['a string id', '{"dt":3,"nid":"5"}'],
    ['an object url', '{"dt":7,"url":{"href":"x"}}'],
    ['null', 'null'],
    ['missing', null],
  ])('refuses %s', (_name, text) => {
    expect(parseJumpData(text)).toBeNull();
  });

  it('drops unknown keys', () => {
    expect(parseJumpData('{"dt":59,"ext":"home","evil":"x"}')).toEqual({ dt: 59, ext: 'home' });
  });
});
