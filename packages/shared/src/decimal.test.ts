import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  decimal,
  DECIMAL_PRECISION,
  plainDecimal,
  subtractDecimals,
  sumDecimals,
  toScale,
  toUnitScale,
} from './decimal';
import {
  checkDecimalText,
  describeDecimalProblem,
  formatUnits,
  MAX_DECIMAL_INTEGER_DIGITS,
  mulUnits,
  toUnits,
  UNIT_SCALES,
} from './decimal-text';

/** Adds decimal strings digit by digit (schoolbook, via bigint): the reference the tests trust. */
function referenceSum(values: string[]): string {
  const scale = Math.max(...values.map((v) => v.split('.')[1]?.length ?? 0));
  const total = values.reduce((sum, v) => sum + toUnits(v, scale).units, 0n);
  return formatUnits(total, scale);
}

describe('exact sums', () => {
  it('keeps every digit the library default would round (the reported defect)', () => {
    const parts = ['500.174936174936174936', '252.173513166148901741'];
    // The reported symptom, reproduced with decimal.js' defaults, so this test shows the cause.
    expect(new Decimal(parts[0]!).plus(parts[1]!).toFixed()).toBe('752.34844934108507668');
    expect(plainDecimal(sumDecimals(parts))).toBe('752.348449341085076677');
    expect(toUnitScale(sumDecimals(parts), 'HEC')).toBe('752.348449341085076677');
  });

  it('is exact for large integer parts with 18 decimals, against a bigint reference', () => {
    const values = [
      '99999999999999999999.999999999999999999',
      '12345678901234567890.123456789012345678',
      '0.000000000000000001',
      '98765432109876543210.987654321098765432',
      '1',
    ];
    const expected = referenceSum(values);
    expect(expected).toBe('211111111011111111102.11111111011111111');
    expect(plainDecimal(sumDecimals(values))).toBe(expected);
    expect(toUnitScale(sumDecimals(values), 'ETH')).toBe(
      '211111111011111111102.111111110111111110',
    );
    // Many values: a million-row sum's magnitude, still exact.
    const many = Array.from(
      { length: 2000 },
      (_, i) => `${i}9999999999999999.${String(i).padStart(18, '7')}`,
    );
    expect(plainDecimal(sumDecimals(many))).toBe(referenceSum(many));
  });

  it('adds, subtracts and compares exactly', () => {
    expect(plainDecimal(addDecimals('0.1', '0.2'))).toBe('0.3');
    expect(plainDecimal(subtractDecimals('1', '0.000000000000000001'))).toBe(
      '0.999999999999999999',
    );
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('10', '9.999999999999999999')).toBe(1);
    expect(compareDecimals('-1', '0')).toBe(-1);
    expect(sumDecimals([]).isZero()).toBe(true);
  });

  it('refuses anything but plain decimal strings instead of guessing', () => {
    for (const bad of ['1e3', 'NaN', 'Infinity', '0x10', '', ' 1', '1.']) {
      expect(() => decimal(bad), bad).toThrow(TypeError);
    }
    expect(() => decimal(12.5 as unknown as string)).toThrow(TypeError);
    expect(plainDecimal(decimal(10n ** 30n))).toBe(`1${'0'.repeat(30)}`);
  });

  it('throws rather than round when a result reaches the precision', () => {
    const huge = `1${'0'.repeat(DECIMAL_PRECISION + 5)}`;
    expect(() => addDecimals(huge, '0.5')).toThrow(RangeError);
  });
});

describe('scale', () => {
  it('writes a value at its unit scale and never rounds', () => {
    expect(toUnitScale('1.5', 'USD')).toBe('1.50');
    expect(toUnitScale('0', 'BTC')).toBe('0.00000000');
    expect(toUnitScale('7', 'HEC')).toBe('7.000000000000000000');
    expect(() => toUnitScale('1.005', 'USD')).toThrow(RangeError);
    expect(() => toScale('0.0000000000000000001', 18)).toThrow(RangeError);
    expect(UNIT_SCALES).toMatchObject({ ETH: 18, HEC: 18, ATEM: 18, BTC: 8, USD: 2 });
  });
});

describe('checkDecimalText', () => {
  it('accepts amounts within the bounds', () => {
    expect(checkDecimalText('0')).toBeNull();
    expect(checkDecimalText('1.000000000000000001')).toBeNull();
    expect(
      checkDecimalText(`${'9'.repeat(MAX_DECIMAL_INTEGER_DIGITS)}.${'9'.repeat(18)}`),
    ).toBeNull();
    expect(checkDecimalText('12.34', { scale: UNIT_SCALES.USD })).toBeNull();
    expect(checkDecimalText('-5', { allowNegative: true })).toBeNull();
    expect(checkDecimalText('-0')).toBeNull();
  });

  it('names the problem: format, sign, too many digits, too many decimals', () => {
    expect(checkDecimalText('1e3')).toEqual({ problem: 'format' });
    expect(checkDecimalText('12,5')).toEqual({ problem: 'format' });
    expect(checkDecimalText('-1')).toEqual({ problem: 'negative' });
    expect(checkDecimalText('9'.repeat(140_000))).toEqual({
      problem: 'integer_digits',
      max: MAX_DECIMAL_INTEGER_DIGITS,
    });
    expect(checkDecimalText(`1.${'0'.repeat(19)}`)).toEqual({ problem: 'scale', max: 18 });
    expect(checkDecimalText('1.500', { scale: 2 })).toEqual({ problem: 'scale', max: 2 });
    expect(checkDecimalText('0.000000001', { scale: UNIT_SCALES.BTC })).toEqual({
      problem: 'scale',
      max: 8,
    });
    expect(describeDecimalProblem({ problem: 'scale', max: 2 })).toBe(
      'must have at most 2 decimal places.',
    );
  });
});

describe('fixed-point units (the generator)', () => {
  it('round-trips text and units exactly and reports cut digits', () => {
    expect(toUnits('1.23', 2)).toEqual({ units: 123n, exact: true });
    expect(toUnits('1.239', 2)).toEqual({ units: 123n, exact: false });
    expect(toUnits('1.230', 2)).toEqual({ units: 123n, exact: true });
    expect(toUnits('-0.5', 1)).toEqual({ units: -5n, exact: true });
    expect(formatUnits(toUnits('99999999999999999999.999999999999999999', 18).units, 18)).toBe(
      '99999999999999999999.999999999999999999',
    );
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(-1500n, 3)).toBe('-1.5');
    expect(mulUnits(toUnits('0.05', 10).units, 10, 10n ** 18n, 18, 18)).toBe(5n * 10n ** 16n);
  });
});
