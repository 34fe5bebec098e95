import Decimal from 'decimal.js';
import { DECIMAL_TEXT, UNIT_SCALES, type MoneyUnit } from './decimal-text';

/**
 * Exact money, arithmetic half: every amount the API computes goes through this module (the
 * rules for decimal text, the unit scales and the generator's fixed-point integers are in
 * decimal-text.ts, which needs no library, so the web app can use them without decimal.js).
 * Amounts travel as decimal strings; a JavaScript `number` never holds one.
 */

/**
 * Significant digits of every intermediate result. decimal.js' default of 20 rounds a sum
 * such as 752.348449341085076677 (21 digits) to 752.34844934108507668; amounts have at most
 * 30 + 18 digits, so sums of any realistic number of them stay far below this. `checked()`
 * refuses a result that reaches it, so a rounding can never pass silently.
 */
export const DECIMAL_PRECISION = 1000;

/**
 * The one Decimal class of the project: a clone, so nothing else's configuration (or the
 * library's default precision) applies, with plain notation in `toString()` for any size.
 */
// Pure: a bundle that uses none of the arithmetic (the web app) leaves decimal.js out.
export const Exact = /* @__PURE__ */ Decimal.clone({
  precision: DECIMAL_PRECISION,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Exact = InstanceType<typeof Exact>;

type DecimalValue = string | bigint | Exact;

/** Guards every result against the precision cap: reaching it means digits may be lost. */
function checked(value: Exact): Exact {
  if (!value.isFinite()) throw new RangeError('Not a finite decimal.');
  if (value.precision(true) >= DECIMAL_PRECISION) {
    throw new RangeError(`A decimal result reached ${DECIMAL_PRECISION} significant digits.`);
  }
  return value;
}

/**
 * A decimal from a plain decimal string (as PostgreSQL returns NUMERIC), a bigint or an Exact.
 * Anything else (exponents, 'NaN', hexadecimal, a number) is a programming error: throws.
 */
export function decimal(value: DecimalValue): Exact {
  if (value instanceof Exact) return value;
  if (typeof value === 'bigint') return new Exact(value.toString());
  if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) {
    throw new TypeError(`Not a plain decimal string: ${String(value).slice(0, 40)}`);
  }
  return new Exact(value);
}

/** The exact sum of the values (0 for none). */
export function sumDecimals(values: Iterable<DecimalValue>): Exact {
  let total = new Exact(0);
  for (const value of values) total = checked(total.plus(decimal(value)));
  return total;
}

/** a + b, exactly. */
export function addDecimals(a: DecimalValue, b: DecimalValue): Exact {
  return checked(decimal(a).plus(decimal(b)));
}

/** a - b, exactly. */
export function subtractDecimals(a: DecimalValue, b: DecimalValue): Exact {
  return checked(decimal(a).minus(decimal(b)));
}

/** -1, 0 or 1 as a is less than, equal to or greater than b; '1.50' equals '1.5'. */
export function compareDecimals(a: DecimalValue, b: DecimalValue): -1 | 0 | 1 {
  const order = decimal(a).comparedTo(decimal(b));
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

/**
 * The value with exactly `scale` decimal places ('1.5' at 2 → '1.50'). Never rounds: a value
 * with more places than the scale is a bug upstream (inputs are checked against their unit's
 * scale and sums of such values stay within it), so it throws instead of losing digits.
 */
export function toScale(value: DecimalValue, scale: number): string {
  const exact = decimal(value);
  if (exact.decimalPlaces() > scale) {
    throw new RangeError(`${exact.toFixed()} has more than ${scale} decimal places.`);
  }
  return exact.toFixed(scale);
}

/** The value at its unit's scale: `toUnitScale(sum, 'HEC')` has 18 decimal places. */
export function toUnitScale(value: DecimalValue, unit: MoneyUnit): string {
  return toScale(value, UNIT_SCALES[unit]);
}

/** The value in the fewest digits, without trailing fraction zeros ('1.500' → '1.5'). */
export function plainDecimal(value: DecimalValue): string {
  return decimal(value).toFixed();
}
