import { addDecimals, compareDecimals, plainDecimal, subtractDecimals } from '@app/shared';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import { builder } from '../../graphql/builder';

/** One coin a request pays: gross (principal + reward), fee and net (gross - fee). */
export type PaidAmount = { coin: string; amount: string; fee: string; netAmount: string };

/** The columns paidAmounts reads (a list row and a user's history row both carry them). */
export type PaidAmountSource = {
  kind: WithdrawalKind;
  coinType: string;
  amount: string;
  fee: string;
  netAmount: string;
  /** A principal withdrawal's ETH parts (null for the other kinds). */
  ethPrincipal: string | null;
  ethReward: string | null;
  ethFee: string | null;
};

/**
 * What a request pays, per coin (docs/domain.md, "What a principal withdrawal pays"): its
 * coin's amount, and for a principal withdrawal also its ETH (principal + reward - fee).
 * A principal withdrawal lists only the coins it pays something in (an ETH plan's payment
 * pays 0 HEC), so an operator never reads "0 HEC" for a request that sends ETH; a request
 * that pays nothing at all keeps its own coin's line.
 */
export function paidAmounts(w: PaidAmountSource): PaidAmount[] {
  const own = { coin: w.coinType, amount: w.amount, fee: w.fee, netAmount: w.netAmount };
  if (w.kind !== 'payment_paid_value' || w.ethPrincipal === null || w.ethReward === null)
    return [own];
  const ethGross = addDecimals(w.ethPrincipal, w.ethReward);
  const ethFee = w.ethFee ?? '0';
  const eth = {
    coin: 'ETH',
    amount: plainDecimal(ethGross),
    fee: plainDecimal(ethFee),
    netAmount: plainDecimal(subtractDecimals(ethGross, ethFee)),
  };
  const paying = [own, eth].filter((p) => compareDecimals(p.amount, '0') > 0);
  return paying.length > 0 ? paying : [own];
}

export const PaidAmountRef = builder.objectRef<PaidAmount>('WithdrawalPaidAmount').implement({
  description:
    'One coin a request pays: amount (gross: principal + reward), fee and netAmount (amount - fee), in coin.',
  fields: (t) => ({
    coin: t.exposeString('coin', { description: 'HEC, ETH or ATEM.' }),
    amount: t.expose('amount', { type: 'Decimal' }),
    fee: t.expose('fee', { type: 'Decimal' }),
    netAmount: t.expose('netAmount', { type: 'Decimal' }),
  }),
});
