import { describe, expect, it } from 'vitest';
import { formatAmount, formatPercent, formatUsd } from './amount';
import { formatCalendarDate, formatDate, formatDateTime } from './date-time';

describe('formatAmount (exact, ja-JP separators, unit)', () => {
  it('keeps every digit of an 18-decimal amount', () => {
    expect(formatAmount('1234567.000000000000000001', 'HEC')).toBe(
      '1,234,567.000000000000000001 HEC',
    );
    expect(formatAmount('99999999999999999999.999999999999999999', 'ETH')).toBe(
      '99,999,999,999,999,999,999.999999999999999999 ETH',
    );
  });

  it('drops the zero padding of NUMERIC columns', () => {
    expect(formatAmount('1234.500000000000000000', 'HEC')).toBe('1,234.5 HEC');
    expect(formatAmount('1000.000000000000000000', 'HEC')).toBe('1,000 HEC');
    expect(formatAmount('-0.000', 'HEC')).toBe('0 HEC');
    expect(formatAmount('-12.30')).toBe('-12.3');
  });

  it('pads USD to cents and leaves blanks and odd values alone', () => {
    expect(formatUsd('1234.5')).toBe('1,234.50 USD');
    expect(formatUsd('0.125')).toBe('0.125 USD');
    expect(formatAmount(null, 'HEC')).toBe('');
    expect(formatAmount('n/a', 'HEC')).toBe('n/a HEC');
    expect(formatPercent('12.50')).toBe('12.5%');
  });
});

describe('formatDateTime (admin time zone, zone shown)', () => {
  it('shows the instant in the given zone with its name', () => {
    expect(formatDateTime('2026-01-31T00:00:00.000Z', 'Asia/Tokyo')).toBe(
      '2026/01/31 09:00:00 JST',
    );
    expect(formatDateTime('2026-01-31T00:00:00.000Z', 'UTC')).toBe('2026/01/31 00:00:00 UTC');
    expect(formatDate('2026-01-31T20:00:00.000Z', 'Asia/Tokyo')).toBe('2026/02/01 JST');
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
