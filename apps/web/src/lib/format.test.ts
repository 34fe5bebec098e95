import { describe, expect, it } from 'vitest';
import { formatNumber, truncateText } from './format';

describe('formatNumber (ja-JP thousands separators)', () => {
  it('formats decimal strings exactly, keeping every fraction digit', () => {
    expect(formatNumber('1234567.123456789012345678')).toBe('1,234,567.123456789012345678');
    expect(formatNumber('-9876543210')).toBe('-9,876,543,210');
    expect(formatNumber('0.5')).toBe('0.5');
  });

  it('formats numbers and bigints, and leaves blanks and non-numbers alone', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('abc')).toBe('abc');
  });
});

describe('truncateText (55 characters)', () => {
  it('keeps short text and cuts long text to 55 characters with an ellipsis', () => {
    expect(truncateText('short')).toBe('short');
    const long = 'あ'.repeat(60);
    const cut = truncateText(long);
    expect([...cut]).toHaveLength(55);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncateText('x'.repeat(55))).toBe('x'.repeat(55));
  });
});
