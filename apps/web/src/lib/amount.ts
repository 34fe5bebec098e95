import { DECIMAL_TEXT } from '@app/shared';
import { formatNumber } from './format';

/** Coin and currency units the console shows after an amount. */
export type AmountUnit = 'HEC' | 'ETH' | 'ATEM' | 'BTC' | 'USD' | 'OWL' | (string & {});

/**
 * An amount from a decimal string, exactly (digit by digit, never through a float), with
 * ja-JP thousands separators and its unit: '1234.500000000000000000' → '1,234.5 HEC'.
 * Trailing fraction zeros are dropped (NUMERIC columns pad them) down to `minFractionDigits`.
 */
export function formatAmount(
  value: string | null | undefined,
  unit?: AmountUnit,
  { minFractionDigits = 0 }: { minFractionDigits?: number } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const trimmed = value.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return unit ? `${value} ${unit}` : value;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  let digits = fraction.replace(/0+$/, '');
  if (digits.length < minFractionDigits) digits = digits.padEnd(minFractionDigits, '0');
  const text = formatNumber(digits ? `${whole}.${digits}` : whole);
  // '-0' is what a zero with a sign looks like after trimming; show it as 0.
  const clean = /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
  return unit ? `${clean} ${unit}` : clean;
}

/** A USD amount: exact, with cents (spec: USD keeps 2 decimal places). */
export function formatUsd(value: string | null | undefined): string {
  return formatAmount(value, 'USD', { minFractionDigits: 2 });
}

/** A rate stored as a fraction-free decimal string such as '12.5', shown as '12.5%'. */
export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${formatAmount(String(value))}%`;
}
