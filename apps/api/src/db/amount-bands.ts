import type { Expression } from 'kysely';
import { compareDecimals } from '@app/shared';
import { countFromBucketRange, type BucketRange, type BucketRelation } from './count-buckets';
import type { Executor } from './executor';

/**
 * Amount bands of the kept withdrawal counts (migration 0230, `withdrawal_amount_band`): an
 * amount's decimal exponent and its two leading digits, so each band holds at most a hundredth
 * of a decade whatever the coin's scale (0.00014 ETH and 14,000 HEC alike). A key is four
 * characters, `EEdd`: EE is the exponent + 50 (an amount under 1e20 with at most 18 decimal
 * places has an exponent from -18 to 19), dd the leading digits 10-99. Zero is its own band,
 * `00`. The keys sort as the amounts do (by "C" collation, as row_counts' index compares them),
 * so a range of amounts is a range of keys. The SQL function and this module must agree: the
 * generator writes its buckets from here and the population check recounts them through the
 * SQL function (verify-population.ts).
 */

const ZERO_BAND = '00';
const EXPONENT_OFFSET = 50;

type Digits = { integer: string; fraction: string };

/** The digits of a non-negative decimal text without leading or trailing zeros, or undefined. */
function digitsOf(text: string): Digits | undefined {
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return undefined;
  return {
    integer: (match[1] ?? '').replace(/^0+/, ''),
    fraction: (match[2] ?? '').replace(/0+$/, ''),
  };
}

/** The band of a non-negative decimal amount; undefined for a negative or malformed text. */
export function amountBand(text: string): string | undefined {
  const d = digitsOf(text);
  if (!d) return undefined;
  if (d.integer === '' && d.fraction === '') return ZERO_BAND;
  let exponent: number;
  let significant: string;
  if (d.integer !== '') {
    exponent = d.integer.length - 1;
    significant = d.integer + d.fraction;
  } else {
    const zeros = /^0*/.exec(d.fraction)![0].length;
    exponent = -(zeros + 1);
    significant = d.fraction.slice(zeros);
  }
  return `${exponent + EXPONENT_OFFSET}`.padStart(2, '0') + significant.slice(0, 2).padEnd(2, '0');
}

/** `n × 10^exponent` as a plain decimal text. */
function scaled(n: number, exponent: number): string {
  const digits = String(n);
  if (exponent >= 0) return digits + '0'.repeat(exponent);
  const padded = digits.padStart(-exponent + 1, '0');
  const point = padded.length + exponent;
  return `${padded.slice(0, point)}.${padded.slice(point)}`;
}

/** A positive band's lower bound (inclusive), its upper bound (exclusive) and the next band. */
export function bandOf(key: string): { lower: string; upper: string; next: string } {
  const exponent = Number(key.slice(0, 2)) - EXPONENT_OFFSET;
  const lead = Number(key.slice(2));
  const next =
    lead < 99
      ? `${key.slice(0, 2)}${lead + 1}`
      : `${exponent + 1 + EXPONENT_OFFSET}`.padStart(2, '0') + '10';
  return { lower: scaled(lead, exponent - 1), upper: scaled(lead + 1, exponent - 1), next };
}

/**
 * Exact count of `from <= amount <= to` (decimal texts, either end open) from a family of
 * amount-band buckets: the bands from the first one starting at or above `from` through the
 * band holding `to`, plus the rows from `from` to that first band, minus the rows of the last
 * band above `to`. `between(low, high, lowInclusive)` counts `low <= amount < high` (`low <
 * amount < high` when not inclusive) through the column's index; each edge reads at most one
 * band, a hundredth of a decade. Amounts are never negative (the coin_amount domain).
 */
export function countFromAmountBands<Relation extends BucketRelation>(
  db: Executor,
  bands: BucketRange<Relation>,
  range: { from: string | undefined; to: string | undefined },
  between: (low: string, high: string, lowInclusive: boolean) => Expression<unknown>,
): Promise<number> {
  const from =
    range.from !== undefined && compareDecimals(range.from, '0') > 0 ? range.from : undefined;
  const to = range.to;
  if (to !== undefined && compareDecimals(to, '0') < 0) return Promise.resolve(0);
  if (from !== undefined && to !== undefined && compareDecimals(from, to) > 0)
    return Promise.resolve(0);
  let fromKey: string | undefined;
  let add: Expression<unknown> | undefined;
  if (from !== undefined) {
    const key = amountBand(from)!;
    const band = bandOf(key);
    const startsBand = compareDecimals(from, band.lower) === 0;
    fromKey = startsBand ? key : band.next;
    if (!startsBand) add = between(from, band.upper, true);
  }
  let toKey: string | undefined;
  let subtract: Expression<unknown> | undefined;
  if (to !== undefined) {
    toKey = amountBand(to)!;
    if (toKey !== ZERO_BAND) subtract = between(to, bandOf(toKey).upper, false);
  }
  return countFromBucketRange(db, bands, { from: fromKey, to: toKey }, { add, subtract });
}
