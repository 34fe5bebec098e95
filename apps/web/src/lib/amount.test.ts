import { describe, expect, it } from 'vitest';
import {
  amountDisplay,
  compactAmount,
  compactAmountText,
  exactAmountText,
  formatRatePercent,
  groupFraction,
} from './amount';
import {
  businessTimeZone,
  dayEndIso,
  dayStartIso,
  formatCalendarDate,
  formatDateTime,
} from './date-time';

describe('exactAmountText (where an operator decides: every digit, grouped to read aloud)', () => {
  it('writes every decimal, in groups of three after the point', () => {
    expect(exactAmountText('40167.327629790000000000', 'HEC')).toBe(
      '40,167.327\u202f629\u202f79 HEC',
    );
    expect(exactAmountText('35663.237814475643537816', 'HEC')).toBe(
      '35,663.237\u202f814\u202f475\u202f643\u202f537\u202f816 HEC',
    );
    expect(exactAmountText('1234567.000000000000000001')).toBe(
      '1,234,567.000\u202f000\u202f000\u202f000\u202f000\u202f001',
    );
  });

  it('leaves short fractions, whole numbers and USD cents as they are, never rounded', () => {
    expect(exactAmountText('12.5', 'HEC')).toBe('12.5 HEC');
    expect(exactAmountText('12.345', 'ETH')).toBe('12.345 ETH');
    expect(exactAmountText('1000.000000000000000000', 'HEC')).toBe('1,000 HEC');
    expect(exactAmountText('1500', 'USD')).toBe('1,500.00 USD');
    expect(exactAmountText('0.125', 'USD')).toBe('0.125 USD');
    expect(exactAmountText('-0.000000000000000001', 'ETH')).toBe(
      '-0.000\u202f000\u202f000\u202f000\u202f000\u202f001 ETH',
    );
    expect(exactAmountText(null, 'HEC')).toBe('');
    expect(exactAmountText('n/a', 'HEC')).toBe('n/a HEC');
  });

  it('groups what it is given, and nothing before the point', () => {
    expect(groupFraction('1,234.5678')).toBe('1,234.567\u202f8');
    expect(groupFraction('1,234')).toBe('1,234');
  });
});

describe('formatDateTime (admin time zone, zone shown)', () => {
  it('shows the instant in the given zone with its name', () => {
    expect(formatDateTime('2026-01-31T00:00:00.000Z', 'Asia/Tokyo')).toBe(
      '2026/01/31 09:00:00 JST',
    );
    expect(formatDateTime('2026-01-31T00:00:00.000Z', 'UTC')).toBe('2026/01/31 00:00:00 UTC');
  });

  it('reads epoch milliseconds, as number or string', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026/01/01 00:00:00 UTC');
    expect(formatDateTime(String(Date.UTC(2026, 0, 1)), 'UTC')).toBe('2026/01/01 00:00:00 UTC');
    expect(formatDateTime(null)).toBe('');
  });

  it('shows stored calendar dates as the day itself, with no zone', () => {
    expect(formatCalendarDate('1995-03-03T00:00:00.000Z')).toBe('1995/03/03');
    expect(formatCalendarDate('2026-06-01T00:00:00.000Z', { month: true })).toBe('2026/06');
    expect(formatCalendarDate(null)).toBe('');
  });
});

describe('compactAmount (list cells: at most 8 decimals, exact on hover)', () => {
  it('trims zero padding and keeps short values whole', () => {
    expect(compactAmount('1234.500000000000000000')).toEqual({
      whole: '1,234',
      fraction: '5',
      exact: '1,234.5',
      rounded: false,
    });
    expect(compactAmount('0')).toMatchObject({ whole: '0', fraction: '', rounded: false });
  });

  it('rounds half away from zero on the digits, carrying into the integer part', () => {
    expect(compactAmount('35663.237814475643537816')).toMatchObject({
      whole: '35,663',
      fraction: '23781448',
      exact: '35,663.237814475643537816',
      rounded: true,
    });
    expect(compactAmount('999.999999995')).toMatchObject({ whole: '1,000', fraction: '' });
    expect(compactAmount('-0.123456784')).toMatchObject({ whole: '-0', fraction: '12345678' });
    expect(compactAmount('-0.000000001')).toMatchObject({ whole: '0', fraction: '' });
    // Beyond what a double can hold: still exact.
    expect(compactAmount('99999999999999999999.999999999999999999')).toMatchObject({
      whole: '100,000,000,000,000,000,000',
      fraction: '',
      exact: '99,999,999,999,999,999,999.999999999999999999',
    });
  });

  it('pads to the minimum (USD cents) and rejects non-decimals', () => {
    expect(compactAmount('12.5', { minFractionDigits: 2 })).toMatchObject({
      fraction: '50',
      exact: '12.50',
    });
    expect(compactAmount('n/a')).toBeNull();
  });
});

describe('amountDisplay (every amount on screen: compact, ≈ when rounded, exact alongside)', () => {
  it('marks a value rounded to 8 decimals with a leading ≈ and keeps all 18 in exact', () => {
    expect(amountDisplay('514.754533716227465633', 'HEC')).toEqual({
      text: '≈514.75453372 HEC',
      exactText: '514.754533716227465633 HEC',
      exact: '514.754533716227465633',
      rounded: true,
    });
  });

  it('shows a value that fits as it is, with no mark', () => {
    expect(amountDisplay('1234.500000000000000000', 'HEC')).toEqual({
      text: '1,234.5 HEC',
      exactText: '1,234.5 HEC',
      exact: '1,234.5',
      rounded: false,
    });
    expect(amountDisplay('0.12345678', 'ETH')?.text).toBe('0.12345678 ETH');
  });

  it('keeps the sign of negative values (changes against the previous period)', () => {
    expect(amountDisplay('-14721.964442520363376278', 'HEC')).toMatchObject({
      text: '≈-14,721.96444252 HEC',
      exact: '-14,721.964442520363376278',
      rounded: true,
    });
    expect(amountDisplay('-3', 'ETH')).toMatchObject({ text: '-3 ETH', rounded: false });
  });

  it('writes zero as 0, and a tiny value rounded to zero as a marked 0', () => {
    expect(amountDisplay('0.000000000000000000', 'HEC')).toMatchObject({
      text: '0 HEC',
      exact: '0',
      rounded: false,
    });
    expect(amountDisplay('-0.000000000000000001', 'HEC')).toMatchObject({
      text: '≈0 HEC',
      exact: '-0.000000000000000001',
      rounded: true,
    });
  });

  it('keeps very large values exact, beyond what a double holds', () => {
    expect(amountDisplay('123456789012345678901234567890.123456789012345678', 'HEC')).toEqual({
      text: '≈123,456,789,012,345,678,901,234,567,890.12345679 HEC',
      exactText: '123,456,789,012,345,678,901,234,567,890.123456789012345678 HEC',
      exact: '123,456,789,012,345,678,901,234,567,890.123456789012345678',
      rounded: true,
    });
  });

  it('shows USD in cents, rounding (and marking) anything finer', () => {
    expect(amountDisplay('1234.5', 'USD')).toMatchObject({ text: '1,234.50 USD', rounded: false });
    expect(amountDisplay('0.125', 'USD')).toMatchObject({
      text: '≈0.13 USD',
      exact: '0.125',
      rounded: true,
    });
  });

  it('leaves what is not a decimal alone', () => {
    expect(amountDisplay('n/a', 'HEC')).toBeNull();
    expect(compactAmountText('n/a', 'HEC')).toBe('n/a HEC');
    expect(compactAmountText(null)).toBe('');
    expect(compactAmountText('4999.99')).toBe('4,999.99');
  });
});

describe('formatRatePercent', () => {
  it('moves the point two places without a float', () => {
    expect(formatRatePercent('0.16')).toBe('16%');
    expect(formatRatePercent('0.007')).toBe('0.7%');
    expect(formatRatePercent('0.0435000')).toBe('4.35%');
    expect(formatRatePercent('1.5')).toBe('150%');
    expect(formatRatePercent('0')).toBe('0%');
    expect(formatRatePercent('0.1')).toBe('10%');
  });
});

describe('one clock: the business time zone', () => {
  it('is Asia/Tokyo by default, whatever the browser’s zone', () => {
    expect(businessTimeZone()).toBe('Asia/Tokyo');
    // Shown in it by default, with the zone named.
    expect(formatDateTime('2026-01-05T16:00:00.000Z')).toBe('2026/01/06 01:00:00 JST');
  });

  it('a date filter’s day is the business day: its midnights in the zone', () => {
    expect(dayStartIso('2026-01-06')).toBe('2026-01-05T15:00:00.000Z');
    expect(dayEndIso('2026-01-06')).toBe('2026-01-06T14:59:59.999Z');
    expect(dayStartIso('2026-01-06', 'UTC')).toBe('2026-01-06T00:00:00.000Z');
    expect(dayEndIso('2026-01-06', 'UTC')).toBe('2026-01-06T23:59:59.999Z');
    expect(dayStartIso('')).toBeUndefined();
    expect(dayEndIso('06/01/2026')).toBeUndefined();
  });
});
