import { describe, expect, it } from 'vitest';
import { businessDayOf } from './date-time';

// "Today" of a default date range is the business day (Asia/Tokyo by default), whatever the
// browser's zone: between 00:00 and 09:00 in Tokyo the UTC day is still the day before.
describe('businessDayOf', () => {
  it("is the business zone's day, not the UTC day", () => {
    const at = Date.parse('2026-11-26T16:30:00.000Z'); // 2026-11-27 01:30 in Tokyo
    expect(businessDayOf(at)).toBe('2026-11-27');
    expect(businessDayOf(at, 29)).toBe('2026-10-29');
    expect(businessDayOf(at, 0, 'UTC')).toBe('2026-11-26');
  });

  it('counts back across a month and a year', () => {
    const at = Date.parse('2026-01-01T00:00:00.000Z'); // 09:00 on 2026-01-01 in Tokyo
    expect(businessDayOf(at, 1)).toBe('2025-12-31');
    expect(businessDayOf(at, 31)).toBe('2025-12-01');
  });
});
