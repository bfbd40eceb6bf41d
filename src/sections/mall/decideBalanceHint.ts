/**
 * The line above 确认兑换 for a signed-in reader: their points and what an exchange leaves, or, when
 * the points fall short, how many are missing (a clamped 兑换后剩余 0 read as if the exchange would go).
 */
export function decideBalanceHint(balance: number | null, price: number): string {
  if (balance === null) return '正在查询我的积分…';
  if (balance < price) return `我的积分 ${balance}，还差 ${price - balance} 积分`;
  return `我的积分 ${balance}，兑换后剩余 ${balance - price}`;
}
