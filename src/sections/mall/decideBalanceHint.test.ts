import { describe, expect, it } from 'vitest';
import { decideBalanceHint } from './decideBalanceHint.ts';

describe('decideBalanceHint', () => {
  it.each([
    ['says it is still asking while the balance is unknown', null, 5, '正在查询我的积分…'],
    ['shows what an exchange leaves', 120, 100, '我的积分 120，兑换后剩余 20'],
    ['shows 0 left when the points match the price exactly', 100, 100, '我的积分 100，兑换后剩余 0'],
    ['says how many points are missing instead of 兑换后剩余 0', 0, 5, '我的积分 0，还差 5 积分'],
    ['counts the missing points from the balance', 3800, 6800, '我的积分 3800，还差 3000 积分'],
  ])('%s', (_, balance, price, hint) => {
    expect(decideBalanceHint(balance, price)).toBe(hint);
  });
});
