import type { TFunction } from 'i18next';
import { amountDigits, exactAmountText } from './amount';

/**
 * The sentences of the confirmations where a click cannot be undone (issue 35): each one
 * sentence of the admin's language built from its parameters (never a sentence pasted into
 * another), and the amounts in it exact, whole, with their digits grouped, since the operator
 * decides on them (docs/domain.md, "Money on screen").
 */

/** Exact per-coin totals as one list: '300 HEC、1.050 000 000 000 000 001 ETH'. */
function coinTotalsSentence(
  t: TFunction,
  totals: ReadonlyArray<{ coin: string; amount: string }>,
): string {
  return totals
    .map((x) => exactAmountText(x.amount, x.coin))
    .join(t('confirmations.listSeparator'));
}

/** "Approve N withdrawal requests (total: …)?": the count and what they pay per coin. */
export function approveSentence(
  t: TFunction,
  count: number,
  totals: ReadonlyArray<{ coin: string; amount: string }>,
): string {
  return totals.length > 0
    ? t('confirmations.approveWithTotals', { count, totals: coinTotalsSentence(t, totals) })
    : t('confirmations.approve', { count });
}

/** An import total by its name ('paidUsd', 'assetHEC'), exact; the name holds the unit. */
export function importTotalText(name: string, value: string): string {
  // USD keeps its cents.
  return exactAmountText(value, undefined, amountDigits(/usd/i.test(name) ? 'USD' : ''));
}

/** A CSV import's apply: what the check found (rows, the records changed) and its totals. */
export function importSentence(
  t: TFunction,
  kind: 'payments' | 'rates',
  report: { rows: number; count: number; totals: ReadonlyArray<{ name: string; value: string }> },
): string {
  const totals = report.totals
    .map((x) =>
      t('confirmations.namedTotal', {
        name: t(`transactions.totals.${x.name}`, x.name),
        value: importTotalText(x.name, x.value),
      }),
    )
    .join(t('confirmations.listSeparator'));
  const params = { rows: report.rows, count: report.count, totals };
  if (kind === 'payments')
    return totals
      ? t('confirmations.importPaymentsWithTotals', params)
      : t('confirmations.importPayments', params);
  return totals
    ? t('confirmations.importRatesWithTotals', params)
    : t('confirmations.importRates', params);
}

/** Adding one payment by hand: who, which plan, what was paid and the coins credited. */
export function addPaymentSentence(
  t: TFunction,
  p: { user: string; plan: string; paidUsd: string; assetETH: string; assetHEC: string },
): string {
  return t('confirmations.addPayment', {
    user: p.user,
    plan: p.plan,
    paidUsd: exactAmountText(p.paidUsd, 'USD'),
    assetETH: exactAmountText(p.assetETH, 'ETH'),
    assetHEC: exactAmountText(p.assetHEC, 'HEC'),
  });
}

/** Sending a reply to the inquirer by mail. */
export function replySentence(t: TFunction, to: string): string {
  return t('confirmations.sendReply', { to });
}

/** Ending every session of the admin, this one included. */
export function signOutEverywhereSentence(t: TFunction, count: number): string {
  return t('confirmations.signOutEverywhere', { count });
}
