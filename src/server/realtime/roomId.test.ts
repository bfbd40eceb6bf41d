import { describe, expect, it } from 'vitest';
import { isRoomKey, newsRoomKey, roomKeyOf } from './roomId.ts';

describe('roomKeyOf', () => {
  it.each([
    ['live://1000', 'live:1000'],
    ['live://000000000001', 'live:1'],
    ['news://1:5', 'news:1:5'],
    ['news://01:0005', 'news:1:5'],
    ['news://12:434', 'news:12:434'],
  ])('maps %s to the room %s', (roomId, key) => {
    expect(roomKeyOf(roomId)).toBe(key);
  });

  it.each([
    '',
    'live://',
    'live://1234567890123',
    'live://12a',
    'live://1/../2',
    'LIVE://1',
    ' live://1',
    'live://1\n',
    'news://1',
    'news://1:',
    'news://1:2:3',
    'news://1234567890:1',
    'http://x',
    'news:1:5',
  ])('refuses %j', (roomId) => {
    expect(roomKeyOf(roomId)).toBeNull();
  });
});

describe('room keys', () => {
  it('newsRoomKey gives what publish accepts', () => {
    expect(newsRoomKey(1, 5)).toBe('news:1:5');
    expect(isRoomKey(newsRoomKey(1, 5))).toBe(true);
  });

  it.each(['news://1:5', 'news:01:5', 'live:x', 'news:1', 'chat:1', ''])('isRoomKey refuses %j', (key) => {
    expect(isRoomKey(key)).toBe(false);
  });
});
