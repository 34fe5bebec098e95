/**
 * Exact amounts in the generator are bigints of the smallest unit (10^-decimals), never JS
 * numbers; these helpers turn them into the decimal strings written to NUMERIC columns.
 */
export const USD = 2;
export const BTC = 8;
export const COIN = 18;
export const RATE = 10;

const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** 10^n as bigint. */
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Formats `units` (an integer of 10^-decimals) as a plain decimal string without trailing zeros. */
export function formatUnits(units: bigint, decimals: number): string {
  if (units === 0n) return '0';
  const negative = units < 0n;
  let s = (negative ? -units : units).toString();
  if (decimals > 0) {
    if (s.length <= decimals) s = '0'.repeat(decimals - s.length + 1) + s;
    const cut = s.length - decimals;
    let end = s.length;
    while (end > cut && s.charCodeAt(end - 1) === 48) end--;
    s = end > cut ? `${s.slice(0, cut)}.${s.slice(cut, end)}` : s.slice(0, cut);
  }
  return negative ? `-${s}` : s;
}

/** Multiplies two fixed-point values: (a of aDec decimals) * (b of bDec decimals), truncated to outDec decimals. */
export function mulUnits(a: bigint, aDec: number, b: bigint, bDec: number, outDec: number): bigint {
  const shift = aDec + bDec - outDec;
  const product = a * b;
  return shift >= 0 ? product / pow10(shift) : product * pow10(-shift);
}
