import { plainDecimal, sumDecimals } from '@app/shared';

/** One coin a withdrawal request pays (the API's WithdrawalPaidAmount). */
export type PaidAmount = { coin: string; amount: string; fee: string; netAmount: string };

/** Which of a paid amount's figures a cell shows. */
export type PaidPart = 'amount' | 'fee' | 'netAmount';

/** The coins' order on screen: the order the signing file sends them in. */
const COIN_ORDER = ['HEC', 'ETH', 'ATEM'];

/**
 * Per coin, the exact total of what the requests pay (docs/domain.md, "What a principal
 * withdrawal pays"): a principal request's ETH counts as ETH, never folded into HEC. Coins
 * that no request pays in are left out.
 */
export function paidTotals(
  requests: ReadonlyArray<{ paidAmounts: readonly PaidAmount[] }>,
  part: PaidPart = 'amount',
): Array<{ coin: string; amount: string }> {
  const byCoin = new Map<string, string[]>();
  for (const r of requests)
    for (const p of r.paidAmounts) byCoin.set(p.coin, [...(byCoin.get(p.coin) ?? []), p[part]]);
  const rank = (coin: string) => {
    const i = COIN_ORDER.indexOf(coin);
    return i < 0 ? COIN_ORDER.length : i;
  };
  return [...byCoin.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([coin, values]) => ({ coin, amount: plainDecimal(sumDecimals(values)) }));
}
