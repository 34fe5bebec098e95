const integerFormat = new Intl.NumberFormat('ja-JP');
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Formats a number with ja-JP thousands separators (spec section 9). Decimal strings (how the
 * API sends amounts) are formatted exactly, digit by digit, never through a float.
 */
export function formatNumber(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 20 }).format(value)
      : '';
  }
  if (typeof value === 'bigint') return integerFormat.format(value);
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction] = match;
  const grouped = integerFormat.format(BigInt(whole));
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Cell width limit of spec section 9. */
export const CELL_MAX_CHARS = 55;

/** Cuts text at `max` characters (by code point) with an ellipsis; returns it unchanged when short. */
export function truncateText(text: string, max = CELL_MAX_CHARS): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
