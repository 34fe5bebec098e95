import { formatNumber } from './format';

/** Coin and currency units the console shows after an amount. */
export type AmountUnit = 'HEC' | 'ETH' | 'ATEM' | 'BTC' | 'USD' | 'OWL' | (string & {});

/** Fraction digits a list cell shows at most (the exact value is on hover and on copy). */
const COMPACT_FRACTION_DIGITS = 8;

/**
 * What leads a rounded amount, so no one reads it as exact (docs/domain.md, "Money on
 * screen"): '≈', not '…', which the console also uses for text cut short.
 */
export const ROUNDED_MARK = '≈';

/**
 * What groups the decimals of an exact amount in threes ('40,167.327 629 79'): a narrow
 * no-break space, so a long fraction can be read aloud and never wraps; copying drops it.
 */
export const FRACTION_GROUP = '\u202f';

/** '40,167.32762979' → '40,167.327 629 79' (the digits after the point, in threes). */
export function groupFraction(number: string): string {
  const [whole = '', fraction] = number.split('.');
  return fraction === undefined
    ? whole
    : `${whole}.${fraction.replace(/(\d{3})(?=\d)/g, `$1${FRACTION_GROUP}`)}`;
}

/** Decimals an amount of `unit` shows at most and at least: USD in cents, coins up to 8. */
export function amountDigits(unit?: AmountUnit): { max: number; min: number } {
  return unit === 'USD' ? { max: 2, min: 2 } : { max: COMPACT_FRACTION_DIGITS, min: 0 };
}

/** An amount cut to a few decimals for a table cell, in parts so the decimal points align. */
type CompactAmount = {
  /** Grouped integer part with its sign, e.g. '-1,234'. */
  whole: string;
  /** Fraction digits kept (trailing zeros trimmed), without the point; '' for none. */
  fraction: string;
  /** The value as given, trimmed of NUMERIC zero padding (what hover and copy show). */
  exact: string;
  /** True when digits were rounded away. */
  rounded: boolean;
};

/** Adds one to a string of decimal digits ('0999' → '1000', '99' → '100'). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A decimal string rounded half away from zero to at most `maxFractionDigits` decimals, done
 * on the digits (never through a JS number): '12.345678915' → { whole: '12', fraction:
 * '34567892', rounded: true }. Returns null for a value that is not a decimal.
 */
export function compactAmount(
  value: string | null | undefined,
  { maxFractionDigits = COMPACT_FRACTION_DIGITS, minFractionDigits = 0 } = {},
): CompactAmount | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec((value ?? '').trim());
  if (!match) return null;
  const [, sign = '', wholeDigits = '0', fractionDigits = ''] = match;
  const trimmedFraction = fractionDigits.replace(/0+$/, '');
  const rounded = trimmedFraction.length > maxFractionDigits;
  let whole = wholeDigits;
  let fraction = trimmedFraction.slice(0, maxFractionDigits);
  if (rounded && Number(trimmedFraction[maxFractionDigits]) >= 5) {
    const bumped = incrementDigits(`${whole}${fraction}`);
    whole = bumped.slice(0, bumped.length - fraction.length);
    fraction = bumped.slice(bumped.length - fraction.length);
  }
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minFractionDigits) fraction = fraction.padEnd(minFractionDigits, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  const exactFraction =
    trimmedFraction.length < minFractionDigits
      ? trimmedFraction.padEnd(minFractionDigits, '0')
      : trimmedFraction;
  const exactZero = /^0*$/.test(wholeDigits) && trimmedFraction === '';
  const exactSign = exactZero ? '' : sign;
  return {
    whole: `${isZero ? '' : sign}${formatNumber(whole)}`,
    fraction,
    exact: `${exactSign}${formatNumber(wholeDigits)}${exactFraction ? `.${exactFraction}` : ''}`,
    rounded,
  };
}

/**
 * A rate kept as a fraction ('0.035') as a percentage ('3.5%'), by moving the decimal point
 * two places on the digits.
 */
export function formatRatePercent(value: string | null | undefined): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec((value ?? '').trim());
  if (!match) return value ?? '';
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fracPart = digits.slice(point).replace(/0+$/, '');
  const text = fracPart ? `${intPart}.${fracPart}` : intPart;
  return `${text === '0' ? '' : sign}${text}%`;
}

/** An amount as one line of text: the compact digits, the rounded mark and the unit. */
type AmountDisplay = {
  /** What the screen shows: '≈35,663.23781448 HEC', '1,234.50 USD', '0 ETH'. */
  text: string;
  /** The exact value with its unit (hover, the chart's tooltip): '35,663.237814475643537816 HEC'. */
  exactText: string;
  /** The exact value alone, as copied: '35,663.237814475643537816'. */
  exact: string;
  rounded: boolean;
};

/**
 * The one way the console writes an amount as text, where no component can (a chart's
 * tooltip, a sentence): compact as in the lists, '≈' when digits were rounded away, the
 * exact value alongside. Screens show amounts with `AmountText`, which is built on it.
 */
export function amountDisplay(
  value: string | null | undefined,
  unit?: AmountUnit,
  digits: { max: number; min: number } = amountDigits(unit),
): AmountDisplay | null {
  const amount = compactAmount(value, {
    maxFractionDigits: digits.max,
    minFractionDigits: digits.min,
  });
  if (!amount) return null;
  const suffix = unit ? ` ${unit}` : '';
  const number = `${amount.whole}${amount.fraction ? `.${amount.fraction}` : ''}`;
  return {
    text: `${amount.rounded ? ROUNDED_MARK : ''}${number}${suffix}`,
    exactText: `${amount.exact}${suffix}`,
    exact: amount.exact,
    rounded: amount.rounded,
  };
}

/** `amountDisplay(...).text`, or the value as given when it is not a decimal. */
export function compactAmountText(value: string | null | undefined, unit?: AmountUnit): string {
  return amountDisplay(value, unit)?.text ?? (value ? `${value}${unit ? ` ${unit}` : ''}` : '');
}

/**
 * The exact value as text, whole, its decimals grouped in threes to be read aloud: what an
 * operator decides on (a confirmation's totals) and a message that offers no hover of its own
 * (a toast reporting what was saved or credited): '154,320.154 320 987 265 432 097 HEC'.
 */
export function exactAmountText(
  value: string | null | undefined,
  unit?: AmountUnit,
  digits: { max: number; min: number } = amountDigits(unit),
): string {
  const shown = amountDisplay(value, unit, digits);
  if (!shown) return value ? `${value}${unit ? ` ${unit}` : ''}` : '';
  return `${groupFraction(shown.exact)}${unit ? ` ${unit}` : ''}`;
}
