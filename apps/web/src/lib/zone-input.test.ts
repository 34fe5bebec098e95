import { describe, expect, it } from 'vitest';
import { fromZoneInput, toZoneInput } from './date-time';

describe('datetime inputs in the business zone', () => {
  it('shows an instant as the zone’s wall-clock time and reads it back', () => {
    expect(toZoneInput('2026-03-01T01:00:00.000Z', 'Asia/Tokyo')).toBe('2026-03-01T10:00');
    expect(fromZoneInput('2026-03-01T10:00', 'Asia/Tokyo')).toBe('2026-03-01T01:00:00.000Z');
    expect(toZoneInput('2026-03-01T01:00:00.000Z', 'UTC')).toBe('2026-03-01T01:00');
    // Across a DST change (New York moved to -04:00 on 2026-03-08).
    expect(fromZoneInput('2026-03-08T12:00', 'America/New_York')).toBe('2026-03-08T16:00:00.000Z');
    expect(
      toZoneInput(fromZoneInput('2026-11-01T08:30', 'America/New_York'), 'America/New_York'),
    ).toBe('2026-11-01T08:30');
  });

  it('refuses what is not a date and time, and shows nothing for no value', () => {
    expect(fromZoneInput('', 'Asia/Tokyo')).toBeNull();
    expect(fromZoneInput('2026-03-01', 'Asia/Tokyo')).toBeNull();
    expect(fromZoneInput('yesterday', 'Asia/Tokyo')).toBeNull();
    expect(toZoneInput(null, 'Asia/Tokyo')).toBe('');
  });
});
