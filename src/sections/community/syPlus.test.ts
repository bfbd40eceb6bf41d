import { describe, expect, it } from 'vitest';
import { decideSyPlus } from './syPlus.ts';

describe('decideSyPlus', () => {
  it('takes an https URL and names its origin', () => {
    expect(decideSyPlus('https://plus.example.cn/h5/index.html?from=sc')).toEqual({
      url: 'https://plus.example.cn/h5/index.html?from=sc',
      origin: 'https://plus.example.cn',
    });
  });
  it('allows plain http only on localhost', () => {
    expect(decideSyPlus('http://localhost:5000/plus')?.origin).toBe('http://localhost:5000');
    expect(decideSyPlus('http://plus.example.cn/')).toBeNull();
  });
  it.each([undefined, '', '  ', 'javascript:alert(1)', 'data:text/html,x', '//plus.example.cn', 'not a url', 'https://user:pw@plus.example.cn/'])(
    'treats %j as not set',
    (raw) => {
      expect(decideSyPlus(raw)).toBeNull();
    },
  );
});
