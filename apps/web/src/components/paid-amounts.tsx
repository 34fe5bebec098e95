import { Box } from '@mui/material';
import { AmountText } from '@/components/amount-text';
import type { PaidAmount, PaidPart } from '@/lib/paid-amounts';

/** An amount with its coin after the aligned digits (the coin varies by row). */
function CoinAmount({
  value,
  coin,
  exact = false,
}: {
  value: string | null | undefined;
  coin: string;
  exact?: boolean;
}) {
  if (value === null || value === undefined) return null;
  // Where an operator decides: every digit, grouped, the coin after it.
  if (exact) return <AmountText value={value} unit={coin} exact />;
  return (
    <>
      <AmountText value={value} aligned />
      {/* The space outside the inline-block, which would drop a leading one. */}{' '}
      <span style={{ display: 'inline-block', minWidth: '4ch', textAlign: 'left' }}>{coin}</span>
    </>
  );
}

/**
 * What a withdrawal request pays, one line per coin (a principal request of an ETH plan reads
 * its ETH, one paying both coins reads both): the cell of the lists and the detail.
 */
export function PaidAmounts({
  amounts,
  part = 'amount',
  exact = false,
}: {
  amounts: readonly PaidAmount[];
  part?: PaidPart;
  /** Every digit, grouped (the detail an operator approves or rejects from). */
  exact?: boolean;
}) {
  return (
    <>
      {amounts.map((a) => (
        <Box key={a.coin} component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          <CoinAmount value={a[part]} coin={a.coin} exact={exact} />
        </Box>
      ))}
    </>
  );
}

/**
 * Per-coin totals in one line ("1.5 ETH / 300 HEC"): rounded and exact on hover, or `exact`
 * (a rejection's or failure's total, which the operator decides on) every digit, grouped.
 */
export function CoinTotalsText({
  totals,
  exact = false,
}: {
  totals: ReadonlyArray<{ coin: string; amount: string }>;
  exact?: boolean;
}) {
  return (
    <>
      {totals.map((x, i) => (
        <span key={x.coin}>
          {i > 0 && ' / '}
          <AmountText value={x.amount} unit={x.coin} exact={exact} />
        </span>
      ))}
    </>
  );
}
