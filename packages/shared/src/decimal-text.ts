/**
 * Exact money, text half: the unit scales, the bounds and checks of decimal text (GraphQL
 * scalar, per-unit arguments, web forms, CSV imports) and the generator's fixed-point bigints.
 * No library: the web app uses these without loading decimal.js (arithmetic: decimal.ts).
 */

/** Units with a fixed scale: how many decimal places an amount of the unit may have. */
export const UNIT_SCALES = {
  ETH: 18,
  HEC: 18,
  ATEM: 18,
  AUBE: 18,
  OWL: 18,
  BTC: 8,
  USD: 2,
} as const;
export type MoneyUnit = keyof typeof UNIT_SCALES;

/** The most decimal places any amount or rate may have (coins and rates). */
export const MAX_DECIMAL_SCALE = 18;
/**
 * The most digits before the decimal point a Decimal input may have. Stored coin amounts are
 * below 10^20 and no total comes near 10^30; the bound keeps absurd inputs (a 140,000-digit
 * value) away from the database and from arithmetic.
 */
export const MAX_DECIMAL_INTEGER_DIGITS = 30;

/** A plain decimal string: optional minus, digits, optional point and digits (no exponent). */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Why a decimal text is refused; null when it is acceptable. */
export type DecimalTextProblem =
  | { problem: 'format' }
  | { problem: 'negative' }
  | { problem: 'integer_digits'; max: number }
  | { problem: 'scale'; max: number };

type DecimalTextRules = {
  /** Most decimal places (default MAX_DECIMAL_SCALE); a unit's scale where the unit is known. */
  scale?: number;
  /** Whether '-1' is acceptable (default false: amounts are not negative). */
  allowNegative?: boolean;
};

/**
 * Checks decimal text typed by a person or read from a file, before any arithmetic: the plain
 * format, at most MAX_DECIMAL_INTEGER_DIGITS digits before the point, at most `scale` after it
 * (counted as written, like the database's `scale()`: '1.500' has 3 places). Shared by the
 * GraphQL scalar, the per-unit argument checks, the web app's forms and the CSV imports.
 */
export function checkDecimalText(
  text: string,
  rules: DecimalTextRules = {},
): DecimalTextProblem | null {
  if (!DECIMAL_TEXT.test(text)) return { problem: 'format' };
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const point = body.indexOf('.');
  const wholeDigits = point < 0 ? body.length : point;
  const fractionDigits = point < 0 ? 0 : body.length - point - 1;
  if (wholeDigits > MAX_DECIMAL_INTEGER_DIGITS) {
    return { problem: 'integer_digits', max: MAX_DECIMAL_INTEGER_DIGITS };
  }
  const scale = rules.scale ?? MAX_DECIMAL_SCALE;
  if (fractionDigits > scale) return { problem: 'scale', max: scale };
  if (negative && !rules.allowNegative && /[1-9]/.test(body)) return { problem: 'negative' };
  return null;
}

/** The English explanation of a refused decimal text (the API's error messages). */
export function describeDecimalProblem(problem: DecimalTextProblem): string {
  switch (problem.problem) {
    case 'format':
      return 'must be a decimal string such as "12.345" (digits, an optional point, no exponent).';
    case 'negative':
      return 'must be 0 or more.';
    case 'integer_digits':
      return `must have at most ${problem.max} digits before the decimal point.`;
    case 'scale':
      return `must have at most ${problem.max} decimal places.`;
  }
}

// Fixed-point integers: the generator's fast path (millions of amounts, no objects), exact by
// construction. An amount is a bigint count of 10^-scale units.

const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** 10^n as bigint. */
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Formats `units` (an integer of 10^-scale) as a plain decimal string without trailing zeros. */
export function formatUnits(units: bigint, scale: number): string {
  if (units === 0n) return '0';
  const negative = units < 0n;
  let s = (negative ? -units : units).toString();
  if (scale > 0) {
    if (s.length <= scale) s = '0'.repeat(scale - s.length + 1) + s;
    const cut = s.length - scale;
    let end = s.length;
    while (end > cut && s.charCodeAt(end - 1) === 48) end--;
    s = end > cut ? `${s.slice(0, cut)}.${s.slice(cut, end)}` : s.slice(0, cut);
  }
  return negative ? `-${s}` : s;
}

/**
 * A plain decimal string as a bigint count of 10^-scale units, truncated toward zero;
 * `exact` is false when non-zero digits beyond the scale were cut.
 */
export function toUnits(text: string, scale: number): { units: bigint; exact: boolean } {
  if (!DECIMAL_TEXT.test(text))
    throw new TypeError(`Not a plain decimal string: ${text.slice(0, 40)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units =
    BigInt(whole) * pow10(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
  return { units: negative ? -units : units, exact: !/[1-9]/.test(fraction.slice(scale)) };
}

/**
 * Multiplies two fixed-point values, (a of aScale) × (b of bScale), truncated toward zero to
 * outScale decimal places (the generator's documented rounding of derived rewards).
 */
export function mulUnits(
  a: bigint,
  aScale: number,
  b: bigint,
  bScale: number,
  outScale: number,
): bigint {
  const shift = aScale + bScale - outScale;
  const product = a * b;
  return shift >= 0 ? product / pow10(shift) : product * pow10(-shift);
}
