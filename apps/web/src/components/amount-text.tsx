import type { ClipboardEvent } from 'react';
import { Box } from '@mui/material';
import { COMPACT_FRACTION_DIGITS, compactAmount } from '@/lib/amount';

/**
 * An amount in a table cell: at most `maxFractionDigits` decimals (trailing zeros trimmed),
 * the fraction in a slot of fixed width so that right-aligned amounts line up on the decimal
 * point, and the exact value on hover (title) and on copy. The unit belongs in the header.
 */
export function AmountText({
  value,
  maxFractionDigits = COMPACT_FRACTION_DIGITS,
  minFractionDigits = 0,
}: {
  value: string | null | undefined;
  maxFractionDigits?: number;
  minFractionDigits?: number;
}) {
  const amount = compactAmount(value, { maxFractionDigits, minFractionDigits });
  if (!amount) return <>{value ?? ''}</>;
  // Copying the shown (rounded) digits would paste a different amount: the clipboard gets
  // the exact value whenever the selection lies within this amount.
  const onCopy = (event: ClipboardEvent<HTMLSpanElement>) => {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    if (!event.currentTarget.contains(selection.getRangeAt(0).commonAncestorContainer)) return;
    event.clipboardData.setData('text/plain', amount.exact);
    event.preventDefault();
  };
  return (
    <Box
      component="span"
      title={amount.exact}
      data-exact={amount.exact}
      onCopy={onCopy}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {amount.whole}
      {maxFractionDigits > 0 && (
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            minWidth: `${maxFractionDigits + 1}ch`,
            textAlign: 'left',
          }}
        >
          {amount.fraction ? `.${amount.fraction}` : ''}
        </Box>
      )}
    </Box>
  );
}
